// How an instruction is cut into lane groups and bank words (S1-S3, S7), shared
// by the totals-only and the detailed analysis.
#pragma once

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "ws/access.hpp"
#include "ws/arch.hpp"

namespace ws::detail {

struct SharedGeometry {
  std::uint32_t mask;   // lanes taking part (S6 inactive and S7 unused ldmatrix lanes removed)
  int lanes;            // warp lanes of the preset
  int bytes;            // footprint per lane (S2); 16 for ldmatrix rows
  int group_lanes;      // S3 after pairing; 8 for ldmatrix (S7)
  int group_shift;      // log2(group_lanes)
  bool paired;
  int bank_shift;       // log2(bank bytes): word = address >> bank_shift (S1)
  std::uint32_t bank_mask;  // num_banks - 1: bank = word & bank_mask
  int words_per_lane;   // bank words a lane touches; lanes are aligned to their width
};

// S3: loads of 8 or 16 bytes whose partner lanes (i^1, or else i^2) all agree.
inline bool pairing_doubles(const WarpAccess& a, std::uint32_t mask, int lanes) {
  auto partners_agree = [&](int flip) {
    for (int i = 0; i < lanes; ++i) {
      const int j = i ^ flip;
      if (j < lanes && ((mask >> i) & (mask >> j) & 1u) && a.address[i] != a.address[j]) return false;
    }
    return true;
  };
  return partners_agree(1) || partners_agree(2);
}

inline SharedGeometry shared_geometry(const WarpAccess& a, const ArchPreset& arch) {
  SharedGeometry g{};
  g.lanes = arch.warp_lanes;
  const bool ldsm = a.ldmatrix != Ldmatrix::None;
  g.mask = a.active_mask & (g.lanes >= 32 ? 0xffffffffu : ((1u << g.lanes) - 1u));
  if (ldsm) {  // S7: 8 row addresses per matrix, from lanes 0-7, 8-15, ...
    const int rows = 8 * static_cast<int>(a.ldmatrix);
    if (rows < 32) g.mask &= (1u << rows) - 1u;
  }
  g.bytes = ldsm ? 16 : a.bytes;
  int group = ldsm ? 8 : arch.group_lanes_for(g.bytes);
  // validate_access() refuses such widths; a caller that skipped it has a bug (a
  // logic_error, docs/architecture.md "Errors"), not a division by zero.
  if (group <= 0)
    throw std::logic_error("shared-memory width " + std::to_string(g.bytes) + " bytes is not allowed on preset " +
                                std::string(arch.name));
  g.paired = !ldsm && arch.pair_merge && a.op == Op::Load && (g.bytes == 8 || g.bytes == 16) &&
             pairing_doubles(a, g.mask, g.lanes);
  if (g.paired) group *= 2;
  g.group_lanes = group < g.lanes ? group : g.lanes;
  g.group_shift = std::countr_zero(static_cast<unsigned>(g.group_lanes));
  g.bank_shift = std::countr_zero(static_cast<unsigned>(arch.bank_bytes));
  g.bank_mask = static_cast<std::uint32_t>(arch.num_banks - 1);
  g.words_per_lane = g.bytes > arch.bank_bytes ? g.bytes / arch.bank_bytes : 1;
  return g;
}

// A tiny open-addressing set of the distinct bank words of one group (S4):
// clearing it is four stores, so it costs nothing per instruction.
class GroupWordTable {
 public:
  static constexpr int kSlots = 256;  // >= 2x the 128 words a paired group can touch

  void clear() { occupied_[0] = occupied_[1] = occupied_[2] = occupied_[3] = 0; }

  // Returns the slot of `word`, inserting it when new (`inserted` tells which).
  int find_or_insert(std::uint64_t word, bool& inserted) {
    unsigned h = static_cast<unsigned>((word * 0x9E3779B97F4A7C15ull) >> 56);
    while ((occupied_[h >> 6] >> (h & 63)) & 1u) {
      if (keys_[h] == word) {
        inserted = false;
        return static_cast<int>(h);
      }
      h = (h + 1) & (kSlots - 1);
    }
    occupied_[h >> 6] |= 1ull << (h & 63);
    keys_[h] = word;
    inserted = true;
    return static_cast<int>(h);
  }

  std::uint8_t rank[kSlots];         // k-th distinct word of its bank
  std::uint8_t first_lane[kSlots];   // lowest lane touching it
  std::uint8_t readers[kSlots];      // lanes whose first word it is

 private:
  std::uint64_t occupied_[4];
  std::uint64_t keys_[kSlots];
};

}  // namespace ws::detail
