type S = cute::Shape!((4,-8));

fn main() {}
