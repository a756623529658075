// Computes with CuTe C++ (CUTLASS 4.2) the expected values of the atom expressions of
// tests/data/atoms.jsonl: one line per case, `expression<TAB>CuTe's printed result`
// (tests/atoms/generate.sh builds and runs it). The expressions are cute::expr's, the results
// CuTe's `print`.
#include <cstdio>
#include <sstream>
#include <string>
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
using namespace cute;

template <class T> std::string str(T const& x) { std::ostringstream s; s << x; return s.str(); }
static void out(std::string const& e, std::string const& r) { printf("%s\t%s\n", e.c_str(), r.c_str()); }
template <class L> std::string offsets(L const& l, int start) {
  std::string s = "[";
  for (int i = 0; i < size(l); ++i) { if (i) s += ","; s += std::to_string(start + l(i)); }
  return s + "]";
}

template <class Atom> void atom_queries(std::string const& name) {
  using A = MMA_Atom<Atom>;
  out("ALayout(" + name + ")", str(typename A::LayoutA_TV{}));
  out("BLayout(" + name + ")", str(typename A::LayoutB_TV{}));
  out("CLayout(" + name + ")", str(typename A::LayoutC_TV{}));
  out("ThrID(" + name + ")", str(typename A::ThrID{}));
  out("Shape_MNK(" + name + ")", str(typename A::Shape_MNK{}));
}

template <class Atom> void copy_queries(std::string const& name) {
  out("ThrID(" + name + ")", str(typename Atom::ThrID{}));
  out("ValLayoutSrc(" + name + ")", str(typename Atom::ValLayoutSrc{}));
  out("ValLayoutDst(" + name + ")", str(typename Atom::ValLayoutDst{}));
}

// A partition's layout and its offsets in the tensor, the start offset included.
template <class P> void partition(std::string const& e, P const& p, int start) {
  out(e, str(p.layout()));
  out("eval(" + e + ")", offsets(p.layout(), start));
}


template <bool Frag = true, class MMA, class LA, class LB, class LC>
void tiled_mma(std::string const& t, MMA const& mma, LA const& la, LB const& lb, LC const& lc, std::vector<int> thrs) {
  out("size(" + t + ")", str(size(mma)));
  out("tile_size(" + t + ", 0)", str(tile_size<0>(mma)));
  out("tile_size(" + t + ", 1)", str(tile_size<1>(mma)));
  out("tile_size(" + t + ", 2)", str(tile_size<2>(mma)));
  out("get_layoutA_TV(" + t + ")", str(mma.get_layoutA_TV()));
  out("get_layoutB_TV(" + t + ")", str(mma.get_layoutB_TV()));
  out("get_layoutC_TV(" + t + ")", str(mma.get_layoutC_TV()));
  std::vector<float> buf(1 << 16);
  auto A = make_tensor(make_gmem_ptr(buf.data()), la);
  auto B = make_tensor(make_gmem_ptr(buf.data()), lb);
  auto C = make_tensor(make_gmem_ptr(buf.data()), lc);
  for (int thr : thrs) {
    if (thr >= size(mma)) continue;
    auto s = mma.get_slice(thr);
    auto pa = s.partition_A(A); auto pb = s.partition_B(B); auto pc = s.partition_C(C);
    std::string th = std::to_string(thr);
    partition("partition_A(" + t + ", " + th + ", " + str(la) + ")", pa, pa.data().get() - buf.data());
    partition("partition_B(" + t + ", " + th + ", " + str(lb) + ")", pb, pb.data().get() - buf.data());
    partition("partition_C(" + t + ", " + th + ", " + str(lc) + ")", pc, pc.data().get() - buf.data());
  }
  if constexpr (Frag) {
  auto s0 = mma.get_slice(0);
  out("partition_fragment_A(" + t + ", " + str(la) + ")", str(s0.partition_fragment_A(A).layout()));
  out("partition_fragment_B(" + t + ", " + str(lb) + ")", str(s0.partition_fragment_B(B).layout()));
  out("partition_fragment_C(" + t + ", " + str(lc) + ")", str(s0.partition_fragment_C(C).layout()));
  }
}

