//! Layouts with F2 strides (`cute_core::F2Layout`) from bytes, wild values included, every
//! operation held to its definition by an evaluator of its own: the carry-less products written
//! bit by bit in `i128`, XOR over the modes. The fuzz target `f2` feeds it libFuzzer's bytes;
//! `tests/it/hostile/mod.rs` a deterministic sweep and the regressions.

use std::collections::HashSet;

use cute::isl::Domain;
use cute::{F2Layout, IntTuple, Layout};

use super::gen::{self, Bytes};

/// The most indices compared, all of them below it.
const POINTS: i64 = 1 << 10;

/// `c·f_d` by the definition, in `i128` (`None` for a negative operand).
fn clmul(c: i64, d: i64) -> Option<i128> {
    if c < 0 || d < 0 {
        return None;
    }
    let mut r = 0i128;
    for j in 0..64 {
        if c >> j & 1 == 1 {
            r ^= i128::from(d) << j;
        }
    }
    Some(r)
}

/// `L(i)`: the colexicographic coordinates of `i`, the last one unbounded.
fn eval(shape: &[i64], stride: &[i64], i: i64) -> Option<i128> {
    let (mut rest, mut off) = (i, 0i128);
    for (k, (&s, &d)) in shape.iter().zip(stride).enumerate() {
        // Past an empty mode before the last only index 0 has a coordinate.
        if s == 0 && k + 1 < shape.len() {
            if rest != 0 {
                return None;
            }
            continue;
        }
        let c = if k + 1 == shape.len() { rest } else { rest % s };
        rest /= s.max(1);
        off ^= clmul(c, d)?;
    }
    Some(off)
}

/// One input: an F2 layout (valid or not), an integer layout to compose with, checked.
pub(crate) fn check(data: &[u8]) {
    let mut b = Bytes(data);
    let n = 1 + b.below(3);
    let shape: Vec<i64> = (0..n)
        .map(|_| match b.byte() % 8 {
            0 => b.extent(),
            1 => 3,
            _ => 1 << b.below(4),
        })
        .collect();
    let stride: Vec<i64> = (0..n)
        .map(|_| match b.byte() % 8 {
            0 => b.int(),
            _ => i64::from(b.byte() % 64),
        })
        .collect();
    let (s, d) = (
        IntTuple::flat_or_int(&shape).unwrap(),
        IntTuple::flat_or_int(&stride).unwrap(),
    );
    let made = F2Layout::new(s, d);
    // Valid: non-negative shapes of a size in i64, non-negative strides, offsets below 2^62.
    let size = shape.iter().try_fold(
        1i64,
        |a, &x| if x < 0 { None } else { a.checked_mul(x.max(1)) },
    );
    let fits = shape
        .iter()
        .zip(&stride)
        .all(|(&s, &d)| s <= 0 || clmul(s - 1, d).is_some_and(|v| v < 1 << 62));
    let valid = size.is_some() && stride.iter().all(|&x| x >= 0) && fits;
    assert_eq!(made.is_ok(), valid, "new({shape:?}, {stride:?}): {made:?}");
    let Ok(a) = made else {
        return;
    };
    let text = a.to_string();
    assert_eq!(text.parse::<F2Layout>().as_ref(), Ok(&a), "{text}");
    assert!(!a.isl(Domain::Natural).to_string().is_empty());
    let mut image = HashSet::new();
    for i in 0..a.size().min(POINTS) {
        let want = eval(&shape, &stride, i).unwrap();
        assert_eq!(a.eval(i).map(i128::from).ok(), Some(want), "{a} at {i}");
        image.insert(want);
    }
    inverses(&a, &image);
    let Ok(l) = gen::layout(&mut b, 1).parse::<Layout>() else {
        return;
    };
    if let Ok(r) = a.compose(&l) {
        assert_eq!(r.size(), l.size(), "{a} o {l} = {r}");
        for i in 0..l.size().min(POINTS) {
            let x = l.eval(i).unwrap();
            let want = if x < 0 {
                None
            } else {
                eval(&shape, &stride, x)
            };
            assert_eq!(
                r.eval(i).map(i128::from).ok(),
                want,
                "{a} o {l} = {r} at {i}"
            );
        }
    }
}

/// The inverses of `a`, whose offsets at its first indices are `image`: the laws where they
/// exist, maximality, and `left_inverse` refused exactly when `a` is not injective.
fn inverses(a: &F2Layout, image: &HashSet<i128>) {
    let all = a.size() <= POINTS;
    match a.right_inverse() {
        Ok(r) => {
            for k in 0..r.size().min(POINTS) {
                let x = r.eval(k).unwrap();
                assert_eq!(
                    a.eval(x).map(i128::from).ok(),
                    Some(i128::from(k)),
                    "{r} of {a} at {k}"
                );
            }
            if all {
                assert!(
                    !image.contains(&i128::from(r.size())),
                    "{r} of {a} stops early"
                );
            }
        }
        Err(e) => assert!(
            e.code() == "not_power_of_two"
                || past_32_bits(a) && ["capacity", "overflow"].contains(&e.code()),
            "right_inverse({a}): {e}"
        ),
    }
    match a.left_inverse() {
        Ok(r) => {
            for i in 0..a.size().min(POINTS) {
                let y = a.eval(i).unwrap();
                assert_eq!(r.eval(y).ok(), Some(i), "{r} of {a} at {i}");
            }
        }
        Err(e) if e.code() == "not_invertible_f2" => {
            assert!(
                !all || (image.len() as i64) < a.size(),
                "{a} is injective: {e}"
            );
        }
        Err(e) => assert!(
            e.code() == "not_power_of_two"
                || past_32_bits(a) && ["capacity", "overflow"].contains(&e.code()),
            "left_inverse({a}): {e}"
        ),
    }
}

/// Whether `a` is past what a linear layout holds: 32 input bits (its size) or, for a left
/// inverse, 32 output bits (its largest offset); an inverse's values (indices of `a`) may then
/// also pass the `2^62` of an F2 layout's offsets.
fn past_32_bits(a: &F2Layout) -> bool {
    let reach = a
        .shape()
        .leaves()
        .iter()
        .zip(a.stride().leaves())
        .fold(0i128, |r, (&s, &d)| {
            r | clmul(s - 1, d).unwrap_or(i128::MAX)
        });
    a.size() > 1 << 32 || reach >= 1 << 32
}
