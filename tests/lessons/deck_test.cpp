// Decks (lessons/deck.hpp): the course holds every lesson once, the default deck is a
// 50-minute class, no shipped deck uses a step before what it needs is taught; a deck
// file's faults are named; the clicker's forward key walks every slide of the
// deck in order, question before reveal, and back walks the same way home.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <cctype>
#include <set>

#include "lessons/deck.hpp"
#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_limits.hpp"

namespace ws::lessons {
namespace {

const LessonLibrary& deck_library() {
  static const LessonLibrary lib = load_library();
  return lib;
}

TEST(Deck, TheCourseDeckHoldsEveryLessonWholeOnce) {
  ASSERT_TRUE(deck_library().errors.empty()) << deck_library().errors.front();
  auto d = load_deck("course", deck_library());
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_FALSE(d->title.empty());
  std::set<std::string> ids;
  for (const DeckEntry& e : d->entries) {
    ids.insert(e.lesson);
    EXPECT_EQ(e.steps.size(), deck_library().find(e.lesson)->steps.size()) << e.lesson << " is not whole in the course";
  }
  EXPECT_EQ(ids.size(), d->entries.size());
  for (const Lesson& l : deck_library().lessons) EXPECT_TRUE(ids.count(l.id)) << l.id << " is missing from the course";
}

// The class of docs/lessons.md: 50 minutes by the deck's clock, 12 to 15
// questions, the title first and the recap last.
TEST(Deck, TheDefaultDeckIsAFiftyMinuteClass) {
  auto d = load_deck("default", deck_library());
  ASSERT_TRUE(d) << d.error().message;
  const auto plan = deck_plan(*d, deck_library());
  ASSERT_GE(plan.size(), 3u);
  EXPECT_EQ(plan.front().part, DeckPart::Title);
  EXPECT_EQ(plan.back().part, DeckPart::Recap);
  EXPECT_LE(deck_minutes(*d, deck_library()), 50.0);
  EXPECT_GE(deck_questions(*d, deck_library()), 12);
  EXPECT_LE(deck_questions(*d, deck_library()), 15);
}

// Each step's needs (declared in its lesson file) are taught by an earlier
// slide of every shipped deck, and every need is taught somewhere.
TEST(Deck, EveryShippedDeckTeachesBeforeItUses) {
  for (const std::string& p : untaught_needs(deck_library())) ADD_FAILURE() << p;
  const auto names = deck_names(deck_library());
  EXPECT_GE(names.size(), 2u);
  for (const std::string& name : names) {
    auto d = load_deck(name, deck_library());
    ASSERT_TRUE(d) << d.error().message;
    for (const std::string& p : deck_order_problems(*d, deck_library())) ADD_FAILURE() << name << ": " << p;
  }
}

// The order check can fail: the toy before the lesson that introduces it.
TEST(Deck, AStepBeforeWhatItNeedsIsNamed) {
  auto d = parse_deck(R"({"title": "t", "lessons": ["toy", "banks"]})", "d.json", deck_library());
  ASSERT_TRUE(d) << d.error().message;
  const auto problems = deck_order_problems(*d, deck_library());
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems.front().find("07-toy.json step 1"), std::string::npos) << problems.front();
  EXPECT_NE(problems.front().find("needs 'four-bank-toy'"), std::string::npos) << problems.front();
}

TEST(Deck, StepsPickedAreShownInOrder) {
  auto d = parse_deck(R"({"title": "t", "lessons": [{"lesson": "padding", "steps": [1, 2, 4]}]})", "d.json", deck_library());
  ASSERT_TRUE(d) << d.error().message;
  ASSERT_EQ(d->entries.size(), 1u);
  EXPECT_EQ(d->entries[0].steps, (std::vector<int>{0, 1, 3}));
  EXPECT_EQ(deck_plan(*d, deck_library()).size(), 3u);
}

// A deck that shows part of a lesson names what that part teaches (review 3:
// the agenda promised "multicast" and "XOR" that the steps shown never teach).
TEST(Deck, AnEntryMayNameWhatItsStepsTeach) {
  auto d = parse_deck(R"({"title": "t", "lessons": ["banks", {"lesson": "padding", "steps": [1, 2], "title": "Padding and rotation"}]})",
                      "d.json", deck_library());
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_EQ(entry_title(d->entries[1], deck_library()), "Padding and rotation");
  EXPECT_EQ(entry_title(d->entries[0], deck_library()), deck_library().find("banks")->title);
  for (const auto& [text, message] :
       {std::pair{R"({"title": "t", "lessons": [{"lesson": "banks", "title": 3}]})", "d.json: lessons[0].title: is not a non-empty string"},
        std::pair{R"({"title": "t", "lessons": [{"lesson": "banks", "title": ""}]})", "d.json: lessons[0].title: is not a non-empty string"}}) {
    auto bad = parse_deck(text, "d.json", deck_library());
    ASSERT_FALSE(bad) << text;
    EXPECT_NE(bad.error().message.find(message), std::string::npos) << bad.error().message;
  }
  const std::string long_title(LessonLimits::kTitleBytes + 1, 'x');
  auto too_long = parse_deck(R"({"title": "t", "lessons": [{"lesson": "banks", "title": ")" + long_title + R"("}]})", "d.json",
                             deck_library());
  ASSERT_FALSE(too_long);
  EXPECT_NE(too_long.error().message.find("over the 200 a title may hold"), std::string::npos) << too_long.error().message;
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
      {R"({"title": "t", "lessons": [{"lesson": "banks", "steps": [2, 1]}]})",
       "d.json: lessons[0].steps[1]: 1 comes after step 2"},
      {R"({"title": "t", "lessons": [{"lesson": "banks", "steps": [9]}]})", "d.json: lessons[0].steps[0]: 9 is outside 1..4"},
      {R"({"title": "t", "lessons": [{"lesson": "banks", "steps": []}]})", "d.json: lessons[0].steps: is not a non-empty"},
      {R"({"title": "t", "lessons": [{"lesson": "banks", "step": [1]}]})", "d.json: lessons[0].step: unknown field"},
      {R"({"title": "t", "recap": "yes", "lessons": ["banks"]})", "d.json: recap: is not true or false"},
      {R"({"title": "t", "recap": true, "lessons": [{"lesson": "banks", "steps": [1]}]})",
       "d.json: lessons[0]: the recap shows step 2 of 'banks'"},
  };
  for (const Case& c : cases) {
    auto d = parse_deck(c.text, "d.json", deck_library());
    ASSERT_FALSE(d) << c.text;
    EXPECT_NE(d.error().message.find(c.message), std::string::npos) << d.error().message;
  }
  auto missing = load_deck("no-such-deck", deck_library());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("'no-such-deck' is not a deck (known: course, default"), std::string::npos)
      << missing.error().message;
}

