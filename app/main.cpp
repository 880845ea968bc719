// warpscope: the command line; with no subcommand, the window (once built) or help.
// Exit codes (cli/command.hpp, README "Exit codes"): 0, 2 bad input, 3 no GPU, 1 internal or output error.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <system_error>

#include "cli/analyze_command.hpp"
#include "cli/bench_command.hpp"
#include "cli/command.hpp"
#include "cli/compare_command.hpp"
#include "cli/kernel_command.hpp"
#include "cli/lessons_command.hpp"
#include "cli/ncu_launch.hpp"
#include "cli/reconcile_command.hpp"
#include "cli/report_command.hpp"
#include "cli/variant_command.hpp"
#include "version.hpp"
#include "ws/kernels/assets.hpp"
#include "ws/kernels/input_file.hpp"
#if WS_HAVE_GUI
#include "cli/export_command.hpp"
#include "cli/screenshot_command.hpp"
#include "gui/lesson_player.hpp"
#include "gui/session.hpp"
#include "gui/view_state.hpp"
#endif

namespace {

bool stdout_was_closed = false;
bool output_error_reported = false;

void report_stdout_error(const std::string& why) {
  if (output_error_reported) return;
  output_error_reported = true;
  std::cerr << "warpscope: cannot write to standard output: " << (stdout_was_closed ? "it is closed" : why) << "\n";
}

// A closed standard descriptor would be reused by the next file opened (a PNG
// would receive the text meant for stdout): give each one a stand-in. Writes to
// a closed stdout go to /dev/full, so they fail and are reported at exit.
void guard_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int opened = fd == 0 ? open("/dev/null", O_RDONLY) : open(fd == 1 ? "/dev/full" : "/dev/null", O_WRONLY);
    if (opened >= 0 && opened != fd) {
      dup2(opened, fd);
      close(opened);
    }
    if (fd == 1) stdout_was_closed = true;
  }
}

// Output that did not reach stdout is an error (exit 1), even after a success.
int check_stdout(int code) {
  errno = 0;
  std::cout.flush();
  const bool flush_failed = std::fflush(stdout) != 0;
  const int err = errno;
  if (!flush_failed && std::cout && !std::ferror(stdout)) return code;
  report_stdout_error(err ? std::strerror(err) : "the write failed");
  return code == ws::cli::kOk ? ws::cli::kFailure : code;
}

