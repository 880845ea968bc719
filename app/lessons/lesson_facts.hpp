// The numbers a lesson may name, computed at run time: a step's text says
// "{wavefronts} wavefronts", never "32 wavefronts". Facts come from
//   - the step's current instruction, analysed for its preset (wavefronts, sectors, ...);
//   - any site of the traced warp (at.<site>.<fact>: its first execution);
//   - the launch and parameters (blocks, param.tile, ...);
//   - the whole kernel (whole.shared_load.wavefronts, whole.shared_bytes_per_block, ...);
//   - the recordings in assets/measurements (measured.h100.median_ms);
//   - the prediction model with a recording's calibration (predicted.h100.ms,
//     predicted.h100.dram_ms; the word {predicted.h100.bound});
// and from a step's compare configurations as "<name>:<fact>". docs/lessons.md
// lists them all.
//
// Expressions: facts and numbers with + - * / and parentheses, min(a, b),
// max(a, b). Texts hold {expression}, {expression|.2f} (a fmt format spec) or
// {expression|unit:sectors} ("1 sector", "3 sectors").
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lessons/concealment.hpp"
#include "lessons/lesson.hpp"
#include "ws/arch.hpp"
#include "ws/global_analysis.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/result.hpp"
#include "ws/shared_analysis.hpp"

namespace ws::lessons {

// A state made ready to show: checked, traced, its instruction selected.
struct PreparedState {
  const kernels::KernelDescriptor* kernel = nullptr;
  const ArchPreset* arch = nullptr;
  kernels::KernelParams params;
  kernels::LaunchConfig launch;
  Dim3 block{0, 0, 0};
  int warp = 0;
  WarpTrace trace;
  int instruction = 0;  // index into trace.instructions
};

// Checks the state against the catalog and traces its warp; the error says
// which field is wrong ("block (9, 0) is outside the grid of 2 x 2 blocks").
Result<PreparedState> prepare(const StepState& s);

// Facts of one state (lazily: whole-kernel counters are simulated on first use).
class FactTable {
 public:
  explicit FactTable(PreparedState state);
  ~FactTable();
  FactTable(FactTable&&) noexcept;
  FactTable& operator=(FactTable&&) noexcept;
  // The value of a fact, or an Error naming it and why it has none.
  Result<double> get(const std::string& name);
  // Facts that are words: predicted.<gpu>.bound ("DRAM", "shared-memory wavefronts").
  Result<std::string> word(const std::string& name);
  const PreparedState& state() const;

  // Whole-kernel simulations run elsewhere, in slices (step_resolution.hpp).
  // While deferred, a whole-kernel or predicted fact is not simulated: it reads
  // as a stand-in (1, the word "DRAM") and whole_wanted() turns true. set_whole()
  // installs the report (or why there is none) as the lazy simulation would.
  void defer_whole(bool on);
  bool whole_wanted() const;
  bool whole_done() const;
  void set_whole(const kernels::KernelReport* report, const std::string& error);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A step's facts: its own state's, and each compare configuration's under "<name>:".
class StepFacts {
 public:
  static Result<StepFacts> build(const Step& step);
  Result<double> get(const std::string& name);
  Result<std::string> word(const std::string& name);
  FactTable& main() { return *main_; }
  // A compare configuration's table; nullptr when the step has none of that name
  // or it could not be prepared.
  FactTable* config(const std::string& name) {
    if (name.empty()) return main_.get();
    auto it = configs_.find(name);
    return it == configs_.end() ? nullptr : it->second.get();
  }
  // The main table and each compare configuration's.
  std::vector<FactTable*> tables();

 private:
  std::unique_ptr<FactTable> main_;
  std::map<std::string, std::unique_ptr<FactTable>> configs_;
  std::map<std::string, std::string> config_errors_;  // configurations that could not be prepared
};

// Evaluates an expression over the facts. `used_fact` (optional) is set when
// at least one fact was named (answers must depend on the simulation).
Result<double> evaluate(const std::string& expr, StepFacts& facts, bool* used_fact = nullptr);

// Replaces every {expression} or {expression|spec} in `text`; `words` holds
// placeholders that are words, not numbers ({answer} of a "which" question).
// With `conceal`, a placeholder over a concealed quantity (concealment.hpp)
// is written "?": the text before the reveal.
Result<std::string> fill(const std::string& text, StepFacts& facts,
                         const std::map<std::string, std::string>& words = {},
                         const Concealment* conceal = nullptr);

// How a number is written when no spec is given: integers plainly, others with
// up to two decimals ("32", "16.25", "0.5").
std::string format_number(double v);

// "2 wavefronts", "1 wavefront", "1.72x": a value with a question's unit.
std::string with_unit(const std::string& number, double value, const std::string& unit);

// A question with its answer computed.
struct ResolvedQuestion {
  std::string prompt;                 // filled
  std::vector<std::string> choices;   // Number with choices: each filled value; Which: the labels
  int correct = -1;                   // index into choices; -1 for a free number
  double answer = 0;                  // Number: the value
  std::vector<double> option_values;  // Which: each option's value, in the order of `choices`
  std::string answer_text;            // "32", or the winning label
  // The answer as the reveal shows it: the value with the question's unit
  // ("2 wavefronts", "1 wavefront", "1.72x"), or the winning label.
  std::string answer_phrase;
  // The same before the reveal: "? wavefronts", "?x"; "?" for a "which" question.
  std::string concealed_phrase;
  std::string prompt_before_reveal;   // the prompt with concealed placeholders as "?"
  std::string reveal;                 // filled, {answer} included
};

Result<ResolvedQuestion> resolve_question(const Question& q, StepFacts& facts);

// A step ready to show: its facts, text and question resolved. The error names
// the field ("text: {sectorz}: unknown fact 'sectorz'").
struct ResolvedStep {
  StepFacts facts;
  std::string text;
  std::optional<ResolvedQuestion> question;
  Concealment conceal;              // what the question hides until its reveal
  std::string text_before_reveal;   // `text` with concealed placeholders as "?"
  const std::string& shown_text(bool revealed) const { return revealed ? text : text_before_reveal; }
};
Result<ResolvedStep> resolve_step(const Step& step);
// resolve_step() past building the facts: fills r's text, question and
// concealment from r.facts (step_resolution.hpp builds them first).
std::optional<Error> fill_resolved_step(const Step& step, ResolvedStep& r);

// A catalog kernel's description (catalog.hpp) with its {facts} computed for
// these parameters and this preset, at warp 0 of block (0, 0): the toy's
// description says 4-way where sm90's says 32-way. `code spans` lose their marks.
Result<std::string> describe_kernel(const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                                    std::string_view arch);

}  // namespace ws::lessons
