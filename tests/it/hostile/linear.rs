//! Linear layouts over F2 from bytes (`cute_core::linear`), every operation held to its
//! definition by an evaluator of its own: the XOR of the given bases of the set bits, bit by bit
//! over the dimensions as written, without the crate's packing. The fuzz target `linear` feeds it
//! libFuzzer's bytes; `tests/it/hostile/mod.rs` a deterministic sweep and the regressions.

use std::collections::HashSet;

use cute::linear::{ColumnAction, Dim, LinearLayout, MAX_BITS, MAX_DIMS, MAX_NAME, MAX_OUT_BITS};
use cute::{ComposedLayout, Layout, Swizzle};

use super::gen::{self, Bytes};

/// Inputs an operation's result is compared at: all of them up to 2^10, else 2^10 spread ones.
const POINTS: u64 = 1 << LOG_POINTS;
const LOG_POINTS: usize = 10;

/// Names, valid and not, a few shared so that products and compositions meet.
const NAMES: [&str; 9] = [
    "register",
    "lane",
    "warp",
    "offset",
    "x",
    "",
    "9lives",
    "has space",
    "twelve_chars_",
];

/// A layout as written: its dimensions and one value per output dimension per input bit.
#[derive(Clone, Debug)]
struct Spec {
    ins: Vec<(String, i64)>,
    outs: Vec<(String, i64)>,
    bases: Vec<Vec<i64>>,
}

fn bits(size: i64) -> usize {
    size.trailing_zeros() as usize
}

fn dims(b: &mut Bytes<'_>) -> Vec<(String, i64)> {
    let n = match b.byte() % 16 {
        0 => 5,
        k => usize::from(k % 3) + 1,
    };
    (0..n)
        .map(|_| {
            let name = NAMES[match b.byte() % 8 {
                0 => b.below(NAMES.len()),
                k => usize::from(k % 5),
            }];
            let size = match b.byte() % 16 {
                0 => b.int(),
                1 => 1 << (20 + b.below(43)),
                _ => 1 << b.below(5),
            };
            (name.to_string(), size)
        })
        .collect()
}

fn spec(b: &mut Bytes<'_>) -> Spec {
    let (ins, outs) = (dims(b), dims(b));
    let n: usize = ins.iter().map(|d| bits(d.1.max(1))).sum::<usize>().min(64);
    let n = if b.byte() % 32 == 0 { n + 1 } else { n };
    let bases = (0..n)
        .map(|_| {
            outs.iter()
                .map(|&(_, size)| match b.byte() % 16 {
                    0 => b.int(),
                    _ => i64::from(b.byte()) % size.max(1),
                })
                .collect()
        })
        .collect();
    Spec { ins, outs, bases }
}

fn valid_name(s: &str) -> bool {
    let c = s.as_bytes();
    !c.is_empty()
        && c.len() <= MAX_NAME
        && (c[0].is_ascii_alphabetic() || c[0] == b'_')
        && c.iter().all(|x| x.is_ascii_alphanumeric() || *x == b'_')
}

fn valid_dims(d: &[(String, i64)], max_bits: usize) -> bool {
    let pow2 = |s: i64| s > 0 && s & (s - 1) == 0;
    d.len() <= MAX_DIMS
        && d.iter().all(|(n, s)| valid_name(n) && pow2(*s))
        && (0..d.len()).all(|k| d[..k].iter().all(|x| x.0 != d[k].0))
        && d.iter().map(|x| bits(x.1)).sum::<usize>() <= max_bits
}

impl Spec {
    /// Whether `LinearLayout::new` must accept it.
    fn valid(&self) -> bool {
        valid_dims(&self.ins, MAX_BITS)
            && valid_dims(&self.outs, MAX_OUT_BITS)
            && self.bases.len() == self.ins.iter().map(|d| bits(d.1)).sum::<usize>()
            && self.bases.iter().all(|v| {
                v.len() == self.outs.len()
                    && v.iter().zip(&self.outs).all(|(x, o)| (0..o.1).contains(x))
            })
    }

