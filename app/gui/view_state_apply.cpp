// The view-state string and the window (view_state.hpp): capture what is shown
// as the keys that differ from the defaults, and apply a string only after all
// of it has been checked against the catalog, the lessons and the launch.
#include <fmt/format.h>

#include <algorithm>

#include "gui/app_state.hpp"
#include "gui/lesson_player.hpp"
#include "gui/telling_instruction.hpp"
#include "gui/view_state.hpp"
#include "ws/kernels/input_file.hpp"
#include "ws/kernels/variant.hpp"
#include "ws/kernels/work.hpp"
#include "ws/pattern_input.hpp"

namespace ws::gui {
namespace {

// What the keys are compared with: the open step's state, else the opening kernel.
struct Base {
  std::string kernel;
  kernels::KernelParams params;
  std::string arch;
  std::pair<int, int> block{0, 0};
  int warp = 0;
  const lessons::StepState* step = nullptr;
};

Base base_of(const lessons::Lesson* lesson, int step) {
  if (!lesson) {
    const kernels::KernelDescriptor& k = kernels::default_kernel();
    return {std::string(k.name), k.defaults, std::string(default_preset().name)};
  }
  const lessons::StepState& s = lesson->steps[step].state;
  return {s.kernel, s.params, s.arch, {s.block.x, s.block.y}, s.warp, &s};
}

// The instruction a step opens on: its site's execution, as apply_step_state finds it.
int step_opening_instruction(const lessons::StepState& s, const WarpTrace& trace) {
  int seen = 0;
  for (int i = 0; i < static_cast<int>(trace.instructions.size()); ++i)
    if (trace.sites[trace.instructions[i].site].name == s.site && seen++ == s.occurrence) return i;
  return 0;
}

// most_telling_instruction() analyses every instruction of the warp (1.2 ms for
// matmul_tiled's 3073 in a release build): remembered for the trace it was
// found in, so that encoding each frame costs next to nothing.
int telling_of(const AppState& s) {
  struct Key {
    const AppState* state;
    const kernels::KernelVariant* variant;
    int kernel_index, kernel_serial, arch_index, bx, by, warp, instructions;
    kernels::KernelParams params;
    bool operator==(const Key&) const = default;
  };
  thread_local std::optional<Key> key;
  thread_local int telling = 0;
  const Key now{&s,        s.variant.get(), s.kernel_index, s.kernel_serial,       s.arch_index,
                s.block.x, s.block.y,       s.warp,         s.instruction_count(), s.params};
  if (key != now) {
    telling = most_telling_instruction(s.trace, s.arch());
    key = now;
  }
  return telling;
}

// The kernel layer names its flags ("--block-rows: ..."); here they are keys.
std::string with_keys(std::string message) {
  std::vector<std::pair<std::string, std::string>> names{
      {"--layout: ", ""}, {"--pattern: ", ""}, {"--arch", "arch"}};
  for (const kernels::ParamSpec& s : kernels::param_specs()) names.emplace_back(s.flag(), std::string(s.key));
  std::sort(names.begin(), names.end(),
            [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  for (const auto& [flag, key] : names)
    for (auto at = message.find(flag); at != std::string::npos; at = message.find(flag, at + key.size()))
      message.replace(at, flag.size(), key);
  return message;
}

// A string checked against everything it names: what apply_view_state puts in the window.
struct Target {
  const lessons::Lesson* lesson = nullptr;
  bool overrides = false;  // a key beyond the lesson's own: the step's state is changed
  const kernels::KernelDescriptor* kernel = nullptr;
  kernels::KernelParams params;
  int arch_index = 0;
  Dim3 block{0, 0, 0};
  int warp = 0;
};

Result<Target> resolve(const ViewState& v, const LessonPlayer& player) {
  Target t;
  const lessons::LessonLibrary& lib = player.library();
  if (!v.deck.empty())
    if (auto deck = lessons::load_deck(v.deck, lib); !deck) return Error{"deck: " + deck.error().message};
  if (!v.lesson.empty()) {
    t.lesson = lib.find(v.lesson);
    if (!t.lesson) return Error{fmt::format("lesson: '{}' is not a lesson (known: {})", v.lesson, lib.ids())};
    const int steps = static_cast<int>(t.lesson->steps.size());
    if (v.step > steps)
      return Error{fmt::format("step: {} is outside lesson '{}' (steps 1 .. {})", v.step, v.lesson, steps)};
    if (v.reveal)
      if (auto no_question = lessons::check_reveal(*t.lesson, v.step)) return Error{"reveal: " + *no_question};
  }
  const Base base = base_of(t.lesson, v.step - 1);
  const bool variant = !v.layout.empty() || !v.pattern.empty();
  t.overrides = !v.kernel.empty() || !v.params.empty() || !v.arch.empty() || v.block || v.warp || variant;

  std::string name = v.kernel.empty() ? base.kernel : v.kernel;
  const auto kind =
      !v.layout.empty() ? kernels::VariantKind::TileLayout : kernels::VariantKind::AccessPattern;
  const bool accepts = !v.layout.empty() ? kernels::accepts_layout(name) : kernels::accepts_pattern(name);
  // A typed layout alone stands beside the default base, as the window's tab does.
  if (variant && v.kernel.empty() && !accepts) name = std::string(kernels::default_variant_base(kind).name);
  t.kernel = kernels::find_kernel(name);
  if (!t.kernel) {
    std::string known;
    for (const kernels::KernelDescriptor& k : kernels::catalog())
      known += (known.empty() ? "" : ", ") + std::string(k.name);
    return Error{fmt::format("kernel: '{}' is not a catalog kernel (known: {})", name, known)};
  }
  if (variant && !accepts && !v.kernel.empty())
    return Error{fmt::format("{}: kernel {} takes none (layouts go with {}; patterns with {})",
                             v.layout.empty() ? "pattern" : "layout", name,
                             kernels::variant_bases(kernels::VariantKind::TileLayout),
                             kernels::variant_bases(kernels::VariantKind::AccessPattern))};
  t.params = name == base.kernel ? base.params : t.kernel->defaults;
  for (const auto& [key, value] : v.params) {
    const kernels::ParamSpec& spec = *kernels::find_param(key);
    // A variant's parameters are its base kernel's, as the flags of `variant` and `screenshot` read them.
    if (auto unread = kernels::check_reads(*t.kernel, spec, kernels::ParamNaming::Keys)) return Error{*unread};
    t.params.*spec.field = value;
  }
  const ArchPreset* arch = find_preset(v.arch.empty() ? base.arch : v.arch);
  if (!arch) return Error{fmt::format("arch: '{}' is not a preset (presets: {})", v.arch, preset_names())};
  t.arch_index = static_cast<int>(arch - all_presets().data());

  const kernels::KernelDescriptor* shown = t.kernel;
  std::shared_ptr<const kernels::KernelVariant> made;
  if (variant) {
    auto m = kernels::make_variant({name, v.layout + v.pattern, t.params, v.variant_swizzle}, *arch);
    if (!m) return Error{(v.layout.empty() ? "pattern: " : "layout: ") + with_keys(m.error().message)};
    made = *m;
    shown = &made->descriptor();
  } else if (auto bad = kernels::check_params(*t.kernel, t.params, *arch)) {
    return Error{with_keys(*bad)};
  }
  if (auto too_much = kernels::check_window_work(*shown, t.params, arch->warp_lanes, kernels::ParamNaming::Keys))
    return Error{*too_much};

  const kernels::LaunchConfig launch = kernels::launch_config(*shown, t.params);
  const auto [bx, by] = v.block.value_or(base.block);
  if (v.block && (bx >= launch.grid.x || by >= launch.grid.y))
    return Error{fmt::format("block: ({}, {}) is outside the grid of {} x {} blocks", bx, by, launch.grid.x,
                             launch.grid.y)};
  // An unnamed block or warp of the step's, under a smaller launch, is clamped as the window does.
  t.block = Dim3{std::min(bx, launch.grid.x - 1), std::min(by, launch.grid.y - 1), 0};
  const int warps = std::max(1, (launch.block.count() + arch->warp_lanes - 1) / arch->warp_lanes);
  if (v.warp && *v.warp >= warps)
    return Error{
        fmt::format("warp: {} is outside the block's {} warps (0 .. {})", *v.warp, warps, warps - 1)};
  t.warp = std::min(v.warp.value_or(base.warp), warps - 1);
  if (v.instruction) {
    const int n = static_cast<int>(
        kernels::trace_warp(*shown, t.params, t.block, t.warp, arch->warp_lanes).instructions.size());
    if (*v.instruction >= n)
      return Error{fmt::format("instr: {} is outside this warp's {} instructions", *v.instruction, n)};
  }

  if (!v.expr.empty()) {
    auto addrs = addresses_from_expr(v.expr, arch->warp_lanes);
    if (auto* e = std::get_if<InputError>(&addrs)) {
      std::string m = e->message;
      if (m.rfind("--expr: ", 0) == 0) m.erase(0, 8);
      return Error{"expr: " + m};
    }
    if (!v.expr_mask.empty())
      if (auto mask = parse_mask(v.expr_mask, arch->warp_lanes); std::holds_alternative<InputError>(mask))
        return Error{"expr_mask: " + std::get<InputError>(mask).message};
    if (!v.expr_space.empty() && v.expr_space != "shared" && v.expr_space != "global")
      return Error{fmt::format("expr_space: '{}' is not shared or global", v.expr_space)};
    if (!v.expr_op.empty() && v.expr_op != "load" && v.expr_op != "store")
      return Error{fmt::format("expr_op: '{}' is not load or store", v.expr_op)};
    const int b = v.expr_bytes.value_or(4);
    if (b != 1 && b != 2 && b != 4 && b != 8 && b != 16)
      return Error{fmt::format("expr_bytes: {} is not one of 1, 2, 4, 8, 16", b)};
  }
  return t;
}

}  // namespace

ViewState capture_view_state(const AppState& state, const LessonPlayer& player) {
  ViewState v;
  // The fallback deck of a lessons folder without a default one has no file: nothing to name.
  if (!player.deck().file.empty() && player.deck().name != "default") v.deck = player.deck().name;
  const lessons::Lesson* lesson = player.lesson();
  if (lesson) {
    v.lesson = lesson->id;
    v.step = player.step() + 1;
    v.reveal = player.revealed && player.current_step()->question;
  }
  v.present = state.view.presenter;
  const Base base = base_of(lesson, player.step());

  const std::string name(state.variant ? std::string_view(state.variant->spec().base) : state.kernel().name);
  if (name != base.kernel) v.kernel = name;
  const kernels::KernelDescriptor* k = kernels::find_kernel(name);
  const kernels::KernelParams& ref = name == base.kernel || !k ? base.params : k->defaults;
  // Only what the kernel reads: a value the window carried over from another kernel of the family
  // (transpose_fast's swizzle) changes nothing shown, and a link naming it is refused (check_reads).
  for (const kernels::ParamSpec& s : kernels::param_specs())
    if (state.params.*s.field != ref.*s.field && (!k || k->reads(s.field)))
      v.params.emplace_back(std::string(s.key), state.params.*s.field);
  if (state.arch().name != base.arch) v.arch = state.arch().name;
  if (std::pair{state.block.x, state.block.y} != base.block)
    v.block = std::pair{state.block.x, state.block.y};
  if (state.warp != base.warp) v.warp = state.warp;
  if (state.variant) {
    (state.variant->kind() == kernels::VariantKind::TileLayout ? v.layout : v.pattern) =
        state.variant->spec().expression;
    v.variant_swizzle = state.variant->spec().swizzle;
  }
  const bool overrides =
      !v.kernel.empty() || !v.params.empty() || !v.arch.empty() || v.block || v.warp || state.variant;
  if (state.ready() && state.instruction_count() > 0) {
    const int opening =
        base.step && !overrides ? step_opening_instruction(*base.step, state.trace) : telling_of(state);
    if (state.instruction != opening) v.instruction = state.instruction;
  }

  if (state.source == InstructionSource::Pattern) {
    const PatternEditor defaults;
    v.expr = state.pattern.expr;
    if (state.pattern.space != defaults.space)
      v.expr_space = state.pattern.space == Space::Shared ? "shared" : "global";
    if (state.pattern.op != defaults.op) v.expr_op = state.pattern.op == Op::Load ? "load" : "store";
    if (state.pattern.bytes != defaults.bytes) v.expr_bytes = state.pattern.bytes;
    if (state.pattern.mask != defaults.mask) v.expr_mask = state.pattern.mask;
  }
  return v;
}

std::string encode_view_state(const AppState& state, const LessonPlayer& player) {
  return format_view_state(capture_view_state(state, player));
}

namespace {
// A link's error as the status bar shows it: one line, and at most about two
// lines of text however long the value it quotes (a pasted 100 KB fragment
// once filled the bar, issue 36).
std::string status_line(const std::string& message) {
  constexpr std::size_t kMaxBytes = 240;
  std::string line = kernels::one_line(message);
  if (line.size() <= kMaxBytes) return line;
  std::size_t cut = kMaxBytes;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
  return line.substr(0, cut) + "...";
}

std::optional<std::string> apply_view_state_unchecked(const ViewState& v, AppState& state, LessonPlayer& player);
}  // namespace

std::optional<std::string> apply_view_state(const ViewState& v, AppState& state, LessonPlayer& player) {
  const std::optional<std::string> error = apply_view_state_unchecked(v, state, player);
  if (!error) return std::nullopt;
  return state.view.state_error = status_line(*error);
}

namespace {
std::optional<std::string> apply_view_state_unchecked(const ViewState& v, AppState& state, LessonPlayer& player) {
  auto checked = resolve(v, player);
  if (!checked) return state.view.state_error = checked.error().message;
  state.view.state_error.clear();
  const Target& t = *checked;
  if (!v.deck.empty())
    player.use_deck(v.deck);
  else if (player.deck().name != "default")
    player.use_deck("default");
  state.view.presenter = v.present;
  if (t.lesson) {
    player.start(t.lesson->id, v.step - 1, state);
    // A lesson file edited since it was read: the step names what it lacks.
    if (!player.error().empty()) return state.view.state_error = "lesson: " + player.error();
    if (v.reveal) player.reveal(state);
  } else if (player.open()) {
    player.close(state);
  }
  if (!t.lesson || t.overrides) {
    state.set_source(InstructionSource::Kernel);
    state.playback.playing = false;
    state.arch_index = t.arch_index;  // set before the kernel: one simulation of the pair
    state.select_kernel(t.kernel->name, &t.params);
    if (!v.layout.empty() || !v.pattern.empty()) {
      state.variant_editor.mode = v.layout.empty() ? VariantMode::AccessPattern : VariantMode::TileLayout;
      (v.layout.empty() ? state.variant_editor.pattern : state.variant_editor.layout) = v.layout + v.pattern;
      state.variant_editor.swizzle = v.variant_swizzle;
      if (!state.apply_variant(&t.params))
        return state.view.state_error =
                   (v.layout.empty() ? "pattern: " : "layout: ") + state.variant_editor.error;
    }
    state.set_block(t.block);
    state.set_warp(t.warp);
    state.set_instruction(v.instruction.value_or(most_telling_instruction(state.trace, state.arch())));
  } else if (v.instruction) {
    state.set_instruction(*v.instruction);
  }
  if (!v.expr.empty()) {
    PatternEditor e;
    e.expr = v.expr;
    if (!v.expr_space.empty()) e.space = v.expr_space == "global" ? Space::Global : Space::Shared;
    if (!v.expr_op.empty()) e.op = v.expr_op == "store" ? Op::Store : Op::Load;
    e.bytes = v.expr_bytes.value_or(e.bytes);
    if (!v.expr_mask.empty()) e.mask = v.expr_mask;
    state.pattern = e;
    state.set_source(InstructionSource::Pattern);
  } else if (state.source == InstructionSource::Pattern) {
    state.set_source(InstructionSource::Kernel);
  }
  return std::nullopt;
}
}  // namespace

std::optional<std::string> apply_view_state(std::string_view text, AppState& state, LessonPlayer& player) {
  auto v = parse_view_state(text);
  if (!v) return state.view.state_error = status_line(v.error().message);
  return apply_view_state(*v, state, player);
}

std::optional<std::string> check_view_state(std::string_view text, const LessonPlayer& player) {
  auto v = parse_view_state(text);
  if (!v) return v.error().message;
  if (auto t = resolve(*v, player); !t) return t.error().message;
  return std::nullopt;
}

}  // namespace ws::gui
