type L = cute::Layout!((4,0):(1,4));

fn main() {}
