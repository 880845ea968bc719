// What a slide shows before and after its reveal (gui/slide_text.hpp, the
// strings `warpscope lessons --text` prints): for every question of every
// lesson, the answer phrase is nowhere on the slide before the reveal (but as
// one of the options offered, which is the question itself), and it is there
// after; the step text shows "?" where a concealed quantity would stand.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../cli/run_command.hpp"
#include "gui/slide_text.hpp"

namespace ws::gui {
namespace {

bool shows(const SlideText& t, const std::string& phrase, bool count_options) {
  for (const std::string& s : t.strings) {
    const bool option = std::find(t.options.begin(), t.options.end(), s) != t.options.end();
    if ((count_options || !option) && s.find(phrase) != std::string::npos) return true;
  }
  return false;
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
      EXPECT_FALSE(shows(*before, phrase, false)) << l.id << " step " << s + 1 << ": '" << phrase
                                                  << "' is on the slide before the reveal";
      EXPECT_TRUE(shows(*after, phrase, true)) << l.id << " step " << s + 1 << ": '" << phrase
                                               << "' is not on the slide after the reveal";
      EXPECT_EQ(before->question.empty(), false);
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
