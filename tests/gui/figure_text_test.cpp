// The figures' text and geometry without a window: a concealed cost is absent
// from every string a figure draws and present after the reveal; the request
// row holds every active lane in one row; a lane number fits its chip (squeezed
// or stacked, never below what the back row reads); text wraps only at spaces.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "gui/app_state.hpp"
#include "gui/bank_map_layout.hpp"
#include "gui/bank_map_panel.hpp"
#include "gui/canvas.hpp"
#include "gui/figure_text.hpp"
#include "gui/text_wrap.hpp"
#include "ws/shared_analysis.hpp"

namespace ws::gui {
namespace {

bool any_contains(const std::vector<std::string>& strings, std::string_view what) {
  return std::any_of(strings.begin(), strings.end(), [&](const std::string& s) { return s.find(what) != std::string::npos; });
}

// smem_stride at stride 2: a 2-way conflict, 2 wavefronts.
void stride_two(AppState& s) {
  ASSERT_TRUE(s.select_kernel("smem_stride"));
  kernels::KernelParams p = s.params;
  p.stride = 2;
  s.set_params(p);
  ASSERT_FALSE(s.param_error) << *s.param_error;
  for (int i = 0; i < s.instruction_count(); ++i)
    if (s.trace.instructions[i].access.space == Space::Shared) {
      s.set_instruction(i);
      break;
    }
  ASSERT_TRUE(s.current.valid && s.current.access.space == Space::Shared) << s.current.error;
  ASSERT_EQ(s.current.shared.wavefronts, 2);
}

TEST(FigureText, ConcealedBankMapDrawsNoCountAndTheRevealDoes) {
  AppState s;
  stride_two(s);
  s.view.conceal.hide("", lessons::Quantity::SharedCost);
  const auto hidden = figure_strings(s, lessons::View::BankMap);
  EXPECT_TRUE(any_contains(hidden, "? wavefronts"));
  for (const char* answer : {"2 wavefronts", "2-way", "W1", "groups", "Conflict-free"})
    EXPECT_FALSE(any_contains(hidden, answer)) << answer;
  EXPECT_TRUE(any_contains(hidden, kRequestRowLabel));

  s.view.conceal = {};
  const auto revealed = figure_strings(s, lessons::View::BankMap);
  EXPECT_TRUE(any_contains(revealed, "2 wavefronts"));
  EXPECT_TRUE(any_contains(revealed, "2-way"));
  EXPECT_TRUE(any_contains(revealed, "W1"));
  EXPECT_FALSE(any_contains(revealed, "? wavefronts"));
}

TEST(FigureText, HiddenLanesAreAQuestionMark) {
  AppState s;
  stride_two(s);
  s.view.conceal.hide("", lessons::Quantity::Lanes);
  const BankMapText t = bank_map_text(figure_accesses(s).figures[0], s.view.conceal);
  EXPECT_NE(t.summary.find("? active lanes"), std::string::npos) << t.summary;
  EXPECT_EQ(t.summary.find("32 active lanes"), std::string::npos) << t.summary;
}

TEST(FigureText, BesideConfigurationIsTitledAndConcealedUnderItsName) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("transpose_shared"));
  kernels::KernelParams p = s.params;
  p.rows = p.cols = 256;
  s.set_params(p);
  // The column read of the plain tile; beside it, the padded tile's.
  int column_read = -1;
  for (int i = 0; i < s.instruction_count(); ++i) {
    const auto& a = s.trace.instructions[i].access;
    if (a.space == Space::Shared && a.op == Op::Load) column_read = i;
  }
  ASSERT_GE(column_read, 0);
  s.set_instruction(column_read);
  lessons::StepState beside;
  beside.kernel = "transpose_padded";
  beside.params = s.params;
  beside.site = s.trace.sites[s.trace.instructions[column_read].site].name;
  s.view.beside = beside;
  s.view.beside_name = "pad";
  s.view.conceal.hide("pad", lessons::Quantity::SharedCost);

  const FigureAccesses f = figure_accesses(s);
  ASSERT_EQ(f.figures.size(), 2u) << f.beside_error;
  EXPECT_EQ(f.figures[0].title, "tile[32][32]");
  EXPECT_EQ(f.figures[1].title, "tile[32][33]");
  const BankMapText own = bank_map_text(f.figures[0], s.view.conceal);
  const BankMapText pad = bank_map_text(f.figures[1], s.view.conceal);
  EXPECT_FALSE(own.cost_hidden);
  EXPECT_TRUE(pad.cost_hidden);
  EXPECT_NE(own.headline.find("32 wavefronts"), std::string::npos) << own.headline;
  EXPECT_NE(pad.headline.find("? wavefronts"), std::string::npos) << pad.headline;
  const auto strings = figure_strings(s, lessons::View::BankMap);
  EXPECT_TRUE(any_contains(strings, "tile[32][33]"));
  EXPECT_FALSE(any_contains(strings, "Conflict-free")) << "the padded tile's cost is concealed";
}

TEST(BankMapRequests, EveryActiveLaneInOneRowAtItsBank) {
  AppState s;
  stride_two(s);
  const SharedResult& r = s.current.shared;
  BankMapMetrics m;
  m.available_width = 900;
  m.max_cell_height = 200;
  const BankMapLayout q = layout_bank_requests(r, m);
  EXPECT_EQ(q.rows, 1);
  EXPECT_TRUE(q.badges.empty());
  std::set<int> lanes;
  for (const BankMapChip& c : q.chips) {
    lanes.insert(c.lane);
    const Rect cell = q.cell(c.bank, 0);
    EXPECT_GE(c.rect.y0, cell.y0);
    EXPECT_LE(c.rect.y1, cell.y1);
    EXPECT_EQ(c.bank, static_cast<int>(r.lanes[c.lane].bank[c.word_index]));
  }
  EXPECT_EQ(static_cast<int>(lanes.size()), r.active_lanes);
  // Not the revealed figure: that one has a row per wavefront.
  EXPECT_NE(q.rows, layout_bank_map(r, m).rows);
}

