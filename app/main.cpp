// warpscope: the command line; with no subcommand, the window (once built) or help.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/analyze_command.hpp"
#include "cli/bench_command.hpp"
#include "cli/command.hpp"
#include "cli/report_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"warpscope: how GPUs serve memory, simulated and measured"};
  app.require_subcommand(0, 1);
  ws::cli::AnalyzeOptions analyze;
  CLI::App* analyze_cmd = ws::cli::add_analyze_command(app, analyze);
  ws::cli::ReportOptions report;
  CLI::App* report_cmd = ws::cli::add_report_command(app, report);
  ws::cli::BenchOptions bench;
  CLI::App* bench_cmd = ws::cli::add_bench_command(app, bench);
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
    std::cout << app.help();
    return ws::cli::kOk;
  } catch (const ws::cli::UsageError& e) {
    std::cerr << "warpscope: " << e.what() << "\n";
    return ws::cli::kUsage;
  } catch (const std::exception& e) {
    std::cerr << "warpscope: internal error: " << e.what() << "\n";
    return ws::cli::kFailure;
  }
}
