// A type has no runtime values: a runtime leaf is `?` there.
fn main() {
    let m = 20;
    let _: cute::Layout!(({m},8):(1,{m}));
}
