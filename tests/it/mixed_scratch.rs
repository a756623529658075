#[test]
fn scratch() {
    let m = 20i64;
    let l = cute::layout!(({m},8):(8,1)).unwrap();
    assert_eq!(l.to_string(), "(20,8):(8,1)");
    assert_eq!(format!("{l:?}"), "(20,_8):(_8,_1)");
    assert_eq!(l.size(), 160);
    assert_eq!(l.offset(9), 72);
    assert_eq!(l.offset(21), 8 + 1);
    type T = cute::Layout!((?,8):(8,1));
    let t: T = l;
    assert_eq!(t.cosize(), 160);
    let s = cute::shape!(({m},(2,{3u8}))).unwrap();
    let _ = s;
}

#[test]
fn scratch_tiler() {
    use cute::cute_static as st;
    let (m, n) = (20i64, 12i64);
    let a = cute::layout!(({m},{n}):(1,{m})).unwrap();
    let t = cute::tiler!(<4:1,8:2>);
    let r = st::composition(&a, &t).unwrap();
    assert_eq!(format!("{r:?}"), "(_4,_8):(_1,40)");
    let d = cute::cute_core::composition_tiler(&a.to_dynamic(), &"<4:1,8:2>".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), d.to_string());
    let b = cute::layout!((8,8):(8,1));
    let tv = cute::layout!((({m},8),2):((16,1),8)).unwrap();
    let r = st::composition(&b, &tv).unwrap();
    assert_eq!(format!("{r:?}"), "((((20,1),(8,1)),(2,1))):((((2,0),(8,0)),(1,0)))");
}

#[test]
fn scratch_overflow() {
    use cute::cute_static as st;
    use cute::layout;
    let a = layout!(((4,4),({1},{2})):((8,1),(8,{4}))).unwrap();
    let b = layout!(({4},2):({1},16)).unwrap();
    let _ = st::composition(&a, &b);
}