    fn in_bits(&self) -> usize {
        self.ins.iter().map(|d| bits(d.1)).sum()
    }

    fn out_bits(&self) -> usize {
        self.outs.iter().map(|d| bits(d.1)).sum()
    }

    /// `L(x)`: the XOR of the bases of the set bits, dimension by dimension, low bit first.
    fn eval(&self, x: &[i64]) -> Vec<i64> {
        let mut y = vec![0i64; self.outs.len()];
        let mut k = 0;
        for (&v, &(_, size)) in x.iter().zip(&self.ins) {
            for j in 0..bits(size) {
                if v >> j & 1 == 1 {
                    for (o, b) in y.iter_mut().zip(&self.bases[k]) {
                        *o ^= b;
                    }
                }
                k += 1;
            }
        }
        y
    }

    fn build(&self) -> Result<LinearLayout, cute::Error> {
        let dim = |d: &[(String, i64)]| -> Result<Vec<Dim>, cute::ErrorKind> {
            d.iter().map(|(n, s)| Dim::new(n, *s)).collect()
        };
        let err = |k| cute::Error::new(cute::Op::LinearLayout, [None, None], k);
        let (ins, outs) = (dim(&self.ins).map_err(err)?, dim(&self.outs).map_err(err)?);
        let bases: Vec<&[i64]> = self.bases.iter().map(Vec::as_slice).collect();
        LinearLayout::new(&ins, &outs, &bases)
    }
}

/// The inputs of dimensions `d` to compare at (one value per dimension each).
fn inputs(d: &[(String, i64)]) -> Vec<Vec<i64>> {
    let total: usize = d.iter().map(|x| bits(x.1)).sum();
    let step = if total <= LOG_POINTS {
        1
    } else {
        1u64 << (total - LOG_POINTS)
    };
    (0..POINTS.min(1 << total.min(LOG_POINTS)))
        .map(|k| {
            // Spread over all bits, the low ones of each step kept by the odd multiplier.
            let mut x = (k * step) ^ (k.wrapping_mul(0x9e37_79b9) & (step - 1));
            d.iter()
                .map(|&(_, s)| {
                    let v = (x & (s as u64 - 1)) as i64;
                    x >>= bits(s);
                    v
                })
                .collect()
        })
        .collect()
}

fn apply(l: &LinearLayout, x: &[i64]) -> Vec<i64> {
    let n = l.outs().count();
    let y = l.apply(x).unwrap_or_else(|e| panic!("{l:?} at {x:?}: {e}"));
    y[..n].to_vec()
}

fn dims_of(l: &LinearLayout, outs: bool) -> Vec<(String, i64)> {
    let d: Vec<Dim> = if outs {
        l.outs().collect()
    } else {
        l.ins().collect()
    };
    d.iter()
        .map(|d| (d.name.as_str().to_string(), d.size()))
        .collect()
}

/// One input: a layout and a second one, every operation on them checked.
pub(crate) fn check(data: &[u8]) {
    let mut b = Bytes(data);
    let a = spec(&mut b);
    let built = a.build();
    assert_eq!(built.is_ok(), a.valid(), "new {a:?}: {built:?}");
    if let Ok(l) = &built {
        one(&a, l, &mut b);
    }
    conversions(&mut b);
}

