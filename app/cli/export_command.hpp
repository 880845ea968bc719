// `warpscope export`: one instruction's figure for slides, without a window
// for SVG and CSV (docs/export.md): the bank map, the shared array or the
// sector map of a kernel's warp instruction, or of a lesson step's.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/kernel_options.hpp"

namespace ws::cli {

struct ExportOptions {
  KernelOptions kernel;
  std::string arch = "sm90";
  std::string block = "0,0";
  int warp = 0;
  std::string site;     // by name; empty = the most telling instruction the view can show (export_command.cpp)
  int occurrence = 0;
  std::string lesson;   // a lesson step's state instead of the flags above
  int step = 1;
  bool reveal = false;  // with --lesson: the step's answer shown (default: concealed, as before the reveal)
  std::string deck;     // NAME or FILE: every step of the deck into the folder --out
  std::string view = "bank-map";  // bank-map | shared-array | sector-map
  std::string format = "svg";     // svg | png | csv
  std::string out;
  std::string size;  // png only: WxH (empty: 1280x720); refused with svg and csv
};

CLI::App* add_export_command(CLI::App& root, ExportOptions& options);
int run_export(const ExportOptions& options);

}  // namespace ws::cli
