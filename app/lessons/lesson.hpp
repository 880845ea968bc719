// A lesson, as read from assets/lessons/<id>.json: a sequence of steps, each
// of which puts the window in one whole state and shows a short text, and may
// ask a question whose answer the simulator computes (lesson_facts.hpp).
// The file format and its rules are in docs/lessons.md.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ws/kernels/params.hpp"

namespace ws::kernels {
struct KernelDescriptor;  // catalog.hpp
}
#include "ws/trace.hpp"

namespace ws::lessons {

// What the big figure of a step is (the window's tab; the presenter's one figure).
enum class View : std::uint8_t { BankMap, SharedArray, SectorMap, Blocks, Timings, WholeKernel, Code, Threads };
std::string_view to_string(View v);
std::optional<View> view_named(std::string_view name);
std::string view_names();  // "bank-map, shared-array, ..." for messages

// The whole state of the window for one step. Every field is resolved: a step
// that gives only some of them inherits the rest from the step before it, so
// opening a lesson at step N shows what stepping to N shows.
struct StepState {
  std::string kernel;
  kernels::KernelParams params;
  std::string arch = "sm90";
  Dim3 block{0, 0, 0};
  int warp = 0;
  std::string site;     // access site by name; empty = the warp's first instruction
  int occurrence = 0;   // which execution of that site
  View view = View::BankMap;
  std::vector<int> highlight_lanes;  // drawn with a heavy outline
  std::vector<int> highlight_banks;  // bank columns tinted in the bank map
  // A kernel outside the catalog (a student's variant, ws/kernels/variant.hpp),
  // used while its name is `kernel`; lesson files never set it.
  const kernels::KernelDescriptor* descriptor = nullptr;
};

// A configuration to compare the step's state with (whole-kernel counters,
// recorded times, another layout's instruction), named in the step: the step's
// state with some fields changed ("kernel", "params", "arch", "block", "warp",
// "site", "occurrence").
using Config = StepState;

// One option of a "which" question: a label and the quantity that decides it.
struct Option {
  std::string label;
  std::string value;  // an expression over facts
};

// Predict, then reveal. The answer is never in the file: a number question
// names an expression over facts, a "which" question picks the option whose
// value is smallest (or largest).
struct Question {
  enum class Kind : std::uint8_t { Number, Which };
  Kind kind = Kind::Number;
  std::string prompt;
  std::string answer;                // Number: expression over facts
  std::vector<std::string> choices;  // Number: candidate expressions; exactly one must equal the answer
  std::vector<Option> options;       // Which
  bool pick_max = false;             // Which: largest value wins (else smallest)
  std::string reveal;                // text shown after the answer, with placeholders
  // Facts kept out of sight until the reveal beside those the answer names
  // (concealment.hpp): "way" where the answer is "wavefronts".
  std::vector<std::string> conceals;
  // Number: what the answer counts, in the plural ("wavefronts"; "x" for a
  // ratio, "%"): the reveal says "2 wavefronts", "1 wavefront", "1.72x".
  std::string unit;
};

// A chart a slide draws for a step whose figure is numbers (whole-kernel
// counters, times): one quantity, a bar per item. Values are expressions over
// facts; the slide evaluates them and, before a reveal that concerns them,
// shows the items' code instead of their bars.
struct BarItem {
  std::string label;
  std::string value;   // expression over facts
  std::string format;  // fmt spec of the printed value (".3f"); empty: as {expression}
};
struct BarChart {
  std::string title;  // the quantity, with its unit ("Shared-memory wavefronts per load")
  std::vector<BarItem> items;
  // A line: the items are points of a curve left to right (bandwidth against
  // stride), their labels the x axis, named by `axis` ("stride in elements").
  bool line = false;
  std::string axis;
};

// A what-if the slide offers (padding on/off, tile 16/32, stride k): each
// option changes the step's state and its compare configurations' alike
// ("kernel", "params", "arch"); the first option is the step as written.
// Texts, question and figure are recomputed from the simulator for the option.
struct ToggleOption {
  std::string label;
  std::string state;  // the override, as JSON text (read like a step's "state")
};
struct Toggle {
  std::string label;
  std::vector<ToggleOption> options;
};

struct Step {
  std::string title;
  StepState state;
  std::map<std::string, Config> compare;  // name -> configuration, as "name:fact" in expressions
  std::string text;                        // with {placeholders}
  std::optional<Question> question;
  // A compare configuration drawn beside the step's own figure at the same
  // scale (row read vs column read, tile[32][32] vs tile[32][33]); empty: none.
  std::string beside;
  // Charts the slide draws instead of a tool table (timings, whole-kernel views).
  std::vector<BarChart> bars;
  std::vector<Toggle> toggles;  // at most three
  // What the step teaches and what it relies on, as concept names ("bank",
  // "four-bank-toy"): a deck may show a step only after a step that teaches
  // each of its needs (deck.hpp, deck_order_problems; docs/lessons.md).
  std::vector<std::string> teaches;
  std::vector<std::string> needs;
};

// The one figure and the one sentence a class keeps from a lesson: the recap
// slide of a deck shows the step's figure (revealed) beside the sentence.
struct Remember {
  int step = 0;  // from 0
  std::string text;
};

struct Lesson {
  std::string id;     // the file's name without .json; `warpscope --lesson ID`
  int number = 0;     // order in the list
  std::string title;
  std::string summary;
  std::string file;   // where it was read from
  std::vector<Step> steps;
  std::optional<Remember> remember;
  // The file's name for messages ("05-transpose-shared.json"); the id's when read from text.
  std::string file_name() const;
};

}  // namespace ws::lessons
