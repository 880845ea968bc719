// The lesson schema (docs/lessons.md) as code: every field is checked where it
// is read, and the first problem is reported with its path in the file
// ("steps[2].state.block"). Unknown keys are errors too: a typo ("stat") would
// otherwise be silently ignored and the step would show the wrong state.
#include "lessons/lesson_library.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "lessons/lesson_limits.hpp"
#include "ws/arch.hpp"
#include "ws/kernels/assets.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/kernels/input_file.hpp"
#include "ws/kernels/json_kind.hpp"
#include "ws/kernels/work.hpp"

namespace ws::lessons {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Thrown inside the reader only, to leave its nested reads at the first bad
// field; parse_lesson() turns it into an Error (docs/architecture.md, "Errors").
struct SchemaError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  // Escaped: a key or value with a newline or ESC would split the message and forge a "warpscope:" line.
  throw SchemaError(kernels::printable(field.empty() ? what : field + ": " + what, std::string::npos));
}

using kernels::kind_of;

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

void only_keys(const json& obj, const std::string& field, std::initializer_list<const char*> known) {
  for (const auto& [key, _] : obj.items()) {
    if (std::find_if(known.begin(), known.end(), [&key = key](const char* k) { return key == k; }) != known.end()) continue;
    std::vector<std::string> names(known.begin(), known.end());
    fail(field.empty() ? key : field + "." + key, fmt::format("unknown field (known: {})", join(names)));
  }
}

const json& object_at(const json& j, const std::string& field) {
  if (!j.is_object()) fail(field, fmt::format("is {}, not an object", kind_of(j)));
  return j;
}

std::string text_at(const json& parent, const char* key, const std::string& field, bool required) {
  const auto it = parent.find(key);
  const std::string f = field.empty() ? key : field + "." + key;
  if (it == parent.end()) {
    if (required) fail(f, "is missing");
    return {};
  }
  if (!it->is_string()) fail(f, fmt::format("is {}, not a string", kind_of(*it)));
  std::string s = it->get<std::string>();
  if (required && s.empty()) fail(f, "is empty");
  return s;
}

int int_value(const json& v, const std::string& field, int min, int max) {
  if (!v.is_number_integer()) fail(field, fmt::format("is {}, not an integer", kind_of(v)));
  const long long x = v.is_number_unsigned() ? static_cast<long long>(std::min<std::uint64_t>(v.get<std::uint64_t>(), 1ull << 40))
                                             : v.get<long long>();
  if (x < min || x > max) fail(field, fmt::format("{} is outside {}..{}", x, min, max));
  return static_cast<int>(x);
}

// An expression or a number, as a string for the evaluator.
std::string expression_at(const json& v, const std::string& field) {
  if (v.is_string() && !v.get<std::string>().empty()) return v.get<std::string>();
  if (v.is_number()) return v.dump();
  fail(field, fmt::format("is {}, not an expression (a non-empty string) or a number", kind_of(v)));
}

const kernels::KernelDescriptor& kernel_at(const json& v, const std::string& field) {
  if (!v.is_string()) fail(field, fmt::format("is {}, not a kernel name", kind_of(v)));
  const std::string name = v.get<std::string>();
  if (const auto* k = kernels::find_kernel(name)) return *k;
  std::vector<std::string> known;
  for (const auto& k : kernels::catalog()) known.emplace_back(k.name);
  fail(field, fmt::format("'{}' is not a catalog kernel (known: {})", name, join(known)));
}

std::string arch_at(const json& v, const std::string& field) {
  if (!v.is_string() || !find_preset(v.get<std::string>()))
    fail(field, fmt::format("{} is not a preset (known: {})", v.is_string() ? "'" + v.get<std::string>() + "'" : kind_of(v),
                            preset_names()));
  return v.get<std::string>();
}

// Parameters the kernel reads, as integers; keys of the table the kernel does
// not read are refused (they would change nothing on screen) by the rule links
// and flags follow (kernels::check_reads).
kernels::KernelParams params_at(const json& j, const std::string& field, const kernels::KernelDescriptor& k,
                                kernels::KernelParams base) {
  object_at(j, field);
  for (const auto& [key, value] : j.items()) {
    const std::string f = field + "." + key;
    const kernels::ParamSpec* spec = kernels::find_param(key);
    if (!spec) {
      std::vector<std::string> known;
      for (const auto& s : kernels::param_specs()) known.emplace_back(s.key);
      fail(f, fmt::format("unknown parameter (known: {})", join(known)));
    }
    if (auto unread = kernels::check_reads(k, *spec, kernels::ParamNaming::Keys)) fail(field, *unread);
    base.*(spec->field) = int_value(value, f, -(1 << 30), 1 << 30);
  }
  return base;
}

