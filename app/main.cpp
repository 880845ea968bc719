// warpscope: the command line; with no subcommand, the window (once built) or help.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/analyze_command.hpp"
#include "cli/bench_command.hpp"
#include "cli/command.hpp"
#include "cli/report_command.hpp"
#if WS_HAVE_GUI
#include "cli/screenshot_command.hpp"
#include "gui/session.hpp"
#endif

int main(int argc, char** argv) {
  CLI::App app{"warpscope: how GPUs serve memory, simulated and measured"};
  app.require_subcommand(0, 1);
  ws::cli::AnalyzeOptions analyze;
  CLI::App* analyze_cmd = ws::cli::add_analyze_command(app, analyze);
  ws::cli::ReportOptions report;
  CLI::App* report_cmd = ws::cli::add_report_command(app, report);
  ws::cli::BenchOptions bench;
  CLI::App* bench_cmd = ws::cli::add_bench_command(app, bench);
#if WS_HAVE_GUI
  ws::cli::ScreenshotOptions screenshot;
  CLI::App* screenshot_cmd = ws::cli::add_screenshot_command(app, screenshot);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "warpscope: " << e.what() << "\n";
    return ws::cli::kUsage;
  }
  try {
    if (analyze_cmd->parsed()) return ws::cli::run_analyze(analyze);
    if (report_cmd->parsed()) return ws::cli::run_report(report);
    if (bench_cmd->parsed()) return ws::cli::run_bench(bench, argc, argv);
#if WS_HAVE_GUI
    if (screenshot_cmd->parsed()) return ws::cli::run_screenshot(screenshot);
    return ws::gui::run_window(ws::gui::WindowOptions{});
#else
    std::cout << app.help();
    return ws::cli::kOk;
#endif
  } catch (const ws::cli::UsageError& e) {
    std::cerr << "warpscope: " << e.what() << "\n";
    return ws::cli::kUsage;
  } catch (const std::exception& e) {
    std::cerr << "warpscope: internal error: " << e.what() << "\n";
    return ws::cli::kFailure;
  }
}
