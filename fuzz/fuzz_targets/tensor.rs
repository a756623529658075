//! The tensor API on random layouts and coordinates: `make_tensor` over `Counting` (each
//! element is its offset), `slice`, `local_tile`, `local_partition`, and `copy` of the view into
//! a compact buffer. Every whole view's elements are offsets the layout reaches, and the copy
//! equals the view element by element.
#![no_main]

#[path = "../../tests/it/hostile/gen.rs"]
#[allow(dead_code, reason = "the expression generator is for expr_structured")]
mod gen;

use cute::{make_tensor, Counting, IntTuple, Layout, Tiler};

mod slow;

libfuzzer_sys::fuzz_target!(|data: &[u8]| slow::timed(data, || views(data)));

/// The views of one input, checked.
fn views(data: &[u8]) {
    let mut b = gen::Bytes(data);
    let Ok(l) = gen::layout(&mut b, 2).parse::<Layout>() else {
        return;
    };
    if l.size() > 1 << 12 {
        return;
    }
    let image: std::collections::HashSet<i64> = (0..l.size()).map(|i| l.eval(i).unwrap()).collect();
    let Ok(t) = make_tensor(Counting, l) else {
        return;
    };
    let coord = |b: &mut gen::Bytes<'_>| {
        let parts: Vec<String> = (0..l.rank())
            .map(|_| match b.byte() % 4 {
                0 => "_".to_string(),
                _ => b.int().to_string(),
            })
            .collect();
        if l.rank() == 1 && !l.shape().is_int() {
            format!("({})", parts[0])
        } else if l.shape().is_int() {
            parts[0].clone()
        } else {
            format!("({})", parts.join(","))
        }
    };
    // (view, whether every element is an element of `t`): a slice is; a tile or a partition may
    // reach past `t` where its tiler does not divide it (residues, as in CuTe: a `Counting`
    // tensor has no data whose end would mark them).
    let views = [
        (coord(&mut b).parse::<IntTuple>().ok().and_then(|c| t.clone().slice(&c).ok()), true),
        ({
            let tiler = format!("<{}>", (0..l.rank()).map(|_| format!("{}:1", 1 + b.below(4))).collect::<Vec<_>>().join(","));
            let c = coord(&mut b).replace('_', "0");
            match (tiler.parse::<Tiler>(), c.parse::<IntTuple>()) {
                (Ok(tl), Ok(c)) => t.clone().local_tile(tl, &c).ok(),
                _ => None,
            }
        }, false),
        (gen::layout(&mut b, 1)
            .parse::<Layout>()
            .ok()
            .and_then(|thr| t.clone().local_partition(&thr, 0).ok()), false),
    ];
    for (v, inside) in views {
        let Some(v) = v else { continue };
        let n = v.size();
        let mut out = vec![0i64; usize::try_from(n).unwrap_or(0)];
        let Ok(compact) = Layout::new(IntTuple::int(n.max(1)), IntTuple::int(1)) else {
            continue;
        };
        if inside {
            for i in 0..n {
                let x = v.get(i).expect("an element of a whole view");
                assert!(
                    image.contains(&x),
                    "{l}: view {} element {i} = {x} is not an offset of the layout",
                    v.layout()
                );
            }
        }
        if n > 0 {
            let mut dst = make_tensor(&mut out[..], compact).unwrap();
            if cute::algorithm::copy(&v, &mut dst).is_ok() {
                for i in 0..n {
                    assert_eq!(Ok(out[i as usize]), v.get(i).map_err(|_| ()), "copy of {}", v.layout());
                }
            }
        }
    }
}