/// The checks on one valid layout `l` written as `a`.
fn one(a: &Spec, l: &LinearLayout, b: &mut Bytes<'_>) {
    assert_eq!(dims_of(l, false), a.ins, "{l:?}");
    assert_eq!(dims_of(l, true), a.outs, "{l:?}");
    assert!(!l.to_string().is_empty() && (a.ins.is_empty() || !l.table().to_string().is_empty()));
    let xs = inputs(&a.ins);
    let mut image = HashSet::new();
    for x in &xs {
        let y = apply(l, x);
        assert_eq!(y, a.eval(x), "{l:?} at {x:?}");
        image.insert(y);
    }
    if let Some(x) = xs.first().filter(|_| !a.ins.is_empty()) {
        let mut far = x.clone();
        far[0] = a.ins[0].1;
        assert!(l.apply(&far).is_err(), "{l:?} at {far:?}");
    }
    let (n, m) = (a.in_bits(), a.out_bits());
    if n <= LOG_POINTS {
        // Every input was evaluated: the rank is the image's dimension.
        assert_eq!(1usize << l.rank(), image.len(), "rank of {l:?}");
        assert_eq!(l.is_injective(), image.len() == 1 << n, "{l:?}");
        assert_eq!(l.is_surjective(), m <= n && image.len() == 1 << m, "{l:?}");
    }
    let (inj, surj) = (l.is_injective(), l.is_surjective());
    let left = l.left_inverse();
    // A left inverse has one basis per output bit: past MAX_BITS it cannot be held.
    assert_eq!(
        left.is_ok(),
        inj && m <= MAX_BITS,
        "left_inverse({l:?}): {left:?}"
    );
    if let Ok(r) = &left {
        for x in &xs {
            assert_eq!(&apply(r, &a.eval(x)), x, "left_inverse({l:?}) at {x:?}");
        }
    }
    let right = l.right_inverse();
    assert_eq!(
        right.is_ok(),
        surj && m <= MAX_BITS,
        "right_inverse({l:?}): {right:?}"
    );
    if let Ok(r) = &right {
        for y in inputs(&a.outs) {
            assert_eq!(a.eval(&apply(r, &y)), y, "right_inverse({l:?}) at {y:?}");
        }
    }
    let inv = l.invert();
    assert_eq!(
        inv.is_ok(),
        inj && surj && m <= MAX_BITS,
        "invert({l:?}): {inv:?}"
    );
    if let Ok(r) = &inv {
        for x in &xs {
            assert_eq!(&apply(r, &a.eval(x)), x, "invert({l:?}) at {x:?}");
        }
    }
    composition(a, l, b);
    product(a, l, b);
    sublayout(a, l, b);
    rearranged(a, l, b);
    column_action(a, l, b);
    reshaped(a, l, b);
    queried(a, l);
    to_layout(a, l);
}

/// A side's values as one number, the first dimension lowest (Triton's flattening).
fn flat(d: &[(String, i64)], x: &[i64]) -> i64 {
    d.iter()
        .zip(x)
        .rev()
        .fold(0, |acc, (dim, v)| acc * dim.1 + v)
}

/// `transpose_ins`/`transpose_outs` by an order from the input (a permutation or not) against
/// the XOR evaluator.
fn rearranged(a: &Spec, l: &LinearLayout, b: &mut Bytes<'_>) {
    for outs in [false, true] {
        let side = if outs { &a.outs } else { &a.ins };
        // An order: the side's names shuffled, sometimes one dropped, doubled or foreign.
        let mut order: Vec<&str> = side.iter().map(|d| d.0.as_str()).collect();
        for k in (1..order.len()).rev() {
            order.swap(k, b.below(k + 1));
        }
        match b.byte() % 16 {
            0 => {
                order.pop();
            }
            1 => order.push(order.first().copied().unwrap_or("x")),
            2 => order.push(NAMES[b.below(NAMES.len())]),
            _ => {}
        }
        let permutation = order.len() == side.len()
            && side
                .iter()
                .all(|d| order.iter().filter(|&&n| n == d.0).count() == 1);
        let r = if outs {
            l.transpose_outs(&order)
        } else {
            l.transpose_ins(&order)
        };
        assert_eq!(
            r.is_ok(),
            permutation,
            "transpose {outs} {l:?} {order:?}: {r:?}"
        );
        let at = |n: &str| side.iter().position(|d| d.0 == n).unwrap_or(0);
        if let Ok(r) = r {
            for x in inputs(&a.ins) {
                let y = a.eval(&x);
                if outs {
                    let want: Vec<i64> = order.iter().map(|n| y[at(n)]).collect();
                    assert_eq!(apply(&r, &x), want, "transpose_outs({l:?}) at {x:?}");
                } else {
                    let px: Vec<i64> = order.iter().map(|n| x[at(n)]).collect();
                    assert_eq!(apply(&r, &px), y, "transpose_ins({l:?}) at {x:?}");
                }
            }
        }
    }
}

