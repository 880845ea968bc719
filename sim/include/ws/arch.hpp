// Architecture presets: one parameter set per generation, read by a single
// analysis (no copy of the rules per preset).
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace ws {

struct ArchPreset {
  std::string_view name;
  std::string_view description;
  int warp_lanes;   // 32, or 4 for the classroom toy
  int num_banks;    // 32, 16 (cc 1.x) or 4 (toy)
  int bank_bytes;   // 4, or 8 in Kepler's 64-bit bank mode
  // Lanes per group (S3) for widths 1, 2, 4, 8, 16 bytes; 0 = width not allowed.
  int group_lanes[5];
  bool pair_merge;          // S3: loads of 8/16 bytes with equal partner addresses double the group
  bool single_broadcast;    // cc 1.x loads: one broadcast word per step, one access in every other bank
  int shared_bytes_per_sm;  // for occupancy
  int max_shared_per_block;
  int max_threads_per_sm;
  int max_blocks_per_sm;
  int max_threads_per_block;
  int num_sms;              // of the reference GPU of that generation, for the cost model
  double dram_gbps;         // of the reference GPU, for the cost model
  double smem_wavefronts_per_ns_per_sm;  // wavefront throughput per SM, for the cost model
  bool has_ldmatrix;        // ldmatrix exists from sm_75 on
  // cc 1.x (CUDA C Programming Guide, Compute Capability 1.x, Shared Memory):
  // 64- and 128-bit accesses are issued as separate 32-bit requests.
  bool split_wide_accesses;
  // cc 2.x (same guide, Compute Capability 2.x, Shared Memory, 128-bit accesses):
  // a 16-byte access costs 1 + the most threads of a quarter-warp reading
  // different addresses in one bank.
  bool quarter_warp_plus_one;

  int group_lanes_for(int bytes) const;  // 0 when the width is not allowed
  bool allows_width(int bytes) const { return group_lanes_for(bytes) > 0; }
};

std::span<const ArchPreset> all_presets();
const ArchPreset& default_preset();                       // sm90
const ArchPreset* find_preset(std::string_view name);     // nullptr when unknown
std::string preset_names();                               // "sm90, sm50, ..." for messages

}  // namespace ws
