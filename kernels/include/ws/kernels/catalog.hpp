// The kernel catalog: one descriptor per kernel, registered in one list by its
// family file (kernels/src/families/*.cpp; docs/architecture.md has the recipe).
// This header is the host-side view the command line, the window and the tests use.
//   ParamSpec, param_specs()      the one parameter table: flags, JSON keys, labels
//   KernelDescriptor, catalog()   the kernels, looked up by name or field
//   check_params(), launch_config(), trace_warp()
//   report(), simulate_whole_kernel(), SimulationProgress
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ws/arch.hpp"
#include "ws/kernels/params.hpp"
#include "ws/trace.hpp"

namespace ws::kernels {

// ---- Parameters -------------------------------------------------------------

// A parameter is named by its field: &KernelParams::tile.
using Param = int KernelParams::*;

// One row per KernelParams field. A new parameter is a field in params.hpp and
// a row in param_specs(): the flags, JSON, window fields and equality follow.
struct ParamSpec {
  std::string_view key;    // JSON key and, with '_' as '-', the flag: "block_rows" -> --block-rows
  std::string_view label;  // the window's field label
  std::string_view help;   // the flag's help text
  int KernelParams::*field;
  bool is_size;            // a matrix size: typed in, no +/- buttons
  std::string flag() const;  // "--block-rows"
};
std::span<const ParamSpec> param_specs();
const ParamSpec& param_spec(Param field);
const ParamSpec* find_param(std::string_view key);

// How a message names a parameter: by its flag on the command line
// ("--block-rows"), by its key in links and lesson files ("block_rows").
enum class ParamNaming : std::uint8_t { Flags, Keys };
std::string param_name(const ParamSpec& spec, ParamNaming naming);

// A parameter a kernel reads, with the range it accepts (checked before tracing).
struct ParamRule {
  Param field;
  int min, max;
  bool power_of_two = false;
  std::string_view meaning = {};  // overrides the table's label for this kernel ("distinct words")
};

// ---- Descriptors ------------------------------------------------------------

struct LaunchConfig {
  Dim3 grid, block;
  int shared_bytes = 0;          // per block: static + dynamic (occupancy)
  int dynamic_shared_bytes = 0;  // the launch's dynamic shared memory
};

struct Geometry {
  Dim3 grid, block;
};

struct HostArray;  // reference.hpp: a global array's bytes on the host
struct GpuLaunch;  // gpu.hpp: what a GPU launch needs

// The code of a kernel, from its family file: the host trace of one thread
// (threadIdx etc. and the recorder set by the caller), the GPU launcher (empty
// without CUDA) and the name of the compiled variant the parameters select, the
// template argument of its __global__ entry (matched against PTX and SASS).
// Functions, not pointers: a student's variant (variant.hpp) carries its typed
// expression in them.
struct KernelCode {
  std::function<void(const KernelParams&)> trace;
  std::function<int(const GpuLaunch&)> gpu;  // a cudaError_t
  std::function<std::string(const KernelParams&)> entry;
};

// A comparison a lesson makes within one kernel: the same parameters except
// `field`, whose values in `from` are baselines and `to` the variant they are
// compared with (smem_stride: stride 2, 4, ..., 32 against stride 1). Pairs are
// found among measured entries by their parameters (ws/kernels/lesson_pairs.hpp).
struct ParamContrast {
  Param field;
  std::span<const int> from;
  int to;
};

// What the window and lessons need to know about a kernel, as data.
struct LessonHints {
  std::string_view layout;    // label among its family's tile layouts ("padded [T][T+1]"); empty if none
  std::string_view baseline;  // the kernel its speedup is measured against ("transpose_naive")
  bool is_default = false;    // the kernel the window opens with
  std::span<const ParamContrast> contrasts = {};
};

// What a student's own variant (ws/kernels/variant.hpp) may type beside a kernel:
// a tile layout in r, c, T, or a lane -> byte address pattern.
enum class VariantKind : std::uint8_t { None, TileLayout, AccessPattern };

// A student's variant standing beside this kernel (`warpscope variant --kernel <this>`,
// the window's "Your variant" tab), and the catalog rows it is compared with:
// the kernel's tile layouts (layout_variants(): its family's kernels with a
// `layout` label) or, where `sweep` is set, this kernel at each of `sweep_values`
// (smem_stride at stride 1 and 32: conflict-free and the 32-way worst case).
struct VariantHints {
  VariantKind accepts = VariantKind::None;
  bool is_default = false;  // the base of its kind when none is named
  Param sweep = nullptr;
  std::span<const int> sweep_values = {};
};

// The hand-written CUDA kernel `bench` times beside a catalog kernel
// (kernels/src/handwritten_cuda.cu): the same algorithm as its source writes it,
// on the same arrays in the same order and the same launch. Named after the
// source's kernel, never after a catalog kernel.
enum class Twin : std::uint8_t {
  None,
  // NVIDIA's CUDA sample 6_Performance/transpose (sizes multiples of the tile).
  SampleCopy,
  SampleTransposeNaive,
  SampleTransposeCoalesced,        // tile[T][T]
  SampleTransposeNoBankConflicts,  // tile[T][T + 1]
  SampleTransposeRotatedTile,      // the sample's loops, tile[r][(c + r) % T]
  SampleTransposeXorTile,          // the sample's loops, tile[r][c ^ r]
  SampleTransposeNoBankConflictsInt,
  // Programming Massively Parallel Processors, 4th ed.
  PmppMatmulNaive,
  PmppMatmulTiled,
  // Plain shared-memory read loops.
  StrideReadLoop,
  BroadcastReadLoop,
  // NVIDIA's blog "How to Access Global Memory Efficiently in CUDA C/C++ Kernels":
  // its stride and offset kernels, reading `in` into `out` (sizes multiples of the block).
  BlogStrideRead,
  BlogOffsetRead,
};

// How the addresses of a block relate to its index, which the whole-kernel
// simulation relies on (report.cpp, "Block equivalence").
enum class BlockMapping : std::uint8_t {
  // Not declared: check_params refuses the kernel, naming this field.
  Undeclared,
  // Each global array's addresses in block (bx, by) are block (0, 0)'s shifted by
  // an offset affine in bx and by (blockIdx used as the tile's coordinates, as
  // every catalog kernel does). The report simulates one block per class of
  // blocks with equal counts; check_params probes the far corner block and
  // refuses a kernel whose addresses there break the rule.
  Affine,
  // Anything else (a diagonal reordering of the blocks, an index from a table):
  // the report simulates every block.
  Any,
};

struct KernelDescriptor {
  std::string_view name;         // command-line name, e.g. "transpose_padded"
  // "transpose", "matmul", "smem_patterns": its family file, and its comparability
  // group: a family's kernels read their parameters alike, so parameters carry over
  // between them (lesson steps, the tile-layout buttons) and its layout_variants() are found in it.
  std::string_view family;
  std::string_view title;        // one line for the picker
  // What it teaches, two or three sentences. Numbers that depend on the state are
  // {facts} (docs/lessons.md), computed for the parameters and preset shown.
  std::string_view description;
  std::string_view source_path;  // repo-relative header holding the body (code view)
  KernelParams defaults;
  std::vector<ParamRule> params;  // parameters it reads, with their limits
  // Rules beyond the ranges (a divisor, a multiple of 4, a preset feature): a message naming the flag.
  std::optional<std::string> (*check)(const KernelParams&, const ArchPreset&) = nullptr;
  std::function<Geometry(const KernelParams&)> geometry;  // a function: a student's kernel carries its launch in it
  KernelCode code;
  // The GPU's output (arrays in declaration order) against a CPU reference; the first mismatch.
  std::function<std::optional<std::string>(const KernelParams&, const std::vector<HostArray>&)> reference;
  double (*flops)(const KernelParams&) = nullptr;  // set for kernels reported in GFLOP/s
  // The bytes the kernel asks for, set where it reads only part of an array (a
  // strided read skips most of `in`); unset, every global array read or written once.
  std::uint64_t (*bytes_requested)(const KernelParams&) = nullptr;
  LessonHints hints;
  VariantHints variants;
  Twin twin = Twin::None;
  BlockMapping block_mapping = BlockMapping::Undeclared;

