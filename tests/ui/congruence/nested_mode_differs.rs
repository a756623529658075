type L = cute::Layout!((4,(2,2)):(2,4));

fn main() {}
