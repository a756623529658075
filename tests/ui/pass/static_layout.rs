use cute::cute_static::StaticLayout;

type Tv = cute::Layout!(((4,8),2):((16,1),8));

fn main() {
    const SIZE: i64 = <Tv as StaticLayout>::SIZE;
    assert_eq!(SIZE, 64);
    assert_eq!(Tv::at(33), 24);
    assert_eq!(cute::layout!((4,8):(1,4)).to_string(), "(4,8):(1,4)");
}
