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
