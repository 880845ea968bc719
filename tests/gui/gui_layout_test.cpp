// Draw-data tests of the window's pure layouts (no display needed): the bank
// map holds one chip per active lane and one row per simulated wavefront; the
// sector map one row per 128-byte line; the model survives bad input.
#include <gtest/gtest.h>

#include <set>

#include "gui/app_state.hpp"
#include "gui/bank_map_layout.hpp"
#include "gui/code_panel.hpp"
#include "gui/sector_map_layout.hpp"

namespace ws::gui {
namespace {

// transpose_* at 256 x 256 keeps the whole-kernel job in the background short.
void small_transpose(AppState& s, std::string_view kernel) {
  ASSERT_TRUE(s.select_kernel(kernel));
  kernels::KernelParams p = s.params;
  p.rows = p.cols = 256;
  s.set_params(p);
  ASSERT_FALSE(s.param_error) << *s.param_error;
}

int site_named(const AppState& s, std::string_view name) {
  for (std::size_t i = 0; i < s.trace.sites.size(); ++i)
    if (s.trace.sites[i].name == name) return static_cast<int>(i);
  return -1;
}

// The shared load that reads a tile column: the instruction the lesson is about.
void select_column_read(AppState& s) {
  int site = -1;
  for (std::size_t i = 0; i < s.trace.sites.size(); ++i)
    if (s.trace.sites[i].space == Space::Shared && s.trace.sites[i].op == Op::Load) site = static_cast<int>(i);
  ASSERT_GE(site, 0);
  ASSERT_TRUE(s.select_site(site));
  ASSERT_TRUE(s.current.valid) << s.current.error;
}

BankMapLayout layout_of(const AppState& s) {
  BankMapMetrics m;
  m.available_width = 900;
  return layout_bank_map(s.current.shared, m);
}

TEST(BankMapLayout, ColumnReadOfPlainTileIsOneChipPerLaneIn32Rows) {
  AppState s;
  small_transpose(s, "transpose_shared");
  select_column_read(s);
  const BankMapLayout L = layout_of(s);
  EXPECT_EQ(L.rows, s.current.shared.wavefronts);
  EXPECT_EQ(L.rows, 32);
  EXPECT_EQ(static_cast<int>(L.chips.size()), s.current.shared.active_lanes);
  std::set<int> lanes, rows;
  for (const BankMapChip& c : L.chips) {
    lanes.insert(c.lane);
    rows.insert(c.wavefront);
    EXPECT_EQ(c.bank, L.chips.front().bank) << "a column of tile[32][32] is one bank";
    EXPECT_FALSE(c.folded);
    EXPECT_GT(c.rect.width(), 0);
  }
  EXPECT_EQ(lanes.size(), 32u);
  EXPECT_EQ(rows.size(), 32u);
  EXPECT_EQ(conflict_headline(s.current.shared), "32-way conflict: 32 wavefronts, ideal 1");
}

TEST(BankMapLayout, PaddedTileColumnReadIsOneRow) {
  AppState s;
  small_transpose(s, "transpose_padded");
  select_column_read(s);
  const BankMapLayout L = layout_of(s);
  EXPECT_EQ(L.rows, 1);
  EXPECT_EQ(static_cast<int>(L.chips.size()), 32);
  std::set<int> banks;
  for (const BankMapChip& c : L.chips) banks.insert(c.bank);
  EXPECT_EQ(banks.size(), 32u);
  EXPECT_EQ(conflict_headline(s.current.shared), "Conflict-free: 1 wavefront, ideal 1");
}

TEST(BankMapLayout, EveryCatalogSharedInstructionHasOneChipPerActiveLaneWord) {
  AppState s;
  for (const kernels::KernelInfo& k : kernels::catalog()) {
    s.select_kernel(k.name);
    if (s.param_error) continue;
    for (int i = 0; i < s.instruction_count(); ++i) {
      s.set_instruction(i);
      if (!s.current.valid || s.current.access.space != Space::Shared) continue;
      const SharedResult& r = s.current.shared;
      int words = 0;
      for (int l = 0; l < r.warp_lanes; ++l) words += r.lanes[l].active ? r.lanes[l].num_words : 0;
      const BankMapLayout L = layout_of(s);
      EXPECT_EQ(static_cast<int>(L.chips.size()), words) << k.name << " instruction " << i;
      EXPECT_EQ(L.rows, r.wavefronts) << k.name << " instruction " << i;
      for (const BankMapChip& c : L.chips) EXPECT_LT(c.wavefront, L.rows);
    }
  }
}

TEST(BankMapLayout, BroadcastFoldsUnderOneBadge) {
  AppState s;
  s.pattern.expr = "0";
  s.set_source(InstructionSource::Pattern);
  ASSERT_TRUE(s.current.valid) << s.current.error;
  const BankMapLayout L = layout_of(s);
  EXPECT_EQ(L.rows, 1);
  EXPECT_EQ(L.chips.size(), 32u);
  ASSERT_EQ(L.badges.size(), 1u);
  EXPECT_EQ(L.badges[0].lanes, 32);
  int folded = 0;
  for (const BankMapChip& c : L.chips) folded += c.folded;
  EXPECT_EQ(folded, 31);
}

TEST(BankMapLayout, EightByteLanesGiveTwoChipsAndHalfWarpRows) {
  AppState s;
  s.pattern.expr = "8 * lane";
  s.pattern.bytes = 8;
  s.set_source(InstructionSource::Pattern);
  ASSERT_TRUE(s.current.valid) << s.current.error;
  const BankMapLayout L = layout_of(s);
  EXPECT_EQ(L.rows, 2);  // S3: two half-warps, one wavefront each
  EXPECT_EQ(L.chips.size(), 64u);
  EXPECT_EQ(L.row_group[0], 0);
  EXPECT_EQ(L.row_group[1], 1);
}

TEST(SectorMapLayout, NaiveTransposeStoreIs32LinesOfOneSector) {
  AppState s;
  small_transpose(s, "transpose_naive");
  const int store = site_named(s, "out_store");
  ASSERT_GE(store, 0);
  ASSERT_TRUE(s.select_site(store));
  ASSERT_TRUE(s.current.valid);
  SectorMapMetrics m;
  const SectorMapLayout L = layout_sector_map(s.current.access, s.current.global, 32, m);
  EXPECT_EQ(static_cast<int>(L.rows.size()), s.current.global.lines);
  EXPECT_EQ(L.rows.size(), 32u);
  int touched = 0;
  for (const SectorMapRow& r : L.rows)
    for (bool t : r.sector_touched) touched += t;
  EXPECT_EQ(touched, s.current.global.sectors);
  EXPECT_EQ(touched, 32);
  EXPECT_EQ(L.chips.size(), 32u);
}

TEST(SectorMapLayout, MisalignedRowSpillsIntoASecondLine) {
  AppState s;
  s.pattern.expr = "4 * lane + 4";
  s.pattern.space = Space::Global;
  s.set_source(InstructionSource::Pattern);
  ASSERT_TRUE(s.current.valid) << s.current.error;
  const SectorMapLayout L = layout_sector_map(s.current.access, s.current.global, 32, SectorMapMetrics{});
  ASSERT_EQ(L.rows.size(), 2u);
  EXPECT_EQ(s.current.global.sectors, 5);
  EXPECT_FALSE(L.rows[1].gap_before);
  EXPECT_EQ(L.chips.size(), 32u);
}

TEST(AppState, BadParametersAreShownNotThrown) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  kernels::KernelParams p = s.params;
  p.rows = 0;
  s.set_params(p);
  ASSERT_TRUE(s.param_error.has_value());
  EXPECT_FALSE(s.current.valid);
  EXPECT_FALSE(s.current.error.empty());
  s.step_instruction(1);  // stepping with nothing traced is harmless
  s.step_block(1);
  p.rows = 256;
  s.set_params(p);
  EXPECT_FALSE(s.param_error);
  EXPECT_TRUE(s.current.valid);
}

// The tile-layout buttons: plain -> padded keeps the block, warp and
// instruction, and the highlighted source line moves to the padded body's own.
TEST(AppState, SwitchingTileLayoutKeepsThePlace) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_block(Dim3{5, 7, 0});
  s.set_warp(3);
  s.set_instruction(9);
  const int plain_line = s.trace.sites[s.current.site].line;
  const std::string plain_site = s.trace.sites[s.current.site].name;
  const kernels::KernelParams keep = s.params;
  ASSERT_TRUE(s.select_kernel("transpose_padded", &keep));
  EXPECT_EQ(s.block.x, 5);
  EXPECT_EQ(s.block.y, 7);
  EXPECT_EQ(s.warp, 3);
  EXPECT_EQ(s.instruction, 9);
  ASSERT_TRUE(s.current.valid);
  EXPECT_EQ(s.trace.sites[s.current.site].name, plain_site);
  EXPECT_NE(s.trace.sites[s.current.site].line, plain_line);
  // Another family starts over.
  ASSERT_TRUE(s.select_kernel("matmul_tiled"));
  EXPECT_EQ(s.warp, 0);
  EXPECT_EQ(s.instruction, 0);
}

