//! `tensor/local_tile_partition/{mixed,dynamic,hand}`: a runtime-sized column-major matrix (a
//! `Counting` tensor, so nothing is read), the 32x16 tile at a runtime tile coordinate
//! (`local_tile` by a static tiler), then thread `i`'s elements of it (`local_partition` by a
//! static 8x4 thread layout): with mixed layouts, with `cute-core`'s dynamic ones, and as the
//! offset and strides one computes by hand. Each returns the partition's first offset and a
//! stride, so that nothing is optimized away.

use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use cute::cute_static::tensor::{local_partition, local_tile};
use cute::{layout, make_tensor, tiler, Counting, IntTuple, Layout, Tiler};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("tensor");
    let (m, n) = (black_box(1000i64), black_box(600i64));
    let a = make_tensor(Counting, layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    let (tiler, thr) = (tiler!(<32:1,16:1>), layout!((8,4):(1,8)));
    g.bench_function("local_tile_partition/mixed", |bench| {
        bench.iter(|| {
            let (i, j, t) = black_box((3i64, 5i64, 13i64));
            let tile = local_tile(black_box(a), &tiler, (i, j)).ok()?;
            let mine = local_partition(tile, &thr, t).ok()?;
            Some((mine.base(), mine.layout().offset(5)))
        });
    });
    let d = make_tensor(Counting, a.layout().to_dynamic()).unwrap();
    let (dtiler, dthr): (Tiler, Layout) = ("<32:1,16:1>".parse().unwrap(), thr.to_dynamic());
    g.bench_function("local_tile_partition/dynamic", |bench| {
        bench.iter(|| {
            let (i, j, t) = black_box((3i64, 5i64, 13i64));
            let c: IntTuple = IntTuple::flat(&[i, j]).ok()?;
            let tile = black_box(d).local_tile(dtiler, &c).ok()?;
            let mine = tile.local_partition(&dthr, t).ok()?;
            Some((mine.base(), mine.layout().eval(5).ok()?))
        });
    });
    g.bench_function("local_tile_partition/hand", |bench| {
        bench.iter(|| {
            let (i, j, t) = black_box((3i64, 5i64, 13i64));
            let m = black_box(m);
            // The tile's origin, then the thread's: row t % 8, column t / 8; rows step 8,
            // columns step 4 columns.
            if !(0..m / 32).contains(&i) || !(0..n / 16).contains(&j) || !(0..32).contains(&t) {
                return None;
            }
            let base = 32 * i + 16 * j * m + (t % 8) + (t / 8) * m;
            Some((base, 8 + 4 * m))
        });
    });
    g.finish();
}

criterion_group!(benches, bench);