template <class TC, class L>
void tiled_copy(std::string const& t, TC const& tc, L const& ls, std::vector<int> thrs) {
  out("size(" + t + ")", str(size(tc)));
  out("tile_size(" + t + ", 0)", str(tile_size<0>(tc)));
  out("tile_size(" + t + ", 1)", str(tile_size<1>(tc)));
  out("get_layoutS_TV(" + t + ")", str(tc.get_layoutS_TV()));
  out("get_layoutD_TV(" + t + ")", str(tc.get_layoutD_TV()));
  std::vector<float> buf(1 << 16);
  auto S = make_tensor(make_gmem_ptr(buf.data()), ls);
  for (int thr : thrs) {
    if (thr >= size(tc)) continue;
    auto s = tc.get_slice(thr);
    auto ps = s.partition_S(S); auto pd = s.partition_D(S);
    std::string th = std::to_string(thr);
    partition("partition_S(" + t + ", " + th + ", " + str(ls) + ")", ps, ps.data().get() - buf.data());
    partition("partition_D(" + t + ", " + th + ", " + str(ls) + ")", pd, pd.data().get() - buf.data());
  }
}

template <class TC, class F>
void retile(std::string const& t, TC const& tc, F const& f) {
  auto s = tc.get_slice(0);
  std::vector<float> buf(1 << 12);
  auto x = make_tensor(buf.data(), f);
  out("retile_S(" + t + ", " + str(f) + ")", str(s.retile_S(x).layout()));
  out("retile_D(" + t + ", " + str(f) + ")", str(s.retile_D(x).layout()));
}

#define ATOM(T) atom_queries<T>(#T)
#define COPYATOM(N, ...) copy_queries<__VA_ARGS__>(N)

