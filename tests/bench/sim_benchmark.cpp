// Warp instructions analysed per second (issue 2 target: >= 30 M/s for 4-byte
// shared on one core). Run: build/tests/ws_sim_benchmark
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "ws/global_analysis.hpp"
#include "ws/shared_analysis.hpp"

namespace {

// A mix of realistic patterns: strides, a padded column read, broadcasts, random.
std::vector<ws::WarpAccess> patterns(ws::Space space, int bytes) {
  std::vector<ws::WarpAccess> v;
  std::mt19937 rng(42);
  for (int p = 0; p < 64; ++p) {
    ws::WarpAccess a;
    a.space = space;
    a.bytes = static_cast<std::uint8_t>(bytes);
    const int stride = 1 + p % 33;
    for (int i = 0; i < 32; ++i) {
      switch (p % 4) {
        case 0: a.address[i] = static_cast<std::uint64_t>(bytes) * stride * i; break;
        case 1: a.address[i] = 4u * (i * 33 + p) / bytes * bytes; break;
        case 2: a.address[i] = static_cast<std::uint64_t>(bytes) * (i / 4); break;
        default: a.address[i] = static_cast<std::uint64_t>(bytes) * (rng() % 2048); break;
      }
    }
    v.push_back(a);
  }
  return v;
}

void BM_Shared(benchmark::State& state) {
  const auto v = patterns(ws::Space::Shared, static_cast<int>(state.range(0)));
  ws::SharedResult r;
  std::size_t i = 0;
  for (auto _ : state) {
    ws::analyze_shared(v[i++ & 63], ws::default_preset(), r);
    benchmark::DoNotOptimize(r.wavefronts);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Shared)->Arg(4)->Arg(8)->Arg(16)->ArgName("bytes");

void BM_Global(benchmark::State& state) {
  const auto v = patterns(ws::Space::Global, 4);
  ws::GlobalResult r;
  std::size_t i = 0;
  for (auto _ : state) {
    ws::analyze_global(v[i++ & 63], 32, r);
    benchmark::DoNotOptimize(r.sectors);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Global)->ArgName("bytes")->Arg(4);

}  // namespace

BENCHMARK_MAIN();
