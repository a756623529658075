// An identifier in a type is a typenum parameter; one not in scope is reported by rustc.
type L = cute::Layout!((4,x):(1,4));

fn main() {}
