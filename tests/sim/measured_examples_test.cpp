// Every measured example of docs/hardware-model.md ("Measured examples (H100)") as a
// test case: the simulator must reproduce the counters exactly.
#include <gtest/gtest.h>

#include <string>

#include "test_helpers.hpp"
#include "ws/global_analysis.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/swizzle.hpp"

namespace ws {
namespace {

using test::make_access;

struct SharedCase {
  std::string name;
  WarpAccess access;
  int wavefronts;
  int conflicts;
};

WarpAccess lds(int bytes, std::function<std::uint64_t(int)> f, std::uint32_t mask = 0xffffffffu) {
  return make_access(Space::Shared, Op::Load, bytes, f, mask);
}
WarpAccess sts(int bytes, std::function<std::uint64_t(int)> f) {
  return make_access(Space::Shared, Op::Store, bytes, f);
}
WarpAccess ldsm_x4(std::function<std::uint64_t(int)> f) {
  WarpAccess a = lds(16, f);
  a.ldmatrix = Ldmatrix::X4;
  return a;
}

std::vector<SharedCase> shared_cases() {
  const swizzle::Padded padded{32, 1};
  const swizzle::Xor xor32{32};
  const int c = 5;  // any column of the 32x32 tile
  return {
      {"stride1", lds(4, [](int i) { return 4u * i; }), 1, 0},
      {"stride2", lds(4, [](int i) { return 8u * i; }), 2, 1},
      {"stride3", lds(4, [](int i) { return 12u * i; }), 1, 0},
      {"stride16", lds(4, [](int i) { return 64u * i; }), 16, 15},
      {"stride32", lds(4, [](int i) { return 128u * i; }), 32, 31},
      {"stride33", lds(4, [](int i) { return 132u * i; }), 1, 0},
      {"one_address", lds(4, [](int) { return 256u; }), 1, 0},
      {"stride32_lanes0to7", lds(4, [](int i) { return 128u * i; }, 0xffu), 8, 7},
      {"u8_stride1", lds(1, [](int i) { return 1u * i; }), 1, 0},
      {"u16_stride1", lds(2, [](int i) { return 2u * i; }), 1, 0},
      {"u8_stride128", lds(1, [](int i) { return 128u * i; }), 32, 31},
      {"b64_stride1", lds(8, [](int i) { return 8u * i; }), 2, 0},
      {"b64_stride2", lds(8, [](int i) { return 16u * i; }), 4, 2},
      {"b64_one_address", lds(8, [](int) { return 64u; }), 1, 0},
      {"b64_pairs_packed", lds(8, [](int i) { return 8u * (i / 2); }), 1, 0},
      {"b128_stride1", lds(16, [](int i) { return 16u * i; }), 4, 0},
      {"b128_stride2", lds(16, [](int i) { return 32u * i; }), 8, 4},
      {"b128_one_address", lds(16, [](int) { return 0u; }), 2, 0},
      {"b128_mod8", lds(16, [](int i) { return 16u * (i % 8); }), 4, 0},
      {"b128_pairs", lds(16, [](int i) { return 16u * (i / 2); }), 2, 0},
      {"sts32_one_address", sts(4, [](int) { return 0u; }), 1, 0},
      {"sts64_one_address", sts(8, [](int) { return 0u; }), 2, 0},
      {"sts128_one_address", sts(16, [](int) { return 0u; }), 4, 0},
      {"tile_column_read", lds(4, [c](int i) { return 4u * (i * 32 + c); }), 32, 31},
      {"tile_column_read_padded", lds(4, [&](int i) { return 4u * padded.index(i, c); }), 1, 0},
      {"tile_column_read_xor", lds(4, [&](int i) { return 4u * xor32.index(i, c); }), 1, 0},
      {"ldmatrix_x4_rows_128B_apart", ldsm_x4([](int i) { return 128u * i; }), 32, 28},
      {"ldmatrix_x4_xor_swizzled",
       ldsm_x4([](int i) { return swizzle::tma(128u * i, swizzle::TmaMode::B128); }), 4, 0},
  };
}

void PrintTo(const SharedCase& c, std::ostream* os) { *os << c.name; }

class MeasuredShared : public ::testing::TestWithParam<SharedCase> {};

TEST_P(MeasuredShared, MatchesH100Counters) {
  const SharedCase& c = GetParam();
  const SharedResult r = analyze_shared(c.access, default_preset());
  EXPECT_EQ(r.wavefronts, c.wavefronts);
  EXPECT_EQ(r.bank_conflicts, c.conflicts);
}

INSTANTIATE_TEST_SUITE_P(HardwareModel, MeasuredShared, ::testing::ValuesIn(shared_cases()),
                         [](const auto& info) { return info.param.name; });

// S5: the ideal is not bytes/128.
TEST(MeasuredShared, IdealCountsGroupsNotBytes) {
  const std::uint32_t mask = 0x0f0f0f0fu;  // lanes 0-3, 8-11, 16-19, 24-27
  const SharedResult r = analyze_shared(lds(16, [](int i) { return 16u * i; }, mask), default_preset());
  EXPECT_EQ(r.wavefronts, 4);
  EXPECT_EQ(r.ideal_wavefronts, 4);
  EXPECT_EQ(r.bank_conflicts, 0);
}

TEST(MeasuredShared, NWayDegreeIsLargestGroup) {
  const SharedResult r = analyze_shared(lds(4, [](int i) { return 128u * i; }), default_preset());
  EXPECT_EQ(r.max_way, 32);
  EXPECT_EQ(r.ideal_wavefronts, 1);
}

struct GlobalCase {
  std::string name;
  WarpAccess access;
  int sectors;
};

WarpAccess ldg(int bytes, std::function<std::uint64_t(int)> f, std::uint32_t mask = 0xffffffffu) {
  return make_access(Space::Global, Op::Load, bytes, f, mask);
}

std::vector<GlobalCase> global_cases() {
  return {
      {"f32_coalesced", ldg(4, [](int i) { return 4096u + 4u * i; }), 4},
      {"f32_misaligned", ldg(4, [](int i) { return 4096u + 4u * i + 4; }), 5},
      {"f32_stride2", ldg(4, [](int i) { return 4096u + 8u * i; }), 8},
      {"f32_stride8", ldg(4, [](int i) { return 4096u + 32u * i; }), 32},
      {"f32_stride32", ldg(4, [](int i) { return 4096u + 128u * i; }), 32},
      {"f32_one_address", ldg(4, [](int) { return 4096u; }), 1},
      {"f32_lanes0to15", ldg(4, [](int i) { return 4096u + 4u * i; }, 0xffffu), 2},
      {"b64_coalesced", ldg(8, [](int i) { return 4096u + 8u * i; }), 8},
      {"b64_offset", ldg(8, [](int i) { return 4096u + 8u * i + 8; }), 9},
      {"b128_coalesced", ldg(16, [](int i) { return 4096u + 16u * i; }), 16},
      {"b128_stride2", ldg(16, [](int i) { return 4096u + 32u * i; }), 32},
  };
}

void PrintTo(const GlobalCase& c, std::ostream* os) { *os << c.name; }

class MeasuredGlobal : public ::testing::TestWithParam<GlobalCase> {};

TEST_P(MeasuredGlobal, MatchesH100Counters) {
  const GlobalCase& c = GetParam();
  const GlobalResult r = analyze_global(c.access);
  EXPECT_EQ(r.requests, 1);  // G1
  EXPECT_EQ(r.sectors, c.sectors);
}

INSTANTIATE_TEST_SUITE_P(HardwareModel, MeasuredGlobal, ::testing::ValuesIn(global_cases()),
                         [](const auto& info) { return info.param.name; });

TEST(MeasuredGlobal, StoreCountsLikeLoad) {
  WarpAccess a = ldg(4, [](int i) { return 4u * i; });
  a.op = Op::Store;
  EXPECT_EQ(analyze_global(a).sectors, 4);
}

TEST(MeasuredGlobal, NoActiveLaneNoRequest) {
  const GlobalResult r = analyze_global(ldg(4, [](int i) { return 4u * i; }, 0u));
  EXPECT_EQ(r.requests, 0);
  EXPECT_EQ(r.sectors, 0);
}

TEST(MeasuredGlobal, EfficiencyAndLines) {
  const GlobalResult r = analyze_global(ldg(4, [](int i) { return 4u * i + 4; }));
  EXPECT_EQ(r.lines, 2);
  EXPECT_EQ(r.bytes_requested, 128u);
  EXPECT_EQ(r.bytes_moved, 160u);
  EXPECT_DOUBLE_EQ(r.efficiency, 0.8);
}

}  // namespace
}  // namespace ws
