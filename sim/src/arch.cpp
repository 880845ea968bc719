// Architecture presets. The sm_70-sm_90 entry is the measured model
// (docs/hardware-model.md); older entries follow the CUDA guides of their time and
// state what is assumed where nothing was measured.
#include "ws/arch.hpp"

#include <array>

namespace ws {
namespace {

int width_index(int bytes) {
  switch (bytes) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 8: return 3;
    case 16: return 4;
    default: return -1;
  }
}

// Group sizes per width {1, 2, 4, 8, 16} bytes follow S3: one wavefront serves
// at most num_banks * bank_bytes bytes, so wider lanes form smaller groups.
constexpr std::array<ArchPreset, 6> kPresets{{
    {"sm90", "Volta to Hopper (sm_70-sm_90), as measured on an H100", 32, 32, 4,
     {32, 32, 32, 16, 8}, true, false, 233472, 232448, 2048, 32, 1024, 132, 3350.0, 1.755, true, false, false},
    // Assumed: Maxwell/Pascal serve 8- and 16-byte accesses as sm_70+ does
    // (half/quarter warps, pairing rule included); only 4-byte was documented.
    {"sm50", "Maxwell/Pascal (sm_50-sm_61); vector widths assumed as sm_70+", 32, 32, 4,
     {32, 32, 32, 16, 8}, true, false, 98304, 49152, 2048, 32, 1024, 16, 224.0, 1.2, false, false, false},
    // Kepler in 64-bit bank mode: 8-byte banks, so 256 bytes per wavefront.
    {"sm30-8byte", "Kepler (sm_30-sm_37) in 8-byte bank mode", 32, 32, 8,
     {32, 32, 32, 32, 16}, false, false, 49152, 49152, 2048, 16, 1024, 14, 250.0, 0.73, false, false, false},
    // Fermi: 64-bit accesses conflict only within a half-warp; 128-bit accesses
    // cost 1 + the most threads of a quarter-warp at different addresses of one
    // bank (CUDA C Programming Guide, Compute Capability 2.x, Shared Memory).
    {"sm20", "Fermi (sm_20-sm_21)", 32, 32, 4, {32, 32, 32, 16, 16}, false, false, 49152, 49152,
     1536, 8, 1024, 15, 177.0, 1.4, false, false, true},
    // Tesla: 16 banks, each half-warp is its own request; loads broadcast one word
    // per step; 64/128-bit accesses are 32-bit requests (the guide, cc 1.x).
    {"sm1x", "Tesla (cc 1.x): 16 banks, half-warps, one-word broadcast", 32, 16, 4,
     {16, 16, 16, 16, 16}, false, true, 16384, 16384, 1024, 8, 512, 30, 141.0, 1.3, false, true, false},
        // The toy keeps to one word per lane, as lecture drawings do: no 8/16-byte widths.
    {"toy4", "Classroom toy: 4 banks of 4 bytes, warps of 4 lanes", 4, 4, 4, {4, 4, 4, 0, 0}, false,
     false, 16384, 16384, 1024, 8, 1024, 1, 10.0, 1.0, false, false, false},
}};

}  // namespace

int ArchPreset::group_lanes_for(int bytes) const {
  const int i = width_index(bytes);
  return i < 0 ? 0 : group_lanes[i];
}

std::span<const ArchPreset> all_presets() { return kPresets; }

const ArchPreset& default_preset() { return kPresets[0]; }

const ArchPreset* find_preset(std::string_view name) {
  for (const auto& p : kPresets)
    if (p.name == name) return &p;
  return nullptr;
}

std::string preset_names() {
  std::string s;
  for (const auto& p : kPresets) {
    if (!s.empty()) s += ", ";
    s += p.name;
  }
  return s;
}

}  // namespace ws
