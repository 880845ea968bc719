// What a slide shows before and after its reveal (gui/slide_text.hpp, the
// strings `warpscope lessons --text` prints): for every question of every
// lesson, the answer phrase is nowhere on the slide before the reveal (but as
// one of the options offered, which is the question itself), and it is there
// after. A "which" question's answer is one of the labels offered: there the
// options' deciding values must be absent before the reveal.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../cli/run_command.hpp"
#include "gui/slide_text.hpp"
#include "lessons/lesson_facts.hpp"

namespace ws::gui {
namespace {

bool shows(const SlideText& t, const std::string& phrase, bool count_options) {
  for (const std::string& s : t.strings) {
    const bool option = std::find(t.options.begin(), t.options.end(), s) != t.options.end();
    if ((count_options || !option) && s.find(phrase) != std::string::npos) return true;
  }
  return false;
}

// The ways a lesson or a figure writes a value: computed (format_number) or
// with a fixed number of decimals.
std::vector<std::string> written_forms(double v) {
  std::vector<std::string> forms{lessons::format_number(v)};
  for (const char* spec : {"{:.1f}", "{:.2f}", "{:.3f}", "{:.4f}"}) forms.push_back(fmt::format(fmt::runtime(spec), v));
  return forms;
}

TEST(SlideText, NoAnswerBeforeItsRevealAndEveryAnswerAfter) {
  const LessonPlayer player;
  ASSERT_TRUE(player.library().errors.empty()) << player.library().errors.front();
  int questions = 0;
  for (const lessons::Lesson& l : player.library().lessons)
    for (int s = 0; s < static_cast<int>(l.steps.size()); ++s) {
      if (!l.steps[s].question) continue;
      ++questions;
      auto before = slide_text(l.id, s, false);
      auto after = slide_text(l.id, s, true);
      ASSERT_TRUE(before) << before.error().message;
      ASSERT_TRUE(after) << after.error().message;
      ASSERT_TRUE(before->answer.has_value()) << l.id << " step " << s + 1;
      const std::string& phrase = *before->answer;
      ASSERT_FALSE(phrase.empty());
      const bool which = l.steps[s].question->kind == lessons::Question::Kind::Which;
      if (!which) {
        EXPECT_FALSE(shows(*before, phrase, false)) << l.id << " step " << s + 1 << ": '" << phrase
                                                    << "' is on the slide before the reveal";
      }
      EXPECT_TRUE(shows(*after, phrase, true)) << l.id << " step " << s + 1 << ": '" << phrase
                                               << "' is not on the slide after the reveal";
      EXPECT_EQ(before->question.empty(), false);
      // A "which" question's answer is one of its options, which the slide must
      // offer: what decides it are the options' values, and none is on the slide.
      auto resolved = lessons::resolve_step(l.steps[s]);
      ASSERT_TRUE(resolved) << resolved.error().message;
      for (double v : resolved->question->option_values)
        for (const std::string& form : written_forms(v))
          EXPECT_FALSE(shows(*before, form, false))
              << l.id << " step " << s + 1 << ": the option value " << form << " is on the slide before the reveal";
    }
  EXPECT_GE(questions, 20);
}

TEST(SlideText, AStepWithoutAQuestionHasNoAnswer) {
  const LessonPlayer player;
  const lessons::Lesson& l = player.library().lessons.front();
  for (int s = 0; s < static_cast<int>(l.steps.size()); ++s) {
    if (l.steps[s].question) continue;
    auto t = slide_text(l.id, s, false);
    ASSERT_TRUE(t) << t.error().message;
    EXPECT_FALSE(t->answer.has_value());
    EXPECT_TRUE(t->question.empty());
    return;
  }
  GTEST_SKIP() << "the first lesson has a question at every step";
}

TEST(SlideText, LessonsTextJsonIsTheSameSlide) {
  const auto r = test::run_warpscope({"lessons", "--text", "strides", "--step", "2", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  auto t = slide_text("strides", 1, false);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(j["strings"].get<std::vector<std::string>>(), t->strings);
  EXPECT_EQ(j["question"], t->question);
  EXPECT_EQ(j["answer"], *t->answer);
  const auto revealed = test::run_warpscope({"lessons", "--text", "strides", "--step", "2", "--reveal"});
  ASSERT_EQ(revealed.exit_code, 0) << revealed.err;
  EXPECT_NE(revealed.out.find("Answer: " + *t->answer), std::string::npos) << revealed.out;
}

TEST(SlideText, BadFlagsAreNamed) {
  struct Case {
    std::vector<std::string> args;
    const char* message;
  };
  const Case cases[] = {
      {{"lessons", "--text", "stridez"}, "--text: unknown lesson 'stridez'"},
      {{"lessons", "--text", "strides", "--step", "99"}, "--step: 99 is outside"},
      {{"lessons", "--step", "2"}, "--step: needs --text ID"},
      {{"lessons", "--reveal"}, "--reveal: needs --text ID"},
  };
  for (const Case& c : cases) {
    const auto r = test::run_warpscope(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args[1];
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace ws::gui