/// A column action from the input (entries out of range or repeated, a size or a dimension that
/// is not the layout's) on one input dimension: refused exactly when it is not an action on that
/// dimension, else the layout's bases of the dimension rearranged against the XOR evaluator, the
/// values rearranged alike, and a permutation undone by its inverse.
fn column_action(a: &Spec, l: &LinearLayout, b: &mut Bytes<'_>) {
    let Some(k) = (!a.ins.is_empty()).then(|| b.below(a.ins.len())) else {
        return;
    };
    let (name, n) = (a.ins[k].0.as_str(), bits(a.ins[k].1));
    let action: Vec<usize> = (0..b.below(n + 2)).map(|_| b.below(n + 2)).collect();
    let distinct = action
        .iter()
        .enumerate()
        .all(|(i, x)| !action[..i].contains(x));
    let (dim, in_bits) = match b.byte() % 8 {
        0 => ("warp_", n),
        1 => (name, n + 1),
        _ => (name, n),
    };
    let made = ColumnAction::new(&action, dim, in_bits);
    let valid = action.iter().all(|&x| x < in_bits) && distinct && in_bits <= MAX_BITS;
    assert_eq!(
        made.is_ok(),
        valid,
        "ColumnAction({action:?}, {dim}, {in_bits}): {made:?}"
    );
    let Ok(act) = made else { return };
    let r = act.apply(l);
    assert_eq!(
        r.is_ok(),
        dim == name && in_bits == n,
        "{act} on {l:?}: {r:?}"
    );
    let Ok(r) = r else { return };
    // The input of `l` that `x_k` stands for: bit i of it is bit action[i] there.
    let from = |v: i64| -> i64 {
        action
            .iter()
            .enumerate()
            .filter(|&(i, _)| v >> i & 1 == 1)
            .fold(0, |acc, (_, &x)| acc | 1 << x)
    };
    let mut ins = a.ins.clone();
    ins[k].1 = 1 << action.len();
    for x in inputs(&ins) {
        let mut at = x.clone();
        at[k] = from(x[k]);
        assert_eq!(apply(&r, &x), a.eval(&at), "{act} on {l:?} at {x:?}");
    }
    if n <= LOG_POINTS {
        let values: Vec<i64> = (0..1 << n).collect();
        let mut out = vec![0; 1 << action.len()];
        act.apply_values(&values, &mut out).unwrap();
        assert!(
            out.iter().enumerate().all(|(j, &v)| v == from(j as i64)),
            "{act}: {out:?}"
        );
    }
    match act.inverse() {
        Ok(inv) => assert_eq!(inv.apply(&r).unwrap(), *l, "{act} undone"),
        Err(_) => assert!(action.len() < n, "{act} is a permutation"),
    }
    // A second action on the columns the first leaves: chained, the two one after the other.
    let then: Vec<usize> = (0..b.below(action.len() + 1))
        .map(|_| b.below(action.len().max(1)))
        .collect();
    if let Ok(second) = ColumnAction::new(&then, name, action.len()) {
        let chained = act
            .left_compose(&second)
            .unwrap_or_else(|e| panic!("{act}, {second}: {e}"));
        assert_eq!(
            chained.apply(l).unwrap(),
            second.apply(&r).unwrap(),
            "{act} then {second}"
        );
    }
}

