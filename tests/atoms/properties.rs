//! The post-conditions of tiled MMAs and tiled copies, over every thread of random ones: the
//! threads' partitions of C (of a copy's source) cover each element of the tensor exactly once,
//! those of A (B) once per thread along N (M), and a partition's offsets are the tensor's offsets
//! at the coordinates its thread-value layout gives.

use cute::atom::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_c, make_tiled_mma, CopyAtom, MmaAtom,
    Operand3, Side, TiledCopy, TiledMma,
};
use cute::{IntTuple, Layout};
use proptest::prelude::*;

/// `(L, start)`'s offsets.
fn offsets(p: &(Layout, i64)) -> Vec<i64> {
    (0..p.0.size())
        .map(|i| p.1 + p.0.eval(i).unwrap())
        .collect()
}

/// How many times each offset of `0..n` is reached by the partitions `part(thr)` of every
/// thread.
fn coverage(threads: i64, n: i64, part: impl Fn(i64) -> (Layout, i64)) -> Vec<i64> {
    let mut count = vec![0i64; n as usize];
    for t in 0..threads {
        for o in offsets(&part(t)) {
            count[usize::try_from(o).expect("an offset inside the tensor")] += 1;
        }
    }
    count
}

/// A compact layout of the shape `(m, n)`, column-major or row-major.
fn tensor(m: i64, n: i64, row_major: bool) -> Layout {
    let shape = IntTuple::flat(&[m, n]).unwrap();
    if row_major {
        Layout::right(&shape).unwrap()
    } else {
        Layout::left(&shape).unwrap()
    }
}

/// The offset of the tile's index `idx` (column-major in `(tm, tn)`) in `l`.
fn at(l: &Layout, idx: i64, tm: i64) -> i64 {
    let c: IntTuple = format!("({},{})", idx % tm, idx / tm).parse().unwrap();
    l.eval_crd(&c).unwrap()
}

/// The MMA atoms the tests tile.
const ATOMS: [&str; 8] = [
    "UniversalFMA<float>",
    "SM61_DP4A",
    "SM70_8x8x4_F32F16F16F32_NT",
    "SM75_16x8x8_F32F16F16F32_TN",
    "SM80_16x8x16_F16F16F16F16_TN",
    "SM80_16x8x8_F32TF32TF32F32_TN",
    "SM80_8x8x4_F64F64F64F64_TN",
    "SM90_64x16x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>",
];

/// The C, A and B post-conditions of one tiled MMA on tensors of `reps` tiles a mode: C's
/// elements are each one thread's per thread along K (the threads split K and sum), A's one per
/// thread along N, B's one per thread along M.
fn check_mma(mma: &TiledMma, reps: [i64; 3], row_major: [bool; 3]) {
    let ts = [0, 1, 2].map(|i| mma.tile_size(i).unwrap());
    let vmnk = *mma.thr_layout_vmnk();
    // The thread indices are the thread layout's offsets (SM70's quad-pairs skip 4-15).
    let thread = |i: i64| vmnk.eval(i).unwrap();
    let threads = mma.size();
    let atom = mma.atom();
    let [am, an, ak] = atom.shape_mnk();
    // A GMMA operand in shared memory is seen whole by each of its threads.
    let seen = |tv: &Layout, extent: i64| tv.size() / extent;
    let along = |i: usize| vmnk.mode(i).unwrap().size();
    for (which, (i, j), copies) in [
        (
            Operand3::C,
            (0, 1),
            along(3) * seen(atom.c_layout(), am * an),
        ),
        (
            Operand3::A,
            (0, 2),
            along(2) * seen(atom.a_layout(), am * ak),
        ),
        (
            Operand3::B,
            (1, 2),
            along(1) * seen(atom.b_layout(), an * ak),
        ),
    ] {
        let (m, n) = (ts[i] * reps[i], ts[j] * reps[j]);
        let l = tensor(m, n, row_major[i.min(2)]);
        let count = coverage(threads, m * n, |i| {
            mma.partition(which, thread(i), &l).unwrap()
        });
        assert!(
            count.iter().all(|&c| c == copies),
            "{mma} {which:?} over {l}: counts {:?}",
            &count[..count.len().min(64)]
        );
    }
    // On a tensor of one tile, thread t's partition of C is the tensor at the coordinates of
    // the C thread-value layout's (t, v).
    let Ok(tv) = mma.get_layout_c_tv() else {
        // Refused only where the threads are not 0..size.
        assert!((0..threads).any(|i| thread(i) >= threads), "{mma}");
        return;
    };
    let l = tensor(ts[0], ts[1], row_major[0]);
    for t in 0..threads {
        assert_eq!(
            sorted(offsets(&mma.partition_c(t, &l).unwrap())),
            sorted(tv_offsets(&tv, t, &l, ts[0])),
            "{mma} thread {t}"
        );
    }
}

fn sorted(mut v: Vec<i64>) -> Vec<i64> {
    v.sort_unstable();
    v
}

