// Properties over random patterns (fixed seeds) that must hold for any access.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "test_helpers.hpp"
#include "ws/global_analysis.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/swizzle.hpp"

namespace ws {
namespace {

constexpr int kWidths[] = {1, 2, 4, 8, 16};

WarpAccess random_access(std::mt19937& rng, Space space, int bytes) {
  // Small address ranges make conflicts and shared words frequent.
  std::uniform_int_distribution<std::uint64_t> slot(0, rng() % 2 ? 63 : 4095);
  WarpAccess a;
  a.space = space;
  a.op = rng() % 2 ? Op::Load : Op::Store;
  a.bytes = static_cast<std::uint8_t>(bytes);
  a.active_mask = rng() % 4 == 0 ? static_cast<std::uint32_t>(rng()) : 0xffffffffu;
  for (auto& addr : a.address) addr = slot(rng) * bytes;
  return a;
}

TEST(SharedProperties, WavefrontsAtLeastIdealAndBoundedByLanes) {
  std::mt19937 rng(1234);
  for (int iter = 0; iter < 20000; ++iter) {
    const int bytes = kWidths[iter % 5];
    const WarpAccess a = random_access(rng, Space::Shared, bytes);
    const SharedResult r = analyze_shared(a, default_preset());
    ASSERT_GE(r.wavefronts, r.ideal_wavefronts);
    ASSERT_EQ(r.bank_conflicts, r.wavefronts - r.ideal_wavefronts);
    // A group can never need more wavefronts than the words its lanes touch.
    for (int g = 0; g < r.num_groups; ++g) ASSERT_LE(r.group_wavefronts[g], r.group_lanes * 4);
    ASSERT_EQ(r.active_lanes, std::popcount(a.active_mask));
  }
}

TEST(SharedProperties, EveryWavefrontServesAtMostOneWordPerBank) {
  std::mt19937 rng(99);
  for (int iter = 0; iter < 5000; ++iter) {
    const WarpAccess a = random_access(rng, Space::Shared, kWidths[iter % 5]);
    const SharedResult r = analyze_shared(a, default_preset());
    std::set<std::pair<int, int>> seen_bank_wave;
    std::set<std::tuple<int, int, std::uint64_t>> seen_word;
    for (const SharedLane& L : r.lanes) {
      if (!L.active) continue;
      for (int k = 0; k < L.num_words; ++k) {
        ASSERT_LT(L.wavefront[k], r.wavefronts);
        if (seen_word.insert({L.wavefront[k], static_cast<int>(L.bank[k]), L.word[k]}).second) {
          ASSERT_TRUE(seen_bank_wave.insert({L.wavefront[k], static_cast<int>(L.bank[k])}).second)
              << "two words of bank " << L.bank[k] << " in wavefront " << L.wavefront[k];
        }
      }
    }
  }
}

// A permutation of lanes inside a group of 4-byte accesses keeps W (S4 counts sets).
TEST(SharedProperties, LanePermutationKeepsWavefronts) {
  std::mt19937 rng(7);
  for (int iter = 0; iter < 5000; ++iter) {
    WarpAccess a = random_access(rng, Space::Shared, 4);
    const int before = analyze_shared(a, default_preset()).wavefronts;
    std::array<int, 32> perm{};
    for (int i = 0; i < 32; ++i) perm[i] = i;
    std::shuffle(perm.begin(), perm.end(), rng);
    WarpAccess b = a;
    b.active_mask = 0;
    for (int i = 0; i < 32; ++i) {
      b.address[perm[i]] = a.address[i];
      if (a.active(i)) b.active_mask |= 1u << perm[i];
    }
    ASSERT_EQ(analyze_shared(b, default_preset()).wavefronts, before);
  }
}

// S6: what inactive lanes point at never matters.
TEST(SharedProperties, InactiveLanesContributeNothing) {
  std::mt19937 rng(11);
  for (int iter = 0; iter < 5000; ++iter) {
    WarpAccess a = random_access(rng, Space::Shared, kWidths[iter % 5]);
    const SharedResult r1 = analyze_shared(a, default_preset());
    for (int i = 0; i < 32; ++i)
      if (!a.active(i)) a.address[i] = 16u * (rng() % 1000);
    const SharedResult r2 = analyze_shared(a, default_preset());
    ASSERT_EQ(r1.wavefronts, r2.wavefronts);
  }
}

// Padding [32][33], rotation and XOR make every row and column conflict-free.
TEST(SharedProperties, PaddedRotatedXorTilesAreConflictFree) {
  const swizzle::Padded padded{32, 1};
  const swizzle::Rotated rotated{32};
  const swizzle::Xor xored{32};
  for (int k = 0; k < 32; ++k) {
    auto row = [&](auto f) { return test::shared_load(4, [&](int i) { return 4u * f(k, i); }); };
    auto col = [&](auto f) { return test::shared_load(4, [&](int i) { return 4u * f(i, k); }); };
    auto pad = [&](int r, int c) { return padded.index(r, c); };
    auto rot = [&](int r, int c) { return rotated.index(r, c); };
    auto xr = [&](int r, int c) { return xored.index(r, c); };
    EXPECT_EQ(analyze_shared(row(pad), default_preset()).wavefronts, 1) << "padded row " << k;
    EXPECT_EQ(analyze_shared(col(pad), default_preset()).wavefronts, 1) << "padded column " << k;
    EXPECT_EQ(analyze_shared(row(rot), default_preset()).wavefronts, 1) << "rotated row " << k;
    EXPECT_EQ(analyze_shared(col(rot), default_preset()).wavefronts, 1) << "rotated column " << k;
    EXPECT_EQ(analyze_shared(row(xr), default_preset()).wavefronts, 1) << "xor row " << k;
    EXPECT_EQ(analyze_shared(col(xr), default_preset()).wavefronts, 1) << "xor column " << k;
    // Without any of them the column read is the classic 32-way conflict.
    auto plain = [&](int r, int c) { return r * 32 + c; };
    EXPECT_EQ(analyze_shared(col(plain), default_preset()).wavefronts, 32);
  }
}

TEST(GlobalProperties, SectorsCoverActiveBytes) {
  std::mt19937 rng(5);
  for (int iter = 0; iter < 20000; ++iter) {
    const int bytes = kWidths[iter % 5];
    const WarpAccess a = random_access(rng, Space::Global, bytes);
    const GlobalResult r = analyze_global(a);
    std::set<std::uint64_t> distinct_bytes;
    for (int i = 0; i < 32; ++i)
      if (a.active(i))
        for (int b = 0; b < bytes; ++b) distinct_bytes.insert(a.address[i] + b);
    ASSERT_GE(static_cast<std::size_t>(r.sectors) * 32, distinct_bytes.size());
    ASSERT_LE(r.sectors, std::popcount(a.active_mask));  // aligned lanes fit in one sector
    ASSERT_LE(r.lines, r.sectors);
    ASSERT_EQ(r.requests, a.active_mask ? 1 : 0);
    ASSERT_EQ(r.bytes_moved, 32u * r.sectors);
  }
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

// count_shared's shortcuts (distinct banks, affine strides) equal the detailed
// analysis on every preset, including strided, broadcast and random patterns.
TEST(SharedProperties, FastTotalsEqualDetailedAnalysis) {
  std::mt19937 rng(2024);
  for (const ArchPreset& arch : all_presets()) {
    for (int iter = 0; iter < 6000; ++iter) {
      const int bytes = kWidths[iter % 5];
      if (!arch.allows_width(bytes)) continue;
      WarpAccess a = random_access(rng, Space::Shared, bytes);
      if (iter % 3 == 0) {  // affine: base + stride * lane, any stride including 0 and negative
        const std::int64_t stride = static_cast<std::int64_t>(rng() % 70) - 5;
        const std::int64_t base = 4096 + static_cast<std::int64_t>(rng() % 64);
        for (int i = 0; i < 32; ++i) a.address[i] = static_cast<std::uint64_t>((base + stride * i) * bytes);
        if (iter % 2) a.active_mask = 0xffffffffu;
      }
      const SharedCounts fast = count_shared(a, arch);
      const SharedResult full = analyze_shared(a, arch);
      ASSERT_EQ(fast.wavefronts, full.wavefronts) << arch.name << " iter " << iter;
      ASSERT_EQ(fast.ideal_wavefronts, full.ideal_wavefronts) << arch.name;
      ASSERT_EQ(fast.max_way, full.max_way) << arch.name;
    }
  }
}

}  // namespace
}  // namespace ws
