// The one model every panel reads and edits (one AppState owned by main, passed
// by reference to every panel's Draw). Selection fields are plain data; the
// commands below change them and re-simulate at once, so a panel never sees a
// stale trace.
//
//   selection   kernel, parameters, preset, block, warp, instruction
//   derived     launch, the warp's trace, the current instruction analysed
//   jobs        whole-kernel report, timings (background threads)
//   view        playback, own pattern, fonts and full screen
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gui/timings_model.hpp"
#include "gui/whole_kernel_job.hpp"
#include "ws/global_analysis.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/trace.hpp"

struct ImFont;

namespace ws::gui {

enum class InstructionSource : std::uint8_t { Kernel, Pattern };

// The instruction the bank map, shared array and global view draw, in the
// preset's warp (the classroom toy's warps have 4 lanes).
struct CurrentInstruction {
  bool valid = false;
  std::string error;       // why nothing can be drawn (no instruction, preset refuses it)
  int site = -1;           // index into the trace's sites; -1 for an own pattern
  int warp_lanes = 32;     // lanes of the preset's warp
  WarpAccess access;
  SharedResult shared;     // filled for a shared access
  GlobalResult global;     // filled for a global access
};

// A student's own pattern: an expression in `lane` (ws/pattern_input.hpp).
struct PatternEditor {
  std::string expr = "lane * 32 * 4";
  std::string mask = "0xffffffff";
  Space space = Space::Shared;
  Op op = Op::Load;
  int bytes = 4;
  std::string error;
};

struct Playback {
  bool playing = false;
  float steps_per_second = 2.0f;
  double accumulated = 0;
};

struct ViewPrefs {
  float font_scale = 1.0f;
  bool font_reload = false;  // the window rebuilds its font atlas before the next frame
  bool fullscreen = false;
  ImFont* mono = nullptr;    // code view; the default font when null
  ImFont* figure = nullptr;  // lane numbers in the figures: bold, rasterised at 2x (canvas.hpp)
  std::string font_warning;  // shown when DejaVu was missing
  bool select_tabs = true;   // the memory tabs follow the instruction's space once
  bool presenter = false;    // one figure fills the window (presenter_layout.cpp)
  bool animating_blocks = false;  // the Blocks panel's animation runs: frames must not wait for input
  std::vector<int> highlight_lanes;  // a lesson step's emphasis: heavy outlines
  std::vector<int> highlight_banks;  // bank columns tinted in the bank map
};

class AppState {
 public:
  AppState();

  // Selection. Each command re-simulates what depends on it.
  // Parameters reset to the kernel's defaults unless `keep` is given (switching
  // between the transpose tile layouts keeps the matrix and tile).
  void select_kernel(int catalog_index, const kernels::KernelParams* keep = nullptr);
  bool select_kernel(std::string_view name, const kernels::KernelParams* keep = nullptr);
  void set_params(const kernels::KernelParams& p);
  void select_arch(int preset_index);
  void set_block(Dim3 b);
  void set_warp(int w);
  void set_instruction(int i);
  void step_instruction(int delta);  // wraps around
  // To the first instruction of the barrier phase `delta` phases on (the tiled
  // matmul's 4609 instructions a warp are its phases' loops); wraps around.
  void step_phase(int delta);
  int phase_count() const;  // barrier phases of the traced warp (1 without a barrier)
  void step_warp(int delta);
  void step_block(int delta);        // row-major over the grid
  bool select_site(int site, int occurrence = 0);  // first instruction of that site
  void set_source(InstructionSource s);
  void apply_pattern();  // re-parse PatternEditor and analyse it

  // Once per frame: playback, background jobs.
  void tick(double dt_seconds);

  const kernels::KernelInfo& kernel() const;
  const ArchPreset& arch() const;
  int warps_per_block() const;  // in the preset's warps
  int instruction_count() const { return static_cast<int>(trace.instructions.size()); }
  bool ready() const { return !param_error && traced; }

  // Selection (read freely; change through the commands above).
  int kernel_index = 0;
  int arch_index = 0;
  kernels::KernelParams params;
  Dim3 block{0, 0, 0};
  int warp = 0;
  int instruction = 0;
  InstructionSource source = InstructionSource::Kernel;

  // Derived.
  std::optional<std::string> param_error;
  kernels::LaunchConfig launch;
  WarpTrace trace;
  bool traced = false;
  CurrentInstruction current;

  // Jobs and views.
  WholeKernelJob whole_kernel;
  TimingsModel timings;
  Playback playback;
  PatternEditor pattern;
  ViewPrefs view;

 private:
  void resimulate();  // parameters or preset changed
  void retrace();     // block or warp changed
  void reanalyse();   // instruction changed
  int traced_warp_ = -1;
  int traced_lanes_ = 0;
  Dim3 traced_block_{-1, -1, -1};
};

// Thread index -> "(tx, ty)" or "(tx, ty, tz)" for labels.
std::string thread_label(Dim3 t);

}  // namespace ws::gui