int run(int argc, char** argv) {
  CLI::App app{"warpscope: how GPUs serve memory, simulated and measured"};
  app.require_subcommand(0, 1);
  // First line "warpscope VERSION", as help2man reads it (the man page of the Debian package).
  app.set_version_flag("--version", fmt::format("warpscope {}\ncommit: {}\ncuda: {}", ws::kVersion, ws::kGitCommit,
                                                ws::kCudaSupport),
                       "print the version, the commit it was built from and whether CUDA is compiled in");
  ws::cli::AnalyzeOptions analyze;
  CLI::App* analyze_cmd = ws::cli::add_analyze_command(app, analyze);
  ws::cli::ReportOptions report;
  CLI::App* report_cmd = ws::cli::add_report_command(app, report);
  ws::cli::BenchOptions bench;
  CLI::App* bench_cmd = ws::cli::add_bench_command(app, bench);
  ws::cli::CompareOptions compare;
  CLI::App* compare_cmd = ws::cli::add_compare_command(app, compare);
  ws::cli::ReconcileOptions reconcile;
  CLI::App* reconcile_cmd = ws::cli::add_reconcile_command(app, reconcile);
  ws::cli::VariantOptions variant;
  CLI::App* variant_cmd = ws::cli::add_variant_command(app, variant);
  ws::cli::KernelFileOptions kernel_file;
  CLI::App* kernel_cmd = ws::cli::add_kernel_command(app, kernel_file);
  ws::cli::LessonsOptions lessons;
  CLI::App* lessons_cmd = ws::cli::add_lessons_command(app, lessons);
  // The window opened on a lesson: `warpscope --lesson ID [--step N] [--present]`.
  std::string lesson_id;
  int lesson_step = 1;
  bool present = false;
  app.add_option("--lesson", lesson_id, "open the window on this lesson (warpscope lessons lists them)")
      ->check(ws::cli::non_empty("a lesson id: warpscope lessons lists them"));
  app.add_option("--step", lesson_step, "with --lesson: the step to open, from 1");
  app.add_flag("--present", present, "open the window in presenter mode (one figure, the lesson text)");
  std::string deck;
  app.add_option("--deck", deck, "open the window on a deck of lessons: NAME (assets/lessons/decks) or FILE; "
                                 "the clicker's forward key walks it to the end");
  // The whole view as one string, the web build's URL fragment (app/gui/view_state.hpp).
  std::string open_state;
  app.add_option("--open", open_state, "open the window in a view state: 'lesson=padding&step=3', "
                                       "'kernel=transpose_padded&warp=2' (docs/view-state.md)")
      ->check(ws::cli::non_empty("a view state: key=value&key=value"));
#if WS_HAVE_GUI
  ws::cli::ScreenshotOptions screenshot;
  CLI::App* screenshot_cmd = ws::cli::add_screenshot_command(app, screenshot);
  ws::cli::ExportOptions export_options;
  CLI::App* export_cmd = ws::cli::add_export_command(app, export_options);
#endif
  // "010" is ten, not octal eight; "nan" is no number (README: decimal or 0x hex).
  ws::cli::harden_number_options(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Escaped: a value with a newline or ESC in it would forge a second "warpscope:" line.
    std::cerr << "warpscope: " << ws::kernels::one_line(e.what()) << "\n";
    return ws::cli::kUsage;
  }
  try {
    if (auto why = ws::kernels::data_dir_problem(); !why.empty()) throw ws::cli::UsageError(why);
    if (analyze_cmd->parsed()) return ws::cli::run_analyze(analyze);
    if (report_cmd->parsed()) return ws::cli::run_report(report);
    if (bench_cmd->parsed()) return ws::cli::run_bench(bench, argc, argv);
    if (compare_cmd->parsed()) return ws::cli::run_compare(compare);
    if (reconcile_cmd->parsed()) return ws::cli::run_reconcile(reconcile);
    if (variant_cmd->parsed()) return ws::cli::run_variant(variant);
    if (lessons_cmd->parsed()) return ws::cli::run_lessons(lessons);
    if (kernel_cmd->parsed()) return ws::cli::run_kernel_command(kernel_file);
    if (app.count("--open") && (!lesson_id.empty() || app.count("--step") || present || app.count("--deck")))
      throw ws::cli::UsageError("--open: the state names the lesson, step, deck and presenter mode; give --open alone");
    if (!lesson_id.empty() || app.count("--step")) ws::cli::check_lesson_flags(lesson_id, lesson_step);
    if (app.count("--deck")) ws::cli::check_deck_flag(deck, lesson_id);
#if WS_HAVE_GUI
    if (screenshot_cmd->parsed()) return ws::cli::run_screenshot(screenshot);
    if (export_cmd->parsed()) return ws::cli::run_export(export_options);
    if (app.count("--open")) {
      // Checked before a window opens: bad input is exit 2, as for --lesson.
      if (auto bad = ws::gui::check_view_state(open_state, ws::gui::LessonPlayer{})) throw ws::cli::UsageError("--open: " + *bad);
      ws::gui::LessonStart start;
      start.view_state = open_state;
      return ws::gui::run_window(ws::gui::WindowOptions{}, start);
    }
    return ws::gui::run_window(ws::gui::WindowOptions{}, ws::gui::LessonStart{lesson_id, lesson_step, present, deck, "", std::nullopt});
#else
    if (!lesson_id.empty() || present || !deck.empty() || !open_state.empty())
      throw ws::cli::UsageError("--lesson, --deck, --present and --open need the window, which this build lacks");
    std::cout << app.help();
    return ws::cli::kOk;
#endif
  } catch (const ws::cli::ProfilerError& e) {
    std::cerr << "warpscope: " << ws::kernels::one_line(e.what()) << "\n";
    return ws::cli::kNoGpu;
  } catch (const ws::cli::UsageError& e) {
    std::cerr << "warpscope: " << ws::kernels::one_line(e.what()) << "\n";
    return ws::cli::kUsage;
  } catch (const std::system_error& e) {
    // fmt::print throws this when stdout refuses the text (a full disk, a closed pipe).
    if (std::ferror(stdout)) {
      report_stdout_error(e.code().message());
      return ws::cli::kFailure;
    }
    std::cerr << "warpscope: internal error: " << ws::kernels::one_line(e.what()) << "\n";
    return ws::cli::kFailure;
  } catch (const std::exception& e) {
    std::cerr << "warpscope: internal error: " << ws::kernels::one_line(e.what()) << "\n";
    return ws::cli::kFailure;
  }
}

}  // namespace

int main(int argc, char** argv) {
  guard_standard_descriptors();
  const int code = run(argc, argv);
  return check_stdout(code);
}
