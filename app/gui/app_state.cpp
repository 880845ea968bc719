// AppState commands. Every change ends in one of three steps:
//   resimulate()  parameters or preset: check, launch, whole-kernel job, retrace
//   retrace()     block or warp: trace that warp with the recording context
//   reanalyse()   instruction: analyse it for the preset (S1-S7, G1-G2)
// A student's variant (apply_variant) is a kernel like the catalog's: while it is
// set, kernel() is its descriptor and resimulate() remakes it for new parameters.
#include "gui/app_state.hpp"
#include "gui/student_file.hpp"

#include <algorithm>
#include <exception>

#include <fmt/format.h>

#include "gui/telling_instruction.hpp"
#include "ws/pattern_input.hpp"
#include "ws/validate.hpp"

namespace ws::gui {
namespace {

int wrap(int v, int n) { return n <= 0 ? 0 : ((v % n) + n) % n; }

// The catalog names the kernel the window opens with.
int default_kernel_index() {
  const auto cat = kernels::catalog();
  for (std::size_t i = 0; i < cat.size(); ++i)
    if (&cat[i] == &kernels::default_kernel()) return static_cast<int>(i);
  return 0;
}

}  // namespace

std::string thread_label(Dim3 t) {
  return t.z > 0 ? fmt::format("({}, {}, {})", t.x, t.y, t.z) : fmt::format("({}, {})", t.x, t.y);
}

AppState::AppState() { select_kernel(default_kernel_index()); }

const kernels::KernelDescriptor& AppState::kernel() const {
  return variant ? variant->descriptor() : student ? student->descriptor() : kernels::catalog()[kernel_index];
}
const ArchPreset& AppState::arch() const { return all_presets()[arch_index]; }

int AppState::warps_per_block() const {
  const int lanes = arch().warp_lanes;
  return std::max(1, (launch.block.count() + lanes - 1) / lanes);
}

void AppState::select_kernel(int catalog_index, const kernels::KernelParams* keep) {
  variant.reset();
  student.reset();
  ++kernel_serial;
  kernel_index = wrap(catalog_index, static_cast<int>(kernels::catalog().size()));
  params = keep ? *keep : kernel().defaults;
  // Stay on the chosen block, warp and instruction where the new kernel has them
  // (plain vs padded tile with one click; transpose_shared -> smem_stride and back).
  block = chosen_.block;
  warp = chosen_.warp;
  instruction = chosen_.instruction;
  restoring_place_ = true;
  resimulate();
  restoring_place_ = false;
}

bool AppState::select_kernel(std::string_view name, const kernels::KernelParams* keep) {
  const auto cat = kernels::catalog();
  for (std::size_t i = 0; i < cat.size(); ++i)
    if (cat[i].name == name) {
      select_kernel(static_cast<int>(i), keep);
      return true;
    }
  return false;
}

void AppState::set_params(const kernels::KernelParams& p) {
  params = p;
  resimulate();
}

void AppState::select_arch(int preset_index) {
  arch_index = wrap(preset_index, static_cast<int>(all_presets().size()));
  resimulate();
}

void AppState::set_block(Dim3 b) {
  block = b;
  retrace();
  chosen_.block = block;
}

void AppState::set_warp(int w) {
  warp = w;
  retrace();
  chosen_.warp = warp;
}

void AppState::set_instruction(int i) {
  instruction_picked_ = true;
  instruction = i;
  reanalyse();
  chosen_.instruction = instruction;
}

void AppState::step_instruction(int delta) { set_instruction(wrap(instruction + delta, instruction_count())); }

int AppState::phase_count() const {
  int last = 0;
  for (const TracedInstruction& ti : trace.instructions) last = std::max(last, ti.phase);
  return last + 1;
}

void AppState::step_phase(int delta) {
  if (instruction_count() == 0) return;
  const int target = wrap(trace.instructions[instruction].phase + delta, phase_count());
  // Phases without a memory instruction are skipped: the next one that has one.
  for (int p = 0; p < phase_count(); ++p) {
    const int want = wrap(target + (delta < 0 ? -p : p), phase_count());
    for (int i = 0; i < instruction_count(); ++i)
      if (trace.instructions[i].phase == want) return set_instruction(i);
  }
}

void AppState::step_warp(int delta) { set_warp(wrap(warp + delta, warps_per_block())); }

void AppState::step_block(int delta) {
  const Dim3 g = launch.grid;
  const int linear = wrap(block.y * g.x + block.x + delta, g.x * g.y);
  set_block(Dim3{linear % g.x, linear / g.x, 0});
}

bool AppState::select_site(int site, int occurrence) {
  int seen = 0;
  for (int i = 0; i < instruction_count(); ++i)
    if (trace.instructions[i].site == site && seen++ == occurrence) {
      set_instruction(i);
      return true;
    }
  return false;
}

void AppState::set_source(InstructionSource s) {
  source = s;
  view.select_tabs = true;
  reanalyse();
}

void AppState::apply_pattern() {
  view.select_tabs = true;
  reanalyse();
}

bool AppState::apply_variant(const kernels::KernelParams* with) {
  VariantEditor& e = variant_editor;
  if (e.mode == VariantMode::LaneExpression) return false;
  const bool layout = e.mode == VariantMode::TileLayout;
  auto accepts = layout ? &kernels::accepts_layout : &kernels::accepts_pattern;
  kernels::VariantSpec spec;
  spec.expression = layout ? e.layout : e.pattern;
  spec.swizzle = e.swizzle;
  // Beside the kernel shown when it is one a variant stands beside (its sizes kept:
  // the padded transpose at 1024 x 1024 stays so), else beside the default base.
  const std::string_view shown = variant ? std::string_view(variant->spec().base) : kernel().name;
  const bool keep_place = accepts(shown);
  const auto kind = layout ? kernels::VariantKind::TileLayout : kernels::VariantKind::AccessPattern;
  spec.base = keep_place ? std::string(shown) : std::string(kernels::default_variant_base(kind).name);
  spec.params = with ? *with : keep_place ? params : kernels::find_kernel(spec.base)->defaults;
  auto made = kernels::make_variant(spec, arch());
  if (!made) {
    e.error = made.error().message;
    return false;
  }
  e.error.clear();
  const bool same_kind = variant && variant->kind() == (*made)->kind();
  variant = *made;
  remade_for_arch_ = arch_index;
  ++kernel_serial;
  params = variant->params();
  source = InstructionSource::Kernel;
  if (!same_kind) {
    block = Dim3{0, 0, 0};
    warp = 0;
    instruction = 0;
  }
  resimulate();
  // The lesson of a layout or pattern is its shared-memory read (the tile's column
  // read): show that unless a shared access is already shown.
  if (!param_error && (!instruction_picked_ || !current.valid || current.access.space != Space::Shared))
    for (std::size_t i = 0; i < trace.sites.size(); ++i)
      if (trace.sites[i].space == Space::Shared && trace.sites[i].op == Op::Load && select_site(static_cast<int>(i)))
        break;
  return true;
}

bool AppState::remake_variant() {
  if (!variant || (variant->params() == params && remade_for_arch_ == arch_index)) return true;
  kernels::VariantSpec spec = variant->spec();
  spec.params = params;
  auto made = kernels::make_variant(spec, arch());
  if (!made) {
    param_error = made.error().message;
    return false;
  }
  variant = *made;
  remade_for_arch_ = arch_index;
  ++kernel_serial;
  return true;
}

void AppState::resimulate() {
  traced = false;
  trace = WarpTrace{};
  traced_warp_ = -1;
  param_error.reset();
  if (!remake_variant()) {
    whole_kernel.clear();
    reanalyse();
    return;
  }
  param_error = kernels::check_params(kernel(), params, arch());
  if (param_error) {
    whole_kernel.clear();
    reanalyse();
    return;
  }
  launch = kernels::launch_config(kernel(), params);
  whole_kernel.request({&kernel(), params, &arch(),
                        variant ? std::shared_ptr<const void>(variant) : std::shared_ptr<const void>(student)});
  retrace();
}

void AppState::retrace() {
  if (param_error) return reanalyse();
  // Keep the cursor inside the launch: a smaller matrix or tile shrinks the grid.
  // After a kernel switch what the new kernel lacks starts over instead.
  const bool block_missing = block.x >= launch.grid.x || block.y >= launch.grid.y;
  if (restoring_place_ && block_missing) block = Dim3{0, 0, 0};
  if (restoring_place_ && warp >= warps_per_block()) warp = 0;
  block.x = std::clamp(block.x, 0, std::max(0, launch.grid.x - 1));
  block.y = std::clamp(block.y, 0, std::max(0, launch.grid.y - 1));
  block.z = 0;
  warp = std::clamp(warp, 0, warps_per_block() - 1);
  // Warps of the preset's size: the 4-lane toy traces 4 threads at a time.
  const int lanes = arch().warp_lanes;
  const bool same = traced && warp == traced_warp_ && lanes == traced_lanes_ && block.x == traced_block_.x &&
                    block.y == traced_block_.y;
  if (!same) {
    try {
      trace = kernels::trace_warp(kernel(), params, block, warp, lanes);
      traced = true;
      traced_warp_ = warp;
      traced_lanes_ = lanes;
      traced_block_ = block;
    } catch (const std::exception& e) {
      traced = false;
      param_error = fmt::format("tracing failed: {}", e.what());
    }
  }
  if (restoring_place_ && instruction >= instruction_count()) instruction = 0;
  if (!instruction_picked_ && traced) instruction = most_telling_instruction(trace, arch());
  instruction = std::clamp(instruction, 0, std::max(0, instruction_count() - 1));
  reanalyse();
}

void AppState::reanalyse() {
  CurrentInstruction c;
  const ArchPreset& a = arch();
  c.warp_lanes = a.warp_lanes;
  if (source == InstructionSource::Pattern) {
    pattern.error.clear();
    c.access.space = pattern.space;
    c.access.op = pattern.op;
    c.access.bytes = static_cast<std::uint8_t>(pattern.bytes);
    auto addrs = addresses_from_expr(pattern.expr, a.warp_lanes);
    auto mask = parse_mask(pattern.mask, a.warp_lanes);
    // The parser names analyze's flag ("--expr: ..."); the window has no flags.
    if (auto* e = std::get_if<InputError>(&addrs)) pattern.error = e->message.rfind("--expr: ", 0) == 0 ? e->message.substr(8) : e->message;
    else if (auto* m = std::get_if<InputError>(&mask)) pattern.error = "mask: " + m->message;
    else {
      const auto& la = std::get<LaneAddresses>(addrs);
      c.access.address = la.address;
      c.access.active_mask = la.active_mask & std::get<std::uint32_t>(mask);
    }
    c.error = pattern.error;
  } else if (param_error) {
    c.error = *param_error;
  } else if (!traced || trace.instructions.empty()) {
    c.error = "This warp executes no memory instruction.";
  } else {
    const TracedInstruction& ti = trace.instructions[instruction];
    c.site = ti.site;
    c.access = ti.access;
  }
  if (c.error.empty()) {
    if (auto bad = validate_access(c.access, a)) {
      c.error = fmt::format("The {} preset cannot serve this access: {}", a.name, *bad);
    } else if (c.access.space == Space::Shared) {
      analyze_shared(c.access, a, c.shared);
      c.valid = true;
    } else {
      analyze_global(c.access, a.warp_lanes, c.global);
      c.valid = true;
    }
  }
  // The memory tabs follow the instruction when it moves between shared and global.
  if (c.valid && (!current.valid || c.access.space != current.access.space)) view.select_tabs = true;
  current = c;
}

const MeasurementSet* AppState::variant_gpu() const {
  if (const MeasurementSet* shown = timings.shown(); shown && shown->calibration.present) return shown;
  for (const MeasurementSet& m : timings.recorded)
    if (m.calibration.present) return &m;
  return nullptr;
}

void AppState::wait_variant_predictions() {
  if (const MeasurementSet* gpu = variant_gpu(); variant && gpu) variant_jobs.predict(variant, gpu->calibration, gpu->gpu);
  variant_jobs.wait_predictions();
}

void AppState::tick(double dt_seconds) {
  watch_student_file(*this, dt_seconds);
  whole_kernel.poll();
  variant_jobs.poll();
  // Predicted on the GPU the Timings panel shows: choosing another there re-predicts.
  if (const MeasurementSet* gpu = variant_gpu(); variant && gpu) variant_jobs.predict(variant, gpu->calibration, gpu->gpu);
  if (playback.playing && instruction_count() > 0 && source == InstructionSource::Kernel) {
    playback.accumulated += dt_seconds * playback.steps_per_second;
    const int steps = static_cast<int>(playback.accumulated);
    if (steps > 0) {
      playback.accumulated -= steps;
      step_instruction(steps);
    }
  }
}

}  // namespace ws::gui