std::vector<int> lane_list(const json& v, const std::string& field) {
  if (!v.is_array()) fail(field, fmt::format("is {}, not an array of integers", kind_of(v)));
  std::vector<int> out;
  for (std::size_t i = 0; i < v.size(); ++i) out.push_back(int_value(v[i], fmt::format("{}[{}]", field, i), 0, 31));
  return out;
}

// Parameters restart from the new kernel's defaults when the family changes
// (a matmul tile is not a transpose tile); within a family, those the new
// kernel reads carry over, as the window's tile-layout buttons keep them. One
// it does not read takes its default: an offset_read step's offset left on a
// strided_read step made its state one no recording holds ("not measured").
kernels::KernelParams carried_params(const kernels::KernelDescriptor& to, std::string_view from_kernel,
                                     const kernels::KernelParams& from_params) {
  const auto* from = kernels::find_kernel(from_kernel);
  if (!from || from->family != to.family) return to.defaults;
  kernels::KernelParams carried = to.defaults;
  for (const kernels::ParamSpec& spec : kernels::param_specs())
    if (to.reads(spec.field)) carried.*spec.field = from_params.*spec.field;
  return carried;
}

StepState read_state(const json& j, const std::string& field, const StepState* previous) {
  object_at(j, field);
  only_keys(j, field, {"kernel", "params", "arch", "block", "warp", "site", "occurrence", "view", "highlight"});
  StepState s = previous ? *previous : StepState{};
  s.highlight_lanes.clear();
  s.highlight_banks.clear();
  const auto k = j.find("kernel");
  if (k == j.end() && !previous) fail(field + ".kernel", "is missing (the first step names its kernel)");
  const kernels::KernelDescriptor& kernel = kernel_at(k != j.end() ? *k : json(s.kernel), field + ".kernel");
  if (k != j.end()) {
    s.params = previous ? carried_params(kernel, previous->kernel, previous->params) : kernel.defaults;
    s.kernel = kernel.name;
  }
  if (auto it = j.find("params"); it != j.end()) s.params = params_at(*it, field + ".params", kernel, s.params);
  if (auto it = j.find("arch"); it != j.end()) s.arch = arch_at(*it, field + ".arch");
  if (auto it = j.find("block"); it != j.end()) {
    if (!it->is_array() || it->size() != 2) fail(field + ".block", "is not [x, y]");
    s.block = Dim3{int_value((*it)[0], field + ".block[0]", 0, 1 << 30), int_value((*it)[1], field + ".block[1]", 0, 1 << 30), 0};
  }
  if (auto it = j.find("warp"); it != j.end()) s.warp = int_value(*it, field + ".warp", 0, 1023);
  if (auto it = j.find("site"); it != j.end()) {
    s.site = text_at(j, "site", field, true);
    s.occurrence = 0;
  }
  if (auto it = j.find("occurrence"); it != j.end()) s.occurrence = int_value(*it, field + ".occurrence", 0, 1 << 24);
  if (auto it = j.find("view"); it != j.end()) {
    const std::string name = text_at(j, "view", field, true);
    const auto v = view_named(name);
    if (!v) fail(field + ".view", fmt::format("'{}' is not a view (known: {})", name, view_names()));
    s.view = *v;
  }
  if (auto it = j.find("highlight"); it != j.end()) {
    const std::string f = field + ".highlight";
    object_at(*it, f);
    only_keys(*it, f, {"lanes", "banks"});
    if (auto l = it->find("lanes"); l != it->end()) s.highlight_lanes = lane_list(*l, f + ".lanes");
    if (auto b = it->find("banks"); b != it->end()) s.highlight_banks = lane_list(*b, f + ".banks");
  }
  return s;
}

// A step opens in the window, which holds its whole-kernel view to the rule --open and the flags
// follow (kernels::check_window_work; issue 37: a step opened matmul_tiled 16384^3 that they refuse),
// with the same message. Parameters check_params() refuses are left to the step's resolution, which names them.
void check_step_work(const StepState& s, const std::string& field) {
  const kernels::KernelDescriptor* k = kernels::find_kernel(s.kernel);
  const ArchPreset* arch = find_preset(s.arch);
  if (!k || !arch || kernels::check_params(*k, s.params, *arch)) return;
  if (auto too_much = kernels::check_window_work(*k, s.params, arch->warp_lanes, kernels::ParamNaming::Keys))
    fail(field + ".params", *too_much);
}