/// Flattened and reshaped into a split of the same bits: the same map on the flat values.
fn reshaped(a: &Spec, l: &LinearLayout, b: &mut Bytes<'_>) {
    let split = |total: usize, b: &mut Bytes<'_>| -> Vec<Dim> {
        let (mut left, mut dims) = (total, Vec::new());
        while left > 0 && dims.len() < 3 {
            let take = b.below(left + 1);
            dims.push(Dim::new(["r0", "r1", "r2", "r3"][dims.len()], 1 << take).unwrap());
            left -= take;
        }
        dims.push(Dim::new("rl", 1 << left).unwrap());
        dims
    };
    let (ri, ro) = (split(a.in_bits(), b), split(a.out_bits(), b));
    let to_spec = |d: &[Dim]| -> Vec<(String, i64)> {
        d.iter()
            .map(|d| (d.name.as_str().to_string(), d.size()))
            .collect()
    };
    let shaped = l.reshape_ins(&ri).and_then(|r| r.reshape_outs(&ro));
    let shaped = shaped.unwrap_or_else(|e| panic!("reshape({l:?}, {ri:?}, {ro:?}): {e}"));
    let (si, so) = (to_spec(&ri), to_spec(&ro));
    for x in inputs(&si) {
        let full = flat(&si, &x);
        let mut ax = Vec::new();
        let mut rest = full;
        for d in &a.ins {
            ax.push(rest % d.1);
            rest /= d.1;
        }
        assert_eq!(
            flat(&so, &apply(&shaped, &x)),
            flat(&a.outs, &a.eval(&ax)),
            "reshape({l:?}) at {x:?}"
        );
    }
    let flat_l = l.flatten_ins().flatten_outs();
    assert_eq!(flat_l.in_bits(), l.in_bits());
    for x in inputs(&a.ins).into_iter().filter(|_| !a.ins.is_empty()) {
        let fx = [flat(&a.ins, &x)];
        let y = if a.outs.is_empty() {
            0
        } else {
            apply(&flat_l, &fx)[0]
        };
        assert_eq!(y, flat(&a.outs, &a.eval(&x)), "flatten({l:?}) at {x:?}");
    }
}

/// The free bits against the rank, the consecutive run's form, `invert_and_compose` against the
/// definition.
fn queried(a: &Spec, l: &LinearLayout) {
    let free: u32 = l.free_variable_masks().iter().map(|m| m.count_ones()).sum();
    assert_eq!(
        free as usize,
        l.in_bits() - l.rank(),
        "free_variable_masks({l:?})"
    );
    let n = l.num_consecutive_in_out();
    assert!(
        n >= 1 && n & (n - 1) == 0,
        "num_consecutive_in_out({l:?}) = {n}"
    );
    // Against itself: `C` with `L(C(x)) == L(x)`, where `L` is surjective.
    let c = l.invert_and_compose(l);
    assert_eq!(
        c.is_ok(),
        l.is_surjective(),
        "invert_and_compose({l:?}): {c:?}"
    );
    if let Ok(c) = c {
        for x in inputs(&a.ins) {
            let y = a.eval(&apply(&c, &x));
            assert_eq!(y, a.eval(&x), "invert_and_compose({l:?}) at {x:?}");
        }
    }
}

/// `outer ∘ l` for an `outer` whose inputs are `l`'s outputs, sometimes not quite.
fn composition(a: &Spec, l: &LinearLayout, b: &mut Bytes<'_>) {
    let mut outer = spec(b);
    outer.ins.clone_from(&a.outs);
    match b.byte() % 8 {
        0 => outer.ins.reverse(),
        1 => outer
            .ins
            .iter_mut()
            .for_each(|d| d.1 = d.1.saturating_mul(2)),
        2 => outer.ins.iter_mut().for_each(|d| d.1 = (d.1 / 2).max(1)),
        _ => {}
    }
    outer.bases = (0..outer.in_bits())
        .map(|_| {
            outer
                .outs
                .iter()
                .map(|&(_, s)| i64::from(b.byte()) % s.max(1))
                .collect()
        })
        .collect();
    let Ok(o) = outer.build() else {
        return;
    };
    // By name, in any order (Triton's `compose`).
    let fits = outer.ins.len() == a.outs.len()
        && a.outs
            .iter()
            .all(|q| outer.ins.iter().any(|p| p.0 == q.0 && q.1 <= p.1));
    let r = LinearLayout::compose(&o, l);
    assert_eq!(r.is_ok(), fits, "compose({o:?}, {l:?}): {r:?}");
    if let Ok(r) = r {
        for x in inputs(&a.ins) {
            let y = a.eval(&x);
            // `l`'s outputs by name in `outer`'s input order.
            let mid: Vec<i64> = outer
                .ins
                .iter()
                .map(|p| a.outs.iter().position(|q| q.0 == p.0).map_or(0, |k| y[k]))
                .collect();
            assert_eq!(
                apply(&r, &x),
                outer.eval(&mid),
                "compose({o:?}, {l:?}) at {x:?}"
            );
        }
    }
}

