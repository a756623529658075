//! Random layouts for the property tests: shapes of depth <= 3 with sizes up to 4096, strides
//! either compact (column-major, permuted modes) or random.

use cute::{IntTuple, Layout};
use proptest::prelude::*;

/// A shape tree, turned into notation and parsed, so the tests go through `FromStr` too.
#[derive(Clone, Debug)]
enum Tree {
    Leaf(i64),
    Node(Vec<Tree>),
}

impl Tree {
    fn leaves(&self) -> Vec<i64> {
        match self {
            Tree::Leaf(v) => vec![*v],
            Tree::Node(c) => c.iter().flat_map(Tree::leaves).collect(),
        }
    }

    fn write(&self, values: &mut impl Iterator<Item = i64>, out: &mut String) {
        match self {
            Tree::Leaf(_) => out.push_str(&values.next().unwrap().to_string()),
            Tree::Node(c) => {
                out.push('(');
                for (i, t) in c.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    t.write(values, out);
                }
                out.push(')');
            }
        }
    }
}

fn tree(max_leaf: i64) -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![3 => 1..=4i64, 2 => 1..=max_leaf].prop_map(Tree::Leaf);
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop::collection::vec(inner, 1..=4).prop_map(Tree::Node)
    })
}

fn build(t: &Tree, strides: &[i64]) -> Layout {
    let shape_leaves = t.leaves();
    let (mut s, mut d) = (String::new(), String::new());
    t.write(&mut shape_leaves.into_iter(), &mut s);
    t.write(&mut strides.iter().copied(), &mut d);
    format!("{s}:{d}")
        .parse()
        .expect("generated layouts are well formed")
}

/// The layout of the modes `m` side by side, where their leaves fit one layout
/// ([`cute::MAX_LAYOUT_LEAVES`]: random modes may hold more, which `concat` refuses).
pub(crate) fn concat_fitting(m: &[Layout]) -> Option<Layout> {
    let leaves: usize = m.iter().map(|l| l.shape().leaves().len()).sum();
    (leaves <= cute::MAX_LAYOUT_LEAVES).then(|| Layout::concat(m).unwrap())
}

/// Layouts with `size <= max_size`: a third compact (with a random mode order), the rest with
/// random strides in `0..=max_stride`.
pub(crate) fn layout(max_size: i64, max_stride: i64) -> impl Strategy<Value = Layout> {
    tree(8)
        .prop_filter("size bound", move |t| {
            t.leaves().iter().product::<i64>() <= max_size
        })
        .prop_flat_map(move |t| {
            let n = t.leaves().len();
            (
                Just(t),
                prop::collection::vec(0..=max_stride, n),
                Just((0..n).collect::<Vec<_>>()).prop_shuffle(),
                0..3u8,
            )
        })
        .prop_map(|(t, random, order, kind)| {
            let strides = if kind == 0 {
                compact(&t.leaves(), &order)
            } else {
                random
            };
            build(&t, &strides)
        })
}

/// The compact strides of `shape` with its modes laid out in `order`, the first contiguous.
fn compact(shape: &[i64], order: &[usize]) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut cur = 1;
    for &k in order {
        strides[k] = cur;
        cur *= shape[k];
    }
    strides
}

/// Two compact (injective) layouts of the same shape with `size <= max_size`, each with its own
/// random order of modes: two orders of the same elements.
pub(crate) fn permuted(max_size: i64) -> impl Strategy<Value = (Layout, Layout)> {
    tree(8)
        .prop_filter("size bound", move |t| {
            t.leaves().iter().product::<i64>() <= max_size
        })
        .prop_flat_map(|t| {
            let order = Just((0..t.leaves().len()).collect::<Vec<_>>());
            (Just(t), order.clone().prop_shuffle(), order.prop_shuffle())
        })
        .prop_map(|(t, x, y)| {
            let shape = t.leaves();
            (
                build(&t, &compact(&shape, &x)),
                build(&t, &compact(&shape, &y)),
            )
        })
}

/// The set of offsets a layout reaches on its domain.
pub(crate) fn image(l: &Layout) -> std::collections::BTreeSet<i64> {
    (0..l.size()).map(|i| l.eval(i).unwrap()).collect()
}

/// `true` when `l` is injective on its domain.
pub(crate) fn injective(l: &Layout) -> bool {
    image(l).len() as i64 == l.size()
}

/// An int tuple from notation.
pub(crate) fn t(s: &str) -> IntTuple {
    s.parse().unwrap()
}

/// A layout from notation.
pub(crate) fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// Test configuration: `PROPTEST_CASES` raises the case count (default 256).
pub(crate) fn config() -> ProptestConfig {
    let base = ProptestConfig::default();
    // The strategies filter (e.g. to admissible pairs); the reject budget grows with the cases.
    let rejects = base.cases.saturating_mul(16).max(base.max_local_rejects);
    ProptestConfig {
        failure_persistence: None,
        max_local_rejects: rejects,
        max_global_rejects: rejects,
        ..base
    }
}

/// Runs `law` on the configured number of values of `strategy`, as `proptest!` does (a failing
/// value is shrunk and reported), and checks that its precondition held often enough for the law
/// to mean something: `law` returns whether it applied, and it must apply to at least `min_share`
/// of the values.
pub(crate) fn check<S>(name: &str, strategy: S, min_share: f64, law: impl Fn(S::Value) -> bool)
where
    S: Strategy,
    S::Value: std::fmt::Debug,
{
    use std::cell::Cell;
    let (applied, total) = (Cell::new(0u32), Cell::new(0u32));
    let mut runner = proptest::test_runner::TestRunner::new(config());
    let result = runner.run(&strategy, |v| {
        total.set(total.get() + 1);
        if law(v) {
            applied.set(applied.get() + 1);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let share = f64::from(applied.get()) / f64::from(total.get());
    assert!(
        share >= min_share,
        "{name} applied to {} of {} random inputs ({share:.2} < {min_share})",
        applied.get(),
        total.get()
    );
}
