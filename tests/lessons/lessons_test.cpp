// The built-in lessons as a class would meet them: at least ten, every step
// shows (its state prepares, its text fills), every question resolves to an
// answer the simulator computed, and no state-dependent number is typed into
// a text. Answers are cross-checked against the simulator called directly.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cctype>
#include <set>

#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/global_analysis.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/kernels/variant.hpp"

namespace ws::lessons {
namespace {

const LessonLibrary& library() {
  static const LessonLibrary lib = load_library();
  return lib;
}

// Digits may appear only inside {placeholders} (computed), `code spans` (source
// code quoted as written) and names that start with a letter (H100, sm90).
// "32 wavefronts" typed into a text fails here.
std::string typed_number(const std::string& text) {
  bool in_code = false;
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '`' && depth == 0) in_code = !in_code;
    else if (c == '{' && !in_code) ++depth;
    else if (c == '}' && !in_code && depth > 0) --depth;
    else if (std::isdigit(static_cast<unsigned char>(c)) && !in_code && depth == 0 &&
             (i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]))))
      return text.substr(i > 20 ? i - 20 : 0, 40);
  }
  return {};
}

TEST(Lessons, AtLeastTwelveLoadWithoutErrors) {
  const auto& lib = library();
  EXPECT_TRUE(lib.errors.empty()) << lib.errors.front();
  ASSERT_GE(lib.lessons.size(), 12u);
  std::set<int> numbers;
  for (const Lesson& l : lib.lessons) {
    EXPECT_TRUE(numbers.insert(l.number).second) << l.id << ": number " << l.number << " twice";
    EXPECT_GE(l.steps.size(), 3u) << l.id;
  }
}

TEST(Lessons, EveryStepAndQuestionResolves) {
  int questions = 0;
  for (const Lesson& l : library().lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      SCOPED_TRACE(l.file_name() + " step " + std::to_string(i));
      auto r = resolve_step(l.steps[i]);
      ASSERT_TRUE(r) << r.error().message;
      EXPECT_FALSE(r->text.empty());
      EXPECT_EQ(r->text.find('{'), std::string::npos) << "unfilled placeholder: " << r->text;
      ASSERT_EQ(r->question.has_value(), l.steps[i].question.has_value());
      if (!r->question) continue;
      ++questions;
      const ResolvedQuestion& q = *r->question;
      EXPECT_FALSE(q.answer_text.empty());
      if (!q.choices.empty()) {
        ASSERT_GE(q.correct, 0);
        ASSERT_LT(q.correct, static_cast<int>(q.choices.size()));
        // Exactly one choice is the answer: the others are distractors.
        int equal = 0;
        for (const auto& c : q.choices) equal += c == q.choices[q.correct];
        EXPECT_EQ(equal, 1);
      }
      EXPECT_EQ(q.reveal.find('{'), std::string::npos) << q.reveal;
    }
  EXPECT_GE(questions, 20);
}

// A step's state holds only parameters its kernel reads; the others stay at the
// kernel's defaults, whatever the step before it set: an offset carried from an
// offset_read step to a strided_read one made a state no recording holds, and
// the timings said "Not measured" beside a slide whose bars had the numbers.
TEST(Lessons, AStepSetsOnlyParametersItsKernelReads) {
  int checked = 0;
  for (const Lesson& l : library().lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const StepState& s = l.steps[i].state;
      const kernels::KernelDescriptor* k = kernels::find_kernel(s.kernel);
      ASSERT_NE(k, nullptr) << s.kernel;
      for (const kernels::ParamSpec& spec : kernels::param_specs()) {
        if (k->reads(spec.field)) continue;
        ++checked;
        EXPECT_EQ(s.params.*spec.field, k->defaults.*spec.field)
            << l.file_name() << " step " << i + 1 << ": " << s.kernel << " does not read " << spec.key;
      }
    }
  EXPECT_GT(checked, 0);
}

TEST(Lessons, NoStateDependentNumberIsTypedIntoAText) {
  for (const Lesson& l : library().lessons) {
    SCOPED_TRACE(l.file_name());
    EXPECT_EQ(typed_number(l.title), "") << "title";
    EXPECT_EQ(typed_number(l.summary), "") << "summary";
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const Step& s = l.steps[i];
      EXPECT_EQ(typed_number(s.title), "") << "steps[" << i << "].title";
      EXPECT_EQ(typed_number(s.text), "") << "steps[" << i << "].text";
      if (!s.question) continue;
      EXPECT_EQ(typed_number(s.question->prompt), "") << "steps[" << i << "].question.prompt";
      EXPECT_EQ(typed_number(s.question->reveal), "") << "steps[" << i << "].question.reveal";
      for (const auto& o : s.question->options) EXPECT_EQ(typed_number(o.label), "") << "an option's label";
    }
  }
}