// The step's state with the configuration's fields changed: the same reading
// as a step, without the fields that only concern the screen.
Config read_config(const json& j, const std::string& field, const StepState& step) {
  object_at(j, field);
  only_keys(j, field, {"kernel", "params", "arch", "block", "warp", "site", "occurrence"});
  return read_state(j, field, &step);
}

Question read_question(const json& j, const std::string& field) {
  object_at(j, field);
  only_keys(j, field, {"prompt", "answer", "choices", "which", "pick", "reveal", "conceals", "unit"});
  Question q;
  q.prompt = text_at(j, "prompt", field, true);
  q.reveal = text_at(j, "reveal", field, true);
  if (auto it = j.find("conceals"); it != j.end()) {
    if (!it->is_array()) fail(field + ".conceals", "is not an array of facts");
    for (std::size_t i = 0; i < it->size(); ++i)
      q.conceals.push_back(expression_at((*it)[i], fmt::format("{}.conceals[{}]", field, i)));
  }
  const bool has_answer = j.contains("answer"), has_which = j.contains("which");
  if (has_answer == has_which) fail(field, "needs exactly one of \"answer\" (a number question) or \"which\"");
  if (has_answer) {
    q.kind = Question::Kind::Number;
    q.answer = expression_at(j["answer"], field + ".answer");
    if (auto it = j.find("choices"); it != j.end()) {
      if (!it->is_array() || it->size() < 2) fail(field + ".choices", "is not an array of two or more expressions");
      for (std::size_t i = 0; i < it->size(); ++i)
        q.choices.push_back(expression_at((*it)[i], fmt::format("{}.choices[{}]", field, i)));
    }
    if (j.contains("pick")) fail(field + ".pick", "belongs to a \"which\" question");
    if (j.contains("unit")) q.unit = text_at(j, "unit", field, true);
  } else {
    q.kind = Question::Kind::Which;
    if (j.contains("unit")) fail(field + ".unit", "belongs to a number question (a \"which\" answer is a label)");
    const json& w = j["which"];
    if (!w.is_array() || w.size() < 2) fail(field + ".which", "is not an array of two or more options");
    for (std::size_t i = 0; i < w.size(); ++i) {
      const std::string f = fmt::format("{}.which[{}]", field, i);
      object_at(w[i], f);
      only_keys(w[i], f, {"label", "value"});
      if (!w[i].contains("value")) fail(f + ".value", "is missing");
      q.options.push_back({text_at(w[i], "label", f, true), expression_at(w[i]["value"], f + ".value")});
    }
    const std::string pick = text_at(j, "pick", field, true);
    if (pick != "min" && pick != "max") fail(field + ".pick", fmt::format("'{}' is not min or max", pick));
    q.pick_max = pick == "max";
  }
  return q;
}

// "bars": [{"title": ..., "items": [{"label", "value", "format"}, ...]}, ...];
// "style": "line" (with "axis") makes the items the points of a curve, up to twelve.
std::vector<BarChart> read_bars(const json& j, const std::string& field) {
  if (!j.is_array() || j.empty() || j.size() > 3) fail(field, "is not an array of one to three charts");
  std::vector<BarChart> charts;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string f = fmt::format("{}[{}]", field, i);
    object_at(j[i], f);
    only_keys(j[i], f, {"title", "items", "style", "axis"});
    BarChart c;
    c.title = text_at(j[i], "title", f, true);
    const std::string style = text_at(j[i], "style", f, false);
    if (!style.empty() && style != "bars" && style != "line") fail(f + ".style", fmt::format("'{}' is not bars or line", style));
    c.line = style == "line";
    c.axis = text_at(j[i], "axis", f, c.line);
    if (!c.line && !c.axis.empty()) fail(f + ".axis", "names the x axis of a line; bars have none");
    const std::size_t most = c.line ? 12 : 4;
    const auto items = j[i].find("items");
    if (items == j[i].end() || !items->is_array() || items->size() < (c.line ? 2u : 1u) || items->size() > most)
      fail(f + ".items", c.line ? "is not an array of two to twelve points" : "is not an array of one to four bars");
    for (std::size_t k = 0; k < items->size(); ++k) {
      const std::string g = fmt::format("{}.items[{}]", f, k);
      object_at((*items)[k], g);
      only_keys((*items)[k], g, {"label", "value", "format"});
      if (!(*items)[k].contains("value")) fail(g + ".value", "is missing");
      const std::string format = text_at((*items)[k], "format", g, false);
      // Decimals only: a width would let a file ask for a line of a billion spaces.
      if (!format.empty() && !(format.size() == 3 && format[0] == '.' && format[1] >= '0' && format[1] <= '6' &&
                               format[2] == 'f'))
        fail(g + ".format", fmt::format("'{}' is not .0f to .6f", format));
      c.items.push_back({text_at((*items)[k], "label", g, true), expression_at((*items)[k]["value"], g + ".value"),
                         format});
    }
    charts.push_back(std::move(c));
  }
  return charts;
}

