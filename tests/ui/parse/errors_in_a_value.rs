// In expression position too: each error at its own token, and nothing reported after them.
fn main() {
    let l = cute::layout!((0,8):(1,-2));
    let _ = l;
}
