// Every malformed leaf is reported at its own token, not only the first.
type L = cute::Layout!((4,0):(1,-4));

fn main() {}
