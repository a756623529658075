type L = cute::Layout!((4,8):(1,4) (2));

fn main() {}
