//! CuTe's `select`, `take` and `group_modes` on static and mixed layouts: the static results
//! equal `cute_core`'s at every range of every rank tried, static leaves stay types (the result
//! is zero-sized) and runtime leaves keep their values.

use cute::cute_static::typenum::consts::*;
use cute::cute_static::Layout;
use cute::{layout, select};

/// `l`'s dynamic layout.
fn dynamic(l: &impl core::fmt::Display) -> cute::Layout {
    l.to_string().parse().unwrap()
}

#[test]
fn select_picks_modes_in_order_as_cute_core_does() {
    let l = layout!((4,(2,2),8):(2,(1,8),32));
    let d = dynamic(&l);
    let r: Layout<(U8, U4), (U32, U2)> = select!(l, 2, 0);
    assert_eq!(r.to_string(), d.select(&[2, 0]).unwrap().to_string());
    assert_eq!(core::mem::size_of_val(&r), 0);
    for (static_, modes) in [
        (select!(l, 1).to_string(), &[1][..]),
        (select!(l, 1, 1).to_string(), &[1, 1][..]),
        (select!(l, 0, 1, 2).to_string(), &[0, 1, 2][..]),
        (select!(l, 2, 1, 0, 2).to_string(), &[2, 1, 0, 2][..]),
    ] {
        assert_eq!(static_, d.select(modes).unwrap().to_string(), "{modes:?}");
    }
}

#[test]
fn take_and_group_modes_equal_cute_core_at_every_range() {
    let l = layout!((4,(2,2),8,3):(2,(1,8),32,256));
    let d = dynamic(&l);
    macro_rules! check {
        ($($b:literal $e:literal)+) => {$(
            assert_eq!(
                l.take::<$b, $e>().to_string(),
                d.take($b, $e).unwrap().to_string(),
                "take {}..{}", $b, $e
            );
            assert_eq!(
                l.group_modes::<$b, $e>().to_string(),
                d.group_modes($b, $e).unwrap().to_string(),
                "group {}..{}", $b, $e
            );
        )+};
    }
    check!(0 1 0 2 0 3 0 4 1 2 1 3 1 4 2 3 2 4 3 4);
    // An empty range groups nothing, as CuTe's group<B, B>.
    assert_eq!(l.group_modes::<2, 2>().to_string(), l.to_string());
    assert_eq!(l.group_modes::<4, 4>().to_string(), l.to_string());
    let g: cute::Layout!((4,((2,2),8),3):(2,((1,8),32),256)) = l.group_modes::<1, 3>();
    assert_eq!(core::mem::size_of_val(&g), 0);
}

#[test]
fn runtime_leaves_keep_their_values() {
    let (m, n) = (6, 10);
    let l = layout!(({m},(2,{n}),8):(1,({m},12),{n})).unwrap();
    let d = l.to_dynamic();
    assert_eq!(select!(l, 2, 0).to_string(), "(8,6):(10,1)");
    assert_eq!(select!(l, 2, 0).to_dynamic(), d.select(&[2, 0]).unwrap());
    assert_eq!(l.take::<1, 3>().to_dynamic(), d.take(1, 3).unwrap());
    assert_eq!(
        l.group_modes::<0, 2>().to_dynamic(),
        d.group_modes(0, 2).unwrap()
    );
    // The grouped layout is the same function.
    let g = l.group_modes::<1, 3>();
    for i in 0..l.size() {
        assert_eq!(g.eval(i).unwrap(), l.eval(i).unwrap());
    }
}

/// A depth-0 layout is its own mode 0, statically as in cute-core.
#[test]
fn a_depth_0_layout_is_its_own_mode() {
    let l = layout!(8:2);
    let d = dynamic(&l);
    assert_eq!(
        select!(l, 0, 0).to_string(),
        d.select(&[0, 0]).unwrap().to_string()
    );
    assert_eq!(
        select!(l, 0).to_string(),
        d.select(&[0]).unwrap().to_string()
    );
    assert_eq!(
        l.take::<0, 1>().to_string(),
        d.take(0, 1).unwrap().to_string()
    );
    for (s, (b, e)) in [
        (l.group_modes::<0, 1>().to_string(), (0, 1)),
        (l.group_modes::<0, 0>().to_string(), (0, 0)),
        (l.group_modes::<1, 1>().to_string(), (1, 1)),
    ] {
        assert_eq!(s, d.group_modes(b, e).unwrap().to_string(), "{b}..{e}");
    }
}