/// The offsets in `l` of thread `t`'s values under the thread-value layout `tv` of a tile of
/// `tm` rows.
fn tv_offsets(tv: &Layout, t: i64, l: &Layout, tm: i64) -> Vec<i64> {
    let values = tv.mode(1).unwrap().size();
    (0..values)
        .map(|v| {
            at(
                l,
                tv.eval_crd(&format!("({t},{v})").parse().unwrap()).unwrap(),
                tm,
            )
        })
        .collect()
}

/// The source and destination post-conditions of one tiled copy.
fn check_copy(copy: &TiledCopy, reps: [i64; 2], row_major: bool) {
    let (tm, tn) = (copy.tile_size(0).unwrap(), copy.tile_size(1).unwrap());
    let l = tensor(tm * reps[0], tn * reps[1], row_major);
    for side in [Side::S, Side::D] {
        // Each element once per copy of the tile the thread-value layout holds (a copy of a
        // tiled MMA's A holds one per thread along N).
        let copies = copy.layout_tv().size() / (tm * tn);
        let count = coverage(copy.size(), l.size(), |t| {
            copy.partition(side, t, &l).unwrap()
        });
        assert!(
            count.iter().all(|&c| c == copies),
            "{copy} {side:?} over {l}"
        );
        let tv = copy.get_layout_tv(side).unwrap();
        let tile = tensor(tm, tn, row_major);
        for t in 0..copy.size() {
            assert_eq!(
                sorted(offsets(&copy.partition(side, t, &tile).unwrap())),
                sorted(tv_offsets(&tv, t, &tile, tm)),
                "{copy} {side:?} thread {t}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn a_tiled_mma_partitions_its_tiles(
        atom in 0..ATOMS.len(),
        m in 1i64..=3, n in 1i64..=3, k in 1i64..=2,
        row in any::<bool>(),
        reps in [1i64..=2, 1i64..=2, 1i64..=2],
        row_major in [any::<bool>(), any::<bool>(), any::<bool>()],
    ) {
        let atom: MmaAtom = ATOMS[atom].parse().unwrap();
        let atom_layout = tensor3(m, n, k, row);
        match make_tiled_mma(&atom, &atom_layout, None) {
            Ok(mma) => check_mma(&mma, reps, row_major),
            // The exact product refuses to interleave atoms into the gaps of a thread id that
            // is not compact (SM70's quad-pair, threads 0-3 and 16-19) unless they fit.
            Err(e) => prop_assert!(
                atom.thr_id().cosize().unwrap() > atom.thr_id().size(),
                "{atom} over {atom_layout}: {e}"
            ),
        }
    }

    #[test]
    fn a_tiled_copy_partitions_its_tile(
        bits in prop::sample::select(vec![32i64, 64, 128]),
        t0 in 1i64..=8, t1 in 1i64..=8, thr_row in any::<bool>(),
        v0 in 1i64..=2, v1 in 1i64..=2, vector_along_rows in any::<bool>(),
        reps in [1i64..=2, 1i64..=2],
        row_major in any::<bool>(),
    ) {
        let atom: CopyAtom = format!("Copy_Atom<UniversalCopy<uint{bits}_t>, float>").parse().unwrap();
        let vec = bits / 32;
        let val = if vector_along_rows { tensor(vec * v0, v1, false) } else { tensor(v0, vec * v1, false) };
        let thr = tensor(t0, t1, thr_row);
        let copy = make_tiled_copy(&atom, &thr, &val).unwrap();
        check_copy(&copy, reps, row_major);
    }
}

/// `(m, n, k)` atoms, column-major or row-major in M and N.
fn tensor3(m: i64, n: i64, k: i64, row: bool) -> Layout {
    let s = if row {
        format!("({m},{n},{k}):({n},1,{})", m * n)
    } else {
        format!("({m},{n},{k}):(1,{m},{})", m * n)
    };
    s.parse().unwrap()
}

#[test]
fn the_tutorials_configurations_partition_their_tiles() {
    let atom: MmaAtom = "SM80_16x8x16_F16F16F16F16_TN".parse().unwrap();
    let mma = make_tiled_mma(
        &atom,
        &"(2,2):(1,2)".parse().unwrap(),
        Some(&"<32:1,32:1,16:1>".parse().unwrap()),
    )
    .unwrap();
    check_mma(&mma, [2, 2, 2], [true, false, true]);
    let ldsm: CopyAtom = "Copy_Atom<SM75_U32x4_LDSM_N, half_t>".parse().unwrap();
    check_copy(&make_tiled_copy_a(&ldsm, &mma).unwrap(), [2, 2], true);
    let stsm: CopyAtom = "Copy_Atom<SM90_U32x4_STSM_N, half_t>".parse().unwrap();
    check_copy(&make_tiled_copy_c(&stsm, &mma).unwrap(), [2, 1], false);
    let permuted = make_tiled_mma(
        &"SM80_16x8x8_F32F16F16F32_TN".parse().unwrap(),
        &"(2,1,1):(1,0,0)".parse().unwrap(),
        Some(&"<(4,4,2):(1,8,4),_,_>".parse().unwrap()),
    )
    .unwrap();
    check_mma(&permuted, [2, 1, 2], [false, true, false]);
}
