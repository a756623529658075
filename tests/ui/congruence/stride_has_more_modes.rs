type L = cute::Layout!((4,8):(1,4,32));

fn main() {}
