// The counts of the shipped decks (lessons, slides, questions, minutes) stand in
// README.md and docs/lessons.md between deck-counts markers; they must be what
// `warpscope lessons --plan` computes from the data today.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli/run_command.hpp"
#include "ws/kernels/assets.hpp"

namespace ws::lessons {
namespace {

std::string marked_block(const std::string& doc) {
  const std::string path = kernels::find_data_file(doc);
  if (path.empty()) return "(" + doc + " not found)";
  std::ifstream in(path);
  std::stringstream all;
  all << in.rdbuf();
  const std::string text = all.str();
  const auto begin = text.find("<!-- deck-counts:");
  const auto end = text.find("<!-- end deck-counts -->");
  if (begin == std::string::npos || end == std::string::npos || end < begin) return "(no deck-counts markers in " + doc + ")";
  const auto first = text.find('\n', begin) + 1;
  return text.substr(first, end - first);
}

TEST(DeckCounts, TheDocsStateTheCountsOfTheData) {
  const auto r = test::run_warpscope({"lessons", "--plan"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_NE(r.out.find("| `default` |"), std::string::npos) << r.out;
  for (const char* doc : {"README.md", "docs/lessons.md"})
    EXPECT_EQ(marked_block(doc), r.out) << doc << ": put the output of `warpscope lessons --plan` between its markers";
}

TEST(DeckCounts, ThePlanOfTheDefaultDeckFitsTheClass) {
  const auto r = test::run_warpscope({"lessons", "--deck", "default", "--plan", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("\"order_problems\":[]"), std::string::npos) << r.out;
  const auto text = test::run_warpscope({"lessons", "--deck", "default", "--plan"});
  EXPECT_NE(text.out.find("about "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("order: every step comes after"), std::string::npos) << text.out;
}

TEST(DeckCounts, AnOrderProblemIsNamedWithExitOne) {
  const std::string deck = ::testing::TempDir() + "toy-first.json";
  std::ofstream(deck) << R"({"title": "t", "lessons": ["toy", "banks"]})";
  const auto r = test::run_warpscope({"lessons", "--deck", deck, "--plan"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("order: 07-toy.json step 1"), std::string::npos) << r.out;
  const auto alone = test::run_warpscope({"lessons", "--deck", "default"});
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_NE(alone.err.find("--deck: needs --plan"), std::string::npos) << alone.err;
}

}  // namespace
}  // namespace ws::lessons
