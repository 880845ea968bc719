// `warpscope screenshot`
//   add_screenshot_command()  flags
//   setup_state()             flags -> AppState (kernel or variant, preset, block, warp, site), UsageError on bad input
//   run_screenshot()          hidden window, offscreen frame, PNG
#include "cli/screenshot_command.hpp"
#include "gui/student_file.hpp"

#include <fmt/format.h>

#include <charconv>
#include <iostream>

#include "cli/command.hpp"
#include "cli/lessons_command.hpp"
#include "lessons/lesson_facts.hpp"
#include "gui/clicker.hpp"
#include "gui/lesson_player.hpp"
#include "gui/session.hpp"
#include "gui/view_state.hpp"
#include "lessons/deck.hpp"
#include "ws/kernels/work.hpp"

namespace ws::cli {
namespace {

int parse_int(std::string_view s, const char* flag) {
  int v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size())
    throw UsageError(fmt::format("{}: '{}' is not a number", flag, s));
  return v;
}

std::pair<int, int> parse_pair(const std::string& s, char sep, const char* flag) {
  const auto at = s.find(sep);
  if (at == std::string::npos) throw UsageError(fmt::format("{}: expected A{}B, got '{}'", flag, sep, s));
  return {parse_int(std::string_view(s).substr(0, at), flag), parse_int(std::string_view(s).substr(at + 1), flag)};
}

// The variant's message names make_variant's flag (--layout/--pattern); here it is ours.
std::string variant_error(const std::string& flag, std::string message) {
  for (const char* theirs : {"--layout: ", "--pattern: "})
    if (message.rfind(theirs, 0) == 0) message.erase(0, std::string_view(theirs).size());
  return flag + ": " + message;
}

void place_cursor(const ScreenshotOptions& o, gui::AppState& state);

// --cu FILE: the student's own kernel, launched as its "// launch:" line says.
void open_student_file(const ScreenshotOptions& o, gui::AppState& state) {
  if (!o.kernel.kernel.empty() || !o.variant_layout.empty() || !o.variant_pattern.empty())
    throw UsageError("--cu: the file is the kernel; give no --kernel or --variant-*");
  auto read = kernels::read_student_source(o.cu, "");
  if (auto* e = std::get_if<std::string>(&read)) throw UsageError("--cu: " + *e);
  auto launch = kernels::launch_from_words(std::get<kernels::StudentSource>(read).launch_words);
  if (auto* e = std::get_if<std::string>(&launch))
    throw UsageError(fmt::format("--cu: {}: {} (write '// launch: --grid X --block Y' in its first lines)", o.cu, *e));
  state.student_file = gui::student_file_fields(o.cu, "", std::get<kernels::StudentLaunch>(launch));
  if (!state.open_student_file()) throw UsageError("--cu: " + state.student_file.error);
  place_cursor(o, state);
}

void setup_state(const ScreenshotOptions& o, gui::AppState& state) {
  if (!o.cu.empty()) return open_student_file(o, state);
  const bool layout = !o.variant_layout.empty(), pattern = !o.variant_pattern.empty();
  if (layout && pattern) throw UsageError("--variant-pattern: give --variant-layout or --variant-pattern, not both");
  if ((layout || pattern) && !o.pattern.empty()) throw UsageError("--pattern: a lane expression, or a variant; not both");
  // A variant stands beside its base kernel: the default one unless --kernel names another.
  std::string name = o.kernel.kernel;
  if (name.empty() && (layout || pattern))
    name = kernels::default_variant_base(layout ? kernels::VariantKind::TileLayout : kernels::VariantKind::AccessPattern).name;
  const kernels::KernelDescriptor& k = kernel_named(name);
  const kernels::KernelParams p = params_from(o.kernel, k);
  const ArchPreset& arch = preset_named(o.arch);
  check_or_throw(k, p, arch);
  // The window simulates the whole kernel for its panels, held to the window's limit (ws/kernels/work.hpp).
  if (auto too_much = kernels::check_window_work(k, p, arch.warp_lanes)) throw UsageError(*too_much);
  state.select_kernel(k.name);
  const auto presets = all_presets();
  for (std::size_t i = 0; i < presets.size(); ++i)
    if (presets[i].name == arch.name) state.select_arch(static_cast<int>(i));
  state.set_params(p);
  if (layout || pattern) {
    const std::string flag = layout ? "--variant-layout" : "--variant-pattern";
    if (layout ? !kernels::accepts_layout(k.name) : !kernels::accepts_pattern(k.name))
      throw UsageError(fmt::format("--kernel: {} takes no {} (layouts go with {}; patterns with {})", k.name, flag,
                                   kernels::variant_bases(kernels::VariantKind::TileLayout),
                                   kernels::variant_bases(kernels::VariantKind::AccessPattern)));
    state.variant_editor.mode = layout ? gui::VariantMode::TileLayout : gui::VariantMode::AccessPattern;
    (layout ? state.variant_editor.layout : state.variant_editor.pattern) = layout ? o.variant_layout : o.variant_pattern;
    if (!state.apply_variant(&p)) throw UsageError(variant_error(flag, state.variant_editor.error));
  }
  place_cursor(o, state);
}

// --block, --warp, --site, --occurrence and --pattern, on the kernel shown.
void place_cursor(const ScreenshotOptions& o, gui::AppState& state) {
  const auto [bx, by] = parse_pair(o.block, ',', "--block");
  const Dim3 grid = state.launch.grid;
  if (bx < 0 || by < 0 || bx >= grid.x || by >= grid.y)
    throw UsageError(fmt::format("--block: ({}, {}) is outside the grid of {} x {} blocks", bx, by, grid.x, grid.y));
  state.set_block(Dim3{bx, by, 0});
  if (o.warp < 0 || o.warp >= state.warps_per_block())
    throw UsageError(fmt::format("--warp: {} is outside the block's {} warps", o.warp, state.warps_per_block()));
  state.set_warp(o.warp);

  if (o.occurrence < 0) throw UsageError(fmt::format("--occurrence: {} is negative (executions count from 0)", o.occurrence));
  if (!o.site.empty()) {
    int site = -1;
    if (o.site.find_first_not_of("0123456789") == std::string::npos) site = parse_int(o.site, "--site");
    for (std::size_t i = 0; site < 0 && i < state.trace.sites.size(); ++i)
      if (state.trace.sites[i].name == o.site) site = static_cast<int>(i);
    std::string names;
    for (const auto& s : state.trace.sites) names += (names.empty() ? "" : ", ") + s.name;
    if (site < 0 || site >= static_cast<int>(state.trace.sites.size()))
      throw UsageError(fmt::format("--site: '{}' is not a site of this warp (sites: {})", o.site, names));
    if (!state.select_site(site, o.occurrence))
      throw UsageError(fmt::format("--occurrence: this warp runs site '{}' fewer than {} times",
                                   state.trace.sites[site].name, o.occurrence + 1));
  }
  // Checked before the narrowing to the access's one-byte width (260 would read as 4).
  const int b = o.pattern_bytes;
  if (b != 1 && b != 2 && b != 4 && b != 8 && b != 16)
    throw UsageError(fmt::format("--pattern-bytes: {} is not one of 1, 2, 4, 8, 16", b));
  if (!o.pattern.empty()) {
    state.pattern.expr = o.pattern;
    state.pattern.bytes = b;
    if (o.pattern_space == "shared") state.pattern.space = Space::Shared;
    else if (o.pattern_space == "global") state.pattern.space = Space::Global;
    else throw UsageError(fmt::format("--pattern-space: '{}' is not shared or global", o.pattern_space));
    state.set_source(gui::InstructionSource::Pattern);
    // The parser names its input --expr (analyze's flag); here it is --pattern.
    std::string error = !state.pattern.error.empty() ? state.pattern.error : state.current.error;
    if (error.rfind("--expr: ", 0) == 0) error.erase(0, 8);
    if (!state.pattern.error.empty() || !state.current.valid) throw UsageError("--pattern: " + error);
  }
}

// The flags a view state replaces: given beside --open they would be ignored, so they are refused.
void refuse_beside_open(const ScreenshotOptions& o) {
  const std::pair<bool, const char*> flags[] = {
      {!o.kernel.kernel.empty(), "--kernel"}, {!o.lesson.empty(), "--lesson"}, {!o.deck.empty(), "--deck"},
      {o.step != 1, "--step"}, {o.present, "--present"}, {o.reveal, "--reveal"}, {!o.pattern.empty(), "--pattern"},
      {!o.variant_layout.empty(), "--variant-layout"}, {!o.variant_pattern.empty(), "--variant-pattern"},
      {o.warp != 0, "--warp"}, {o.block != "0,0", "--block"}, {!o.site.empty(), "--site"}, {o.arch != "sm90", "--arch"},
      {!o.cu.empty(), "--cu"}};
  for (const auto& [given, flag] : flags)
    if (given) throw UsageError(fmt::format("{}: the --open state sets it; give one of them", flag));
}

int write_screenshot(const ScreenshotOptions& o, gui::AppState& state, const gui::ScreenshotPlan& plan) {
  std::string error, slide, view_state;
  gui::Image image;
  if (!gui::render_screenshot(state, plan, image, &error, &slide, &view_state)) {
    std::cerr << "warpscope: screenshot: " << error << "\n";
    return kFailure;
  }
  // The path was checked up front; what still fails (a full disk) is the --out file's fault.
  if (!gui::write_png(image, o.out, &error)) throw UsageError("--out: " + error);
  fmt::print("wrote {} ({}x{})\n", o.out, plan.width, plan.height);
  if (!slide.empty()) fmt::print("slide: {}\n", slide);
  if (!o.open.empty()) fmt::print("state: {}\n", view_state);
  return kOk;
}

// `screenshot --open STATE`: the state checked before anything renders, then drawn.
int run_open_screenshot(const ScreenshotOptions& o, gui::ScreenshotPlan& plan) {
  refuse_beside_open(o);
  if (o.live_bench || o.variant_run) throw UsageError("--open: without --live-bench and --variant-run");
  if (auto bad = gui::check_view_state(o.open, gui::LessonPlayer{})) throw UsageError("--open: " + *bad);
  plan.lesson.view_state = o.open;
  if (o.results == "timings") plan.results.reset();  // a lesson step picks its tabs
  gui::AppState state;
  state.timings.comparison_open = o.results == "compare";
  if (!state.timings.skipped_files.empty()) throw UsageError(state.timings.skipped_files.front());
  return write_screenshot(o, state, plan);
}

}  // namespace

