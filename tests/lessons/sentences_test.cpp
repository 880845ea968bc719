// Every sentence true (issue 34, section 4): what a step says about the state
// it shows is that state. A warp named by number is the warp the step traces;
// "the same block" is the block of the step before; no two questions of the
// library ask for the same quantity of the same configuration; and each
// meaning has one word ("phase": a turn of the tiled multiply's tile loop;
// "barrier interval": the instructions between two barriers; a wide load's
// minimum is its "ideal wavefronts", not its phases).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "lessons/concealment.hpp"
#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"
#include "ws/kernels/assets.hpp"

namespace ws::lessons {
namespace {

const LessonLibrary& library() {
  static const LessonLibrary lib = load_library();
  return lib;
}

double fact(ResolvedStep& r, const std::string& name) {
  auto v = evaluate(name, r.facts);
  return v ? *v : -1;
}

// Every sentence a step shows: its text, and its question's prompt and reveal.
std::string sentences(const ResolvedStep& r) {
  std::string s = r.text;
  if (r.question) s += "\n" + r.question->prompt + "\n" + r.question->reveal;
  return s;
}

// "warp 3" (not "warps 3", not "3 warps"): the numbers a text gives a warp.
std::vector<int> warps_named(const std::string& text) {
  static const std::regex warp_n(R"(\bwarp (\d+)\b)", std::regex::icase);
  std::vector<int> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), warp_n); it != std::sregex_iterator(); ++it)
    out.push_back(std::stoi((*it)[1]));
  return out;
}

// The problems of one resolved step against the step before it (null: none).
std::vector<std::string> untrue_sentences(const std::string& title, ResolvedStep& r, ResolvedStep* before) {
  std::vector<std::string> out;
  const std::string text = sentences(r);
  const int traced = static_cast<int>(fact(r, "selected_warp"));
  for (int w : warps_named(text))
    if (w != traced) out.push_back(fmt::format("names warp {}, but the step traces warp {}", w, traced));
  std::string all = title + "\n" + text;
  for (char& c : all) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (all.find("same block") != std::string::npos) {
    if (!before) {
      out.push_back("says \"the same block\" with no step before it");
    } else {
      const double bx = fact(r, "block_x"), by = fact(r, "block_y");
      const double px = fact(*before, "block_x"), py = fact(*before, "block_y");
      if (bx != px || by != py)
        out.push_back(fmt::format("says \"the same block\": a {} x {} block after a {} x {} one", bx, by, px, py));
    }
  }
  return out;
}

TEST(Sentences, AWarpOrBlockNamedIsTheOneTheStepShows) {
  int steps = 0;
  for (const Lesson& l : library().lessons) {
    std::optional<ResolvedStep> before;
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      SCOPED_TRACE(l.file_name() + " step " + std::to_string(i + 1));
      auto r = resolve_step(l.steps[i]);
      ASSERT_TRUE(r) << r.error().message;
      for (const std::string& p : untrue_sentences(l.steps[i].title, *r, before ? &*before : nullptr))
        ADD_FAILURE() << p << ": " << l.steps[i].title << ": " << sentences(*r);
      before = std::move(*r);
      ++steps;
    }
  }
  EXPECT_GE(steps, 50);
}

// The check fails where it should: lesson 1's old sentences (warp 1 "is the warp
// the next steps trace", "the same block" for a 4 x 1 block after a 32 x 8 one).
TEST(Sentences, TheWarpAndBlockChecksCanFail) {
  const Lesson* banks = library().find("banks");
  ASSERT_NE(banks, nullptr);
  ASSERT_GE(banks->steps.size(), 4u);
  Step threads = banks->steps[2];
  ASSERT_EQ(threads.state.warp, 1);
  threads.question->reveal = "The outlined one, warp 0, is the warp the next steps trace.";
  auto a = resolve_step(threads);
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ(untrue_sentences(threads.title, *a, nullptr).size(), 1u);

  auto b = resolve_step(banks->steps[3]);
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ(untrue_sentences("The same block on the classroom toy", *b, &*a).size(), 1u);
  EXPECT_TRUE(untrue_sentences(banks->steps[3].title, *b, &*a).empty());
}

// A configuration as the simulator sees it: kernel, parameters, preset, block,
// warp and instruction.
bool same_configuration(const StepState& a, const StepState& b) {
  return a.kernel == b.kernel && a.params == b.params && a.arch == b.arch && a.block.x == b.block.x &&
         a.block.y == b.block.y && a.block.z == b.block.z && a.warp == b.warp && a.site == b.site &&
         a.occurrence == b.occurrence;
}

// What a question asks for: the kind of each quantity its answer (or its
// options' values) names, with the configuration it belongs to ("" the step's
// own, else a compare configuration's name). Not what the concealment derives
// from it (a hidden cost also hides that configuration's times).
std::set<std::pair<std::string, Quantity>> quantities_asked(const Question& q) {
  std::vector<std::string> exprs{q.answer};
  for (const Option& o : q.options) exprs.push_back(o.value);
  std::set<std::pair<std::string, Quantity>> out;
  for (const std::string& e : exprs)
    for (const std::string& f : facts_named(e)) {
      const auto colon = f.find(':');
      const std::string config = colon == std::string::npos ? "" : f.substr(0, colon);
      if (auto kind = quantity_of(colon == std::string::npos ? f : f.substr(colon + 1))) out.insert({config, *kind});
    }
  return out;
}