/// `l * c` against `(l * c)(x_l + |l|·x_c) = l(x_l) + |l|·c(x_c)` per dimension by name.
fn product(a: &Spec, l: &LinearLayout, b: &mut Bytes<'_>) {
    let c = spec(b);
    let Ok(lc) = c.build() else {
        return;
    };
    // Merged by name in bits (a shared dimension's size may pass i64 before the check), in the
    // supremum of both orders: between consecutive shared dimensions, `p`'s own then `q`'s own;
    // `None` when the shared dimensions come in different orders.
    let merged = |p: &[(String, i64)], q: &[(String, i64)]| -> Option<Vec<(String, usize)>> {
        let shared = |x: &[(String, i64)], y: &[(String, i64)]| -> Vec<String> {
            x.iter()
                .filter(|d| y.iter().any(|e| e.0 == d.0))
                .map(|d| d.0.clone())
                .collect()
        };
        let common = shared(p, q);
        if common != shared(q, p) {
            return None;
        }
        let segment = |x: &[(String, i64)], k: usize| -> Vec<(String, usize)> {
            // The dimensions of `x` between shared dimension k-1 and shared dimension k.
            let mut seen = 0;
            x.iter()
                .filter(|d| {
                    let is_shared = common.contains(&d.0);
                    let here = seen == k && !is_shared;
                    seen += usize::from(is_shared);
                    here
                })
                .map(|d| (d.0.clone(), bits(d.1)))
                .collect()
        };
        let mut m = Vec::new();
        for k in 0..=common.len() {
            m.extend(segment(p, k));
            m.extend(segment(q, k));
            if let Some(n) = common.get(k) {
                let b = |x: &[(String, i64)]| x.iter().find(|d| &d.0 == n).map_or(0, |d| bits(d.1));
                m.push((n.clone(), b(p) + b(q)));
            }
        }
        Some(m)
    };
    let (Some(ins), Some(outs)) = (merged(&a.ins, &c.ins), merged(&a.outs, &c.outs)) else {
        let r = LinearLayout::product(l, &lc);
        assert!(
            r.is_err(),
            "product({l:?}, {lc:?}) of orders that disagree: {r:?}"
        );
        return;
    };
    let total = |d: &[(String, usize)]| d.iter().map(|x| x.1).sum::<usize>();
    let fits = ins.len() <= MAX_DIMS
        && outs.len() <= MAX_DIMS
        && total(&ins) <= MAX_BITS
        && total(&outs) <= MAX_OUT_BITS;
    let sizes = |d: Vec<(String, usize)>| -> Vec<(String, i64)> {
        d.into_iter().map(|(n, b)| (n, 1i64 << b.min(62))).collect()
    };
    let (ins, outs) = (sizes(ins), sizes(outs));
    let r = LinearLayout::product(l, &lc);
    assert_eq!(r.is_ok(), fits, "product({l:?}, {lc:?}): {r:?}");
    let Ok(r) = r else {
        return;
    };
    assert_eq!(dims_of(&r, false), ins, "product({l:?}, {lc:?})");
    assert_eq!(dims_of(&r, true), outs, "product({l:?}, {lc:?})");
    let size = |d: &[(String, i64)], n: &str| d.iter().find(|x| x.0 == n).map_or(1, |x| x.1);
    let value = |d: &[(String, i64)], v: &[i64], n: &str| {
        d.iter().position(|x| x.0 == n).map_or(0, |k| v[k])
    };
    for x in inputs(&ins) {
        let xa: Vec<i64> = a
            .ins
            .iter()
            .map(|d| x[ins.iter().position(|e| e.0 == d.0).unwrap()] % d.1)
            .collect();
        let xc: Vec<i64> = c
            .ins
            .iter()
            .map(|d| {
                let k = ins.iter().position(|e| e.0 == d.0).unwrap();
                x[k] / size(&a.ins, &d.0)
            })
            .collect();
        let (ya, yc) = (a.eval(&xa), c.eval(&xc));
        let want: Vec<i64> = outs
            .iter()
            .map(|(n, _)| value(&a.outs, &ya, n) + size(&a.outs, n) * value(&c.outs, &yc, n))
            .collect();
        assert_eq!(apply(&r, &x), want, "product({l:?}, {lc:?}) at {x:?}");
    }
    divided(&r, l, &lc);
}