// One toggle option's override applied to a state: only what a what-if may change.
StepState with_override(const json& j, const std::string& field, const StepState& base) {
  object_at(j, field);
  only_keys(j, field, {"kernel", "params", "arch"});
  StepState s = read_state(j, field, &base);
  s.highlight_lanes = base.highlight_lanes;  // read_state clears them for a new step; a what-if keeps the step's
  s.highlight_banks = base.highlight_banks;
  check_step_work(s, field);  // a what-if opens in the window as the step does
  return s;
}

Step apply_toggles(const Step& step, const std::vector<int>& choices) {
  if (choices.size() > step.toggles.size()) fail("toggles", fmt::format("{} choices for {} toggles", choices.size(), step.toggles.size()));
  Step t = step;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const Toggle& g = step.toggles[i];
    const std::string f = fmt::format("toggles[{}] ({})", i, g.label);
    if (choices[i] < 0 || choices[i] >= static_cast<int>(g.options.size()))
      fail(f, fmt::format("option {} is outside 0..{}", choices[i], g.options.size() - 1));
    if (choices[i] == 0) continue;
    const json over = json::parse(g.options[static_cast<std::size_t>(choices[i])].state);
    const std::string of = fmt::format("{}.options[{}].state", f, choices[i]);
    t.state = with_override(over, of, t.state);
    for (auto& [name, config] : t.compare) config = with_override(over, of, config);
  }
  return t;
}

std::vector<Toggle> read_toggles(const json& j, const std::string& field, const Step& step) {
  if (!j.is_array() || j.empty() || j.size() > 3) fail(field, "is not an array of one to three toggles");
  std::vector<Toggle> toggles;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string f = fmt::format("{}[{}]", field, i);
    object_at(j[i], f);
    only_keys(j[i], f, {"label", "options"});
    Toggle g;
    g.label = text_at(j[i], "label", f, true);
    const auto options = j[i].find("options");
    if (options == j[i].end() || !options->is_array() || options->size() < 2 || options->size() > 4)
      fail(f + ".options", "is not an array of two to four options");
    for (std::size_t k = 0; k < options->size(); ++k) {
      const std::string of = fmt::format("{}.options[{}]", f, k);
      object_at((*options)[k], of);
      only_keys((*options)[k], of, {"label", "state"});
      const auto st = (*options)[k].find("state");
      if (st == (*options)[k].end()) fail(of + ".state", "is missing");
      // Read once here so a bad option fails the file, not the class.
      const StepState applied = with_override(*st, of + ".state", step.state);
      if (k == 0 && (applied.kernel != step.state.kernel || !(applied.params == step.state.params) ||
                     applied.arch != step.state.arch))
        fail(of + ".state", "the first option must leave the step as written");
      g.options.push_back({text_at((*options)[k], "label", of, true), st->dump()});
    }
    toggles.push_back(std::move(g));
  }
  return toggles;
}

