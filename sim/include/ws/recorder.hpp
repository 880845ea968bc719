// The host tracer's core: threads of one warp run a kernel body one after
// another, each access lands here, and build_warp() turns the per-lane logs
// into warp instructions by matching lanes on (phase, code path, site,
// occurrence). A site is a source location (line, column); a code path is what
// a body marks where the compiler emits the same source twice (an interior fast
// path and a bounds-checked edge path of one loop): lanes on different paths
// issue separate instructions, as on the GPU. A lane that never reaches an
// occurrence is inactive in that instruction (S6).
// Pure C++: the recording context in kernels/ forwards its accesses here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ws/access.hpp"
#include "ws/trace.hpp"

namespace ws {

// Thrown by the recorder to end a probe run early (see ProbeMode).
struct ProbeDone {};

enum class ProbeMode : std::uint8_t {
  None,               // record everything
  Declarations,       // stop at the first access: only the arrays are wanted
  FirstGlobalAccess,  // stop once every global array has been accessed once
};

class AccessRecorder {
 public:
  // Global arrays get distinct virtual bases, 1 MiB apart and aligned (256-byte
  // alignment is what G2's sector counts need; cudaMalloc gives at least that).
  static constexpr std::uint64_t kGlobalBaseAlign = 1u << 20;
  static constexpr std::uint64_t kSharedAlign = 16;  // the device context carves __shared__ alike

  explicit AccessRecorder(int warp_lanes = kMaxWarpLanes, ProbeMode mode = ProbeMode::None);

  // Starts the log of one lane; every thread declares the same arrays in the same order.
  void begin_lane(int lane);
  // `dynamic`: carved from the launch's dynamic shared memory, which comes after
  // every static __shared__ array (so it must be declared last).
  int declare_array(std::string_view name, Space space, int rows, int cols, int pitch, int elem_bytes,
                    bool dynamic = false);
  const ArrayInfo& array(int index) const { return arrays_[index]; }
  void sync();  // __syncthreads(): the next barrier phase
  // The code path the current lane is on (0 = the main path; at most kMaxPaths).
  static constexpr int kMaxPaths = 8;
  void set_path(int path);
  // Ignore code paths: lanes on different paths share instructions (the
  // tracer's rule before paths existed; tests compare the two).
  void set_merge_paths(bool merge) { merge_paths_ = merge; }
  int path() const { return path_; }
  // Where a body's unrolled loop reads consecutive elements of a shared array's
  // row, the compiler loads `bytes` (8 or 16) at once (nvcc's vectorizer: matmul's
  // Mds[ty][k]): a load of the array at a multiple of `bytes` from its start then
  // records one `bytes`-wide load, and the loads of the other elements record
  // nothing. Said by the launch adapter before the body declares the array.
  void read_rows_as_vectors(std::string_view array, int bytes);
  // One access of the current lane at source location (line, column). The site
  // is named after the array and the operation ("tile_load", "out_store").
  void access(int line, int column, int array, Op op, int bytes, Ldmatrix ldsm, std::uint64_t address);

  // Warp instructions in program order. Sites and arrays are those seen so far.
  void build_warp(WarpTrace& out) const;

  const std::vector<ArrayInfo>& arrays() const { return arrays_; }
  // ProbeMode::FirstGlobalAccess: first byte address each global array was touched at
  // (UINT64_MAX when never).
  const std::vector<std::uint64_t>& first_global_address() const { return first_address_; }
  int shared_bytes() const { return static_cast<int>(next_shared_); }
  int dynamic_shared_bytes() const { return static_cast<int>(dynamic_shared_); }

 private:
  struct Event {
    std::uint16_t site;
    std::uint16_t path;
    std::uint32_t phase;
    std::uint32_t occurrence;
    std::uint64_t address;
  };
  struct SiteKey {
    int line, column;
  };
  int site_index(int line, int column, int array, Op op, int bytes, Ldmatrix ldsm);

  int warp_lanes_;
  ProbeMode mode_;
  std::vector<ArrayInfo> arrays_;
  std::vector<SiteInfo> sites_;
  std::vector<SiteKey> site_keys_;
  std::vector<std::pair<std::string, int>> vector_reads_;  // (array name, bytes)
  std::vector<int> vector_read_bytes_;                     // per declared array, 0: element by element
  std::vector<std::vector<Event>> lanes_;
  std::vector<std::uint32_t> occurrences_;  // per (site, path), current lane and phase
  std::vector<std::uint64_t> first_address_;
  int lane_ = 0;
  int declared_ = 0;
  int phase_ = 0;
  int path_ = 0;
  bool merge_paths_ = false;
  int global_arrays_seen_ = 0;
  std::uint64_t next_global_ = kGlobalBaseAlign;
  std::uint64_t next_shared_ = 0;
  std::uint64_t dynamic_shared_ = 0;
};

}  // namespace ws
