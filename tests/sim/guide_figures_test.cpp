// The old presets against the CUDA C Programming Guide's own examples
// (Appendix "Compute Capabilities": Compute Capability 1.x, Shared Memory;
// Compute Capability 2.x, Shared Memory, 128-bit accesses). docs/hardware-model.md,
// "Older presets", cites each rule. Every number below is the guide's.
#include <gtest/gtest.h>

#include "test_helpers.hpp"
#include "ws/shared_analysis.hpp"

namespace ws {
namespace {

using test::shared_load;

const ArchPreset& guide_preset(const char* name) { return *find_preset(name); }

WarpAccess from_list(Op op, int bytes, std::initializer_list<long long> addresses) {
  WarpAccess a;
  a.space = Space::Shared;
  a.op = op;
  a.bytes = static_cast<std::uint8_t>(bytes);
  a.active_mask = 0;
  int lane = 0;
  for (long long x : addresses) {
    if (x >= 0) {
      a.address[lane] = static_cast<std::uint64_t>(x);
      a.active_mask |= 1u << lane;
    }
    ++lane;
  }
  return a;
}

// cc 1.x, the guide's broadcast figure: threads 3, 4, 6, 7 and 9 of a half-warp
// read one word of bank 5, the others one word each of their own banks:
// "conflict-free", whichever word the hardware broadcasts.
TEST(GuideCc1x, BroadcastFigureIsConflictFree) {
  const auto a = from_list(Op::Load, 4, {0, 4, 8, 20, 20, 12, 20, 20, 32, 20, 40, 44, 48, 52, 56, 60});
  const SharedResult r = analyze_shared(a, guide_preset("sm1x"));
  EXPECT_EQ(r.wavefronts, 1);
  EXPECT_EQ(r.max_way, 1);
  EXPECT_EQ(count_shared(a, guide_preset("sm1x")).wavefronts, 1);
}

// Broadcast only serves one word per step: two words in the same bank, each
// wanted by several threads, take two steps (the guide's conflicting figure).
TEST(GuideCc1x, TwoWordsOfOneBankTakeTwoSteps) {
  const auto a = from_list(Op::Load, 4, {0, 64, 0, 64, 0, 64, 0, 64});
  EXPECT_EQ(analyze_shared(a, guide_preset("sm1x")).wavefronts, 2);
}

// Stores: several threads writing one word is no conflict (one write wins).
TEST(GuideCc1x, StoresToOneWordAreOneStep) {
  const auto a = from_list(Op::Store, 4, {0, 0, 4, 4});
  EXPECT_EQ(analyze_shared(a, guide_preset("sm1x")).wavefronts, 1);
}

// 64-bit accesses are two 32-bit requests, each at a stride of two words: the
// guide's "2-way bank conflicts" for an array of doubles, per request.
TEST(GuideCc1x, DoublesAreTwoRequestsWithTwoWayConflicts) {
  const SharedResult r = analyze_shared(shared_load(8, [](int i) { return 8u * i; }), guide_preset("sm1x"));
  EXPECT_EQ(r.max_way, 2);
  EXPECT_EQ(r.ideal_wavefronts, 4);  // 2 half-warps x 2 requests
  EXPECT_EQ(r.wavefronts, 8);
}

// cc 2.x, 128-bit accesses: 1 + the most threads of a quarter-warp that access
// different addresses in one bank. Consecutive float4s are the guide's
// "majority of 128-bit accesses", a 2-way conflict.
TEST(GuideCc2x, SixteenByteAccessesFollowTheQuarterWarpRule) {
  const ArchPreset& fermi = guide_preset("sm20");
  auto way = [&](std::uint64_t stride) {
    const auto a = shared_load(16, [=](int i) { return stride * i; });
    const SharedResult r = analyze_shared(a, fermi);
    EXPECT_EQ(count_shared(a, fermi).wavefronts, r.wavefronts);
    return r.wavefronts;
  };
  EXPECT_EQ(way(16), 2);   // no two threads of a quarter in one bank: 1 + 1
  EXPECT_EQ(way(32), 3);   // two threads of a quarter per bank: 1 + 2
  EXPECT_EQ(way(128), 9);  // all eight threads of a quarter in banks 0-3: 1 + 8
  EXPECT_EQ(way(0), 2);    // one address for all: 1 + 1
}

// sm_70+ is unchanged by the old rules (measured, docs/hardware-model.md).
TEST(GuideCc2x, NewerPresetsKeepTheirRules) {
  EXPECT_EQ(analyze_shared(shared_load(16, [](int i) { return 16u * i; }), default_preset()).wavefronts, 4);
  EXPECT_EQ(analyze_shared(shared_load(16, [](int i) { return 128u * i; }), default_preset()).wavefronts, 32);
}

}  // namespace
}  // namespace ws
