// What the host tracer produces: access sites, warp instructions, and the
// geometry of the arrays a kernel touches. Pure C++ (no CUDA): kernels/ fills
// these by running each kernel body with a recording context.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "ws/access.hpp"

namespace ws {

struct Dim3 {
  int x = 1, y = 1, z = 1;
  int count() const { return x * y * z; }
};

// One place in a kernel's source that reads or writes memory.
struct SiteInfo {
  std::string name;  // the array and the operation, e.g. "tile_store" (two sites may share it)
  int line = 0;      // source location of the access in the kernel header: what identifies the site
  int column = 0;
  Space space = Space::Shared;
  Op op = Op::Load;
  int bytes = 4;     // width as traced (equals the SASS width; checked by a test)
  int written_bytes = 0;  // width the source reads where the compiler merges consecutive
                          // reads into one `bytes` wide (PTX still shows it); 0: `bytes`
  Ldmatrix ldmatrix = Ldmatrix::None;
  int array = -1;    // index into WarpTrace::arrays
};

// A global matrix or a __shared__ array, so views can map addresses to (row, col).
struct ArrayInfo {
  std::string name;          // "in", "out", "tile", "Mds"
  Space space = Space::Global;
  int rows = 0, cols = 0;    // logical element grid
  int pitch = 0;             // elements per row in memory, padding included (>= cols)
  int elem_bytes = 4;
  std::uint64_t base = 0;    // byte address of element (0, 0)
};

struct TracedInstruction {
  int site = 0;     // index into WarpTrace::sites
  int phase = 0;    // barrier phase (__syncthreads() count before it)
  int path = 0;     // code path the lanes took to the site (AccessRecorder::set_path)
  WarpAccess access;
};

// Everything one warp of one block does, in program order.
struct WarpTrace {
  Dim3 grid, block;
  Dim3 block_index;
  int warp = 0;
  std::vector<SiteInfo> sites;
  std::vector<ArrayInfo> arrays;
  std::vector<TracedInstruction> instructions;
  std::array<Dim3, kMaxWarpLanes> lane_thread{};  // threadIdx of each lane
  int lanes_in_warp = 32;                          // fewer in a partial last warp
};

}  // namespace ws
