// Decks (lessons/deck.hpp): the default deck holds every lesson once; a deck
// file's faults are named; the clicker's forward key walks every slide of the
// deck in order, question before reveal, and back walks the same way home.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "lessons/deck.hpp"

namespace ws::lessons {
namespace {

const LessonLibrary& deck_library() {
  static const LessonLibrary lib = load_library();
  return lib;
}

TEST(Deck, TheDefaultDeckHoldsEveryLessonOnce) {
  ASSERT_TRUE(deck_library().errors.empty()) << deck_library().errors.front();
  auto d = load_deck("default", deck_library());
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_FALSE(d->title.empty());
  std::set<std::string> ids(d->lessons.begin(), d->lessons.end());
  EXPECT_EQ(ids.size(), d->lessons.size());
  for (const Lesson& l : deck_library().lessons) EXPECT_TRUE(ids.count(l.id)) << l.id << " is missing from the default deck";
}

TEST(Deck, FaultsAreNamed) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {R"({"title": "t", "lessons": ["banks", "padingg"]})", "d.json: lessons[1]: 'padingg' is not a lesson"},
      {R"({"title": "t", "lessons": ["banks", "banks"]})", "d.json: lessons[1]: 'banks' is in the deck twice"},
      {R"({"title": "t", "lessons": []})", "d.json: lessons: is missing or not a non-empty array"},
      {R"({"title": "", "lessons": ["banks"]})", "d.json: title: is missing"},
      {R"({"title": "t", "lessons": ["banks"], "slides": 3})", "d.json: slides: unknown field"},
      {R"({"title": "t", "lessons": [3]})", "d.json: lessons[0]: is not a lesson id"},
      {R"({"title": "t", "lessons": ["banks"])", "d.json: not valid JSON"},
  };
  for (const Case& c : cases) {
    auto d = parse_deck(c.text, "d.json", deck_library());
    ASSERT_FALSE(d) << c.text;
    EXPECT_NE(d.error().message.find(c.message), std::string::npos) << d.error().message;
  }
  auto missing = load_deck("no-such-deck", deck_library());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("'no-such-deck' is not a deck (known: default"), std::string::npos)
      << missing.error().message;
}

// Every slide of the deck in teaching order: each step once, a question step
// twice (asked, then revealed).
std::vector<DeckPosition> every_slide(const Deck& d) {
  std::vector<DeckPosition> slides;
  for (int l = 0; l < static_cast<int>(d.lessons.size()); ++l) {
    const Lesson& lesson = *deck_library().find(d.lessons[l]);
    for (int s = 0; s < static_cast<int>(lesson.steps.size()); ++s) {
      slides.push_back({l, s, false});
      if (lesson.steps[s].question) slides.push_back({l, s, true});
    }
  }
  return slides;
}

TEST(Deck, ForwardWalksEverySlideAndBackWalksHome) {
  auto d = load_deck("default", deck_library());
  ASSERT_TRUE(d) << d.error().message;
  const std::vector<DeckPosition> slides = every_slide(*d);
  DeckPosition at{};
  std::vector<DeckPosition> seen{at};
  while (step_forward(*d, deck_library(), at)) {
    seen.push_back(at);
    ASSERT_LE(seen.size(), slides.size()) << "the forward key does not stop at the deck's end";
  }
  EXPECT_EQ(seen, slides);
  std::vector<DeckPosition> back{at};
  while (step_back(*d, deck_library(), at)) back.push_back(at);
  std::reverse(back.begin(), back.end());
  EXPECT_EQ(back, slides);
}

}  // namespace
}  // namespace ws::lessons