int main() {
  ATOM(UniversalFMA<float>);
  ATOM(SM61_DP4A); ATOM(SM61_DP2A);
  ATOM(SM70_8x8x4_F16F16F16F16_TN); ATOM(SM70_8x8x4_F16F16F16F16_NT); ATOM(SM70_8x8x4_F16F16F16F16_NN); ATOM(SM70_8x8x4_F16F16F16F16_TT);
  ATOM(SM70_8x8x4_F32F16F16F32_TN); ATOM(SM70_8x8x4_F32F16F16F32_NT); ATOM(SM70_8x8x4_F32F16F16F32_NN); ATOM(SM70_8x8x4_F32F16F16F32_TT);
  ATOM(SM75_16x8x8_F32F16F16F32_TN);
  ATOM(SM80_16x8x8_F16F16F16F16_TN); ATOM(SM80_16x8x16_F16F16F16F16_TN);
  ATOM(SM80_16x8x8_F32F16F16F32_TN); ATOM(SM80_16x8x16_F32F16F16F32_TN);
  ATOM(SM80_16x8x8_F32BF16BF16F32_TN); ATOM(SM80_16x8x16_F32BF16BF16F32_TN);
  ATOM(SM80_16x8x4_F32TF32TF32F32_TN); ATOM(SM80_16x8x8_F32TF32TF32F32_TN);
  ATOM(SM80_8x8x4_F64F64F64F64_TN); ATOM(SM80_16x8x32_S32S8S8S32_TN);
  using namespace SM90::GMMA;
  atom_queries<MMA_64x8x16_F32F16F16_SS<Major::K, Major::K>>("SM90_64x8x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>");
  atom_queries<MMA_64x128x16_F32F16F16_SS<Major::K, Major::MN>>("SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::MN>");
  atom_queries<MMA_64x256x16_F32BF16BF16_SS<Major::MN, Major::K>>("SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::K>");
  atom_queries<MMA_64x64x16_F32F16F16_RS<Major::K, Major::K>>("SM90_64x64x16_F32F16F16_RS<GMMA::Major::K,GMMA::Major::K>");
  atom_queries<MMA_64x96x16_F32BF16BF16_RS<Major::K, Major::MN>>("SM90_64x96x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>");

  COPYATOM("Copy_Atom<UniversalCopy<uint128_t>, float>", Copy_Atom<UniversalCopy<uint128_t>, float>);
  COPYATOM("Copy_Atom<UniversalCopy<uint64_t>, half_t>", Copy_Atom<UniversalCopy<uint64_t>, half_t>);
  COPYATOM("Copy_Atom<UniversalCopy<uint8_t>, uint8_t>", Copy_Atom<UniversalCopy<uint8_t>, uint8_t>);
  COPYATOM("Copy_Atom<UniversalCopy<float>, float>", Copy_Atom<UniversalCopy<float>, float>);
  COPYATOM("Copy_Atom<UniversalCopy<double>, double>", Copy_Atom<UniversalCopy<double>, double>);
  COPYATOM("Copy_Atom<AutoVectorizingCopy, float>", Copy_Atom<AutoVectorizingCopy, float>);
  COPYATOM("Copy_Atom<SM75_U32x1_LDSM_N, half_t>", Copy_Atom<SM75_U32x1_LDSM_N, half_t>);
  COPYATOM("Copy_Atom<SM75_U32x2_LDSM_N, half_t>", Copy_Atom<SM75_U32x2_LDSM_N, half_t>);
  COPYATOM("Copy_Atom<SM75_U32x4_LDSM_N, half_t>", Copy_Atom<SM75_U32x4_LDSM_N, half_t>);
  COPYATOM("Copy_Atom<SM75_U16x2_LDSM_T, half_t>", Copy_Atom<SM75_U16x2_LDSM_T, half_t>);
  COPYATOM("Copy_Atom<SM75_U16x4_LDSM_T, half_t>", Copy_Atom<SM75_U16x4_LDSM_T, half_t>);
  COPYATOM("Copy_Atom<SM75_U16x8_LDSM_T, bfloat16_t>", Copy_Atom<SM75_U16x8_LDSM_T, bfloat16_t>);
  COPYATOM("Copy_Atom<SM75_U32x4_LDSM_N, uint8_t>", Copy_Atom<SM75_U32x4_LDSM_N, uint8_t>);
  COPYATOM("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>", Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>);
  COPYATOM("Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, float>", Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, float>);
  COPYATOM("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, float>", Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint32_t>, float>);
  COPYATOM("Copy_Atom<SM90_U32x4_STSM_N, half_t>", Copy_Atom<SM90_U32x4_STSM_N, half_t>);
  COPYATOM("Copy_Atom<SM90_U32x1_STSM_N, half_t>", Copy_Atom<SM90_U32x1_STSM_N, half_t>);
  COPYATOM("Copy_Atom<SM90_U16x8_STSM_T, half_t>", Copy_Atom<SM90_U16x8_STSM_T, half_t>);

  // sgemm_2: UniversalFMA over 16x16 threads; its 128-bit copies of A and B.
  {
    auto mma = make_tiled_mma(UniversalFMA<float>{}, Layout<Shape<_16, _16, _1>>{});
    tiled_mma("make_tiled_mma(UniversalFMA<float>, (16,16,1):(1,16,0))", mma,
              make_layout(make_shape(Int<128>{}, Int<8>{})), make_layout(make_shape(Int<128>{}, Int<8>{}), LayoutRight{}),
              make_layout(make_shape(Int<128>{}, Int<128>{})), {0, 17, 255});
    auto mma2 = make_tiled_mma(UniversalFMA<float>{}, Layout<Shape<_16, _16, _1>, Stride<_16, _1, _0>>{});
    tiled_mma("make_tiled_mma(UniversalFMA<float>, (16,16,1):(16,1,0))", mma2,
              make_layout(make_shape(Int<64>{}, Int<8>{})), make_layout(make_shape(Int<64>{}, Int<8>{})),
              make_layout(make_shape(Int<64>{}, Int<64>{}), LayoutRight{}), {0, 33});
    auto cA = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{}, Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{});
    tiled_copy("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(1,32), (4,1):(1,0))", cA,
               make_layout(make_shape(Int<128>{}, Int<8>{})), {0, 1, 255});
    auto cB = make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>{}, Layout<Shape<_32, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _1>>{});
    tiled_copy("make_tiled_copy(Copy_Atom<UniversalCopy<float>, float>, (32,8):(8,1), (1,1):(0,0))", cB,
               make_layout(make_shape(Int<32>{}, Int<16>{}), LayoutRight{}), {0, 9});
  }
  // tiled_copy: 128-bit values over 32x8 threads.
  {
    auto tc = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{}, Layout<Shape<_32, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _4>>{});
    tiled_copy("make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>, (32,8):(8,1), (1,4):(0,1))", tc,
               make_layout(make_shape(Int<256>{}, Int<64>{}), LayoutRight{}), {0, 7, 100});
  }
  // sgemm_sm80: SM80 16x8x16 over 2x2 warps, 32x32x16 permuted; cp.async G2S; LDSM S2R.
  {
    auto mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _2>>{}, Tile<_32, _32, _16>{});
    std::string t = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, (2,2):(1,2), <32:1,32:1,16:1>)";
    tiled_mma(t, mma, make_layout(make_shape(Int<128>{}, Int<32>{}), LayoutRight{}), make_layout(make_shape(Int<128>{}, Int<32>{}), LayoutRight{}),
              make_layout(make_shape(Int<128>{}, Int<128>{})), {0, 37, 127});
    auto g2s = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, Layout<Shape<_16, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{});
    tiled_copy("make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>, (16,8):(8,1), (1,8):(0,1))", g2s,
               make_layout(make_shape(Int<128>{}, Int<64>{}), LayoutRight{}), {0, 5, 127});
    auto s2rA = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
    std::string ta = "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, " + t + ")";
    tiled_copy(ta, s2rA, make_layout(make_shape(Int<128>{}, Int<32>{}), LayoutRight{}), {0, 3, 70});
    auto s2rB = make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, mma);
    std::string tb = "make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>, " + t + ")";
    tiled_copy(tb, s2rB, make_layout(make_shape(Int<128>{}, Int<32>{}), LayoutRight{}), {0, 45});
    auto s2rT = make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, mma);
    std::string tt = "make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>, " + t + ")";
    tiled_copy(tt, s2rT, make_layout(make_shape(Int<128>{}, Int<32>{})), {0, 99});
    auto r2s = make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, mma);
    std::string tcn = "make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, half_t>, " + t + ")";
    tiled_copy(tcn, r2s, make_layout(make_shape(Int<128>{}, Int<128>{})), {0, 64});
    auto stsm = make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, mma);
    std::string ts = "make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>, " + t + ")";
    tiled_copy(ts, stsm, make_layout(make_shape(Int<32>{}, Int<32>{}), LayoutRight{}), {0, 31});
    auto thr = mma.get_slice(0);
    auto sA = make_tensor(make_smem_ptr((half_t*)nullptr), make_layout(make_shape(Int<128>{}, Int<32>{}), LayoutRight{}));
    auto sB = make_tensor(make_smem_ptr((half_t*)nullptr), make_layout(make_shape(Int<128>{}, Int<32>{}), LayoutRight{}));
    retile(ta, s2rA, thr.partition_fragment_A(sA).layout());
    retile(tb, s2rB, thr.partition_fragment_B(sB).layout());
  }
  // Volta's quad-pairs, an atom layout with K, a permutation of M, Hopper's warpgroups, integer dot products.
  {
    auto mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_2, _2, _1>>{});
    tiled_mma("make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT, (2,2,1):(1,2,0))", mma,
              make_layout(make_shape(Int<32>{}, Int<8>{})), make_layout(make_shape(Int<32>{}, Int<8>{})),
              make_layout(make_shape(Int<32>{}, Int<32>{})), {0, 5, 127});
    auto m2 = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_1, _2, _2>>{});
    tiled_mma("make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, (1,2,2):(1,1,2))", m2,
              make_layout(make_shape(Int<32>{}, Int<32>{}), LayoutRight{}), make_layout(make_shape(Int<32>{}, Int<32>{}), LayoutRight{}),
              make_layout(make_shape(Int<32>{}, Int<32>{})), {0, 77});
    auto m3 = make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN{}, Layout<Shape<_2, _1, _1>>{},
                             Tile<Layout<Shape<_4, _4, _2>, Stride<_1, _8, _4>>, Underscore, Underscore>{});
    tiled_mma("make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN, (2,1,1):(1,0,0), <(4,4,2):(1,8,4),_,_>)", m3,
              make_layout(make_shape(Int<64>{}, Int<16>{})), make_layout(make_shape(Int<16>{}, Int<16>{})),
              make_layout(make_shape(Int<64>{}, Int<16>{})), {0, 40});
    auto m4 = make_tiled_mma(SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{}, Layout<Shape<_2, _1, _1>>{});
    tiled_mma<false>("make_tiled_mma(SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>, (2,1,1):(1,0,0))", m4,
              make_layout(make_shape(Int<128>{}, Int<64>{}), LayoutRight{}), make_layout(make_shape(Int<64>{}, Int<64>{}), LayoutRight{}),
              make_layout(make_shape(Int<128>{}, Int<64>{})), {0, 200});
    auto m5 = make_tiled_mma(SM61_DP4A{}, Layout<Shape<_4, _8, _1>>{});
    tiled_mma("make_tiled_mma(SM61_DP4A, (4,8,1):(1,4,0))", m5,
              make_layout(make_shape(Int<8>{}, Int<16>{}), LayoutRight{}), make_layout(make_shape(Int<16>{}, Int<16>{}), LayoutRight{}),
              make_layout(make_shape(Int<8>{}, Int<16>{})), {0, 31});
    auto m6 = make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN{}, Layout<Shape<_2, _2, _1>>{});
    tiled_mma("make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (2,2,1):(1,2,0))", m6,
              make_layout(make_shape(Int<16>{}, Int<8>{})), make_layout(make_shape(Int<16>{}, Int<8>{})),
              make_layout(make_shape(Int<16>{}, Int<16>{})), {0, 127});
    auto c6 = make_tiled_copy_C(Copy_Atom<UniversalCopy<double>, double>{}, m6);
    tiled_copy("make_tiled_copy_C(Copy_Atom<UniversalCopy<double>, double>, make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, (2,2,1):(1,2,0)))", c6,
               make_layout(make_shape(Int<16>{}, Int<16>{})), {0, 50});
  }
}