TEST(LaneNumberFit, TallNarrowChipsStackTheDigitsAndWideOnesDoNot) {
  const canvas::DigitMetrics dejavu_bold;  // the defaults are DejaVu Sans Bold's
  // A one-row presenter map: 25 px columns, a 200 px row.
  const canvas::LaneNumberFit tall = canvas::fit_lane_number(dejavu_bold, 25, 200, 44, 2);
  EXPECT_TRUE(tall.stacked);
  EXPECT_GE(tall.ink_height, 24.0f);
  // A 32-row presenter map: 25 x 18 px chips; one line, squeezed, at least 16 px tall.
  const canvas::LaneNumberFit row = canvas::fit_lane_number(dejavu_bold, 25, 18.5f, 44, 2);
  EXPECT_FALSE(row.stacked);
  EXPECT_GE(row.squeeze, canvas::kMinSqueeze - 1e-4f);
  EXPECT_GE(row.ink_height, 15.0f);
  // One digit is never stacked; a cap holds.
  EXPECT_FALSE(canvas::fit_lane_number(dejavu_bold, 25, 200, 44, 1).stacked);
  EXPECT_LE(canvas::fit_lane_number(dejavu_bold, 100, 100, 20, 2).size, 20.0f);
  // Too small to read: not drawn.
  EXPECT_EQ(canvas::fit_lane_number(dejavu_bold, 4, 4, 20, 2).size, 0.0f);
}

TEST(TextWrap, NumbersAreNeverBrokenAtTheirPoint) {
  const auto width_of = [](std::string_view s) { return 8.0f * static_cast<float>(s.size()); };
  // ImGui would break "4.50" after its point on a narrow column; we break at spaces only.
  const auto lines = wrap_at_spaces("measured 4.50x and 0.017 ms faster", 40, width_of);
  for (const std::string& l : lines) {
    EXPECT_EQ(l.find(' '), std::string::npos) << "one word a line at this width: '" << l << "'";
  }
  EXPECT_NE(std::find(lines.begin(), lines.end(), "4.50x"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "0.017"), lines.end());
  const auto wide = wrap_at_spaces("a b c", 1000, width_of);
  ASSERT_EQ(wide.size(), 1u);
  EXPECT_EQ(wide[0], "a b c");
  EXPECT_EQ(wrap_at_spaces("one\ntwo", 1000, width_of).size(), 2u);
}

}  // namespace
}  // namespace ws::gui

namespace ws::gui {
namespace {

// The tiled multiply's Mds read (lesson 8, step 3): 32 lanes of 16 bytes on two
// addresses share two 16-byte chunks, 8 words; a 4-byte broadcast shares one word.
TEST(FigureTextSharing, WideLanesShareChunksNotWords) {
  WarpAccess a;
  a.bytes = 16;
  for (int l = 0; l < kMaxWarpLanes; ++l) a.address[l] = l < 16 ? 0 : 64;
  const std::string wide = shared_instruction_summary(a, analyze_shared(a, default_preset()));
  EXPECT_NE(wide.find("32 lanes share 2 chunks of 16 bytes, 8 words (multicast)"), std::string::npos) << wide;
  EXPECT_EQ(wide.find("2 words"), std::string::npos) << wide;

  WarpAccess one;
  one.bytes = 4;
  const std::string narrow = shared_instruction_summary(one, analyze_shared(one, default_preset()));
  EXPECT_NE(narrow.find("32 lanes share 1 word (broadcast)"), std::string::npos) << narrow;
}

// matmul_naive's load of B (lesson 8, step 1): two rows of threads read the same
// 16 floats, 64 bytes in 2 sectors. The ideal counts the bytes used, not the 128
// the lanes ask for: "ideal 2 sectors", never an ideal above the sectors moved.
TEST(FigureText, IdealSectorsCountTheBytesUsed) {
  AppState s;
  ASSERT_TRUE(s.select_kernel("matmul_naive"));
  kernels::KernelParams p = s.params;
  p.rows = p.cols = 512;
  s.set_params(p);
  ASSERT_FALSE(s.param_error) << *s.param_error;
  for (int i = 0; i < s.instruction_count(); ++i)
    if (s.trace.sites[s.trace.instructions[i].site].name == "b_load") {
      s.set_instruction(i);
      break;
    }
  ASSERT_TRUE(s.current.valid && s.current.access.space == Space::Global) << s.current.error;
  ASSERT_EQ(s.current.global.sectors, 2);
  ASSERT_GT(s.current.global.bytes_requested, s.current.global.bytes_used);
  const auto strings = figure_strings(s, lessons::View::SectorMap);
  EXPECT_TRUE(any_contains(strings, "ideal 2 sectors"));
  EXPECT_TRUE(any_contains(strings, "(100.0%)"));
  EXPECT_FALSE(any_contains(strings, "ideal 4 sectors"));
}

// A shared word is one chip: the lanes behind its badge are named in a line.
TEST(FigureTextSharing, LaneListsNameRunsAndStrides) {
  EXPECT_EQ(lane_list({0, 1, 2, 3}), "0-3");
  EXPECT_EQ(lane_list({0, 4, 8, 12, 16}), "0, 4, ..., 16");
  EXPECT_EQ(lane_list({1, 5, 6}), "1, 5, 6");
  EXPECT_EQ(lane_list({7, 9}), "7, 9");
}

}  // namespace
}  // namespace ws::gui
