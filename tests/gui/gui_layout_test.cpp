// Draw-data tests of the window's pure layouts (no display needed): the bank
// map holds one chip per active lane and one row per simulated wavefront; the
// sector map one row per 128-byte line; the model survives bad input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

#include "gui/app_state.hpp"
#include "gui/bank_map_layout.hpp"
#include "gui/code_panel.hpp"
#include "gui/sector_map_layout.hpp"
#include "gui/workbench_layout.hpp"

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
  for (const kernels::KernelDescriptor& k : kernels::catalog()) {
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
}

// The kernel picker: another family keeps the block, warp and instruction where
// it has them (what it lacks starts at 0), and going back returns to the place.
TEST(AppState, SwitchingFamilyKeepsThePlaceWhereItExistsAndReturnsToIt) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  s.set_block(Dim3{5, 7, 0});
  s.set_warp(3);
  s.set_instruction(9);
  ASSERT_TRUE(s.select_kernel("copy"));  // the same grid, 8 warps, fewer instructions
  ASSERT_FALSE(s.param_error);
  EXPECT_EQ(s.block.x, 5);
  EXPECT_EQ(s.block.y, 7);
  EXPECT_EQ(s.warp, 3);
  EXPECT_EQ(s.instruction, 9 < s.instruction_count() ? 9 : 0);
  ASSERT_TRUE(s.select_kernel("smem_stride"));  // one row of blocks: block (5, 7) is not there
  ASSERT_FALSE(s.param_error);
  ASSERT_LT(s.launch.grid.y, 8);
  EXPECT_EQ(s.block.x, 0);
  EXPECT_EQ(s.block.y, 0);
  EXPECT_EQ(s.warp, 3 < s.warps_per_block() ? 3 : 0);
  EXPECT_EQ(s.instruction, 9 < s.instruction_count() ? 9 : 0);
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  EXPECT_EQ(s.block.x, 5);
  EXPECT_EQ(s.block.y, 7);
  EXPECT_EQ(s.warp, 3);
  EXPECT_EQ(s.instruction, 9);
  ASSERT_TRUE(s.current.valid);
  // A place chosen in the other kernel is the one kept from then on.
  ASSERT_TRUE(s.select_kernel("transpose_padded"));
  s.set_instruction(2);
  ASSERT_TRUE(s.select_kernel("transpose_naive"));
  EXPECT_EQ(s.instruction, 2);
  EXPECT_EQ(s.block.x, 5);
}

// The six panels at the classroom size: they tile the area under the status bar
// without overlapping, Code gets at least 35% of the width (more with large
// text), and the middle keeps 30% at 1.5x text.
TEST(WorkbenchLayout, PanelsTileTheWindowAtClassroomSizes) {
  for (const auto& [w, h, fs] : {std::tuple{1280.f, 720.f, 17.f}, std::tuple{1600.f, 900.f, 17.f},
                                 std::tuple{1920.f, 1080.f, 17.f}, std::tuple{1280.f, 720.f, 25.5f}}) {
    SCOPED_TRACE(testing::Message() << w << "x" << h << " font " << fs);
    const float top = 40;
    const WorkbenchLayout L = layout_workbench(w, h, top, fs);
    float area = 0;
    for (const PanelRect& r : L.panels) {
      EXPECT_GE(r.x, 0);
      EXPECT_GE(r.y, top);
      EXPECT_LE(r.right(), w + 0.01f);
      EXPECT_LE(r.bottom(), h + 0.01f);
      area += r.w * r.h;
    }
    EXPECT_NEAR(area, w * (h - top), 1.0f);  // no overlap, no gap
    EXPECT_NEAR(L.left_w + L.mid_w + L.right_w, w, 0.01f);
    EXPECT_GE(L.right_w, 0.34f * w);
    EXPECT_GE(L.mid_w, (fs > 20 ? 0.30f : 0.34f) * w - 0.01f);  // large text: Code grows, the middle keeps 30%
    EXPECT_GE(L.left_w, std::min(17 * fs, 0.30f * w) - 0.01f);
  }
  const WorkbenchLayout L = layout_workbench(1280, 720, 40, 17);
  EXPECT_NEAR(L.left_w, 294.4f, 0.1f);
  EXPECT_NEAR(L.mid_w, 537.6f, 0.1f);
  EXPECT_NEAR(L.right_w, 448.0f, 0.1f);
}

TEST(WorkbenchLayout, MaximiseFillsTheAreaAndRestoreGivesTheRectsBack) {
  const WorkbenchLayout normal = layout_workbench(1280, 720, 40, 17);
  for (int p = 0; p < kPanelCount; ++p) {
    const WorkbenchLayout max = layout_workbench(1280, 720, 40, 17, {}, p);
    EXPECT_EQ(max.panels[p], (PanelRect{0, 40, 1280, 680})) << p;
    EXPECT_NE(max.panels[p], normal.panels[p]) << p;
  }
  EXPECT_EQ(layout_workbench(1280, 720, 40, 17, {}, -1).panels, normal.panels);
}

