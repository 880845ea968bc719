// A step resolved in slices (lessons/step_resolution.hpp) is the step
// resolve_step() gives, for every step of every lesson; the whole-kernel
// simulations really are spread over several slices; and a stopped resolution
// stops.
#include "lessons/step_resolution.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"

namespace ws::lessons {
namespace {

using Clock = std::chrono::steady_clock;

const LessonLibrary& library() {
  static const LessonLibrary lib = load_library();
  return lib;
}

// Steps the resolution with deadlines already past: one piece per call.
Result<ResolvedStep> in_smallest_slices(const Step& s, int* calls) {
  StepResolution r(s);
  for (*calls = 1;; ++*calls)
    if (auto done = r.step(Clock::now())) return std::move(*done);
}

bool names_whole_kernel_fact(const Step& s) {
  auto mentions = [](const std::string& t) {
    return t.find("whole.") != std::string::npos || t.find("predicted.") != std::string::npos;
  };
  if (mentions(s.text)) return true;
  if (!s.question) return false;
  const Question& q = *s.question;
  if (mentions(q.prompt) || mentions(q.answer) || mentions(q.reveal)) return true;
  for (const auto& c : q.choices)
    if (mentions(c)) return true;
  for (const auto& o : q.options)
    if (mentions(o.value)) return true;
  return false;
}

TEST(StepResolution, EveryStepInSlicesIsTheStepResolvedAtOnce) {
  int whole_steps = 0, most_calls = 0;
  for (const Lesson& l : library().lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      SCOPED_TRACE(l.id + " step " + std::to_string(i + 1));
      const Step& s = l.steps[i];
      auto at_once = resolve_step(s);
      ASSERT_TRUE(at_once) << at_once.error().message;
      int calls = 0;
      auto sliced = in_smallest_slices(s, &calls);
      ASSERT_TRUE(sliced) << sliced.error().message;
      EXPECT_EQ(sliced->text, at_once->text);
      EXPECT_EQ(sliced->text_before_reveal, at_once->text_before_reveal);
      ASSERT_EQ(sliced->question.has_value(), at_once->question.has_value());
      if (at_once->question) {
        EXPECT_EQ(sliced->question->prompt_before_reveal, at_once->question->prompt_before_reveal);
        EXPECT_EQ(sliced->question->choices, at_once->question->choices);
        EXPECT_EQ(sliced->question->correct, at_once->question->correct);
        EXPECT_EQ(sliced->question->answer, at_once->question->answer);
        EXPECT_EQ(sliced->question->reveal, at_once->question->reveal);
      }
      // A step naming whole-kernel facts simulates them after its warps are traced, in pieces of their own.
      if (names_whole_kernel_fact(s)) {
        ++whole_steps;
        EXPECT_GE(calls, 2) << "the whole-kernel simulation ran in the piece that traced the warps";
        most_calls = std::max(most_calls, calls);
      }
    }
  EXPECT_GT(whole_steps, 0) << "no lesson names a whole-kernel fact: this test checks nothing about slicing";
  // A simulation of many warps is spread over many slices (one warp or probe per slice at the least).
  EXPECT_GT(most_calls, 10);
}

TEST(StepResolution, AStoppedResolutionStopsAndSaysSo) {
  const Lesson* lesson = nullptr;
  const Step* step = nullptr;
  for (const Lesson& l : library().lessons)
    for (const Step& s : l.steps)
      if (!step && names_whole_kernel_fact(s)) lesson = &l, step = &s;
  ASSERT_NE(step, nullptr);
  bool stop = false;
  StepResolution r(*step, [&stop] { return !stop; });
  EXPECT_FALSE(r.step(Clock::now()).has_value()) << lesson->id << ": finished in its first piece";
  stop = true;
  auto done = r.step(Clock::time_point::max());
  ASSERT_TRUE(done.has_value());
  ASSERT_FALSE(*done);
  EXPECT_EQ(done->error().message, "cancelled");
}

TEST(StepResolution, ABrokenStepGivesTheSameMessageBothWays) {
  Step s = library().lessons.front().steps.front();
  s.text = "{whole.shared_load.wavefronts} and {sectorz}";
  auto at_once = resolve_step(s);
  ASSERT_FALSE(at_once);
  int calls = 0;
  auto sliced = in_smallest_slices(s, &calls);
  ASSERT_FALSE(sliced);
  EXPECT_EQ(sliced.error().message, at_once.error().message);
  EXPECT_NE(sliced.error().message.find("sectorz"), std::string::npos);
}

}  // namespace
}  // namespace ws::lessons
