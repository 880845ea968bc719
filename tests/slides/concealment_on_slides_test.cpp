// The question state draws the question, never its answer: for every question
// of every shipped deck, the slide before its reveal carries no element from
// which the answer is read or counted.
#include <gtest/gtest.h>

#include "deck_slides.hpp"

namespace ws::slides::test {
namespace {

using lessons::Quantity;

TEST(SlideConcealment, QuestionStatesHoldNoPlacementSectorBarOrCount) {
  int questions = 0;
  for (const auto& b : every_shipped_slide()) {
    if (b.revealed || !b.question) continue;
    ++questions;
    const auto view = b.lesson->steps[static_cast<std::size_t>(b.step)].state.view;
    for (const auto& [config, hidden] : b.conceal.all()) {
      for (const auto& e : b.slide.elements) {
        const bool own = e.config == config;
        if (hidden.count(Quantity::SharedCost) && own)
          EXPECT_FALSE(e.role == Role::Lane && e.bank.has_value())
              << b.name << ": lane " << e.lane.value_or(-1) << " is drawn in bank " << *e.bank << " before the reveal";
        if ((hidden.count(Quantity::GlobalCost) || hidden.count(Quantity::Lanes)) && own) {
          EXPECT_NE(e.role, Role::Sector) << b.name << ": a sector is drawn before the reveal";
          EXPECT_FALSE(e.role == Role::Lane && e.sector.has_value()) << b.name << ": a lane sits in a sector";
        }
        for (Quantity q : hidden)
          if (own && e.role == Role::Bar)
            EXPECT_NE(e.quantity, lessons::to_string(q)) << b.name << ": a bar of a concealed quantity: '" << e.text << "'";
        if (hidden.count(Quantity::Launch)) {
          EXPECT_NE(e.role, Role::Block) << b.name << ": blocks or warps drawn before the reveal: '" << e.text << "'";
          if (view == lessons::View::Threads) EXPECT_NE(e.role, Role::Lane) << b.name << ": lanes numbered before the reveal";
        }
      }
    }
    // The answer as the reveal words it ("32 wavefronts", "8 warps") appears nowhere
    // (a "which" answer is one of the options, and is on the slide by design).
    if (!b.question->option_values.empty()) continue;
    for (const auto& s : b.slide.strings())
      EXPECT_EQ(s.find(b.question->answer_phrase), std::string::npos)
          << b.name << ": '" << s << "' states the answer '" << b.question->answer_phrase << "'";
  }
  EXPECT_GE(questions, 25);
}

TEST(SlideConcealment, TheRevealShowsTheAnswer) {
  // The other half: after the reveal the answer is on the slide.
  for (const auto& b : every_shipped_slide()) {
    if (!b.revealed || !b.question) continue;
    bool shown = false;
    for (const auto& s : b.slide.strings()) shown |= s == b.question->answer_phrase;
    EXPECT_TRUE(shown) << b.name << ": the revealed slide lacks '" << b.question->answer_phrase << "'";
  }
}

}  // namespace
}  // namespace ws::slides::test