TEST(AppState, BadPatternShowsItsMessage) {
  AppState s;
  s.pattern.expr = "lane / 0";
  s.set_source(InstructionSource::Pattern);
  EXPECT_FALSE(s.current.valid);
  EXPECT_FALSE(s.pattern.error.empty());
  s.pattern.expr = "4 * lane +";
  s.apply_pattern();
  EXPECT_FALSE(s.pattern.error.empty());
}

TEST(AppState, StepsWrapAroundAndToyWarpsHaveFourLanes) {
  AppState s;
  small_transpose(s, "transpose_shared");
  const int n = s.instruction_count();
  ASSERT_GT(n, 0);
  s.set_instruction(0);
  s.step_instruction(-1);
  EXPECT_EQ(s.instruction, n - 1);
  s.step_warp(-1);
  EXPECT_EQ(s.warp, s.warps_per_block() - 1);
  s.step_block(-1);
  EXPECT_EQ(s.block.x, s.launch.grid.x - 1);
  EXPECT_EQ(s.block.y, s.launch.grid.y - 1);
  for (std::size_t i = 0; i < all_presets().size(); ++i)
    if (all_presets()[i].name == "toy4") s.select_arch(static_cast<int>(i));
  EXPECT_EQ(s.current.warp_lanes, 4);
  EXPECT_EQ(s.warps_per_block(), s.launch.block.count() / 4);
}

TEST(CodePanel, EveryKernelSourceIsFound) {
  for (const kernels::KernelInfo& k : kernels::catalog())
    EXPECT_FALSE(locate_source(k.source_path).empty()) << k.source_path;
}

}  // namespace
}  // namespace ws::gui
