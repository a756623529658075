use core::arch::nvptx::{_block_idx_x, _block_idx_y, _thread_idx_x};
use cute::algorithm::{copy, copy_if, elem_less};
use cute::{layout, local_partition, local_tile, make_fragment_like, make_identity_tensor, make_tensor, tiler, Error};

#[inline(always)]
unsafe fn args(src: *const f32, dst: *mut f32, m: i64, n: i64) -> (&'static [f32], &'static mut [f32], i64, i64, i64) {
    let t = i64::from(_thread_idx_x());
    let (bm, bn) = (i64::from(_block_idx_x()), i64::from(_block_idx_y()));
    let len = (m * n) as usize;
    unsafe { (core::slice::from_raw_parts(src, len), core::slice::from_raw_parts_mut(dst, len), bm, bn, t) }
}

#[inline(always)]
fn p1(s: &[f32], d: &mut [f32], m: i64, n: i64, t: i64) -> Result<(), Error> {
    let a = make_tensor(s, layout!(({m},{n}):(1,{m}))?)?;
    d[0] = a.get(t)?;
    Ok(())
}
#[inline(always)]
fn p2(s: &[f32], d: &mut [f32], m: i64, n: i64, bm: i64, bn: i64, t: i64) -> Result<(), Error> {
    let a = make_tensor(s, layout!(({m},{n}):(1,{m}))?)?;
    let tile = tiler!(<16:1,8:1>);
    let x = local_tile(a, &tile, (bm, bn))?;
    d[0] = x.get(t)?;
    Ok(())
}
#[inline(always)]
fn p3(s: &[f32], d: &mut [f32], m: i64, n: i64, bm: i64, bn: i64, t: i64) -> Result<(), Error> {
    let a = make_tensor(s, layout!(({m},{n}):(1,{m}))?)?;
    let tile = tiler!(<16:1,8:1>);
    let threads = layout!((4,8):(1,4));
    let x = local_partition(local_tile(a, &tile, (bm, bn))?, &threads, t)?;
    d[0] = x.get(1)?;
    Ok(())
}
#[inline(always)]
fn p4(s: &[f32], d: &mut [f32], m: i64, n: i64, bm: i64, bn: i64, t: i64) -> Result<(), Error> {
    let a = make_tensor(s, layout!(({m},{n}):(1,{m}))?)?;
    let mut b = make_tensor(d, layout!(({m},{n}):(1,{m}))?)?;
    let tile = tiler!(<16:1,8:1>);
    let threads = layout!((4,8):(1,4));
    let mine = local_partition(local_tile(a, &tile, (bm, bn))?, &threads, t)?;
    let mut out = local_partition(local_tile(b.view_mut(), &tile, (bm, bn))?, &threads, t)?;
    let mut regs = make_fragment_like(&mine);
    if mine.is_whole() {
        copy(&mine, &mut regs)?;
        copy(&regs, &mut out)?;
    }
    Ok(())
}
#[inline(always)]
fn p5(s: &[f32], d: &mut [f32], m: i64, n: i64, bm: i64, bn: i64, t: i64) -> Result<(), Error> {
    let a = make_tensor(s, layout!(({m},{n}):(1,{m}))?)?;
    let tile = tiler!(<16:1,8:1>);
    let threads = layout!((4,8):(1,4));
    let mine = local_partition(local_tile(a, &tile, (bm, bn))?, &threads, t)?;
    let mut regs = make_fragment_like(&mine);
    let c = make_identity_tensor((m, n))?;
    let c = local_partition(local_tile(c, &tile, (bm, bn))?, &threads, t)?;
    let inside = |k| c.get(k).is_ok_and(|x| elem_less(&x, &[m, n]));
    copy_if(inside, &mine, &mut regs)?;
    d[0] = regs.get(1)?;
    Ok(())
}
#[inline(always)]
fn p6(s: &[f32], d: &mut [f32], m: i64, n: i64, bm: i64, bn: i64, t: i64) -> Result<(), Error> {
    let c = make_identity_tensor((m, n))?;
    let tile = tiler!(<16:1,8:1>);
    let threads = layout!((4,8):(1,4));
    let c = local_partition(local_tile(c, &tile, (bm, bn))?, &threads, t)?;
    let x = c.get(1)?;
    d[0] = (x[0] + x[1]) as f32;
    let _ = s;
    Ok(())
}

macro_rules! k { ($name:ident, $f:expr) => {
    #[no_mangle]
    pub unsafe extern "ptx-kernel" fn $name(src: *const f32, dst: *mut f32, m: i64, n: i64) {
        let (s, d, bm, bn, t) = unsafe { args(src, dst, m, n) };
        let _ = $f(s, d, m, n, bm, bn, t);
    }
}}
#[inline(always)]
fn p1w(s: &[f32], d: &mut [f32], m: i64, n: i64, _bm: i64, _bn: i64, t: i64) -> Result<(), Error> { p1(s, d, m, n, t) }
k!(zz_p1, p1w);
k!(zz_p2, p2);
k!(zz_p3, p3);
k!(zz_p4, p4);
k!(zz_p5, p5);
k!(zz_p6, p6);