// Every slide of the deck in teaching order: the title slide, each shown step
// once, a question step twice (asked, then revealed), then one recap slide per
// lesson.
std::vector<DeckPosition> every_slide(const Deck& d) {
  std::vector<DeckPosition> slides;
  if (d.title_slide) slides.push_back({0, d.entries[0].steps.front(), false, DeckPart::Title});
  for (int l = 0; l < static_cast<int>(d.entries.size()); ++l) {
    const Lesson& lesson = *deck_library().find(d.entries[l].lesson);
    for (int s : d.entries[l].steps) {
      slides.push_back({l, s, false});
      if (lesson.steps[s].question) slides.push_back({l, s, true});
    }
  }
  if (d.recap)
    for (int l = 0; l < static_cast<int>(d.entries.size()); ++l)
      slides.push_back({l, deck_library().find(d.entries[l].lesson)->remember->step, true, DeckPart::Recap});
  return slides;
}

void walk_deck(const char* name);

TEST(Deck, ForwardWalksEverySlideAndBackWalksHome) {
  for (const char* name : {"default", "course"}) {
    SCOPED_TRACE(name);
    walk_deck(name);
  }
}

void walk_deck(const char* name) {
  auto d = load_deck(name, deck_library());
  ASSERT_TRUE(d) << d.error().message;
  const std::vector<DeckPosition> slides = every_slide(*d);
  DeckPosition at = deck_start(*d);
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

namespace ws::lessons {
namespace {

// `text` holds `phrase` as words: "4 wavefronts" is not in "67108864 wavefronts".
bool states(const std::string& text, const std::string& phrase) {
  for (std::size_t at = text.find(phrase); at != std::string::npos; at = text.find(phrase, at + 1)) {
    const bool starts = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '.' ||
                                     text[at - 1] == ',');
    const std::size_t end = at + phrase.size();
    const bool ends = end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
    if (starts && ends) return true;
  }
  return false;
}

// The handout (export --deck) asks every question of a deck before class: what
// it prints of a question step (its text before the reveal, its prompt, its
// options) must not state the answer of an earlier question ("32 wavefronts"
// in a later step's words answers the column read). Answers with a unit are
// checked; a bare number would match any sentence.
TEST(Deck, NoHandoutQuestionAnswersAnEarlierOne) {
  for (const std::string& name : deck_names(deck_library())) {
    auto d = load_deck(name, deck_library());
    ASSERT_TRUE(d) << d.error().message;
    std::vector<std::pair<std::string, std::string>> answered;  // phrase, where
    for (const DeckEntry& e : d->entries) {
      const Lesson& l = *deck_library().find(e.lesson);
      for (int s : e.steps) {
        if (!l.steps[static_cast<std::size_t>(s)].question) continue;
        auto r = resolve_step(l.steps[static_cast<std::size_t>(s)]);
        ASSERT_TRUE(r) << r.error().message;
        std::string printed = r->shown_text(false) + "\n" + r->question->prompt_before_reveal;
        for (const std::string& c : r->question->choices) printed += "\n" + c;
        for (const auto& [phrase, where] : answered)
          EXPECT_FALSE(states(printed, phrase))
              << name << ": " << l.id << " step " << s + 1 << " states '" << phrase << "', the answer of " << where;
        // A count with its unit ("32 wavefronts"); a "which" answer is a label later questions offer again.
        const std::string& a = r->question->answer_phrase;
        if (std::isdigit(static_cast<unsigned char>(a[0])) && a.find(' ') != std::string::npos &&
            a.find_first_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos)
          answered.push_back({a, l.id + " step " + std::to_string(s + 1)});
      }
    }
  }
}

}  // namespace
}  // namespace ws::lessons

