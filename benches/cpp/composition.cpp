// CuTe C++ baseline for `benches/cpp_baseline.sh`: dynamic-integer compositions timed in a loop.
// Built against the CuTe headers of the nvidia-cutlass wheel; prints "name ns_per_op".
#include <chrono>
#include <cstdio>
#include <cute/layout.hpp>

using namespace cute;

template <class T>
static inline void keep(T const& v) { asm volatile("" : : "r,m"(&v) : "memory"); }

template <class F>
static void run(char const* name, F&& f) {
  constexpr long iters = 20'000'000;
  for (long i = 0; i < iters / 10; ++i) f();  // warm up
  auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < iters; ++i) f();
  auto t1 = std::chrono::steady_clock::now();
  double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / iters;
  std::printf("%s %.2f\n", name, ns);
}

int main(int argc, char**) {
  // Runtime values the compiler can neither fold nor hoist out of the loop: argc is 1, read
  // through a volatile on every iteration.
  static volatile int vone;
  vone = argc;
  // CuTe's dynamic layouts are this crate's mixed ones (a static structure, runtime integers):
  // the same code stands for the fully dynamic and the mixed rows.
  auto paper = [&] {
    int one = vone;
    auto a = make_layout(make_shape(4 * one, 6 * one, 8 * one, 10 * one), make_stride(2 * one, 3 * one, 5 * one, 7 * one));
    auto b = make_layout(6 * one, 12 * one);
    auto r = composition(a, b);
    keep(r);
  };
  run("composition/paper_6:12", paper);
  run("composition/mixed/paper_6:12", paper);
  auto tv = [&] {
    int one = vone;
    auto a = make_layout(make_shape(8 * one, 8 * one), make_stride(8 * one, 1 * one));
    auto b = make_layout(make_shape(make_shape(4 * one, 8 * one), 2 * one), make_stride(make_stride(16 * one, 1 * one), 8 * one));
    auto r = composition(a, b);
    keep(r);
  };
  run("composition/tv_rowmajor", tv);
  run("composition/mixed/tv_rowmajor", tv);
  return 0;
}