// What each question asks, for the configuration it belongs to.
// Two lessons asking for the same kind of the same configuration repeat one
// question; within a lesson a step may build on its own earlier question.
std::vector<std::string> repeated_questions(const std::vector<Lesson>& lessons, std::size_t* asked_count = nullptr) {
  struct Asked {
    StepState state;
    Quantity quantity;
    std::string lesson, where;
  };
  std::vector<Asked> asked;
  std::vector<std::string> repeats;
  for (const Lesson& l : lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const Step& s = l.steps[i];
      if (!s.question) continue;
      const std::string where = fmt::format("{} step {} ('{}')", l.id, i + 1, s.question->prompt);
      for (const auto& [config, q] : quantities_asked(*s.question)) {
        const auto c = s.compare.find(config);
        const StepState& state = config.empty() || c == s.compare.end() ? s.state : c->second;
        for (const Asked& a : asked)
          if (a.quantity == q && a.lesson != l.id && same_configuration(a.state, state))
            repeats.push_back(fmt::format("{} asks for the {} that {} asked for, of the same configuration", where,
                                          to_string(q), a.where));
        asked.push_back({state, q, l.id, where});
      }
    }
  if (asked_count) *asked_count = asked.size();
  return repeats;
}

TEST(Sentences, NoTwoLessonsAskTheSameQuestionOfTheSameConfiguration) {
  std::size_t asked = 0;
  for (const std::string& r : repeated_questions(library().lessons, &asked)) ADD_FAILURE() << r;
  EXPECT_GE(asked, 20u);
}

// The check fails where it should: lesson 13's old `LDS.128` question, the
// wavefronts of a stride-1 read of 16 bytes per lane, after lesson 10's.
TEST(Sentences, TheRepeatCheckCanFail) {
  const Lesson* wide = library().find("wide-accesses");
  ASSERT_NE(wide, nullptr);
  const Step* sixteen = nullptr;
  for (const Step& s : wide->steps)
    if (s.question && s.state.params.bytes == 16 && s.state.params.stride == 1) sixteen = &s;
  ASSERT_NE(sixteen, nullptr);
  Lesson old = *wide;
  old.id = "ncu-counts-more";
  old.steps = {*sixteen};
  old.steps[0].question->answer = "wavefronts";
  EXPECT_EQ(repeated_questions({*wide, old}).size(), 1u);
  EXPECT_TRUE(repeated_questions({*wide}).empty());
}

std::string file_text(const std::string& relative) {
  const std::string path = kernels::find_data_file(relative);
  if (path.empty()) return {};
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// One word per meaning. The words a class meets for another meaning, or for
// none: each paired with the word to use instead.
struct Rejected {
  const char* words;
  const char* use;
};
constexpr Rejected kRejected[] = {
    {"barrier phase", "barrier interval (the instructions between two barriers)"},
    {"ideal phase", "ideal wavefronts"},
    {"load's phases", "ideal wavefronts"},
    {"phases of wide", "ideal wavefronts"},
    {"sync interval", "barrier interval"},
    {"barrier epoch", "barrier interval"},
};

std::vector<std::string> rejected_words_in(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::vector<std::string> out;
  for (const Rejected& r : kRejected)
    if (text.find(r.words) != std::string::npos) out.push_back(fmt::format("'{}': say {}", r.words, r.use));
  return out;
}

TEST(Sentences, EachMeaningHasOneWordInLessonsGlossaryAndDocs) {
  // The lesson files as written (summaries included), the glossary and the pages a student or teacher reads.
  std::vector<std::string> files;
  for (const Lesson& l : library().lessons) files.push_back("assets/lessons/" + l.file_name());
  for (const char* f : {"assets/glossary.json", "docs/glossary.md", "docs/lessons.md", "docs/hardware-model.md",
                        "docs/ncu.md", "docs/prediction.md", "README.md", "app/gui/warp_stepper_panel.cpp",
                        "kernels/src/reconcile.cpp"})
    files.push_back(f);
  for (const std::string& f : files) {
    const std::string text = file_text(f);
    ASSERT_FALSE(text.empty()) << f << " not found";
    for (const std::string& p : rejected_words_in(text)) ADD_FAILURE() << f << ": " << p;
  }
  // "phase" is the tiled multiply's: a step that says it traces a kernel of that family.
  static const std::regex phase(R"(\bphases?\b)", std::regex::icase);
  for (const Lesson& l : library().lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const Step& s = l.steps[i];
      std::string all = s.title + "\n" + s.text;
      if (s.question) all += "\n" + s.question->prompt + "\n" + s.question->reveal + "\n" + s.question->unit;
      if (std::regex_search(all, phase))
        EXPECT_EQ(s.state.kernel.rfind("matmul_", 0), 0u)
            << l.id << " step " << i + 1 << " says 'phase' of " << s.state.kernel
            << ": a phase is a turn of the tiled multiply's tile loop; between barriers it is a barrier interval";
    }
}

TEST(Sentences, TheOneWordCheckCanFail) {
  EXPECT_EQ(rejected_words_in("Shift+Left/Right barrier phase").size(), 1u);
  EXPECT_EQ(rejected_words_in("so a wide load's phases are not conflicts").size(), 1u);
  EXPECT_TRUE(rejected_words_in("barrier interval 2 of 9; a phase holds two").empty());
}

}  // namespace
}  // namespace ws::lessons