namespace ws::lessons {
namespace {

// A speedup on a slide is a ratio of recorded medians, and it states the range
// the recorded launches give it (measured.<gpu>.min_ms / max_ms of the same GPU)
// in the same text: "1.72x ... between 1.65 and 1.77".
TEST(Deck, EveryMeasuredSpeedupStatesItsSpread) {
  const std::regex ratio(R"(measured\.(h[0-9]+)\.median_ms\s*/)");
  int ratios = 0;
  for (const Lesson& l : deck_library().lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const Step& s = l.steps[i];
      std::vector<std::string> texts = {s.text};
      if (s.question) texts.insert(texts.end(), {s.question->prompt, s.question->reveal});
      for (const std::string& t : texts)
        for (auto m = std::sregex_iterator(t.begin(), t.end(), ratio); m != std::sregex_iterator(); ++m) {
          ++ratios;
          const std::string gpu = (*m)[1];
          EXPECT_TRUE(t.find("measured." + gpu + ".min_ms") != std::string::npos &&
                      t.find("measured." + gpu + ".max_ms") != std::string::npos)
              << l.file_name() << " step " << i + 1 << ": a " << gpu << " speedup without its spread: " << t;
        }
    }
  EXPECT_GE(ratios, 4);
}

}  // namespace
}  // namespace ws::lessons