TEST(WorkbenchLayout, SplittersMoveBordersWithinLimits) {
  const WorkbenchLayout automatic = layout_workbench(1280, 720, 40, 17);
  PanelSplits s;
  s.right = 0.5f;  // Code and Results dragged to half the window
  s.mid_row = 0.3f;
  WorkbenchLayout L = layout_workbench(1280, 720, 40, 17, s);
  EXPECT_NEAR(L.right_w, 640, 0.01f);
  EXPECT_EQ(L.left_w, automatic.left_w);
  EXPECT_NEAR(L[PanelId::Memory].h, 0.3f * 680, 0.01f);
  EXPECT_NEAR(L[PanelId::Code].x, 640, 0.01f);
  // Past the limits: every column keeps 12% of the width, every row 15% of the height.
  s = PanelSplits{.left = 0.9f, .right = 0.9f, .left_row = 0.01f};
  L = layout_workbench(1280, 720, 40, 17, s);
  for (const PanelRect& r : L.panels) {
    EXPECT_GE(r.w, kMinColumnFraction * 1280 - 0.01f);
    EXPECT_GE(r.h, kMinRowFraction * 680 - 0.01f);
  }
  EXPECT_NEAR(L.left_w + L.mid_w + L.right_w, 1280, 0.01f);
  // Automatic again.
  EXPECT_EQ(layout_workbench(1280, 720, 40, 17, PanelSplits{}).panels, automatic.panels);
}

// Wrapping keeps every character of a line, in order, in rows no wider than asked.
TEST(CodePanel, WrappedRowsHoldTheWholeLineWithinTheColumns) {
  const std::string line =
      "    out4[((col_base + r) * height + row_base + 4 * k) / 4] = tile4[r * chunks + (k ^ ((r >> 2) & 7))];";
  for (int columns : {8, 12, 20, 37, 60, 200}) {
    const std::vector<CodeRow> rows = wrap_code_line(line, columns);
    std::string joined;
    for (const CodeRow& r : rows) {
      EXPECT_LE(r.indent + r.end - r.begin, std::max(columns, 8)) << columns;
      EXPECT_LT(r.begin, r.end);
      joined += line.substr(r.begin, r.end - r.begin);
    }
    std::string no_spaces;
    for (char c : line)
      if (c != ' ') no_spaces += c;
    std::erase(joined, ' ');
    EXPECT_EQ(joined, no_spaces) << columns;
    if (columns >= static_cast<int>(line.size())) {
      EXPECT_EQ(rows.size(), 1u);
    }
  }
  EXPECT_EQ(wrap_code_line("", 40).size(), 1u);
}

// At 1280 x 720 (DejaVu Sans Mono at 0.95 x 17 px, which ImGui scales by
// ascent + descent = 1.164 em: 8.35 px a character) the Code panel holds at
// least 40 characters a row, and the current instruction's line of every
// catalog kernel wraps into few enough rows to show whole in the view.
TEST(CodePanel, EveryCatalogSiteLineFitsTheCodePanelAt1280x720) {
  const WorkbenchLayout L = layout_workbench(1280, 720, 41, 17);
  const float mono_px = 17 * 0.95f, char_w = 0.602f * mono_px / 1.164f;
  // Panel padding 8 + child border and padding 8 on each side, the scrollbar 14.
  const int columns = code_columns(L[PanelId::Code].w - 2 * 8 - 2 * 9 - 14, char_w);
  EXPECT_GE(columns, 40);
  // Title bar, the path line (two when it wraps), the child's padding; rows without spacing.
  const int rows_shown = static_cast<int>((L[PanelId::Code].h - 3 * 27 - 16) / mono_px);
  EXPECT_GE(rows_shown, 12);
  AppState s;
  for (const kernels::KernelDescriptor& k : kernels::catalog()) {
    const auto path = locate_source(k.source_path);
    ASSERT_FALSE(path.empty());
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    s.select_kernel(k.name);
    ASSERT_FALSE(s.param_error) << k.name;
    for (const SiteInfo& site : s.trace.sites) {
      ASSERT_LE(site.line, static_cast<int>(lines.size()));
      const std::string& text = lines[site.line - 1];
      const auto rows = wrap_code_line(text, columns);
      EXPECT_LE(static_cast<int>(rows.size()), rows_shown) << k.name << " line " << site.line << ": " << text;
      // The access expression itself starts on a row, not cut at its first character.
      EXPECT_LT(site.column - 1, static_cast<int>(text.size())) << k.name;
    }
  }
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
  for (const kernels::KernelDescriptor& k : kernels::catalog())
    EXPECT_FALSE(locate_source(k.source_path).empty()) << k.source_path;
}

// Issue 37: the code view read its source with a plain std::ifstream, without
// the size cap every other input has: a 5 MB file named like a kernel header
// in WARPSCOPE_DATA_DIR was read whole. Now a regular file of at most
// kMaxCodeViewBytes, else one line the panel shows.
TEST(CodePanel, ReadsItsSourceAsEveryInputIsRead) {
  const auto lines = read_source_lines("kernels/include/ws/kernels/transpose.hpp");
  ASSERT_TRUE(lines) << lines.error().message;
  EXPECT_GT(lines->size(), 50u);

  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("ws_code_view_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "kernels");
  const std::string old_dir = std::getenv("WARPSCOPE_DATA_DIR") ? std::getenv("WARPSCOPE_DATA_DIR") : "";
  ::setenv("WARPSCOPE_DATA_DIR", root.c_str(), 1);
  std::ofstream(root / "kernels" / "big.hpp") << std::string(kMaxCodeViewBytes + 1, 'x');
  const auto big = read_source_lines("kernels/big.hpp");
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("over the code view's 4 MiB limit"), std::string::npos) << big.error().message;
  std::ofstream(root / "kernels" / "tabs.hpp") << "int main() {\n\treturn 0;\n}\n";
  const auto tabs = read_source_lines("kernels/tabs.hpp");
  ASSERT_TRUE(tabs) << tabs.error().message;
  EXPECT_EQ(*tabs, (std::vector<std::string>{"int main() {", "    return 0;", "}"}));
  if (old_dir.empty())
    ::unsetenv("WARPSCOPE_DATA_DIR");
  else
    ::setenv("WARPSCOPE_DATA_DIR", old_dir.c_str(), 1);
  fs::remove_all(root);
}

}  // namespace
}  // namespace ws::gui
