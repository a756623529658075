type L = cute::Layout!((4,x):(1,4));

fn main() {}
