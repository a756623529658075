//! `B = Aᵀ` for a runtime-sized f32 matrix with static 256x256 tiles, written the CuTe way
//! (`cute_kernels::transpose`), checked against the definition for every striding.
//!
//! `cargo run --release --example transpose -- 1000 700`

use cute_kernels::transpose::{transpose, transpose_naive, value, Strides};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<i64>());
    let m = args.next().transpose()?.unwrap_or(1000);
    let n = args.next().transpose()?.unwrap_or(700);
    let a: Vec<f32> = (0..m * n).map(value).collect();
    // The parallel kernels' threads, with stacks for unoptimized builds too.
    #[cfg(feature = "rayon")]
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(64 << 20)
        .build()?;
    for (name, sa, sb) in [
        (
            "row-major A, row-major B",
            Strides::row_major(n),
            Strides::row_major(m),
        ),
        (
            "row-major A, col-major B",
            Strides::row_major(n),
            Strides::col_major(n),
        ),
        (
            "col-major A, row-major B",
            Strides::col_major(m),
            Strides::row_major(m),
        ),
        (
            "col-major A, col-major B",
            Strides::col_major(m),
            Strides::col_major(n),
        ),
    ] {
        let (mut b, mut want) = (vec![0f32; a.len()], vec![0f32; a.len()]);
        let t = std::time::Instant::now();
        transpose(&a, m, n, sa, &mut b, sb)?;
        let took = t.elapsed();
        transpose_naive(&a, m, n, sa, &mut want, sb);
        let same = b.iter().zip(&want).all(|(x, y)| x.to_bits() == y.to_bits());
        // On all cores with the `rayon` feature: panels of the destination, one task each.
        #[cfg(feature = "rayon")]
        let (took, same) = {
            let mut par = vec![0f32; a.len()];
            let t = std::time::Instant::now();
            cute_kernels::transpose::transpose_par(
                &pool,
                cute_kernels::transpose::transpose,
                (&a, m, n, sa),
                &mut par,
                sb,
            )?;
            let took_par = t.elapsed();
            let par_same = par
                .iter()
                .zip(&want)
                .all(|(x, y)| x.to_bits() == y.to_bits());
            (
                format!("{took:?}, in parallel {took_par:?}"),
                same && par_same,
            )
        };
        #[cfg(not(feature = "rayon"))]
        let took = format!("{took:?}");
        println!(
            "{m}x{n}, {name}: {took}, {}",
            if same {
                "equal to the definition"
            } else {
                "WRONG"
            }
        );
        if !same {
            return Err("the transpose differs from the definition".into());
        }
    }
    Ok(())
}
