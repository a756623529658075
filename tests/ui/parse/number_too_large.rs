type L = cute::Layout!((4,99999999999999999999):(1,4));

fn main() {}