/// A product `r = l * c` has a quotient by either factor (Triton's `divideLeft` and
/// `divideRight`), and it gives the product back.
fn divided(r: &LinearLayout, l: &LinearLayout, c: &LinearLayout) {
    let q = LinearLayout::divide_left(r, l)
        .unwrap_or_else(|e| panic!("divide_left(product({l:?}, {c:?}), {l:?}): {e}"));
    assert_eq!(
        LinearLayout::product(l, &q).ok(),
        Some(*r),
        "divide_left by {l:?}"
    );
    let q = LinearLayout::divide_right(r, c)
        .unwrap_or_else(|e| panic!("divide_right(product({l:?}, {c:?}), {c:?}): {e}"));
    assert_eq!(
        LinearLayout::product(&q, c).ok(),
        Some(*r),
        "divide_right by {c:?}"
    );
}

/// The restriction to some inputs and the projection on some outputs, names possibly wrong.
fn sublayout(a: &Spec, l: &LinearLayout, b: &mut Bytes<'_>) {
    let pick = |d: &[(String, i64)], b: &mut Bytes<'_>| -> Vec<String> {
        let mut v: Vec<String> = d
            .iter()
            .filter(|_| b.byte() % 2 == 0)
            .map(|x| x.0.clone())
            .collect();
        if b.byte() % 8 == 0 {
            v.push(NAMES[b.below(NAMES.len())].to_string());
        }
        v
    };
    let (ins, outs) = (pick(&a.ins, b), pick(&a.outs, b));
    let r = l.sublayout(
        &ins.iter().map(String::as_str).collect::<Vec<_>>(),
        &outs.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let known = ins.iter().all(|n| a.ins.iter().any(|d| &d.0 == n))
        && outs.iter().all(|n| a.outs.iter().any(|d| &d.0 == n));
    assert_eq!(
        r.is_ok(),
        known,
        "sublayout({l:?}, {ins:?}, {outs:?}): {r:?}"
    );
    let Ok(r) = r else {
        return;
    };
    let sub_ins: Vec<(String, i64)> = a
        .ins
        .iter()
        .filter(|d| ins.contains(&d.0))
        .cloned()
        .collect();
    for x in inputs(&sub_ins) {
        let full: Vec<i64> = a
            .ins
            .iter()
            .map(|d| sub_ins.iter().position(|e| e.0 == d.0).map_or(0, |k| x[k]))
            .collect();
        let y = a.eval(&full);
        let want: Vec<i64> = a
            .outs
            .iter()
            .zip(&y)
            .filter(|(d, _)| outs.contains(&d.0))
            .map(|(_, v)| *v)
            .collect();
        assert_eq!(apply(&r, &x), want, "sublayout({l:?}) at {x:?}");
    }
}

