//! The SGEMM pair (`gpu/src/sgemm.rs`, CuTe's `sgemm_1`): `C = α·A·Bᵀ + β·C`, all column-major,
//! on sizes the 128x128x8 tiles divide and sizes they do not, checked against the CPU and timed
//! in GFLOP/s.

use cudarc::driver::{CudaFunction, CudaSlice, DriverError, LaunchConfig, PushKernelArg};

use super::{median, row, time, Gpu, Result, ROUNDS};

/// Small integers, so that every sum is exact whatever its order and the two kernels and the
/// CPU agree to the bit.
fn small(x: usize) -> f32 {
    f32::from(u8::try_from(x % 7).unwrap_or(0)) - 3.0
}

/// The operands of one launch.
struct Operands {
    a: CudaSlice<f32>,
    b: CudaSlice<f32>,
    c: CudaSlice<f32>,
}

/// One launch of `f` on `(m, n, k)`.
fn launch(
    gpu: &Gpu,
    f: &CudaFunction,
    ops: &mut Operands,
    (m, n, k): (i64, i64, i64),
    (alpha, beta): (f32, f32),
) -> std::result::Result<(), DriverError> {
    let blocks = |x: i64| u32::try_from((x + 127) / 128).unwrap_or(u32::MAX);
    let cfg = LaunchConfig {
        grid_dim: (blocks(m), blocks(n), 1),
        block_dim: (256, 1, 1),
        shared_mem_bytes: 0,
    };
    let mut args = gpu.stream.launch_builder(f);
    args.arg(&ops.a).arg(&ops.b).arg(&mut ops.c);
    args.arg(&m).arg(&n).arg(&k).arg(&alpha).arg(&beta);
    // SAFETY: the arguments match `sgemm_cute` and `sgemm_hand`, the buffers hold `m k`, `n k`
    // and `m n` elements, and the grid is the one the kernels are written for.
    unsafe { args.launch(cfg) }?;
    Ok(())
}

/// Runs the pair on `(m, n, k)`; `false` when a result differs from the CPU's.
pub(crate) fn run(gpu: &Gpu, (m, n, k): (i64, i64, i64)) -> Result<bool> {
    let (mu, nu, ku) = (
        usize::try_from(m)?,
        usize::try_from(n)?,
        usize::try_from(k)?,
    );
    let (alpha, beta) = (2.0, -1.0);
    let a: Vec<f32> = (0..mu * ku).map(small).collect();
    let b: Vec<f32> = (0..nu * ku).map(|x| small(3 * x + 1)).collect();
    let c0: Vec<f32> = (0..mu * nu).map(|x| small(5 * x + 2)).collect();
    let mut expected = vec![0f32; c0.len()];
    for j in 0..nu {
        for i in 0..mu {
            // From +0, as the kernels' accumulators start (`Sum` starts from -0).
            let dot = (0..ku)
                .map(|p| a[i + mu * p] * b[j + nu * p])
                .fold(0f32, |s, x| s + x);
            expected[i + mu * j] = alpha * dot + beta * c0[i + mu * j];
        }
    }
    let cute = gpu.module.load_function("sgemm_cute")?;
    let hand = gpu.module.load_function("sgemm_hand")?;
    let mut ops = Operands {
        a: gpu.stream.clone_htod(&a)?,
        b: gpu.stream.clone_htod(&b)?,
        c: gpu.stream.clone_htod(&c0)?,
    };
    let mut ok = true;
    for (f, which) in [(&cute, "cute"), (&hand, "hand")] {
        gpu.stream.memcpy_htod(&c0, &mut ops.c)?;
        launch(gpu, f, &mut ops, (m, n, k), (alpha, beta))?;
        let got = gpu.stream.clone_dtoh(&ops.c)?;
        if let Some(i) = (0..got.len()).find(|&i| got[i].to_bits() != expected[i].to_bits()) {
            println!(
                "sgemm {m}x{n}x{k} {which}: WRONG at {i}: {} where the CPU has {}",
                got[i], expected[i]
            );
            ok = false;
        }
    }
    let (mut tc, mut th) = (Vec::new(), Vec::new());
    for round in 0..ROUNDS + 3 {
        let c = time(gpu, || {
            launch(gpu, &cute, &mut ops, (m, n, k), (alpha, beta))
        })?;
        let h = time(gpu, || {
            launch(gpu, &hand, &mut ops, (m, n, k), (alpha, beta))
        })?;
        if round >= 3 {
            tc.push(c);
            th.push(h);
        }
    }
    let (c, h) = (median(&mut tc), median(&mut th));
    row("sgemm", &format!("{m}x{n}x{k}"), gpu.how(), (c, h));
    let flops = 2.0 * (m * n * k) as f64;
    let mut line = format!(
        "sgemm {m}x{n}x{k}: cute {:.1} us ({:.0} GFLOP/s), hand {:.1} us ({:.0} GFLOP/s), \
         cute/hand {:.3} (not proven zero-cost by check.sh yet)",
        c * 1e3,
        flops / c / 1e6,
        h * 1e3,
        flops / h / 1e6,
        c / h
    );
    if ok {
        line += "; results equal the CPU's";
    }
    println!("{line}");
    Ok(ok)
}
