use cute::{composition, logical_divide, zipped_divide, Layout};
use proptest::prelude::*;

use crate::strategy::{config, layout};

/// Law: the tile mode of `logical_divide(A, T)` is `A ∘ T` pointwise, and `zipped_divide` holds
/// the same modes rearranged.
fn tile_is_the_composition(a: &Layout, t: &Layout) {
    let Ok(d) = logical_divide(a, *t) else { return };
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
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn divide_laws(a in layout(4096, 64), t in layout(64, 16)) {
        tile_is_the_composition(&a, &t);
    }
}
