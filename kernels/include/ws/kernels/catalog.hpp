// The kernel catalog: each kernel's body is written once (a template over an
// execution context in kernels/include/ws/kernels/*.hpp); this header is the
// host-side view the command line, the window and the tests use.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ws/arch.hpp"
#include "ws/trace.hpp"

namespace ws::kernels {

// Parameters of every catalog kernel; each kernel reads the ones it needs.
struct KernelParams {
  int rows = 8192;       // matrix rows (transpose input; matmul M; smem_* unused)
  int cols = 8192;       // matrix cols (transpose input; matmul N)
  int inner = 0;         // matmul K (0 = same as cols)
  int tile = 32;         // tile edge T (transpose 16/32; matmul TILE_WIDTH 2/16/32)
  int block_rows = 8;    // threads per block in y for transposes (T = one element per thread)
  int stride = 1;        // smem_stride: words between lanes; smem_broadcast: distinct words
  int bytes = 4;         // smem_stride: access width 4, 8 or 16
  int swizzle = 1;       // ldmatrix_swizzle: 1 = 128B XOR swizzle, 0 = plain rows
};

enum class Param : std::uint8_t { Rows, Cols, Inner, Tile, BlockRows, Stride, Bytes, Swizzle };

struct KernelInfo {
  std::string_view name;         // command-line name, e.g. "transpose_padded"
  std::string_view title;        // one line for the picker
  std::string_view lesson;       // what it teaches, two or three sentences
  std::string_view source_path;  // repo-relative header holding the body (code view)
  KernelParams defaults;         // the seeds' sizes
  std::vector<Param> params;     // parameters this kernel reads
  bool is_matmul = false;        // report GFLOP/s rather than GB/s
};

std::span<const KernelInfo> catalog();
const KernelInfo* find_kernel(std::string_view name);

struct LaunchConfig {
  Dim3 grid, block;
  int shared_bytes = 0;  // per block
};

// Checks the parameters; returns a message naming the parameter when bad.
std::optional<std::string> check_params(const KernelInfo& k, const KernelParams& p, const ArchPreset& arch);
LaunchConfig launch_config(const KernelInfo& k, const KernelParams& p);

// Runs the body with the recording context for one warp of one block.
// Precondition: check_params passed and block/warp are inside the launch.
WarpTrace trace_warp(const KernelInfo& k, const KernelParams& p, Dim3 block, int warp);
// The same for warps of another size (the toy4 preset's warps of 4 lanes).
WarpTrace trace_warp(const KernelInfo& k, const KernelParams& p, Dim3 block, int warp, int warp_lanes);

struct Counters {
  std::uint64_t instructions = 0;
  std::uint64_t wavefronts = 0, ideal_wavefronts = 0, bank_conflicts = 0;  // shared
  std::uint64_t requests = 0, sectors = 0;                                  // global
  std::uint64_t bytes_requested = 0, bytes_moved = 0;                       // global
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
  Counters shared_load, shared_store, global_load, global_store;  // whole kernel
  int shared_bytes_per_block = 0;
  Occupancy occupancy;
  double simulated_seconds = 0;  // cost model's predicted kernel time on the preset's GPU
};

KernelReport report(const KernelInfo& k, const KernelParams& p, const ArchPreset& arch, Dim3 block, int warp);

// Whole-kernel counters per access site. EquivalenceClasses simulates one block
// per class of blocks that provably see the same counts (see report.cpp);
// EveryBlock simulates them all (the reference the fast path is tested against).
enum class BlockSampling : std::uint8_t { EquivalenceClasses, EveryBlock };
struct WholeKernel {
  std::vector<SiteInfo> sites;    // ordered by source line
  std::vector<Counters> counters; // one per site
  std::uint64_t blocks_simulated = 0;
};
WholeKernel simulate_whole_kernel(const KernelInfo& k, const KernelParams& p, const ArchPreset& arch,
                                  BlockSampling sampling);

// Bytes a kernel must move (each global array read or written once), for GB/s.
std::uint64_t useful_bytes(const KernelInfo& k, const KernelParams& p);
// Floating-point operations (matmul: 2 M N K), 0 for the others.
double flops(const KernelInfo& k, const KernelParams& p);
// The kernel's __global__ entry point name in the CUDA build (PTX/SASS symbol).
std::string entry_name(const KernelInfo& k, const KernelParams& p);

}  // namespace ws::kernels
