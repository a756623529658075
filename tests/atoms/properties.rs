//! The post-conditions of tiled MMAs and tiled copies, over every thread of random ones: the
//! threads' partitions of C (of a copy's source) cover each element of the tensor exactly once,
//! those of A (B) once per thread along N (M), and a partition's offsets are the tensor's offsets
//! at the coordinates its thread-value layout gives.

use cute::atom::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_c, make_tiled_mma, CopyAtom, MmaAtom,
};
use proptest::prelude::*;

use super::fuzz_check::{atom_layout, check, check_copy, check_mma, tensor, ATOMS};

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_tiled_mma_partitions_its_tiles(
        atom in 0..ATOMS.len(),
        m in 1i64..=3, n in 1i64..=3, k in 1i64..=2,
        row in any::<bool>(),
        reps in [1i64..=2, 1i64..=2, 1i64..=2],
        row_major in [any::<bool>(), any::<bool>(), any::<bool>()],
    ) {
        let atom: MmaAtom = ATOMS[atom].parse().unwrap();
        let atom_layout = atom_layout(m, n, k, row);
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

/// The fuzz target's checked-in inputs, then a deterministic sweep of its generator.
#[test]
fn the_fuzz_targets_inputs_keep_their_properties() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/atoms");
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        check(&std::fs::read(entry.unwrap().path()).unwrap());
    }
    let mut state = 0x243f_6a88_85a3_08d3_u64;
    for _ in 0..300 {
        let bytes: Vec<u8> = (0..24)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        check(&bytes);
    }
}
