//! `cute-gpu-run PTX`: runs every kernel of `gpu/` and its hand twin on the first GPU, checks
//! each result against the CPU, times each pair interleaved (median of 31 launches, CUDA events)
//! and prints one line per case with each kernel's registers and local memory. Every case runs
//! twice: with the module JIT-compiled whole by the driver (`cuModuleLoadData`: ptxas may inline
//! any function into a kernel, cold ones included) and linked by the driver from relocatable code
//! (`cuLink*`, as `nvcc -rdc`: each function compiled apart). Exit status 1 when a result is
//! wrong or a kernel that `check.sh` proves zero-cost is more than 5% slower than its twin; exit
//! 0 with a message where no CUDA driver can be loaded.

mod sgemm;

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use cudarc::driver::sys::{
    self, is_culib_present, CUdevice_attribute, CUevent_flags, CUfunction_attribute, CUjitInputType,
};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaModule, CudaSlice, CudaStream, DriverError, LaunchConfig,
    PushKernelArg,
};
use cudarc::nvrtc::Ptx;

/// Timed launches of each kernel, interleaved with its twin's.
const ROUNDS: usize = 31;
/// The largest time ratio, cute over hand, of a kernel that `check.sh` proves.
const MAX_RATIO: f64 = 1.05;

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The rows of the markdown table printed last (BENCHMARKS.md's, through
/// `bash benches/report.sh run gpu_run bash gpu/run.sh run`).
static ROWS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Adds a row `| kernel | size | module | cute | hand | cute / hand |` (times in µs).
fn row(kernel: &str, size: &str, module: &str, (cute, hand): (f64, f64)) {
    let line = format!(
        "| `{kernel}` | {size} | {module} | {:.1} µs | {:.1} µs | {:.3} |",
        cute * 1e3,
        hand * 1e3,
        cute / hand
    );
    if let Ok(mut rows) = ROWS.lock() {
        rows.push(line);
    }
}

fn main() -> ExitCode {
    let Some(ptx) = std::env::args().nth(1) else {
        eprintln!("usage: cute-gpu-run KERNELS.ptx");
        return ExitCode::from(2);
    };
    // SAFETY: loads and drops the library, calls nothing in it.
    if !unsafe { is_culib_present() } {
        println!("gpu run: SKIPPED: libcuda cannot be loaded (no NVIDIA driver on this machine)");
        return ExitCode::SUCCESS;
    }
    match run(&ptx) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("gpu run: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Everything the cases share: the stream and the loaded module.
struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    module: Arc<CudaModule>,
    /// Linked from relocatable code, not JIT-compiled whole.
    linked: bool,
}

impl Gpu {
    /// How the module was loaded, for the table.
    fn how(&self) -> &'static str {
        if self.linked {
            "linked"
        } else {
            "whole"
        }
    }
}

/// How one kernel is launched: its grid, its block and its runtime sizes.
struct Launch {
    grid: (u32, u32),
    block: u32,
    sizes: Option<(i64, i64)>,
}

/// One kernel pair on one input: what `dst` must hold, and whether `check.sh` proves the pair.
struct Case {
    name: &'static str,
    label: String,
    launch: Launch,
    src: Vec<f32>,
    expected: Vec<f32>,
    proven: bool,
}

impl Case {
    /// A kernel over a runtime `m x n` matrix, a block of `threads` per tile of `tile`, not
    /// proven zero-cost by `check.sh`.
    fn sized(
        name: &'static str,
        (m, n): (i64, i64),
        tile: (u32, u32),
        threads: u32,
        src: Vec<f32>,
        expected: Vec<f32>,
    ) -> Self {
        let blocks = |x: i64, t: u32| u32::try_from(x).unwrap_or(u32::MAX).div_ceil(t);
        Case {
            name,
            label: format!("{m}x{n}"),
            launch: Launch {
                grid: (blocks(m, tile.0), blocks(n, tile.1)),
                block: threads,
                sizes: Some((m, n)),
            },
            src,
            expected,
            proven: false,
        }
    }

    /// A kernel over a grid of tiles of `tile` elements, one block of `threads` a tile.
    fn tiles(
        name: &'static str,
        tile: usize,
        threads: u32,
        src: Vec<f32>,
        expected: Vec<f32>,
    ) -> Self {
        let blocks = src.len() / tile;
        Case {
            name,
            label: format!("{blocks} tiles of {tile}"),
            launch: Launch {
                grid: (blocks as u32, 1),
                block: threads,
                sizes: None,
            },
            src,
            expected,
            proven: true,
        }
    }
}

fn run(ptx: &str) -> Result<bool> {
    let ctx = CudaContext::new(0)?;
    let stream = ctx.default_stream();
    let source = std::fs::read_to_string(ptx).map_err(|e| format!("{ptx}: {e}"))?;
    let sms = ctx.attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
    println!(
        "gpu run: {} ({sms} SMs), median of {ROUNDS} launches each",
        ctx.name()?
    );
    let linked = link(&ctx, &source)?;
    // The inputs and the CPU's results, once for both modules.
    let cases = cases(source.contains(".entry tile_copy_cute("))?;
    let has_sgemm = source.contains(".entry sgemm_cute(");
    let mut ok = true;
    let mut last = None;
    for (how, module) in [
        (
            "JIT-compiled whole (cuModuleLoadData)",
            ctx.load_module(Ptx::from_src(source))?,
        ),
        (
            "linked from relocatable code (cuLink*)",
            ctx.load_module(Ptx::from_binary(linked))?,
        ),
    ] {
        println!("-- the module {how}");
        let gpu = Gpu {
            ctx: ctx.clone(),
            stream: stream.clone(),
            module,
            linked: how.starts_with("linked"),
        };
        for case in &cases {
            ok &= run_case(&gpu, case)?;
        }
        if has_sgemm {
            // Sizes the tiles divide and sizes they do not (the CPU's reference takes seconds).
            for sizes in [(1024, 1024, 1024), (1023, 1021, 1019)] {
                ok &= sgemm::run(&gpu, sizes)?;
            }
        }
        last = Some(gpu);
    }
    if let Some(gpu) = last {
        memcpy_bandwidth(&gpu, 1 << 25)?;
    }
    println!();
    println!("| kernel | size | module | cute | hand | cute / hand |");
    println!("|---|---|---|---|---|---|");
    if let Ok(rows) = ROWS.lock() {
        for line in rows.iter() {
            println!("{line}");
        }
    }
    Ok(ok)
}

/// The PTX compiled by the driver's linker, each function apart, into a cubin.
fn link(ctx: &Arc<CudaContext>, ptx: &str) -> Result<Vec<u8>> {
    ctx.bind_to_thread()?;
    let data = std::ffi::CString::new(ptx)?;
    let name = c"kernels.ptx";
    // SAFETY: the driver API as documented: a link state created, fed one PTX image (NUL
    // terminated, its size counting the NUL), completed, its cubin copied before the state is
    // destroyed.
    unsafe {
        let mut state = std::ptr::null_mut();
        sys::cuLinkCreate_v2(0, std::ptr::null_mut(), std::ptr::null_mut(), &mut state).result()?;
        let added = sys::cuLinkAddData_v2(
            state,
            CUjitInputType::CU_JIT_INPUT_PTX,
            data.as_ptr().cast_mut().cast(),
            data.as_bytes_with_nul().len(),
            name.as_ptr(),
            0,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        )
        .result();
        let (mut cubin, mut size) = (std::ptr::null_mut(), 0usize);
        let done = added.and_then(|()| sys::cuLinkComplete(state, &mut cubin, &mut size).result());
        let bytes = done.map(|()| std::slice::from_raw_parts(cubin.cast::<u8>(), size).to_vec());
        sys::cuLinkDestroy(state).result()?;
        Ok(bytes?)
    }
}

/// The cases, those of kernels over runtime sizes only where the PTX has them (`runtime`).
fn cases(runtime: bool) -> Result<Vec<Case>> {
    let mut cases = Vec::new();
    // The thread-value gather: 65,536 blocks of 512 elements; the CPU evaluates the layout.
    let tv: cute_core::Layout = "((32,4),(2,2)):((2,128),(1,64))".parse()?;
    let blocks = 1 << 16;
    let src = data(512 * blocks);
    let mut expected = vec![0.0; src.len()];
    for b in 0..blocks {
        for i in 0..512 {
            expected[512 * b + i] = src[512 * b + tv.eval(i as i64)? as usize];
        }
    }
    cases.push(Case::tiles("tv_gather", 512, 128, src, expected));
    // A thread's partition of a static 16x8 tile: 262,144 tiles, each to the same place.
    let src = data(128 << 18);
    cases.push(Case::tiles("partition_copy", 128, 32, src.clone(), src));
    if runtime {
        // A runtime matrix by 16x8 tiles: sizes the tiles divide and sizes they do not.
        for (m, n) in [(8192, 4096), (8191, 4093)] {
            let src = data((m * n) as usize);
            let expected = src.clone();
            cases.push(Case::sized("tile_copy", (m, n), (16, 8), 32, src, expected));
        }
        // The transpose through a swizzled shared tile: 32x32 tiles, 256 threads a block.
        for (m, n) in [(8192, 4096), (8191, 4093)] {
            let src = data((m * n) as usize);
            let mut expected = vec![0.0; src.len()];
            for i in 0..m as usize {
                for j in 0..n as usize {
                    expected[j * m as usize + i] = src[i * n as usize + j];
                }
            }
            cases.push(Case::sized(
                "smem_transpose",
                (m, n),
                (32, 32),
                256,
                src,
                expected,
            ));
        }
    }
    Ok(cases)
}

/// Distinct values: element `i` has the bit pattern `i` (below 2^31: finite, no negative zero),
/// so that a kernel that moves an element to the wrong place cannot match by chance.
fn data(len: usize) -> Vec<f32> {
    assert!(len < 1 << 31, "more elements than distinct finite patterns");
    (0..len).map(|i| f32::from_bits(i as u32)).collect()
}

/// Checks both kernels of `case` against the CPU, then times them; prints one line.
fn run_case(gpu: &Gpu, case: &Case) -> Result<bool> {
    let cute = gpu.module.load_function(&format!("{}_cute", case.name))?;
    let hand = gpu.module.load_function(&format!("{}_hand", case.name))?;
    let src = gpu.stream.clone_htod(&case.src)?;
    let mut dst = gpu.stream.alloc_zeros::<f32>(case.src.len())?;
    let mut ok = true;
    for (f, which) in [(&cute, "cute"), (&hand, "hand")] {
        gpu.stream.memset_zeros(&mut dst)?;
        launch(gpu, f, &case.launch, &src, &mut dst)?;
        let got = gpu.stream.clone_dtoh(&dst)?;
        if let Some(i) = (0..got.len()).find(|&i| got[i].to_bits() != case.expected[i].to_bits()) {
            println!(
                "{} {} {which}: WRONG at {i}: element {:#x} where the CPU has {:#x}",
                case.name,
                case.label,
                got[i].to_bits(),
                case.expected[i].to_bits()
            );
            ok = false;
        }
    }
    let (mut tc, mut th) = (Vec::new(), Vec::new());
    for round in 0..ROUNDS + 3 {
        let c = time(gpu, || launch(gpu, &cute, &case.launch, &src, &mut dst))?;
        let h = time(gpu, || launch(gpu, &hand, &case.launch, &src, &mut dst))?;
        // The first rounds warm the caches and clocks.
        if round >= 3 {
            tc.push(c);
            th.push(h);
        }
    }
    let (c, h) = (median(&mut tc), median(&mut th));
    row(case.name, &case.label, gpu.how(), (c, h));
    let resources = |f: &CudaFunction| -> Result<String> {
        let regs = f.get_attribute(CUfunction_attribute::CU_FUNC_ATTRIBUTE_NUM_REGS)?;
        let local = f.get_attribute(CUfunction_attribute::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?;
        Ok(format!("{regs} registers, {local} B local"))
    };
    let (rc, rh) = (resources(&cute)?, resources(&hand)?);
    let bytes = 2.0 * 4.0 * case.src.len() as f64;
    let ratio = c / h;
    let mut line = format!(
        "{} {}: cute {:.1} us ({:.0} GB/s; {rc}), hand {:.1} us ({:.0} GB/s; {rh}), \
         cute/hand {ratio:.3}",
        case.name,
        case.label,
        c * 1e3,
        bytes / c / 1e6,
        h * 1e3,
        bytes / h / 1e6,
    );
    if ratio > MAX_RATIO {
        if case.proven {
            line += &format!(" -- FAILED: over {MAX_RATIO}");
            ok = false;
        } else {
            line += " (not proven zero-cost by check.sh yet)";
        }
    }
    if ok {
        line += "; results equal the CPU's";
    }
    println!("{line}");
    Ok(ok)
}

/// One launch of `f` over `src` and `dst` (and the runtime sizes, where the kernel takes them).
fn launch(
    gpu: &Gpu,
    f: &CudaFunction,
    l: &Launch,
    src: &CudaSlice<f32>,
    dst: &mut CudaSlice<f32>,
) -> std::result::Result<(), DriverError> {
    let cfg = LaunchConfig {
        grid_dim: (l.grid.0, l.grid.1, 1),
        block_dim: (l.block, 1, 1),
        shared_mem_bytes: 0,
    };
    let mut args = gpu.stream.launch_builder(f);
    args.arg(src).arg(dst);
    if let Some((m, n)) = &l.sizes {
        args.arg(m).arg(n);
    }
    // SAFETY: the argument lists match the kernels' signatures in `gpu/src`, and the grids are
    // those the kernels are written for over buffers of the sizes they read and write.
    unsafe { args.launch(cfg) }?;
    Ok(())
}

/// Milliseconds between two events around `work`.
fn time(gpu: &Gpu, work: impl FnOnce() -> std::result::Result<(), DriverError>) -> Result<f64> {
    let start = gpu.ctx.new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))?;
    let end = gpu.ctx.new_event(Some(CUevent_flags::CU_EVENT_DEFAULT))?;
    start.record(&gpu.stream)?;
    work()?;
    end.record(&gpu.stream)?;
    Ok(f64::from(start.elapsed_ms(&end)?))
}

fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The device's own copy of `len` `f32`, the bound a copy kernel is measured against.
fn memcpy_bandwidth(gpu: &Gpu, len: usize) -> Result<()> {
    let src = gpu.stream.alloc_zeros::<f32>(len)?;
    let mut dst = gpu.stream.alloc_zeros::<f32>(len)?;
    let mut ts = Vec::new();
    for round in 0..ROUNDS + 3 {
        let t = time(gpu, || gpu.stream.memcpy_dtod(&src, &mut dst))?;
        if round >= 3 {
            ts.push(t);
        }
    }
    let t = median(&mut ts);
    let bytes = 2.0 * 4.0 * len as f64;
    println!(
        "memcpy (device to device) {len} f32: {:.1} us ({:.0} GB/s, bytes read and written)",
        t * 1e3,
        bytes / t / 1e6
    );
    Ok(())
}