  bool reads(Param p) const;
  const ParamRule* rule(Param p) const;
};

std::span<const KernelDescriptor> catalog();
const KernelDescriptor* find_kernel(std::string_view name);
const KernelDescriptor& default_kernel();
// Kernels of one family that are tile layouts of each other (hints.layout set), in catalog order.
std::vector<const KernelDescriptor*> layout_variants(const KernelDescriptor& k);

// Adds a kernel after the family files' ones (a kernel defined in a test).
// The catalog's span and the pointers find_kernel() gave may move: register
// before anything holds them (tests/kernels/throwaway_kernel_test.cpp registers
// on its first use, not from a static initializer, which could run before the
// family files' own statics). A name already taken is refused (false).
bool register_kernel(KernelDescriptor k);

// The one rule for a parameter given by name (a flag of analyze, report,
// screenshot, export, variant, reconcile or bench --kernel; a key of a link;
// a lesson step's "params"): the kernel must read it, as its descriptor's
// `params` declare. nullopt when it does; else the message names the
// parameter, the kernel and what the kernel reads:
//   "--inner: kernel copy does not read it (it reads --rows, --cols)"
std::optional<std::string> check_reads(const KernelDescriptor& k, const ParamSpec& given,
                                       ParamNaming naming = ParamNaming::Flags);

// The help line of a parameter's flag: the table's text, then what the kernels
// that read it differently call it ("transpose_fast: rows per block"), from
// their ParamRule::meaning.
std::string param_help(const ParamSpec& spec);

// A board drawing a teacher starts from: a kernel with small sizes.
struct BoardPreset {
  std::string_view label;
  std::string_view kernel;
  KernelParams params;
  std::string_view arch;  // preset name; empty = keep the current one
};
std::span<const BoardPreset> board_presets();

// ---- Tracing and simulation -------------------------------------------------

// Checks the parameters; returns a message naming the flag when bad.
std::optional<std::string> check_params(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch);
LaunchConfig launch_config(const KernelDescriptor& k, const KernelParams& p);

// Runs the body on the host for one warp of one block.
// Precondition: check_params passed and block/warp are inside the launch.
WarpTrace trace_warp(const KernelDescriptor& k, const KernelParams& p, Dim3 block, int warp);
// The same for warps of another size (the toy4 preset's warps of 4 lanes).
WarpTrace trace_warp(const KernelDescriptor& k, const KernelParams& p, Dim3 block, int warp, int warp_lanes);

struct Counters {
  std::uint64_t instructions = 0;
  std::uint64_t wavefronts = 0, ideal_wavefronts = 0, bank_conflicts = 0;  // shared
  std::uint64_t requests = 0, sectors = 0;                                  // global
  std::uint64_t ideal_sectors = 0;  // global: G4, per request, summed (ncu's L2 Theoretical Sectors Global Ideal)
  std::uint64_t bytes_requested = 0, bytes_moved = 0;                       // global
  std::uint64_t bytes_used = 0;  // global: distinct bytes per request, summed (efficiency = used / moved)
  // Global: distinct 128-byte lines per request, summed (the L1's tag lookups).
  std::uint64_t lines = 0;
  // Global loads: distinct lines and sectors each block reads at this site, summed
  // over blocks: what reaches L2 if L1 keeps what a block has read (the prediction's cache model).
  std::uint64_t block_lines = 0, block_sectors = 0;
  // The same in 64-byte segments (two sectors), DRAM's unit (G3): what a block's
  // loads make DRAM read, if nothing else reads those segments.
  std::uint64_t block_segments = 0;
  void add(const Counters& o);
};

struct SiteReport {
  SiteInfo site;
  Counters warp;    // the chosen warp
  Counters kernel;  // every warp of every block
};

struct Occupancy {
  int blocks_per_sm = 0;
  std::string limiter;  // "shared memory", "threads", "blocks", "registers" ...
};

struct KernelReport {
  std::string kernel;
  KernelParams params;
  LaunchConfig launch;
  std::vector<SiteReport> sites;
  std::vector<ArrayInfo> arrays;  // the kernel's arrays, as traced
  Counters shared_load, shared_store, global_load, global_store;  // whole kernel
  int shared_bytes_per_block = 0;
  Occupancy occupancy;
  double simulated_seconds = 0;  // cost model's predicted kernel time on the preset's GPU
};

KernelReport report(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch, Dim3 block, int warp);

// Progress and cancellation of a whole-kernel simulation (the window's, which may
// take ~10 s within the work limit of ws/kernels/work.hpp). on_progress is called
// from the simulating thread with the fraction done: never decreasing, below 1
// while it runs, 1 exactly once at the end, and at most about 1000 times a run
// (each warp traced may be one, never finer). Returning false stops the simulation: the
// overloads taking a SimulationProgress then return nothing, never a partial result.
struct SimulationProgress {
  std::function<bool(double fraction)> on_progress;
};
// Nothing: on_progress returned false (cancelled).
std::optional<KernelReport> report(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch,
                                   Dim3 block, int warp, const SimulationProgress& progress);

// Whole-kernel counters per access site. EquivalenceClasses simulates one block
// per class of blocks that provably see the same counts (see report.cpp);
// EveryBlock simulates them all (the reference the fast path is tested against).
// MergePaths ignores code paths (the tracer's rule before paths; tests only).
enum class BlockSampling : std::uint8_t { EquivalenceClasses, EveryBlock };
enum class PathRule : std::uint8_t { SplitPaths, MergePaths };
struct WholeKernel {
  std::vector<SiteInfo> sites;     // ordered by source location
  std::vector<Counters> counters;  // one per site
  std::vector<ArrayInfo> arrays;   // the kernel's arrays, as traced
  std::uint64_t blocks_simulated = 0;
};
WholeKernel simulate_whole_kernel(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch,
                                  BlockSampling sampling, PathRule paths = PathRule::SplitPaths);
// Nothing: on_progress returned false (cancelled).
std::optional<WholeKernel> simulate_whole_kernel(const KernelDescriptor& k, const KernelParams& p,
                                                 const ArchPreset& arch, BlockSampling sampling, PathRule paths,
                                                 const SimulationProgress& progress);

// Bytes a kernel must move (each global array read or written once, or the
// descriptor's bytes_requested), for GB/s: a strided read's effective bandwidth.
std::uint64_t useful_bytes(const KernelDescriptor& k, const KernelParams& p);
// Floating-point operations (matmul: 2 M N K), 0 for the others.
double flops(const KernelDescriptor& k, const KernelParams& p);
// The compiled variant the parameters select, e.g. "ws::kernels::TransposePadded<32, 8>":
// the template argument of its __global__ entry ws_kernel<...> in PTX and SASS.
std::string entry_name(const KernelDescriptor& k, const KernelParams& p);

}  // namespace ws::kernels