CLI::App* add_screenshot_command(CLI::App& root, ScreenshotOptions& o) {
  CLI::App* cmd = root.add_subcommand("screenshot", "render the window in a chosen state into a PNG (needs a display "
                                                    "or xvfb-run)");
  cmd->add_option("--kernel", o.kernel.kernel, "catalog kernel (or --lesson)");
  add_kernel_options(*cmd, o.kernel);
  cmd->add_option("--arch", o.arch, "architecture preset");
  cmd->add_option("--block", o.block, "block X,Y");
  cmd->add_option("--warp", o.warp, "warp of the block");
  cmd->add_option("--site", o.site, "access site: index or name (first execution)");
  cmd->add_option("--occurrence", o.occurrence, "which execution of --site, from 0");
  cmd->add_option("--out", o.out, "PNG file to write")->required();
  cmd->add_option("--size", o.size, "window size WxH");
  cmd->add_option("--font-scale", o.font_scale, "text size (1 = 17 px)");
  cmd->add_option("--results", o.results, "results tab: timings, compare (its measured vs predicted window) or whole-kernel");
  cmd->add_option("--detail", o.detail, "detail tab: shared or blocks");
  cmd->add_option("--pattern", o.pattern, "own pattern: byte address as an expression in lane");
  cmd->add_option("--pattern-space", o.pattern_space, "own pattern: shared or global");
  cmd->add_option("--pattern-bytes", o.pattern_bytes, "own pattern: access width");
  cmd->add_option("--cu", o.cu, "a student's own .cu file as the kernel, launched as its '// launch:' line says "
                              "(docs/your-kernel.md)");
  cmd->add_option("--variant-layout", o.variant_layout,
                  "your variant: a tile layout in r, c, T for the shared transpose (the \"Your variant\" tab)");
  cmd->add_option("--variant-pattern", o.variant_pattern,
                  fmt::format("your variant: a byte address in lane, i for {}'s reads (width: --bytes)",
                              kernels::default_variant_base(kernels::VariantKind::AccessPattern).name));
  cmd->add_flag("--live-bench", o.live_bench, "time the catalog on this machine's GPU first");
  cmd->add_flag("--variant-run", o.variant_run,
                "with a variant: compile, check and time it on this machine's GPU first (Run on GPU)");
  cmd->add_option("--lesson", o.lesson, "a lesson (warpscope lessons lists them): its step's whole state")
      ->check(non_empty("a lesson id: warpscope lessons lists them"));
  cmd->add_option("--step", o.step, "with --lesson: the step, from 1");
  cmd->add_flag("--present", o.present, "presenter mode: one figure and the lesson text");
  cmd->add_flag("--reveal", o.reveal, "with --lesson: show the step's answer");
  cmd->add_option("--deck", o.deck, "a deck of lessons (NAME in assets/lessons/decks, or FILE): opens its first "
                                    "lesson, or --lesson's");
  cmd->add_option("--press", o.presses, "a key the clicker sends, replayed after opening; repeat it (PgDn, PgUp, "
                                        "Right, Left, Space, Enter, B, ., T, F5, Esc, P, 1..9)");
  cmd->add_option("--open", o.open, "a view state, the web build's URL fragment: 'lesson=padding&step=3' "
                                    "(docs/view-state.md); instead of --kernel, --lesson and the flags of the state");
  return cmd;
}