// "teaches"/"needs": concept names, lower-case words joined by '-' ("four-bank-toy").
std::vector<std::string> concepts_at(const json& parent, const char* key, const std::string& field) {
  std::vector<std::string> out;
  const auto it = parent.find(key);
  if (it == parent.end()) return out;
  const std::string f = field + "." + key;
  if (!it->is_array()) fail(f, fmt::format("is {}, not an array of concept names", kind_of(*it)));
  if (it->size() > 16) fail(f, fmt::format("{} concepts, over the 16 a step may name", it->size()));
  for (std::size_t i = 0; i < it->size(); ++i) {
    const std::string fi = fmt::format("{}[{}]", f, i);
    const json& v = (*it)[i];
    if (!v.is_string()) fail(fi, fmt::format("is {}, not a concept name", kind_of(v)));
    const std::string name = v.get<std::string>();
    if (name.empty() || name.size() > 40 || name.front() == '-' || name.back() == '-' ||
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
      fail(fi, fmt::format("'{}' is not a concept name (lower-case letters, digits and '-', at most 40)",
                           kernels::printable(name, 60)));
    if (std::find(out.begin(), out.end(), name) != out.end()) fail(fi, fmt::format("'{}' is named twice", name));
    out.push_back(name);
  }
  return out;
}

Lesson read_lesson(const json& j, const std::string& id) {
  object_at(j, "");
  only_keys(j, "", {"number", "title", "summary", "steps", "remember"});
  Lesson L;
  L.id = id;
  if (!j.contains("number")) fail("number", "is missing");
  L.number = int_value(j["number"], "number", 1, 999);
  L.title = text_at(j, "title", "", true);
  L.summary = text_at(j, "summary", "", true);
  const auto steps = j.find("steps");
  if (steps == j.end()) fail("steps", "is missing");
  if (!steps->is_array() || steps->empty()) fail("steps", "is not a non-empty array of steps");
  for (std::size_t i = 0; i < steps->size(); ++i) {
    const std::string f = fmt::format("steps[{}]", i);
    const json& sj = object_at((*steps)[i], f);
    only_keys(sj, f, {"title", "state", "compare", "text", "question", "beside", "bars", "toggles", "teaches", "needs"});
    Step s;
    s.title = text_at(sj, "title", f, true);
    s.text = text_at(sj, "text", f, true);
    const StepState* previous = L.steps.empty() ? nullptr : &L.steps.back().state;
    if (auto it = sj.find("state"); it != sj.end()) s.state = read_state(*it, f + ".state", previous);
    else if (previous) s.state = read_state(json::object(), f + ".state", previous);
    else fail(f + ".state", "is missing (the first step sets the whole state)");
    check_step_work(s.state, f + ".state");
    if (auto it = sj.find("compare"); it != sj.end()) {
      object_at(*it, f + ".compare");
      for (const auto& [name, cj] : it->items()) {
        if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos)
          fail(f + ".compare." + name, "names are lower-case letters, digits and _");
        s.compare[name] = read_config(cj, f + ".compare." + name, s.state);
        check_step_work(s.compare[name], f + ".compare." + name);
      }
    }
    if (auto it = sj.find("question"); it != sj.end()) s.question = read_question(*it, f + ".question");
    if (sj.contains("beside")) {
      s.beside = text_at(sj, "beside", f, true);
      if (!s.compare.count(s.beside))
        fail(f + ".beside", fmt::format("'{}' is not one of this step's compare configurations", s.beside));
    }
    if (auto it = sj.find("bars"); it != sj.end()) s.bars = read_bars(*it, f + ".bars");
    if (auto it = sj.find("toggles"); it != sj.end()) s.toggles = read_toggles(*it, f + ".toggles", s);
    s.teaches = concepts_at(sj, "teaches", f);
    s.needs = concepts_at(sj, "needs", f);
    for (const std::string& n : s.needs)
      if (std::find(s.teaches.begin(), s.teaches.end(), n) != s.teaches.end())
        fail(f + ".needs", fmt::format("'{}' is also in teaches: a step cannot need what it teaches", n));
    L.steps.push_back(std::move(s));
  }
  // "remember": {"step": N (from 1), "text": "..."}: the recap's figure and sentence.
  if (auto it = j.find("remember"); it != j.end()) {
    object_at(*it, "remember");
    only_keys(*it, "remember", {"step", "text"});
    if (!it->contains("step")) fail("remember.step", "is missing");
    Remember r;
    r.step = int_value((*it)["step"], "remember.step", 1, static_cast<int>(L.steps.size())) - 1;
    r.text = text_at(*it, "text", "remember", true);
    L.remember = std::move(r);
  }
  return L;
}

}  // namespace

std::string_view to_string(View v) {
  switch (v) {
    case View::BankMap: return "bank-map";
    case View::SharedArray: return "shared-array";
    case View::SectorMap: return "sector-map";
    case View::Blocks: return "blocks";
    case View::Timings: return "timings";
    case View::WholeKernel: return "whole-kernel";
    case View::Code: return "code";
    case View::Threads: return "threads";
  }
  return "?";
}

