// The Whole-kernel tab's Nsight Compute table and the warp stepper's line
// (gui/ncu_table.hpp): counts fit a narrow column, a concealed table tells
// nothing (no figure, no cause, no colour), and the stepper's note appears only
// where ncu counted the line (a Source page), naming the cause of a difference.
#include <gtest/gtest.h>

#include "gui/ncu_table.hpp"

namespace wk = ws::kernels;
using ws::Op;
using ws::Space;

namespace {

wk::Reconciliation per_site() {
  wk::Reconciliation r;
  r.kernel = "transpose_padded";
  r.ncu_source = "csv f.csv";
  r.granularity = "site";
  wk::ReconcileRow wf{"tile_load", 70, Space::Shared, Op::Load, "wavefronts", 2097152, 2150000.0, wk::NcuCause::Equal, ""};
  wf.cause = wk::NcuCause::L1Contention;
  wf.evidence = "launched as one block it counts 1";
  wk::ReconcileRow ideal{"tile_load", 70, Space::Shared, Op::Load, "ideal_wavefronts", 2097152, 2097152.0, wk::NcuCause::Equal, ""};
  wk::ReconcileRow sectors{"in_load", 65, Space::Global, Op::Load, "sectors", 8388608, 8388608.0, wk::NcuCause::Equal, ""};
  r.rows = {wf, ideal, sectors};
  return r;
}

}  // namespace

TEST(NcuTable, CountsFitANarrowColumn) {
  EXPECT_EQ(ws::gui::compact_count(67108864), "67.1M");
  EXPECT_EQ(ws::gui::compact_count(2097152), "2.1M");
  EXPECT_EQ(ws::gui::compact_count(51502), "51.5k");
  EXPECT_EQ(ws::gui::compact_count(1040187392), "1.04G");
  EXPECT_EQ(ws::gui::compact_count(0), "0");
}

TEST(NcuTable, RowsShowTheCauseAndAConcealedTableTellsNothing) {
  const wk::Reconciliation r = per_site();
  const auto t = ws::gui::ncu_table_text(&r, "", false);
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(t.rows[0].cells[0], "70");  // the line; the site's name is in the hover
  EXPECT_EQ(t.rows[0].hover.rfind("tile_load, line 70: ", 0), 0u) << t.rows[0].hover;
  EXPECT_EQ(t.rows[0].cells[3], "2.15M +2.5%");
  EXPECT_EQ(t.rows[0].cells[4], "L1 contention");
  EXPECT_TRUE(t.rows[0].differs);
  EXPECT_NE(t.rows[0].hover.find("simulated 2097152, ncu 2150000"), std::string::npos) << t.rows[0].hover;
  EXPECT_NE(t.rows[0].hover.find("launched as one block"), std::string::npos);
  EXPECT_FALSE(t.rows[1].differs);
  const auto hidden = ws::gui::ncu_table_text(&r, "", true);
  for (const auto& row : hidden.rows) {
    for (std::size_t c = 2; c < row.cells.size(); ++c) EXPECT_EQ(row.cells[c], "?");
    EXPECT_FALSE(row.differs);
    EXPECT_TRUE(row.hover.empty());
  }
  const auto none = ws::gui::ncu_table_text(nullptr, "No Nsight Compute counters recorded", false);
  EXPECT_TRUE(none.rows.empty());
  EXPECT_EQ(none.status, "No Nsight Compute counters recorded");
}

TEST(NcuTable, TheStepperNamesNcusCountForTheLineAndTheCause) {
  wk::Reconciliation r = per_site();
  ws::SiteInfo load{.name = "tile_load", .line = 70, .space = Space::Shared, .op = Op::Load};
  EXPECT_EQ(ws::gui::ncu_line_note(r, load),
            "ncu: 2150000 wavefronts for this line (ideal 2097152); +52848 against the simulator: L1 contention");
  ws::SiteInfo in{.name = "in_load", .line = 65, .space = Space::Global, .op = Op::Load};
  EXPECT_EQ(ws::gui::ncu_line_note(r, in), "ncu: 8388608 sectors for this line");
  ws::SiteInfo elsewhere{.name = "out_store", .line = 71, .space = Space::Global, .op = Op::Store};
  EXPECT_EQ(ws::gui::ncu_line_note(r, elsewhere), "");
  r.granularity = "space-op";  // kernel-wide counters say nothing about a line
  EXPECT_EQ(ws::gui::ncu_line_note(r, load), "");
}

// A line where only ncu counts (the compiler moved the instructions there): its
// line, not "all", which is for kernel-wide rows; the hover says no site is there.
TEST(NcuTable, ALineOnlyNcuCountsShowsItsLine) {
  wk::Reconciliation r = per_site();
  wk::ReconcileRow moved{std::nullopt, 108, Space::Shared, Op::Load, "wavefronts", 0, 2064384.0, wk::NcuCause::MovedLine, "summed, both count"};
  wk::ReconcileRow wide{std::nullopt, std::nullopt, Space::Global, Op::Load, "l1_tag_lookups", 4, 4.0, wk::NcuCause::Equal, ""};
  r.rows = {moved, wide};
  const auto t = ws::gui::ncu_table_text(&r, "", false);
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0].cells[0], "108");
  EXPECT_NE(t.rows[0].hover.find("line 108, where the simulator records no access"), std::string::npos);
  EXPECT_EQ(t.rows[0].cells[4], "moved line");
  EXPECT_FALSE(t.rows[0].unexplained);
  EXPECT_EQ(t.rows[1].cells[0], "all");
  EXPECT_EQ(t.rows[1].cells[1], "gl ld L1 lines");
}