int run_screenshot(const ScreenshotOptions& o) {
  check_output_path("--out", o.out);
  gui::ScreenshotPlan plan;
  const auto [w, h] = parse_pair(o.size, 'x', "--size");
  if (auto bad = gui::check_image_size(w, h)) throw UsageError("--size: " + *bad);
  plan.width = w;
  plan.height = h;
  // Written so that NaN fails too (CLI11 already refuses "nan" and "inf").
  if (!(o.font_scale >= gui::kMinFontScale && o.font_scale <= gui::kMaxFontScale))
    throw UsageError(fmt::format("--font-scale: {} is outside {} .. {}", o.font_scale, gui::kMinFontScale,
                                 gui::kMaxFontScale));
  plan.font_scale = o.font_scale;
  plan.live_bench = o.live_bench;
  plan.variant_run = o.variant_run;
  // compare: the Timings tab with its "Measured vs predicted" window open.
  if (o.results == "timings" || o.results == "compare") plan.results = gui::ResultsTab::Timings;
  else if (o.results == "whole-kernel") plan.results = gui::ResultsTab::WholeKernel;
  else throw UsageError(fmt::format("--results: '{}' is not timings, compare or whole-kernel", o.results));
  if (o.detail == "shared") plan.detail = gui::DetailTab::SharedArray;
  else if (o.detail == "blocks") plan.detail = gui::DetailTab::Blocks;
  else if (!o.detail.empty()) throw UsageError(fmt::format("--detail: '{}' is not shared or blocks", o.detail));
  // A variant opens on its tab, with its times beside the catalog's unless --results names another tab.
  if (!o.variant_layout.empty() || !o.variant_pattern.empty()) {
    plan.memory = gui::MemoryTab::YourVariant;
    if (o.results == "timings") plan.results = gui::ResultsTab::Variant;
  }

  plan.lesson.present = o.present;
  plan.reveal = o.reveal;
  for (const std::string& k : o.presses) {
    const auto key = gui::key_named(k);
    if (!key) throw UsageError(fmt::format("--press: '{}' is not a key (keys: {})", k, gui::key_names()));
    plan.presses.push_back(*key);
  }
  if (!o.presses.empty() && o.lesson.empty() && o.deck.empty() && o.open.empty())
    throw UsageError("--press: needs --lesson, --deck or --open");
  if (!o.open.empty()) return run_open_screenshot(o, plan);
  // Bad flags are reported before a missing display: they are the user's to fix first.
  gui::AppState state;
  if (!o.deck.empty()) {
    const lessons::LessonLibrary lib = lessons::load_library();
    auto deck = lessons::load_deck(o.deck, lib);
    if (!deck) throw UsageError("--deck: " + deck.error().message);
    if (!o.lesson.empty() && deck->index_of(o.lesson) < 0)
      throw UsageError(fmt::format("--lesson: '{}' is not in deck {}", o.lesson, o.deck));
    plan.lesson.deck = o.deck;
    if (o.reveal && o.lesson.empty()) {  // the deck's first slide, as a link's reveal=1 is checked
      if (deck->title_slide || deck->entries.empty())
        throw UsageError(fmt::format("--reveal: the first slide of deck {} is its title, which asks no question", o.deck));
      const lessons::DeckPosition at = lessons::deck_start(*deck);
      if (auto no_question = lessons::check_reveal(*lib.find(deck->entries[at.lesson].lesson), at.step + 1))
        throw UsageError("--reveal: " + *no_question);
    }
    if (!o.kernel.kernel.empty()) throw UsageError("--kernel: a deck's lessons set the kernel; give one of --kernel, --deck");
    if (o.results == "timings") plan.results.reset();
  }
  if (!o.lesson.empty()) {
    if (!o.kernel.kernel.empty()) throw UsageError("--kernel: a lesson step sets the kernel; give one of --kernel, --lesson");
    if (!o.variant_layout.empty() || !o.variant_pattern.empty())
      throw UsageError("--lesson: a lesson step sets the kernel; give a variant or a lesson, not both");
    const lessons::LessonLibrary lib = lessons::load_library();
    const lessons::Lesson& lesson = lesson_named(lib, o.lesson, o.step);
    if (o.reveal)  // the rule a link's reveal=1 follows
      if (auto no_question = lessons::check_reveal(lesson, o.step)) throw UsageError("--reveal: " + *no_question);
    // The step must resolve (its texts, its question) as the window would show it.
    auto step = lessons::resolve_step(lesson.steps[o.step - 1]);
    if (!step) throw UsageError(fmt::format("{}: steps[{}].{}", lesson.file_name(), o.step - 1, step.error().message));
    plan.lesson.lesson = o.lesson;
    plan.lesson.step = o.step;
    // The step picks its own tabs; --results/--detail only when given.
    if (o.results == "timings") plan.results.reset();
  } else if (o.deck.empty()) {
    if (o.reveal) throw UsageError("--reveal: needs --lesson");
    if (o.step != 1) throw UsageError("--step: needs --lesson");
    setup_state(o, state);
  }
  state.timings.comparison_open = o.results == "compare";
  // A measurement file the window would skip (and name) is bad input here.
  if (!state.timings.skipped_files.empty()) throw UsageError(state.timings.skipped_files.front());
  // A flag that needs a GPU, on a machine without one: exit 3, as report/variant/compare --gpu live do.
  if (o.variant_run && o.variant_layout.empty() && o.variant_pattern.empty())
    throw UsageError("--variant-run: give --variant-layout or --variant-pattern");
  if ((o.live_bench || o.variant_run) && state.timings.gpu != gui::GpuStatus::Present) {
    std::cerr << fmt::format("warpscope: screenshot: {} needs a GPU: {}\n", o.live_bench ? "--live-bench" : "--variant-run",
                             state.timings.gpu_reason);
    return kNoGpu;
  }
  // No display needed: a hidden window renders off-screen (GlWindow::open, Mesa's surfaceless EGL without DISPLAY).
  return write_screenshot(o, state, plan);
}

}  // namespace ws::cli