std::optional<View> view_named(std::string_view name) {
  for (int i = 0; i <= static_cast<int>(View::Threads); ++i)
    if (to_string(static_cast<View>(i)) == name) return static_cast<View>(i);
  return std::nullopt;
}

std::string view_names() {
  std::string s;
  for (int i = 0; i <= static_cast<int>(View::Threads); ++i)
    s += (s.empty() ? "" : ", ") + std::string(to_string(static_cast<View>(i)));
  return s;
}

std::string lessons_dir() {
  if (const char* env = std::getenv("WARPSCOPE_LESSONS_DIR"); env && *env) return env;
  return kernels::find_data_file("assets/lessons");
}

std::string lesson_id_of(const std::string& file_name) {
  // "05-transpose-shared.json" is lesson "transpose-shared": the number only sorts the files.
  std::string id = fs::path(file_name).stem().string();
  if (const auto dash = id.find('-');
      dash != std::string::npos && dash > 0 && id.find_first_not_of("0123456789") == dash && dash + 1 < id.size())
    id.erase(0, dash + 1);
  return id;
}

std::string json_problem(const std::exception& e) {
  // Syntax ("[json.exception.parse_error.101] parse error at line 3, column 5: ...", kept from
  // "line" on) and numbers no double holds ("out_of_range.406 number overflow parsing '1e999'").
  const std::string what = e.what();
  const auto at = what.find("line ");
  const auto overflow = what.find("number overflow");
  return "not valid JSON: " + (at != std::string::npos         ? what.substr(at)
                               : overflow != std::string::npos ? what.substr(overflow)
                                                               : what);
}

Result<Lesson> parse_lesson(const std::string& text, const std::string& name) {
  if (auto too_big = check_lesson_file_size(text.size())) return Error{*too_big};
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    return Error{json_problem(e)};
  }
  const std::string id = lesson_id_of(name);
  try {
    Lesson lesson = read_lesson(j, id);
    if (auto over = check_lesson_limits(lesson)) return Error{*over};  // what the window can draw
    return lesson;
  } catch (const SchemaError& e) {
    return Error{e.what()};
  }
}

std::optional<std::string> check_reveal(const Lesson& lesson, int step) {
  if (step >= 1 && step <= static_cast<int>(lesson.steps.size()) && lesson.steps[step - 1].question) return std::nullopt;
  return fmt::format("step {} of lesson '{}' asks no question", step, kernels::printable(lesson.id));
}

Result<Step> toggled(const Step& step, const std::vector<int>& choices) {
  try {
    return apply_toggles(step, choices);
  } catch (const SchemaError& e) {
    return Error{e.what()};
  } catch (const json::exception& e) {
    return Error{fmt::format("toggles: {}", e.what())};
  }
}

Result<Lesson> load_lesson(const std::string& path) {
  // Only a regular file, read to its cap: a FIFO or a link to /dev/zero named like a lesson is refused at once.
  const auto text = kernels::read_input_file(path, LessonLimits::kFileBytes,
                                             [](std::uintmax_t bytes) { return *check_lesson_file_size(bytes); });
  if (!text) return text.error();
  auto r = parse_lesson(*text, fs::path(path).filename().string());
  if (r) r->file = path;
  return r;
}

std::string Lesson::file_name() const {
  return file.empty() ? id + ".json" : fs::path(file).filename().string();
}

const Lesson* LessonLibrary::find(std::string_view id) const {
  for (const Lesson& l : lessons)
    if (l.id == id) return &l;
  return nullptr;
}

std::string LessonLibrary::ids() const {
  std::string s;
  for (const Lesson& l : lessons) s += (s.empty() ? "" : ", ") + l.id;
  return s;
}

LessonLibrary load_library(const std::string& dir) {
  LessonLibrary lib;
  lib.dir = dir;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) {
    lib.errors.push_back(dir.empty() ? "no assets/lessons folder in the data roots" : dir + ": no such folder");
    return lib;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    auto r = load_lesson(f.string());
    if (!r) {
      lib.errors.push_back(f.filename().string() + ": " + r.error().message);
    } else if (lib.find(r->id)) {
      lib.errors.push_back(f.filename().string() + ": id '" + r->id + "' is used twice");
    } else {
      lib.lessons.push_back(std::move(*r));
    }
  }
  std::stable_sort(lib.lessons.begin(), lib.lessons.end(), [](const Lesson& a, const Lesson& b) {
    return a.number != b.number ? a.number < b.number : a.id < b.id;
  });
  return lib;
}

}  // namespace ws::lessons
