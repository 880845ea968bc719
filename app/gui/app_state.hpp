// The one model every panel reads and edits (one AppState owned by main, passed
// by reference to every panel's Draw). Selection fields are plain data; the
// commands below change them and re-simulate at once, so a panel never sees a
// stale trace.
//
//   selection   kernel, parameters, preset, block, warp, instruction
//   derived     launch, the warp's trace, the current instruction analysed
//   variant     a student's typed tile layout or access pattern (the current kernel while set)
//   jobs        whole-kernel report, timings, the variant's predictions and GPU run (background threads)
//   view        playback, own pattern, fonts and full screen
#pragma once

#include "lessons/concealment.hpp"
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gui/slide_fonts.hpp"
#include "gui/timings_model.hpp"
#include "gui/variant_jobs.hpp"
#include "gui/whole_kernel_job.hpp"
#include "ws/global_analysis.hpp"
#include "ws/kernels/catalog.hpp"
#include "ws/kernels/student.hpp"
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

// "Your variant": the lane expression above (an instruction on its own), or a
// typed tile layout / access pattern made into a kernel (ws/kernels/variant.hpp).
enum class VariantMode : std::uint8_t { LaneExpression, TileLayout, AccessPattern };

struct VariantEditor {
  VariantMode mode = VariantMode::LaneExpression;
  std::string layout = "(c + 2*r) % T";    // in r, c, T: the column (or word) of element (r, c)
  std::string pattern = "4 * (17 * lane)";  // in lane, i: the byte address read
  std::string swizzle;  // a preset on the byte address (kernels::kVariantSwizzles); empty: none
  std::string error;  // the last typed expression's message; the last good variant stays
};

// A student's own .cu file (the Kernel panel's "Your .cu file", a file dropped on
// the window, `warpscope kernel FILE ... --window`): the fields of its launch as
// typed, and what opening it found. Saving the file re-traces it.
struct StudentFileEditor {
  std::string path, entry;
  std::string grid = "1", block = "256";
  std::string args;   // "n=65536 alpha=2": the scalar parameters by name
  std::string sizes;  // "in=65536": arrays' lengths, for out-of-range reports
  int dynamic_smem = 0;
  std::string error;                  // the last open's message; the last good kernel stays
  std::vector<std::string> findings;  // races, what nvcc did, accesses out of range: a line each
  bool open_requested = false;        // open at the next tick (a drop, the command line)
  std::filesystem::file_time_type opened_mtime{};
  double since_check = 0;             // seconds since the file's time was last read
};

struct Playback {
  bool playing = false;
  float steps_per_second = 2.0f;
  double accumulated = 0;
};

struct ViewPrefs {
  float font_scale = 1.0f;
  // Device pixels per layout pixel: the web page on a high-DPI screen draws its
  // canvas at devicePixelRatio and scales its fonts and spacing by it, so text
  // is rasterised at the screen's resolution. 1 natively (the desktop scales).
  float pixel_ratio = 1.0f;
  bool font_reload = false;  // the window rebuilds its font atlas before the next frame
  bool fullscreen = false;
  ImFont* mono = nullptr;    // code view; the default font when null
  ImFont* figure = nullptr;  // lane numbers in the figures: bold, rasterised at 2x (canvas.hpp)
  // Slides (slide_painter.hpp): each face at a few raster sizes, so 14 to 32 px
  // text stays sharp at any projector size; null where the font is missing.
  SlideFonts slide_fonts;
  std::string font_warning;  // shown when DejaVu was missing
  bool select_tabs = true;   // the memory tabs follow the instruction's space once
  bool presenter = false;    // one figure fills the window (presenter_layout.cpp)
  bool animating_blocks = false;  // the Blocks panel's animation runs: frames must not wait for input
  std::vector<int> highlight_lanes;  // a lesson step's emphasis: heavy outlines
  std::vector<int> highlight_banks;  // bank columns tinted in the bank map
  // The Glossary window (glossary_panel.hpp): G, or the lesson panel, opens it;
  // a term set here is scrolled to.
  bool glossary_open = false;
  std::string glossary_term;
  // A lesson question's answer, kept off the figures until the reveal
  // (lessons/concealment.hpp): the bank map draws the requests in one row, the
  // other panels "?" for the concealed figures. Empty when nothing is hidden.
  lessons::Concealment conceal;
  // A second access drawn beside the figure at the same scale (a step's
  // "beside" configuration); its quantities are concealed under its name.
  std::optional<lessons::StepState> beside;
  std::string beside_name;
  // The reveal splits the bank map's request row into wavefront rows over
  // ~0.6 s; screenshots and tests turn it off to draw the final state at once.
  bool animate_reveal = true;
  bool animating_reveal = false;  // a reveal is moving: frames must not wait for input
  // Why the last view-state string (view_state.hpp: a URL fragment, --open) was
  // not applied; the status bar shows it. Empty once one applies.
  std::string state_error;
};

