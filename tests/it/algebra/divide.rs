use cute::{composition, logical_divide, zipped_divide, Layout, Tiler};
use proptest::prelude::*;

use crate::strategy::{check, concat_fitting, layout};

/// Law: the tile mode of `logical_divide(A, T)` is `A ∘ T` pointwise, and `zipped_divide` holds
/// the same modes rearranged. Applies when the divide succeeds.
fn tile_is_the_composition(a: &Layout, t: &Layout) -> bool {
    let Ok(d) = logical_divide(a, *t) else {
        return false;
    };
    let tile = d.mode(0).unwrap();
    assert_eq!(tile.size(), t.size());
    for i in 0..t.size() {
        assert_eq!(
            tile.eval(i).unwrap(),
            a.eval(t.eval(i).unwrap()).unwrap(),
            "{a} ÷ {t} = {d}"
        );
    }
    if let Ok(c) = composition(a, t) {
        assert_eq!(tile, c, "tile of {a} ÷ {t}");
    }
    assert_eq!(
        zipped_divide(a, *t).unwrap(),
        d,
        "a layout tiler zips to itself"
    );
    true
}

/// Law: with a tiler, mode `i` of `logical_divide(A, <T0, T1, ...>)` is
/// `logical_divide(A_i, T_i)`, and the modes of `A` past the tiler are kept as they are.
fn tiler_divides_mode_by_mode(a: &Layout, tiles: &[Layout]) -> bool {
    let t = Tiler::new(tiles).unwrap();
    let Ok(d) = logical_divide(a, t) else {
        return false;
    };
    assert_eq!(d.rank(), a.rank(), "{a} ÷ {t} = {d}");
    for k in 0..a.rank() {
        let ak = a.mode(k).unwrap();
        let want = match tiles.get(k) {
            Some(tile) => logical_divide(&ak, *tile).unwrap(),
            None => ak,
        };
        assert_eq!(d.mode(k).unwrap(), want, "{a} ÷ {t}, mode {k}");
    }
    true
}

#[test]
fn divide_laws() {
    check(
        "logical_divide",
        (layout(4096, 64), layout(64, 16)),
        0.1,
        |(a, t)| tile_is_the_composition(&a, &t),
    );
}

/// Tilers of one or two layout tiles over rank-2 and rank-3 layouts.
#[test]
fn divide_with_a_tiler() {
    let a = prop::collection::vec(layout(64, 8), 2..=3)
        .prop_filter_map("at most 16 leaves", |m| concat_fitting(&m));
    let tiles = prop::collection::vec(layout(16, 4), 1..=2);
    check(
        "logical_divide with a tiler",
        (a, tiles),
        0.05,
        |(a, tiles)| tiler_divides_mode_by_mode(&a, &tiles),
    );
}