TEST(Lessons, TheTypedNumberCheckCanFail) {
  EXPECT_NE(typed_number("a 32-way conflict"), "");
  EXPECT_NE(typed_number("{way}-way, 2 wavefronts"), "");
  EXPECT_NE(typed_number("padded [T][T+1]"), "");
  EXPECT_EQ(typed_number("{way}-way, {wavefronts / 2} of `tile[32][33]` on the H100"), "");
}

// The instruction a step shows, analysed here with the simulator directly.
struct Direct {
  SharedResult shared;
  GlobalResult global;
  Space space;
};
Direct analyse_directly(const StepState& s) {
  const auto* k = kernels::find_kernel(s.kernel);
  const ArchPreset& arch = *find_preset(s.arch);
  const WarpTrace t = kernels::trace_warp(*k, s.params, s.block, s.warp, arch.warp_lanes);
  int seen = 0, index = 0;
  for (std::size_t i = 0; i < t.instructions.size(); ++i)
    if (!s.site.empty() && t.sites[t.instructions[i].site].name == s.site && seen++ == s.occurrence) {
      index = static_cast<int>(i);
      break;
    }
  Direct d;
  const WarpAccess& a = t.instructions[index].access;
  d.space = a.space;
  if (a.space == Space::Shared) d.shared = analyze_shared(a, arch);
  else d.global = analyze_global(a, arch.warp_lanes);
  return d;
}

TEST(Lessons, InstructionAnswersEqualTheSimulatorCalledDirectly) {
  int checked = 0;
  for (const Lesson& l : library().lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      const Step& s = l.steps[i];
      if (!s.question || s.question->kind != Question::Kind::Number) continue;
      const std::string& a = s.question->answer;
      if (a != "wavefronts" && a != "sectors" && a != "active_lanes" && a != "way") continue;
      SCOPED_TRACE(l.file_name() + " step " + std::to_string(i));
      auto r = resolve_step(s);
      ASSERT_TRUE(r) << r.error().message;
      const Direct d = analyse_directly(s.state);
      const double expected = a == "wavefronts" ? d.shared.wavefronts
                              : a == "way"      ? d.shared.max_way
                              : a == "sectors"  ? d.global.sectors
                              : d.space == Space::Shared ? d.shared.active_lanes : d.global.active_lanes;
      EXPECT_EQ(r->question->answer, expected);
      ++checked;
    }
  EXPECT_GE(checked, 8);
}

// An answer is computed for the state shown: the same question on another
// preset gets that preset's answer, with no change to the file's text.
TEST(Lessons, TheSameQuestionOnTheToyGetsTheToysAnswer) {
  const Lesson* l = library().find("transpose-shared");
  ASSERT_NE(l, nullptr);
  const Step* column = nullptr;
  for (const Step& s : l->steps)
    if (s.question && s.state.site == "tile_load") column = &s;
  ASSERT_NE(column, nullptr);
  Step toy = *column;
  toy.question->choices.clear();  // distractors written for 32 banks may coincide on 4
  toy.state.arch = "toy4";
  toy.state.params.rows = toy.state.params.cols = 8;
  toy.state.params.tile = 4;
  toy.state.params.block_rows = 1;
  auto big = resolve_step(*column), small = resolve_step(toy);
  ASSERT_TRUE(big) << big.error().message;
  ASSERT_TRUE(small) << small.error().message;
  EXPECT_EQ(big->question->answer, analyse_directly(column->state).shared.wavefronts);
  EXPECT_EQ(small->question->answer, analyse_directly(toy.state).shared.wavefronts);
  EXPECT_NE(big->question->answer, small->question->answer);
  EXPECT_NE(big->text, small->text);
}

TEST(Lessons, WholeKernelFactsEqualTheReport) {
  Step s;
  s.state.kernel = "transpose_shared";
  s.state.params = kernels::find_kernel("transpose_shared")->defaults;
  s.state.params.rows = s.state.params.cols = 512;
  s.state.site = "tile_load";
  s.text = "{whole.shared_load.wavefronts} {whole.shared_bytes_per_block}";
  auto r = resolve_step(s);
  ASSERT_TRUE(r) << r.error().message;
  const auto rep = kernels::report(*kernels::find_kernel(s.state.kernel), s.state.params, default_preset(), Dim3{0, 0, 0}, 0);
  EXPECT_EQ(r->text, std::to_string(rep.shared_load.wavefronts) + " " + std::to_string(rep.shared_bytes_per_block));
}

