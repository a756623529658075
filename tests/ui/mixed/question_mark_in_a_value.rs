// `?` names a runtime leaf in a type; a value needs the expression.
fn main() {
    let _ = cute::layout!((?,8):(1,?));
}
