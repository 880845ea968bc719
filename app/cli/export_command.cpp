// `warpscope export`
//   export_state()  flags (or --lesson/--step) -> the step state to draw, checked
//   run_export()    figure -> SVG / CSV written here, PNG through the hidden window (offscreen EGL without a display)
#include "cli/export_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/command.hpp"
#include "cli/deck_export.hpp"
#include "cli/lessons_command.hpp"
#include "export/figure_export.hpp"
#include "gui/lesson_player.hpp"
#include "gui/session.hpp"
#include "gui/telling_instruction.hpp"
#include "lessons/concealment.hpp"
#include "lessons/lesson_library.hpp"
#include "ws/kernels/work.hpp"

namespace ws::cli {
namespace {

std::pair<int, int> parse_pair(const std::string& s, char sep, const char* flag) {
  int a = 0, b = 0;
  char extra = 0;
  const std::string pattern = std::string("%d") + sep + "%d%c";
  if (std::sscanf(s.c_str(), pattern.c_str(), &a, &b, &extra) != 2)
    throw UsageError(fmt::format("{}: expected A{}B, got '{}'", flag, sep, s));
  return {a, b};
}

lessons::StepState export_state(const ExportOptions& o) {
  if (!o.lesson.empty()) {
    if (!o.kernel.kernel.empty()) throw UsageError("--kernel: a lesson step sets the kernel; give one of --kernel, --lesson");
    const lessons::LessonLibrary lib = lessons::load_library();
    const lessons::Lesson& lesson = lesson_named(lib, o.lesson, o.step);
    if (o.reveal)  // the rule a link's reveal=1 follows
      if (auto no_question = lessons::check_reveal(lesson, o.step)) throw UsageError("--reveal: " + *no_question);
    return lesson.steps[o.step - 1].state;
  }
  if (o.step != 1) throw UsageError("--step: needs --lesson");
  lessons::StepState s;
  const kernels::KernelDescriptor& k = kernel_named(o.kernel.kernel);
  s.kernel = std::string(k.name);
  s.params = params_from(o.kernel, k);
  s.arch = preset_named(o.arch).name;
  const auto [bx, by] = parse_pair(o.block, ',', "--block");
  if (bx < 0 || by < 0) throw UsageError(fmt::format("--block: ({}, {}) is negative", bx, by));
  if (o.warp < 0) throw UsageError(fmt::format("--warp: {} is negative", o.warp));
  if (o.occurrence < 0) throw UsageError(fmt::format("--occurrence: {} is negative", o.occurrence));
  s.block = Dim3{bx, by, 0};
  s.warp = o.warp;
  s.site = o.site;
  s.occurrence = o.occurrence;
  check_or_throw(k, s.params, *find_preset(s.arch));
  return s;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  f.close();
  if (!f) throw UsageError(fmt::format("--out: cannot write {}", path));
}

}  // namespace

CLI::App* add_export_command(CLI::App& root, ExportOptions& o) {
  CLI::App* cmd = root.add_subcommand("export", "write one instruction's bank map, shared array or sector map as "
                                                "SVG, PNG or CSV (for slides)");
  cmd->add_option("--kernel", o.kernel.kernel, "catalog kernel (or --lesson)");
  add_kernel_options(*cmd, o.kernel);
  cmd->add_option("--arch", o.arch, "architecture preset");
  cmd->add_option("--block", o.block, "block X,Y");
  cmd->add_option("--warp", o.warp, "warp of the block");
  cmd->add_option("--site", o.site, "access site by name (default: the warp's most telling instruction the view can show, as the "
                                    "window opens on it)");
  cmd->add_option("--occurrence", o.occurrence, "which execution of --site, from 0");
  cmd->add_option("--lesson", o.lesson, "a lesson step's state instead of the kernel flags")
      ->check(non_empty("a lesson id: warpscope lessons lists them"));
  cmd->add_option("--step", o.step, "with --lesson: the step, from 1");
  cmd->add_flag("--reveal", o.reveal, "with --lesson: the step after its reveal (default: before it, the answer hidden)");
  cmd->add_option("--deck", o.deck, "every step of a deck (NAME or FILE) as PNG and SVG, with handout.html and "
                                    "teacher.html, into the folder --out");
  cmd->add_option("--view", o.view, "bank-map, shared-array or sector-map");
  cmd->add_option("--format", o.format, "svg, png or csv");
  cmd->add_option("--out", o.out, "file to write")->required();
  cmd->add_option("--size", o.size, "png: image size WxH (default 1280x720)");
  return cmd;
}

int run_export(const ExportOptions& o) {
  if (!o.deck.empty()) {  // a whole deck into a folder (deck_export.hpp)
    if (!o.lesson.empty() || !o.kernel.kernel.empty())
      throw UsageError("--deck: a deck names its lessons; give --deck or one of --kernel, --lesson");
    return run_deck_export(o.deck, o.out);
  }
  exporting::FigureView view;
  if (o.view == "bank-map") view = exporting::FigureView::BankMap;
  else if (o.view == "shared-array") view = exporting::FigureView::SharedArray;
  else if (o.view == "sector-map") view = exporting::FigureView::SectorMap;
  else throw UsageError(fmt::format("--view: '{}' is not bank-map, shared-array or sector-map", o.view));
  if (o.format != "svg" && o.format != "png" && o.format != "csv")
    throw UsageError(fmt::format("--format: '{}' is not svg, png or csv", o.format));
  check_output_path("--out", o.out);
  // The file's name says what it is: a PNG written as x.svg would open as nothing.
  std::string ext = std::filesystem::path(o.out).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if ((ext == ".svg" || ext == ".png" || ext == ".csv") && ext.substr(1) != o.format)
    throw UsageError(fmt::format("--out: '{}' names a {} file but --format is {} (give --format {})", o.out,
                                 ext.substr(1), o.format, ext.substr(1)));
  if (!o.size.empty() && o.format != "png")
    throw UsageError(fmt::format("--size: only --format png has a size in pixels ({} {})", o.format,
                                 o.format == "svg" ? "scales to any size" : "has none"));
  lessons::StepState s = export_state(o);
  if (auto too_much = kernels::check_window_work(*kernels::find_kernel(s.kernel), s.params, find_preset(s.arch)->warp_lanes);
      too_much && o.format == "png")
    throw UsageError(*too_much);  // the window simulates the whole kernel too
  auto prepared = lessons::prepare(s);
  if (!prepared) throw UsageError("--" + prepared.error().message);
  // No --site: the instruction the window opens on, among those the view can show
  // (transpose_shared's bank map: the conflicting column read, not the global load first in the warp).
  if (o.site.empty() && o.lesson.empty()) {
    const Space space = view == exporting::FigureView::SectorMap ? Space::Global : Space::Shared;
    const int telling = gui::most_telling_instruction(prepared->trace, *prepared->arch, space);
    if (telling < 0)
      throw UsageError(fmt::format("--view: {} has no {} access for the {} to show", s.kernel, to_string(space),
                                   o.view));
    prepared->instruction = telling;
    // The PNG is drawn by the window from `s`: the same instruction, named as --site and --occurrence would.
    const auto& instructions = prepared->trace.instructions;
    s.site = prepared->trace.sites[instructions[telling].site].name;
    s.occurrence = static_cast<int>(std::count_if(instructions.begin(), instructions.begin() + telling,
                                                  [&](const auto& i) { return i.site == instructions[telling].site; }));
  }
  auto figure = exporting::figure_of(*prepared, view);
  if (!figure) throw UsageError(figure.error().message);

  // A lesson question's answer stays off the figure, as on the slide before its reveal, unless --reveal.
  if (o.reveal && o.lesson.empty()) throw UsageError("--reveal: needs --lesson");
  lessons::Concealment hide;
  const lessons::LessonLibrary library = o.lesson.empty() ? lessons::LessonLibrary{} : lessons::load_library();
  if (!o.lesson.empty() && !o.reveal)
    if (const auto& q = lesson_named(library, o.lesson, o.step).steps[o.step - 1].question; q)
      hide = lessons::concealment_of(*q);
  if (o.format == "svg") {
    write_file(o.out, view == exporting::FigureView::BankMap       ? exporting::bank_map_svg(*figure, hide)
                      : view == exporting::FigureView::SharedArray ? exporting::shared_array_svg(*figure, hide)
                                                                   : exporting::sector_map_svg(*figure, hide));
  } else if (o.format == "csv") {
    write_file(o.out, view == exporting::FigureView::SectorMap ? exporting::global_csv(*figure)
                                                                : exporting::shared_csv(*figure));
  } else {
    int w = 0, h = 0;
    char extra = 0;
    const std::string size = o.size.empty() ? "1280x720" : o.size;
    if (std::sscanf(size.c_str(), "%dx%d%c", &w, &h, &extra) != 2)
      throw UsageError(fmt::format("--size: '{}' is not WxH", o.size));
    if (auto bad = gui::check_image_size(w, h)) throw UsageError("--size: " + *bad);
    gui::AppState state;
    gui::ScreenshotPlan plan;
    if (o.lesson.empty()) {
      if (auto bad = gui::apply_step_state(s, state)) throw UsageError("--" + *bad);
    } else {  // through the lesson player, which conceals the answer until the reveal
      state.view.animate_reveal = false;
      plan.lesson.lesson = o.lesson;
      plan.lesson.step = o.step;
      plan.reveal = o.reveal;
    }
    plan.width = w;
    plan.height = h;
    plan.figure_only = view == exporting::FigureView::BankMap       ? lessons::View::BankMap
                       : view == exporting::FigureView::SharedArray ? lessons::View::SharedArray
                                                                    : lessons::View::SectorMap;
    gui::Image image;
    std::string error;
    if (!gui::render_screenshot(state, plan, image, &error)) {
      std::cerr << "warpscope: export: " << error << "\n";
      return kFailure;
    }
    if (!gui::write_png(image, o.out, &error)) throw UsageError("--out: " + error);
  }
  fmt::print("wrote {}\n", o.out);
  return kOk;
}

}  // namespace ws::cli
