// `warpscope analyze`: one warp instruction, given as addresses or an expression
// in `lane`, analysed for shared banks/wavefronts or global sectors.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace ws::cli {

struct AnalyzeOptions {
  std::string space;
  std::string op;
  int bytes = 0;
  std::string addresses;
  std::string expr;
  std::string mask;
  bool mask_given = false;  // --mask '' is bad input, not "all lanes"
  std::string ldmatrix;
  std::string arch = "sm90";
  bool json = false;
};

CLI::App* add_analyze_command(CLI::App& root, AnalyzeOptions& options);
int run_analyze(const AnalyzeOptions& options);

}  // namespace ws::cli
