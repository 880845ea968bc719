// Warp instructions analysed per second, by access pattern (the simulator's
// target: >= 30 M/s for 4-byte shared on one core). Results: docs/performance.md.
// Run: build/tests/ws_sim_benchmark
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "ws/global_analysis.hpp"
#include "ws/shared_analysis.hpp"

namespace {

enum Pattern { kStride1, kPaddedColumn, kStride2, kColumn32Way, kBroadcastQuads, kRandom, kNumPatterns };
const char* const kPatternNames[] = {"stride1",     "padded_column", "stride2",
                                     "column_32way", "broadcast4",    "random"};

// 64 instances of a pattern at different offsets, so nothing is cached per address.
std::vector<ws::WarpAccess> instances(ws::Space space, int bytes, Pattern p) {
  std::vector<ws::WarpAccess> v;
  std::mt19937 rng(42);
  for (int k = 0; k < 64; ++k) {
    ws::WarpAccess a;
    a.space = space;
    a.bytes = static_cast<std::uint8_t>(bytes);
    const std::uint64_t base = static_cast<std::uint64_t>(k) * 4096;
    for (std::uint64_t i = 0; i < 32; ++i) {
      std::uint64_t element = 0;
      switch (p) {
        case kStride1: element = i; break;
        case kPaddedColumn: element = i * 33 + k % 32; break;
        case kStride2: element = 2 * i; break;
        case kColumn32Way: element = i * 32 + k % 32; break;
        case kBroadcastQuads: element = i / 4; break;
        default: element = rng() % 2048; break;
      }
      a.address[i] = base + element * bytes;
    }
    v.push_back(a);
  }
  return v;
}

void label(benchmark::State& state, int bytes, Pattern p) {
  state.SetLabel(std::string(kPatternNames[p]) + ", " + std::to_string(bytes) + " B");
  state.SetItemsProcessed(state.iterations());
}

// Totals only: what whole-kernel simulation runs per instruction.
void BM_SharedTotals(benchmark::State& state) {
  const int bytes = static_cast<int>(state.range(0));
  const auto p = static_cast<Pattern>(state.range(1));
  const auto v = instances(ws::Space::Shared, bytes, p);
  std::size_t i = 0;
  for (auto _ : state) {
    const ws::SharedCounts c = ws::count_shared(v[i++ & 63], ws::default_preset());
    benchmark::DoNotOptimize(c.wavefronts);
  }
  label(state, bytes, p);
}

// Every lane's banks, words and wavefronts: what the window draws.
void BM_SharedDetailed(benchmark::State& state) {
  const int bytes = static_cast<int>(state.range(0));
  const auto p = static_cast<Pattern>(state.range(1));
  const auto v = instances(ws::Space::Shared, bytes, p);
  ws::SharedResult r;
  std::size_t i = 0;
  for (auto _ : state) {
    ws::analyze_shared(v[i++ & 63], ws::default_preset(), r);
    benchmark::DoNotOptimize(r.wavefronts);
  }
  label(state, bytes, p);
}

void BM_Global(benchmark::State& state) {
  const int bytes = static_cast<int>(state.range(0));
  const auto p = static_cast<Pattern>(state.range(1));
  const auto v = instances(ws::Space::Global, bytes, p);
  ws::GlobalResult r;
  std::size_t i = 0;
  for (auto _ : state) {
    ws::analyze_global(v[i++ & 63], 32, r);
    benchmark::DoNotOptimize(r.sectors);
  }
  label(state, bytes, p);
}

void all_patterns(benchmark::internal::Benchmark* b, std::initializer_list<int> widths) {
  for (int bytes : widths)
    for (int p = 0; p < kNumPatterns; ++p) b->Args({bytes, p});
}

BENCHMARK(BM_SharedTotals)->Apply([](auto* b) { all_patterns(b, {4, 8, 16}); });
BENCHMARK(BM_SharedDetailed)->Apply([](auto* b) { all_patterns(b, {4}); });
BENCHMARK(BM_Global)->Apply([](auto* b) { all_patterns(b, {4}); });

}  // namespace

BENCHMARK_MAIN();
