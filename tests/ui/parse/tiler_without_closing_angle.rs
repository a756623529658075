type T = cute::Tiler!(<4:1,8:2);

fn main() {}
