// `warpscope screenshot`: the window in a chosen state, rendered offscreen
// into a PNG (scripts/docs-screenshots.sh makes the pictures in docs/ with it).
// Same kernel flags as `report`.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/kernel_options.hpp"

namespace ws::cli {

struct ScreenshotOptions {
  KernelOptions kernel;
  std::string arch = "sm90";
  std::string block = "0,0";
  int warp = 0;
  std::string site;      // index into the warp's access sites, or a site name
  int occurrence = 0;    // which execution of that site (loops run a site many times)
  std::string out;
  std::string size = "1600x900";
  float font_scale = 1.0f;
  std::string results = "timings";  // timings | whole-kernel
  std::string detail;               // shared | blocks (default: follows the instruction)
  std::string pattern;              // an own pattern: expression in lane (shown instead of the kernel)
  std::string pattern_space = "shared";
  int pattern_bytes = 4;
  std::string variant_layout;   // your variant: a tile layout in r, c, T (the "Your variant" tab)
  std::string variant_pattern;  // your variant: a byte address in lane, i (width: --bytes)
  bool live_bench = false;
  bool variant_run = false;
  std::string lesson;    // a lesson step instead of --kernel and its flags
  int step = 1;
  bool present = false;  // presenter mode
  bool reveal = false;   // the step's answer shown
  std::string deck;      // a deck (NAME or FILE): the clicker's keys walk it
  std::vector<std::string> presses;  // keys replayed in order after opening (--press PgDn --press B)
  std::string cu;    // a student's .cu file, launched as its "// launch:" line says (the Kernel panel's "Your .cu file")
  std::string open;  // a view-state string (gui/view_state.hpp): the whole state instead of the flags above
};

CLI::App* add_screenshot_command(CLI::App& root, ScreenshotOptions& options);
int run_screenshot(const ScreenshotOptions& options);

}  // namespace ws::cli
