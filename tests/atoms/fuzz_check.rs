//! The checks of a tiled MMA's and a tiled copy's post-conditions over every thread, and the
//! fuzz target's input decoded into random ones (`fuzz/fuzz_targets/atoms.rs` includes this
//! file; `tests/atoms` replays its regressions and sweeps it).

use cute::atom::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, make_tiled_mma,
    CopyAtom, MmaAtom, Operand3, Side, TiledCopy, TiledMma,
};
use cute::{IntTuple, Layout};

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
pub(crate) fn tensor(m: i64, n: i64, row_major: bool) -> Layout {
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
pub(crate) const ATOMS: [&str; 8] = [
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
pub(crate) fn check_mma(mma: &TiledMma, reps: [i64; 3], row_major: [bool; 3]) {
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
pub(crate) fn check_copy(copy: &TiledCopy, reps: [i64; 2], row_major: bool) {
    let (tm, tn) = (copy.tile_size(0).unwrap(), copy.tile_size(1).unwrap());
    let l = tensor(tm * reps[0], tn * reps[1], row_major);
    let atom = copy.atom();
    for (side, atom_side) in [
        (Side::S, atom.val_layout_src().unwrap()),
        (Side::D, atom.val_layout_dst().unwrap()),
    ] {
        // Each element once per copy of the tile the thread-value layout holds (a copy of a
        // tiled MMA's A holds one per thread along N), times the threads of the atom that share
        // an element on this side (half of an stmatrix's threads name the rows it writes).
        let image: std::collections::HashSet<i64> = (0..atom_side.size())
            .map(|i| atom_side.eval(i).unwrap())
            .collect();
        let shared = atom_side.size() / image.len() as i64;
        let copies = copy.layout_tv().size() / (tm * tn) * shared;
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

/// The bytes of an input, read one at a time (0 past the end).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (b, rest) = self.0.split_first().map_or((0, &[][..]), |(b, r)| (*b, r));
        self.0 = rest;
        b
    }

    /// A number in `lo..=hi`.
    fn pick(&mut self, lo: i64, hi: i64) -> i64 {
        lo + i64::from(self.byte()) % (hi - lo + 1)
    }
}

/// `(m, n, k)` atoms, column-major or row-major in M and N.
pub(crate) fn atom_layout(m: i64, n: i64, k: i64, row: bool) -> Layout {
    let s = if row {
        format!("({m},{n},{k}):({n},1,{})", m * n)
    } else {
        format!("({m},{n},{k}):(1,{m},{})", m * n)
    };
    s.parse().unwrap()
}

/// Copy atoms of `float` and of `half_t` for the random tiled copies.
const COPIES: [&str; 6] = [
    "Copy_Atom<UniversalCopy<uint32_t>, float>",
    "Copy_Atom<UniversalCopy<uint64_t>, float>",
    "Copy_Atom<UniversalCopy<uint128_t>, float>",
    "Copy_Atom<UniversalCopy<uint128_t>, half_t>",
    "Copy_Atom<SM75_U32x4_LDSM_N, half_t>",
    "Copy_Atom<SM90_U32x2_STSM_N, half_t>",
];

/// One input: a random tiled MMA (its partitions checked), and a random tiled copy, of thread
/// and value layouts or of the MMA's operands (its partitions checked). Construction may fail,
/// with a typed error; what is built keeps its post-conditions.
pub(crate) fn check(data: &[u8]) {
    let mut b = Bytes(data);
    let atom: MmaAtom = ATOMS[b.pick(0, ATOMS.len() as i64 - 1) as usize]
        .parse()
        .unwrap();
    let (m, n, k, row) = (b.pick(1, 4), b.pick(1, 4), b.pick(1, 2), b.byte() % 2 == 0);
    let perm = match b.byte() % 3 {
        0 => Some(
            format!("<{}:1,_,_>", atom.shape_mnk()[0] * m * 2)
                .parse()
                .unwrap(),
        ),
        _ => None,
    };
    let reps = [b.pick(1, 2), b.pick(1, 2), b.pick(1, 2)];
    let majors = [b.byte() % 2 == 0, b.byte() % 2 == 0, b.byte() % 2 == 0];
    let Ok(mma) = make_tiled_mma(&atom, &atom_layout(m, n, k, row), perm.as_ref()) else {
        return;
    };
    // The checks evaluate every thread's every offset: keep an input's work to about a million
    // evaluations (a GMMA operand in shared memory is every thread's whole tile).
    let t0 = mma.thr_layout_vmnk().eval(0).unwrap();
    let ts = [0, 1, 2].map(|i| mma.tile_size(i).unwrap());
    let mut values = 0;
    for (which, (i, j)) in [
        (Operand3::A, (0, 2)),
        (Operand3::B, (1, 2)),
        (Operand3::C, (0, 1)),
    ] {
        match mma.partition(which, t0, &tensor(ts[i], ts[j], false)) {
            Ok((p, _)) => values += p.size(),
            Err(_) => return,
        }
    }
    // And each thread's partition is the algebra again (tens of microseconds): at most 256.
    if mma.size() > 256 || mma.size().saturating_mul(values).saturating_mul(8) > 1 << 20 {
        return;
    }
    check_mma(&mma, reps, majors);
    let copy_atom: CopyAtom = COPIES[b.pick(0, COPIES.len() as i64 - 1) as usize]
        .parse()
        .unwrap();
    let copy = match b.byte() % 4 {
        0 => make_tiled_copy_a(&copy_atom, &mma),
        1 => make_tiled_copy_b(&copy_atom, &mma),
        2 => make_tiled_copy_c(&copy_atom, &mma),
        _ => {
            let vec = copy_atom.num_val_src().unwrap_or(1);
            let (t0, t1, v0, v1) = (b.pick(1, 8), b.pick(1, 8), b.pick(1, 2), b.pick(1, 2));
            let val = if b.byte() % 2 == 0 {
                tensor(vec * v0, v1, false)
            } else {
                tensor(v0, vec * v1, false)
            };
            make_tiled_copy(&copy_atom, &tensor(t0, t1, b.byte() % 2 == 0), &val)
        }
    };
    if let Ok(copy) = copy {
        // As above: every thread's values, on every side and repetition.
        if copy.size() <= 256 && copy.layout_tv().size().saturating_mul(16) <= 1 << 20 {
            check_copy(&copy, [reps[0], reps[1]], majors[0]);
        }
    }
}
