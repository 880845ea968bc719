// The clicker in the window's own player (gui/lesson_player.hpp): from the
// default deck's first slide the forward key alone reaches its last, showing
// each step of each lesson in order and every question before its answer; the
// back key walks the same slides home. Each state is applied as in class
// (kernel, block, warp, instruction, concealment), so a step that cannot be
// shown fails here.
#include <gtest/gtest.h>

#include "gui/clicker.hpp"
#include "gui/lesson_player.hpp"

namespace ws::gui {
namespace {

struct Slide {
  std::string lesson;
  int step = 0;
  bool revealed = false;
  lessons::DeckPart part = lessons::DeckPart::Step;
  bool operator==(const Slide&) const = default;
};

Slide here(const LessonPlayer& p) { return {p.lesson()->id, p.step(), p.revealed, p.deck_part()}; }

TEST(DeckWalk, TheForwardKeyAloneRunsTheDefaultDeck) {
  AppState state;
  LessonPlayer player;
  ASSERT_EQ(player.deck_error(), "");
  ASSERT_EQ(player.deck().name, "default");
  const lessons::Deck& deck = player.deck();
  std::vector<Slide> expected;
  if (deck.title_slide) expected.push_back({deck.entries[0].lesson, deck.entries[0].steps[0], false, lessons::DeckPart::Title});
  for (const lessons::DeckEntry& e : deck.entries) {
    const lessons::Lesson* l = player.library().find(e.lesson);
    ASSERT_NE(l, nullptr) << e.lesson;
    for (int s : e.steps) {
      expected.push_back({e.lesson, s, false});
      if (l->steps[s].question) expected.push_back({e.lesson, s, true});
    }
  }
  if (deck.recap)
    for (const lessons::DeckEntry& e : deck.entries)
      expected.push_back({e.lesson, player.library().find(e.lesson)->remember->step, true, lessons::DeckPart::Recap});
  ASSERT_TRUE(player.forward(state));  // no lesson open: the deck's first
  std::vector<Slide> seen{here(player)};
  while (player.forward(state)) {
    ASSERT_EQ(player.error(), "") << seen.back().lesson << " step " << seen.back().step + 1;
    seen.push_back(here(player));
    ASSERT_LE(seen.size(), expected.size());
    // Concealment follows the slide: on while a question waits, off once revealed.
    EXPECT_EQ(state.view.conceal.empty(), !player.current_step()->question || player.revealed)
        << seen.back().lesson << " step " << seen.back().step + 1;
  }
  EXPECT_EQ(seen, expected);
  std::vector<Slide> back{here(player)};
  while (player.back(state)) back.push_back(here(player));
  std::reverse(back.begin(), back.end());
  EXPECT_EQ(back, expected);
  state.whole_kernel.wait();
}

// The key table both the window and `screenshot --press` use (clicker.hpp).
TEST(ClickerKeys, WhatARemoteSendsMovesTheDeck) {
  using A = ClickerAction;
  for (const char* name : {"PgDn", "Right", "Space"}) EXPECT_EQ(clicker_press(*key_named(name), false)->action, A::Forward) << name;
  for (const char* name : {"PgUp", "Left", "Backspace"}) EXPECT_EQ(clicker_press(*key_named(name), false)->action, A::Back) << name;
  for (const char* name : {"B", "."}) EXPECT_EQ(clicker_press(*key_named(name), false)->action, A::Blank) << name;
  EXPECT_EQ(clicker_press(*key_named("F5"), false)->action, A::PresenterOn);
  EXPECT_EQ(clicker_press(*key_named("esc"), false)->action, A::PresenterOff);
  EXPECT_EQ(clicker_press(*key_named("T"), false)->action, A::Contents);
  const auto three = clicker_press(*key_named("3"), false);
  EXPECT_EQ(three->action, A::Choose);
  EXPECT_EQ(three->choice, 2);
  // Ctrl+arrows step the instruction in a lesson; they are not the clicker's.
  EXPECT_FALSE(clicker_press(*key_named("Right"), true).has_value());
  EXPECT_FALSE(key_named("PgDown").has_value());
  EXPECT_NE(key_names().find("PgDn"), std::string::npos);
}

}  // namespace
}  // namespace ws::gui
