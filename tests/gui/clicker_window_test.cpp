// `warpscope screenshot --deck NAME --press K ...`: the presses a clicker sends
// replayed in the window: forward reveals, then moves on, across the end of a
// lesson into the next one of the deck; back goes the other way; B blanks the
// screen (a black frame) and the next press shows the slide again; T opens the
// contents. Bad keys and decks are named.
#include <gtest/gtest.h>

#include <filesystem>

#include "../cli/run_command.hpp"

namespace ws::gui {
namespace {

namespace fs = std::filesystem;
using test::run_warpscope;

std::string slide_after(const std::vector<std::string>& presses, const std::string& lesson = "strides",
                        const std::string& step = "5") {
  const fs::path out = fs::path(WS_TEST_OUT_DIR) / "clicker.png";
  fs::create_directories(out.parent_path());
  std::vector<std::string> args{"screenshot", "--deck", "course", "--lesson", lesson, "--step", step,
                                "--present",  "--size", "1280x720", "--out", out.string()};
  for (const std::string& k : presses) {
    args.push_back("--press");
    args.push_back(k);
  }
  const auto r = run_warpscope(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.out.find("slide: ");
  return at == std::string::npos ? r.out : r.out.substr(at + 7, r.out.find('\n', at) - at - 7);
}

// Four replays (each a window and a frame): the rest of the walk is DeckWalk's (deck_walk_test.cpp).
TEST(Clicker, ForwardRevealsThenCrossesIntoTheNextLessonAndBackReturns) {
  EXPECT_EQ(slide_after({"PgDn", "Right"}), "Lesson 3: Broadcast and multicast  -  step 1 of 4, question");
  EXPECT_EQ(slide_after({"PgDn", "Space", "Left", "Backspace"}),
            "Lesson 2: Strides and the gcd rule  -  step 5 of 5, question");
}

TEST(Clicker, BlankAndContents) {
  // The frame of a blanked screen is black; the screenshot says so instead of refusing a one-colour image.
  EXPECT_EQ(slide_after({"PgDn", "B"}), "Lesson 2: Strides and the gcd rule  -  step 5 of 5, answer shown, screen blanked");
  // In the contents the forward key moves the cursor and Enter opens that lesson.
  EXPECT_EQ(slide_after({"T", "PgDn", "Enter"}), "Lesson 3: Broadcast and multicast  -  step 1 of 4, question");
}

TEST(Clicker, BadPressesAndDecksAreNamed) {
  const std::string out = (fs::path(WS_TEST_OUT_DIR) / "clicker-bad.png").string();
  auto r = run_warpscope({"screenshot", "--deck", "default", "--press", "PgDown", "--out", out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--press: 'PgDown' is not a key (keys: PgDn"), std::string::npos) << r.err;
  r = run_warpscope({"screenshot", "--deck", "nosuch", "--out", out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--deck: 'nosuch' is not a deck (known: course, default"), std::string::npos) << r.err;
  r = run_warpscope({"screenshot", "--kernel", "copy", "--press", "PgDn", "--out", out});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--press: needs --lesson, --deck or --open"), std::string::npos) << r.err;
  r = run_warpscope({"--deck", "nosuch"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--deck: 'nosuch' is not a deck"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ws::gui