class AppState {
 public:
  AppState();

  // Selection. Each command re-simulates what depends on it.
  // Parameters reset to the kernel's defaults unless `keep` is given (switching
  // between the transpose tile layouts keeps the matrix and tile). The block,
  // warp and instruction last chosen stay wherever the new kernel has them (each
  // one that it lacks starts at 0), so transpose_shared -> smem_stride -> back
  // returns to the same place.
  void select_kernel(int catalog_index, const kernels::KernelParams* keep = nullptr);
  bool select_kernel(std::string_view name, const kernels::KernelParams* keep = nullptr);
  void set_params(const kernels::KernelParams& p);
  void select_arch(int preset_index);
  void set_block(Dim3 b);
  void set_warp(int w);
  void set_instruction(int i);
  void step_instruction(int delta);  // wraps around
  // To the first instruction of the barrier interval `delta` intervals on (the
  // tiled matmul's 4609 instructions a warp are its phases' loops, two barrier
  // intervals a phase); wraps around. ("phase" in these names is the interval.)
  void step_phase(int delta);
  int phase_count() const;  // barrier intervals of the traced warp (1 without a barrier)
  void step_warp(int delta);
  void step_block(int delta);        // row-major over the grid
  bool select_site(int site, int occurrence = 0);  // first instruction of that site
  void set_source(InstructionSource s);
  void apply_pattern();  // re-parse PatternEditor and analyse it
  // Makes the editor's layout or pattern into a kernel (make_variant) at `with`
  // (default: the current parameters when the current kernel is its base, else the
  // base's defaults). On success it is the current kernel, every panel shows it,
  // and true is returned; on failure variant_editor.error says why and nothing else changes.
  bool apply_variant(const kernels::KernelParams* with = nullptr);
  // Compiles, rehearses (a child process: a crash or a hang is a message) and
  // loads student_file's kernel; on success it is the current kernel, keeping
  // the block, warp and instruction when the same file is opened again. On
  // failure student_file.error says why and nothing else changes.
  bool open_student_file();

  // Once per frame: playback, background jobs.
  void tick(double dt_seconds);
  // The calibration the variant is predicted on: the Timings panel's set, else the first
  // recorded one that has a calibration; nullptr without any.
  const MeasurementSet* variant_gpu() const;
  void wait_variant_predictions();  // screenshots and tests

  const kernels::KernelDescriptor& kernel() const;
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
  // While set, kernel() is this variant's descriptor (shared: the whole-kernel job and
  // the GPU run keep it alive after the student types the next one).
  std::shared_ptr<const kernels::KernelVariant> variant;
  // While set (and no variant), kernel() is the student's own file (open_student_file()).
  std::shared_ptr<kernels::StudentKernel> student;
  StudentFileEditor student_file;
  int kernel_serial = 0;  // changes whenever kernel() does (each variant is a new kernel)

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
  VariantEditor variant_editor;
  VariantJobs variant_jobs;
  ViewPrefs view;

 private:
  void resimulate();  // parameters or preset changed
  void retrace();     // block or warp changed
  void reanalyse();   // instruction changed
  bool remake_variant();  // parameters or preset changed under a variant: its tables depend on them
  int remade_for_arch_ = -1;  // the preset the variant was last made for
  // The place last chosen (set_block, set_warp, set_instruction and the steps);
  // clamping to a smaller launch does not change it, a kernel switch returns to it.
  struct Place {
    Dim3 block{0, 0, 0};
    int warp = 0;
    int instruction = 0;
  } chosen_;
  bool restoring_place_ = false;  // retrace(): a missing block or warp goes to 0, not to the last
  // Until an instruction is picked (set_instruction: a click, a step, a lesson, --site),
  // each trace opens on its most telling one (telling_instruction.hpp).
  bool instruction_picked_ = false;
  int traced_warp_ = -1;
  int traced_lanes_ = 0;
  Dim3 traced_block_{-1, -1, -1};
};

// Thread index -> "(tx, ty)" or "(tx, ty, tz)" for labels.
std::string thread_label(Dim3 t);

}  // namespace ws::gui