// Kernel descriptions are templates too: on every preset a kernel accepts,
// each fills, holds no typed-in number, and follows the preset (the toy's
// column read is not the H100's).
TEST(Lessons, KernelDescriptionsAreComputedForTheStateShown) {
  for (const kernels::KernelDescriptor& k : kernels::catalog()) {
    EXPECT_EQ(typed_number(std::string(k.description)), "") << k.name;
    for (const ArchPreset& arch : all_presets()) {
      if (kernels::check_params(k, k.defaults, arch)) continue;
      auto d = describe_kernel(k, k.defaults, arch.name);
      ASSERT_TRUE(d) << k.name << " on " << arch.name << ": " << d.error().message;
      EXPECT_EQ(d->find('{'), std::string::npos) << *d;
    }
  }
  const auto* shared = kernels::find_kernel("transpose_shared");
  kernels::KernelParams toy = shared->defaults;
  toy.tile = 4;
  toy.block_rows = 1;
  auto big = describe_kernel(*shared, shared->defaults, "sm90"), small = describe_kernel(*shared, toy, "toy4");
  ASSERT_TRUE(big && small);
  EXPECT_NE(big->find("32-way"), std::string::npos) << *big;
  EXPECT_NE(small->find("4-way"), std::string::npos) << *small;
}

// measured.* come from the recording's entry at the step's parameters and
// predicted.* from the prediction model with that recording's calibration.
TEST(Lessons, RecordedAndPredictedFactsEqualTheirSources) {
  const std::string file = kernels::measurements_dir() + "/h100.json";
  auto m = kernels::load_measurements(file);
  ASSERT_TRUE(m) << m.error().message;
  const auto* k = kernels::find_kernel("transpose_shared");
  const kernels::MeasuredKernel* entry = m->find("transpose_shared");
  ASSERT_NE(entry, nullptr);
  Step s;
  s.state.kernel = k->name;
  s.state.params = k->defaults;
  s.state.site = "tile_load";
  s.text = "{measured.h100.median_ms|.9f}";
  auto r = resolve_step(s);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->text, fmt::format("{:.9f}", entry->median_ms));
  if (!m->calibration.present) GTEST_SKIP() << "h100.json has no calibration";
  s.text = "{predicted.h100.ms|.9f} {predicted.h100.bound}";
  r = resolve_step(s);
  ASSERT_TRUE(r) << r.error().message;
  const kernels::Prediction p = kernels::predict(*k, k->defaults, m->calibration);
  EXPECT_EQ(r->text, fmt::format("{:.9f} {}", p.predicted_ms, p.bound));
  // Another preset has no prediction: an error, not a number.
  s.state.arch = "sm50";
  EXPECT_FALSE(resolve_step(s));
}

}  // namespace
}  // namespace ws::lessons

// A student's variant is described like a catalog kernel: its {facts} computed
// for its own trace (the typed layout's 2-way column read, its tile's bytes).
TEST(Descriptions, VariantsAreDescribedWithTheirOwnFacts) {
  ws::kernels::VariantSpec spec;
  spec.expression = "(c + 2*r) % T";
  spec.params = ws::kernels::find_kernel("transpose_shared")->defaults;
  auto made = ws::kernels::make_variant(spec, ws::default_preset());
  ASSERT_TRUE(made) << made.error().message;
  const auto& layout = **made;
  auto text = ws::lessons::describe_kernel(layout.descriptor(), layout.params(), "sm90");
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_NE(text->find("column read is 2 wavefront(s)"), std::string::npos) << *text;
  EXPECT_NE(text->find("4096 bytes"), std::string::npos) << *text;
  spec.base = "smem_stride";
  spec.expression = "4 * (16 * lane)";
  spec.params = ws::kernels::find_kernel("smem_stride")->defaults;
  made = ws::kernels::make_variant(spec, ws::default_preset());
  ASSERT_TRUE(made) << made.error().message;
  const auto& pattern = **made;
  text = ws::lessons::describe_kernel(pattern.descriptor(), pattern.params(), "sm90");
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_NE(text->find("16 wavefront(s) per read"), std::string::npos) << *text;
}
