type L = cute::Layout!((4,2.5):(1,4));

fn main() {}
