// A slide's what-ifs (lesson.hpp's toggles): every declared option, flipped,
// gives the text, the question and the figure of the same step authored with
// those parameters, and keeps the step's instruction.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"
#include "slides/slide_builder.hpp"

namespace ws::slides::test {
namespace {

using nlohmann::json;

// The lesson file with step `i`'s state overridden by `over` ("kernel", "params",
// "arch") in the JSON itself, as an author would write that step.
lessons::Step authored(const lessons::Lesson& l, std::size_t i, const std::vector<json>& overs) {
  std::ifstream in(l.file);
  std::stringstream text;
  text << in.rdbuf();
  json j = json::parse(text.str());
  json& step = j["steps"][i];
  step.erase("toggles");
  for (const json& over : overs) {
    json& state = step["state"];
    if (over.contains("kernel")) state["kernel"] = over["kernel"];
    if (over.contains("arch")) state["arch"] = over["arch"];
    if (over.contains("params"))
      for (const auto& [k, v] : over["params"].items()) state["params"][k] = v;
    // Compare configurations get the same change, as the toggle gives them.
    if (step.contains("compare"))
      for (auto& [name, c] : step["compare"].items()) {
        if (over.contains("kernel")) c["kernel"] = over["kernel"];
        if (over.contains("params"))
          for (const auto& [k, v] : over["params"].items()) c["params"][k] = v;
      }
  }
  auto parsed = lessons::parse_lesson(j.dump(), l.file_name());
  EXPECT_TRUE(parsed.has_value()) << (parsed ? "" : parsed.error().message);
  return parsed ? parsed->steps[i] : l.steps[i];
}

TEST(SlideToggles, EveryOptionIsTheStepAuthoredWithIt) {
  const lessons::LessonLibrary lib = lessons::load_library();
  int flipped = 0;
  for (const lessons::Lesson& l : lib.lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const lessons::Step& step = l.steps[i];
      for (std::size_t t = 0; t < step.toggles.size(); ++t)
        for (std::size_t o = 0; o < step.toggles[t].options.size(); ++o) {
          SCOPED_TRACE(l.id + " step " + std::to_string(i + 1) + ", " + step.toggles[t].label + ": " +
                       step.toggles[t].options[o].label);
          std::vector<int> choice(step.toggles.size(), 0);
          choice[t] = static_cast<int>(o);
          auto flipped_step = lessons::toggled(step, choice);
          ASSERT_TRUE(flipped_step.has_value()) << flipped_step.error().message;
          auto a = lessons::resolve_step(*flipped_step);
          ASSERT_TRUE(a.has_value()) << a.error().message;
          auto b = lessons::resolve_step(authored(l, i, {json::parse(step.toggles[t].options[o].state)}));
          ASSERT_TRUE(b.has_value()) << b.error().message;
          EXPECT_EQ(a->text, b->text);
          EXPECT_EQ(a->text_before_reveal, b->text_before_reveal);
          ASSERT_EQ(a->question.has_value(), b->question.has_value());
          if (a->question) {
            EXPECT_EQ(a->question->answer_phrase, b->question->answer_phrase);
            EXPECT_EQ(a->question->choices, b->question->choices);
            EXPECT_EQ(a->question->correct, b->question->correct);
            EXPECT_EQ(a->question->reveal, b->question->reveal);
          }
          // The figure stays on the step's instruction (the column read stays the column read).
          const auto& pa = a->facts.main().state();
          EXPECT_EQ(pa.trace.sites[pa.trace.instructions[pa.instruction].site].name, step.state.site);
          // The slide names the option chosen, and its figure is the authored step's.
          SlideState s;
          s.revealed = true;
          s.toggles = choice;
          s.show_toggles = true;  // as the presenter shows them with the key help
          s.step = &*flipped_step;
          const Slide sa = build_slide(l, static_cast<int>(i), *a, s);
          bool named = false;
          for (const auto& e : sa.elements)
            named |= e.role == Role::Toggle && e.text.find(step.toggles[t].options[o].label) != std::string::npos;
          EXPECT_TRUE(named);
          SlideState sb;
          sb.revealed = true;
          sb.toggles = choice;
          sb.show_toggles = true;
          lessons::Lesson lb = l;
          lb.steps[i] = authored(l, i, {json::parse(step.toggles[t].options[o].state)});
          lb.steps[i].toggles = step.toggles;  // the same buttons
          const Slide slide_b = build_slide(lb, static_cast<int>(i), *b, sb);
          EXPECT_EQ(sa.strings(), slide_b.strings());
          ++flipped;
        }
    }
  EXPECT_GE(flipped, 5) << "the shipped lessons declare what-ifs";
}

TEST(SlideToggles, ABadChoiceIsNamed) {
  const lessons::LessonLibrary lib = lessons::load_library();
  for (const lessons::Lesson& l : lib.lessons)
    for (const lessons::Step& step : l.steps) {
      if (step.toggles.empty()) continue;
      std::vector<int> choice(step.toggles.size(), 0);
      choice[0] = 99;
      auto t = lessons::toggled(step, choice);
      ASSERT_FALSE(t.has_value());
      EXPECT_NE(t.error().message.find(step.toggles[0].label), std::string::npos) << t.error().message;
      return;
    }
  FAIL() << "no step declares a toggle";
}

// The what-if buttons are the presenter's controls: a slide as written (an
// export, the handout) shows none; the key help shows them, and a flipped one
// shows itself so the class sees what changed (review 3: chips on a student slide).
TEST(SlideToggles, ButtonsShowOnDemandOrWhenFlipped) {
  const lessons::LessonLibrary lib = lessons::load_library();
  for (const lessons::Lesson& l : lib.lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      if (l.steps[i].toggles.empty()) continue;
      auto r = lessons::resolve_step(l.steps[i]);
      ASSERT_TRUE(r.has_value()) << r.error().message;
      auto toggles_drawn = [&](const SlideState& s) {
        int n = 0;
        for (const auto& e : build_slide(l, static_cast<int>(i), *r, s).elements) n += e.role == Role::Toggle;
        return n;
      };
      SlideState written;
      EXPECT_EQ(toggles_drawn(written), 0) << l.id << " step " << i + 1;
      SlideState on_demand;
      on_demand.show_toggles = true;
      EXPECT_GT(toggles_drawn(on_demand), 0) << l.id << " step " << i + 1;
      return;
    }
  FAIL() << "no step declares a toggle";
}

}  // namespace
}  // namespace ws::slides::test
