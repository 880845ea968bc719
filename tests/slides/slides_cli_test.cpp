// `warpscope lessons --figure ID --step N [--reveal] [--json | --svg]`.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "cli/run_command.hpp"

namespace ws::slides::test {
namespace {

using ws::test::run_warpscope;

TEST(SlidesCli, QuestionStateListsLanesWithoutBanksAndTheRevealPlacesThem) {
  const auto q = run_warpscope({"lessons", "--figure", "transpose-shared", "--step", "3", "--json"});
  ASSERT_EQ(q.exit_code, 0) << q.err;
  const auto jq = nlohmann::json::parse(q.out);
  EXPECT_EQ(jq["state"], "question");
  int lanes = 0;
  for (const auto& e : jq["elements"]) {
    EXPECT_GE(e.value("glyph_px", 16.0), 16.0) << e.dump();
    if (e["role"] == "lane") {
      ++lanes;
      EXPECT_FALSE(e.contains("bank")) << e.dump();
    }
  }
  EXPECT_GE(lanes, 32);

  const auto r = run_warpscope({"lessons", "--figure", "transpose-shared", "--step", "3", "--reveal", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::set<int> banks, placed;
  int not_drawn = 0;  // rows past the room are counted under the map: "... 8 more wavefront rows, not drawn"
  const auto jr = nlohmann::json::parse(r.out);
  for (const auto& e : jr["elements"]) {
    if (e["role"] == "lane" && e.contains("bank")) banks.insert(e["bank"].get<int>()), placed.insert(e["lane"].get<int>());
    const std::string text = e.value("text", "");
    if (text.rfind("... ", 0) == 0 && text.find("more wavefront rows") != std::string::npos)
      not_drawn = std::stoi(text.substr(4));
  }
  EXPECT_EQ(banks, std::set<int>{0});  // the column read: every lane in bank 0
  // One lane a row (32 wavefronts): the rows drawn and the rows counted are the 32 lanes.
  EXPECT_GE(placed.size(), 16u);
  EXPECT_EQ(placed.size() + static_cast<std::size_t>(not_drawn), 32u);
}

TEST(SlidesCli, SvgAndBadInput) {
  const auto svg = run_warpscope({"lessons", "--figure", "padding", "--step", "3", "--svg"});
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_EQ(svg.out.rfind("<svg", 0), 0u);
  const auto bad = run_warpscope({"lessons", "--figure", "no-such-lesson"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("no-such-lesson"), std::string::npos) << bad.err;
  const auto step = run_warpscope({"lessons", "--figure", "banks", "--step", "99"});
  EXPECT_EQ(step.exit_code, 2);
  EXPECT_NE(step.err.find("--step"), std::string::npos) << step.err;
  const auto both = run_warpscope({"lessons", "--figure", "banks", "--svg", "--json"});
  EXPECT_EQ(both.exit_code, 2);
}

}  // namespace
}  // namespace ws::slides::test
