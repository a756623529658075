//! `C = α·A·B + β·C` for runtime-sized f32 matrices with static 128x128x128 block tiles and 8x8
//! register micro-tiles, written the CuTe way (`cute_kernels::sgemm`), checked against
//! the definition for the four stridings NN, NT, TN, TT, and timed beside the same tiling
//! written by hand.
//!
//! `cargo run --release --example sgemm -- 300 200 100`
//!
//! With a fourth argument, `cute` or `hand`, it runs that kernel alone, once, column-major (what
//! `valgrind --tool=callgrind` counts in BENCHMARKS.md).

use cute_kernels::sgemm::{sgemm, sgemm_hand, sgemm_naive, Strides};

/// A test value: small integers, so that every sum is exact in f32.
fn value(x: i64) -> f32 {
    f32::from(u8::try_from(x.rem_euclid(7)).unwrap_or(0)) - 3.0
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let extent = |i: usize, or: i64| args.get(i).map_or(Ok(or), |a| a.parse::<i64>());
    let (m, n, k) = (extent(0, 300)?, extent(1, 200)?, extent(2, 100)?);
    let a: Vec<f32> = (0..m * k).map(value).collect();
    let b: Vec<f32> = (0..k * n).map(|x| value(3 * x + 1)).collect();
    let c0: Vec<f32> = (0..m * n).map(|x| value(5 * x + 2)).collect();
    if let Some(which) = args.get(3) {
        let (s, mut c) = ((Strides::col_major(m), Strides::col_major(k)), c0.clone());
        let shape = ([m, n, k], 2.0, -1.0);
        match which.as_str() {
            "cute" => sgemm(shape, (&a, s.0), (&b, s.1), &mut c, s.0)?,
            "hand" => sgemm_hand(shape, (&a, s.0), (&b, s.1), &mut c, s.0),
            _ => return Err(format!("unknown kernel {which}: cute or hand").into()),
        }
        println!("{which}: C[0] = {}", c[0]);
        return Ok(());
    }
    // The parallel kernels' threads, with stacks for unoptimized builds too.
    #[cfg(feature = "rayon")]
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(64 << 20)
        .build()?;
    for (name, sa, sb) in [
        ("NN", Strides::col_major(m), Strides::col_major(k)),
        ("NT", Strides::col_major(m), Strides::row_major(n)),
        ("TN", Strides::row_major(k), Strides::col_major(k)),
        ("TT", Strides::row_major(k), Strides::row_major(n)),
    ] {
        let (mut c, mut want) = (c0.clone(), c0.clone());
        let sc = Strides::col_major(m);
        // Each kernel once before it is timed: the first call pays for cold pages and caches.
        sgemm(
            ([m, n, k], 2.0, -1.0),
            (&a, sa),
            (&b, sb),
            &mut c.clone(),
            sc,
        )?;
        sgemm_hand(
            ([m, n, k], 2.0, -1.0),
            (&a, sa),
            (&b, sb),
            &mut c.clone(),
            sc,
        );
        let t = std::time::Instant::now();
        sgemm(([m, n, k], 2.0, -1.0), (&a, sa), (&b, sb), &mut c, sc)?;
        let took = t.elapsed();
        let mut by_hand = c0.clone();
        let t = std::time::Instant::now();
        sgemm_hand(([m, n, k], 2.0, -1.0), (&a, sa), (&b, sb), &mut by_hand, sc);
        let took_hand = t.elapsed();
        sgemm_naive(([m, n, k], 2.0, -1.0), (&a, sa), (&b, sb), &mut want, sc);
        let same = c.iter().zip(&want).all(|(x, y)| x.to_bits() == y.to_bits()) && by_hand == want;
        // On all cores with the `rayon` feature: panels of C, one task each.
        #[cfg(feature = "rayon")]
        let (took, same) = {
            let mut par = c0.clone();
            let t = std::time::Instant::now();
            cute_kernels::sgemm::sgemm_par(
                &pool,
                sgemm,
                ([m, n, k], 2.0, -1.0),
                (&a, sa),
                (&b, sb),
                &mut par,
                sc,
            )?;
            let took_par = t.elapsed();
            (
                format!("{took:?}, in parallel {took_par:?}"),
                same && par == want,
            )
        };
        #[cfg(not(feature = "rayon"))]
        let took = format!("{took:?}");
        println!(
            "{m}x{n}x{k} {name}: {took} (by hand {took_hand:?}), {}",
            if same {
                "equal to the definition"
            } else {
                "WRONG"
            }
        );
        if !same {
            return Err("the product differs from the definition".into());
        }
    }
    Ok(())
}