/// Back to a CuTe layout exactly when the bases are 0 or distinct powers of two.
fn to_layout(a: &Spec, l: &LinearLayout) {
    let r = l.to_layout();
    if a.ins.len() != 1 || a.outs.len() != 1 {
        assert!(r.is_err(), "to_layout({l:?}): {r:?}");
        return;
    }
    let mut seen = 0i64;
    let strided = a.bases.iter().all(|v| {
        let d = v[0];
        // A CuTe layout exactly when no two bases share a bit.
        let ok = seen & d == 0;
        seen |= d;
        ok
    });
    assert_eq!(r.is_ok(), strided, "to_layout({l:?}): {r:?}");
    // A swizzled layout whenever a strided one exists, and equal to the layout everywhere.
    let z = l.to_swizzled();
    assert!(
        !strided || z.as_ref().is_ok_and(|c| c.swizzle() == Swizzle::identity()),
        "to_swizzled({l:?}): {z:?}"
    );
    match &z {
        Ok(c) => {
            assert_eq!(c.offset(), 0, "to_swizzled({l:?}) = {c}");
            for x in inputs(&a.ins) {
                assert_eq!(
                    Ok(a.eval(&x)[0]),
                    c.eval(x[0]).map_err(|e| e.to_string()),
                    "to_swizzled({l:?}) = {c}"
                );
            }
        }
        Err(e) => assert_eq!(e.code(), "not_swizzled", "to_swizzled({l:?}): {e}"),
    }
    if let Ok(c) = r {
        assert_eq!(c.size(), a.ins[0].1, "to_layout({l:?}) = {c}");
        for x in inputs(&a.ins) {
            assert_eq!(
                Ok(a.eval(&x)[0]),
                c.eval(x[0]).map_err(|e| e.to_string()),
                "to_layout({l:?}) = {c}"
            );
        }
    }
}

/// CuTe layouts and swizzled layouts to linear layouts: where accepted, equal at every index.
fn conversions(b: &mut Bytes<'_>) {
    let Ok(cl) = gen::layout(b, 2).parse::<Layout>() else {
        return;
    };
    let sw = Swizzle::new(
        i64::from(b.byte() % 5),
        i64::from(b.byte() % 6),
        i64::from(b.byte() % 13) - 6,
    );
    let offset = if b.byte() % 8 == 0 { b.int() } else { 0 };
    let h = LinearLayout::from_layout(&cl);
    if let Ok(h) = &h {
        assert_eq!(1i64 << h.in_bits(), cl.size(), "from_layout({cl}) = {h:?}");
        for x in inputs(&dims_of(h, false)) {
            assert_eq!(
                Ok(apply(h, &x)[0]),
                cl.eval(x[0]).map_err(|e| e.to_string()),
                "from_layout({cl}) = {h:?} at {x:?}"
            );
        }
    }
    let Ok(sw) = sw else {
        return;
    };
    let c = ComposedLayout::new(sw, offset, cl);
    let s = LinearLayout::from_swizzled(&c);
    assert!(
        s.is_err() || (h.is_ok() && offset == 0),
        "from_swizzled({c}): {s:?}"
    );
    if let Ok(s) = &s {
        // And back: some swizzled layout with the same values (not always the same swizzle),
        // always when the inner layout has power-of-two strides (CuTe's swizzled layouts).
        let pow2 = c
            .layout()
            .stride()
            .leaves()
            .iter()
            .all(|&d| d == 0 || d > 0 && d & (d - 1) == 0);
        let back = match s.to_swizzled() {
            Ok(back) => back,
            Err(e) if !pow2 && e.code() == "not_swizzled" => return,
            Err(e) => panic!("to_swizzled(from_swizzled({c})): {e}"),
        };
        for x in inputs(&dims_of(s, false)) {
            let want = c.eval(x[0]).map_err(|e| e.to_string());
            assert_eq!(
                Ok(apply(s, &x)[0]),
                want,
                "from_swizzled({c}) = {s:?} at {x:?}"
            );
            assert_eq!(
                back.eval(x[0]).map_err(|e| e.to_string()),
                want,
                "{back} from {c} at {x:?}"
            );
        }
    }
}
