// Focused tests of single rules (S2, S3 pairing, S7, presets) beyond the measured table.
#include <gtest/gtest.h>

#include "test_helpers.hpp"
#include "ws/arch.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/validate.hpp"

namespace ws {
namespace {

using test::shared_load;

const ArchPreset& preset(const char* name) {
  const ArchPreset* p = find_preset(name);
  EXPECT_NE(p, nullptr) << name;
  return *p;
}

TEST(S2Footprint, SixteenByteLaneTouchesFourConsecutiveBanks) {
  const SharedResult r = analyze_shared(shared_load(16, [](int i) { return 16u * i + 48; }), default_preset());
  const SharedLane& L = r.lanes[0];
  ASSERT_EQ(L.num_words, 4);
  EXPECT_EQ(L.bank[0], 12u);
  EXPECT_EQ(L.bank[3], 15u);
}

// S3: one differing pair cancels pairing for the whole warp.
TEST(S3Pairing, OneDifferingPairCancelsEverywhere) {
  auto addr = [](int i) { return 8u * (i / 2) * 2; };  // pairs equal, stride 2 between pairs
  const SharedResult paired = analyze_shared(shared_load(8, addr), default_preset());
  EXPECT_TRUE(paired.paired);
  EXPECT_EQ(paired.group_lanes, 32);
  const SharedResult broken =
      analyze_shared(shared_load(8, [&](int i) { return i == 31 ? 8u * 100 : addr(i); }), default_preset());
  EXPECT_FALSE(broken.paired);
  EXPECT_EQ(broken.group_lanes, 16);
}

TEST(S3Pairing, InactivePartnerDoesNotBreakIt) {
  auto addr = [](int i) { return i == 4 ? 800u : 8u * (i / 2); };
  const std::uint32_t mask = ~(1u << 5);  // lane 4's partner is off
  EXPECT_TRUE(analyze_shared(shared_load(8, addr, mask), default_preset()).paired);
}

TEST(S3Pairing, PartnerTwoAwayAlsoCounts) {
  auto addr = [](int i) { return 16u * ((i & ~2) + 0u); };  // lane i equals lane i^2
  EXPECT_TRUE(analyze_shared(shared_load(16, addr), default_preset()).paired);
}

TEST(S3Pairing, StoresNeverPair) {
  WarpAccess a = shared_load(8, [](int i) { return 8u * (i / 2); });
  a.op = Op::Store;
  const SharedResult r = analyze_shared(a, default_preset());
  EXPECT_FALSE(r.paired);
  EXPECT_EQ(r.wavefronts, 2);
}

TEST(S4Groups, EmptyGroupCostsNothing) {
  // 8-byte, only the first half-warp active: one group of 16, one wavefront.
  const SharedResult r = analyze_shared(shared_load(8, [](int i) { return 8u * i; }, 0xffffu), default_preset());
  EXPECT_EQ(r.wavefronts, 1);
  EXPECT_EQ(r.ideal_wavefronts, 1);
}

TEST(S7Ldmatrix, X1UsesOnlyLanes0To7) {
  WarpAccess a = shared_load(16, [](int i) { return 128u * i; });
  a.ldmatrix = Ldmatrix::X1;
  const SharedResult r = analyze_shared(a, default_preset());
  EXPECT_EQ(r.wavefronts, 8);
  EXPECT_EQ(r.ideal_wavefronts, 1);
  EXPECT_FALSE(r.lanes[8].active);
}

TEST(Broadcast, SharersAndLeaderReported) {
  const SharedResult r = analyze_shared(shared_load(4, [](int i) { return 4u * (i / 4); }), default_preset());
  EXPECT_EQ(r.lanes[5].sharers, 4);
  EXPECT_EQ(r.lanes[5].broadcast_leader, 4);
  EXPECT_EQ(r.wavefronts, 1);
}

TEST(Presets, AllNamedPresetsExist) {
  for (const char* n : {"sm90", "sm50", "sm30-8byte", "sm20", "sm1x", "toy4"}) EXPECT_NE(find_preset(n), nullptr);
  EXPECT_EQ(find_preset("sm99"), nullptr);
  EXPECT_EQ(default_preset().name, "sm90");
}

TEST(Presets, KeplerEightByteBanksServeStrideTwoFloatsAtOnce) {
  // Words 0, 2, 4 ... 62: 32 different 8-byte banks.
  EXPECT_EQ(analyze_shared(shared_load(4, [](int i) { return 8u * i; }), preset("sm30-8byte")).wavefronts, 1);
  EXPECT_EQ(analyze_shared(shared_load(4, [](int i) { return 8u * i; }), preset("sm90")).wavefronts, 2);
  // Two lanes in the two halves of one 8-byte word do not conflict.
  EXPECT_EQ(analyze_shared(shared_load(4, [](int i) { return 4u * i; }), preset("sm30-8byte")).wavefronts, 1);
}

TEST(Presets, TeslaHalfWarpsWithSixteenBanks) {
  const ArchPreset& t = preset("sm1x");
  const SharedResult r = analyze_shared(shared_load(4, [](int i) { return 4u * i; }), t);
  EXPECT_EQ(r.num_groups, 2);
  EXPECT_EQ(r.wavefronts, 2);
  EXPECT_EQ(r.bank_conflicts, 0);
  // Stride 2 words: 2-way within each half-warp.
  EXPECT_EQ(analyze_shared(shared_load(4, [](int i) { return 8u * i; }), t).max_way, 2);
  // One broadcast word per step: two words, each read by 8 lanes, take two
  // steps on cc 1.x (word 0 broadcast first, word 1 after) but one on sm_70+.
  auto two_words = [](int i) { return i % 2 ? 4u : 0u; };
  EXPECT_EQ(analyze_shared(shared_load(4, two_words, 0xffffu), t).wavefronts, 2);
  EXPECT_EQ(analyze_shared(shared_load(4, two_words, 0xffffu), default_preset()).wavefronts, 1);
}

TEST(Presets, FermiSixteenBytesCostTwoAtLeast) {
  // The guide's rule (tests/sim/guide_figures_test.cpp): 1 + the worst quarter-warp bank.
  const SharedResult r = analyze_shared(shared_load(16, [](int i) { return 16u * i; }), preset("sm20"));
  EXPECT_EQ(r.ideal_wavefronts, 1);
  EXPECT_EQ(r.wavefronts, 2);
}

TEST(Validate, LdmatrixOnlyFromSm75) {
  WarpAccess a = shared_load(16, [](int i) { return 16u * i; });
  a.ldmatrix = Ldmatrix::X4;
  EXPECT_FALSE(validate_access(a, default_preset()).has_value());
  EXPECT_TRUE(validate_access(a, *find_preset("sm50")).has_value());
}

TEST(Presets, ToyHasFourBanksAndFourLanes) {
  const ArchPreset& toy = preset("toy4");
  const SharedResult r = analyze_shared(shared_load(4, [](int i) { return 16u * i; }), toy);
  EXPECT_EQ(r.active_lanes, 4);
  EXPECT_EQ(r.wavefronts, 4);
  EXPECT_EQ(analyze_shared(shared_load(4, [](int i) { return 4u * i; }), toy).wavefronts, 1);
}

TEST(Validate, NamesTheMisalignedLane) {
  const auto err = validate_access(shared_load(4, [](int i) { return i == 7 ? 30u : 4u * i; }), default_preset());
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("lane 7"), std::string::npos) << *err;
}

TEST(Validate, RejectsWidthThePresetLacks) {
  WarpAccess a = shared_load(16, [](int i) { return 16u * i; });
  EXPECT_FALSE(validate_access(a, default_preset()).has_value());
  const auto toy = validate_access(a, *find_preset("toy4"));
  ASSERT_TRUE(toy.has_value());
  EXPECT_NE(toy->find("toy4"), std::string::npos) << *toy;
  a.bytes = 3;
  EXPECT_TRUE(validate_access(a, default_preset()).has_value());
}

}  // namespace
}  // namespace ws
