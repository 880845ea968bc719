// Shared-memory analysis (hardware-model.md S1-S7).
//
//   footprint()        S2: the bank words a lane touches
//   pairing_doubles()  S3: the load pairing rule that doubles the group
//   serve_group()      S4: wavefronts of one group, each word's wavefront
//   serve_group_single_broadcast()  cc 1.x: one broadcast word per step
//   analyze_shared()   S5/S6/S7: groups, totals
#include "ws/shared_analysis.hpp"

#include <algorithm>

namespace ws {
namespace {

constexpr int kMaxBanks = 32;
constexpr int kMaxItemsPerBank = 2 * kMaxWarpLanes;  // a merged group of 32 lanes x 2 words

struct GroupScratch {
  std::array<std::uint8_t, kMaxBanks> distinct{};  // distinct words seen per bank
  std::uint64_t words[kMaxBanks][kMaxItemsPerBank];
  std::uint8_t first_lane[kMaxBanks][kMaxItemsPerBank];
  std::uint8_t readers[kMaxBanks][kMaxItemsPerBank];  // lanes whose first word it is
};

// S3: loads of 8 or 16 bytes whose partner lanes (i^1, or else i^2) all agree.
bool pairing_doubles(const WarpAccess& a, int lanes) {
  auto partners_agree = [&](int flip) {
    for (int i = 0; i < lanes; ++i) {
      const int j = i ^ flip;
      if (j < lanes && a.active(i) && a.active(j) && a.address[i] != a.address[j]) return false;
    }
    return true;
  };
  return partners_agree(1) || partners_agree(2);
}

// S4: a word of bank b that is the k-th distinct word of b in the group is
// served in wavefront k; W is the largest count over banks.
int serve_group(const ArchPreset& arch, int first_lane, int end_lane, std::uint32_t mask,
                SharedResult& out, GroupScratch& s) {
  std::fill(s.distinct.begin(), s.distinct.begin() + arch.num_banks, 0);
  int w = 0;
  for (int lane = first_lane; lane < end_lane; ++lane) {
    if (!((mask >> lane) & 1u)) continue;
    SharedLane& L = out.lanes[lane];
    for (int k = 0; k < L.num_words; ++k) {
      const std::uint32_t b = L.bank[k];
      const std::uint64_t word = L.word[k];
      int rank = 0;
      const int n = s.distinct[b];
      while (rank < n && s.words[b][rank] != word) ++rank;
      if (rank == n) {
        s.words[b][rank] = word;
        s.first_lane[b][rank] = static_cast<std::uint8_t>(lane);
        s.readers[b][rank] = 0;
        s.distinct[b] = static_cast<std::uint8_t>(n + 1);
        w = std::max(w, n + 1);
      }
      L.wavefront[k] = static_cast<std::uint16_t>(rank);  // group-relative for now
      if (k == 0) {
        ++s.readers[b][rank];
        L.broadcast_leader = s.first_lane[b][rank];
      }
    }
  }
  for (int lane = first_lane; lane < end_lane; ++lane) {
    if (!((mask >> lane) & 1u)) continue;
    SharedLane& L = out.lanes[lane];
    L.sharers = s.readers[L.bank[0]][L.wavefront[0]];
  }
  return w;
}

// cc 1.x: each step serves one broadcast word (that of the lowest waiting
// lane) to every lane reading it, plus one waiting access in every other bank.
int serve_group_single_broadcast(const ArchPreset& arch, int first_lane, int end_lane,
                                 std::uint32_t mask, SharedResult& out) {
  std::uint8_t served[kMaxWarpLanes][kMaxWordsPerLane] = {};
  int remaining = 0;
  for (int lane = first_lane; lane < end_lane; ++lane)
    if ((mask >> lane) & 1u) remaining += out.lanes[lane].num_words;
  int step = 0;
  while (remaining > 0) {
    std::uint64_t bcast = 0;
    bool have_bcast = false;
    std::uint32_t bank_busy = 0;
    for (int lane = first_lane; lane < end_lane; ++lane) {
      if (!((mask >> lane) & 1u)) continue;
      SharedLane& L = out.lanes[lane];
      for (int k = 0; k < L.num_words; ++k) {
        if (served[lane][k]) continue;
        if (!have_bcast) {
          have_bcast = true;
          bcast = L.word[k];
          bank_busy |= 1u << L.bank[k];
        } else if (L.word[k] != bcast) {
          if ((bank_busy >> L.bank[k]) & 1u) continue;
          bank_busy |= 1u << L.bank[k];
        }
        served[lane][k] = 1;
        L.wavefront[k] = static_cast<std::uint16_t>(step);
        --remaining;
      }
    }
    ++step;
  }
  for (int lane = first_lane; lane < end_lane; ++lane) {
    if (!((mask >> lane) & 1u)) continue;
    SharedLane& L = out.lanes[lane];
    int readers = 0;
    L.broadcast_leader = static_cast<std::uint8_t>(lane);
    for (int other = end_lane - 1; other >= first_lane; --other)
      if (((mask >> other) & 1u) && out.lanes[other].word[0] == L.word[0]) {
        ++readers;
        L.broadcast_leader = static_cast<std::uint8_t>(other);
      }
    L.sharers = static_cast<std::uint8_t>(readers);
  }
  (void)arch;
  return step;
}

}  // namespace

void analyze_shared(const WarpAccess& a, const ArchPreset& arch, SharedResult& out) {
  const int lanes = arch.warp_lanes;
  const bool ldsm = a.ldmatrix != Ldmatrix::None;
  // S7: ldmatrix takes one 16-byte row address from each of 8 lanes per matrix.
  std::uint32_t mask = a.active_mask & (lanes >= 32 ? 0xffffffffu : ((1u << lanes) - 1u));
  if (ldsm) {
    const int rows = 8 * static_cast<int>(a.ldmatrix);
    if (rows < 32) mask &= (1u << rows) - 1u;
  }
  const int bytes = ldsm ? 16 : a.bytes;

  int group = ldsm ? 8 : arch.group_lanes_for(bytes);
  out.paired = false;
  if (!ldsm && arch.pair_merge && a.op == Op::Load && (bytes == 8 || bytes == 16)) {
    WarpAccess masked = a;
    masked.active_mask = mask;
    if (pairing_doubles(masked, lanes)) {
      group *= 2;
      out.paired = true;
    }
  }
  group = std::min(group, lanes);

  // S1/S2: the bank words each active lane touches.
  const int bank_bytes = arch.bank_bytes;
  out.warp_lanes = lanes;
  out.num_banks = arch.num_banks;
  out.group_lanes = group;
  out.active_lanes = 0;
  for (int lane = 0; lane < kMaxWarpLanes; ++lane) {
    SharedLane& L = out.lanes[lane];
    L = SharedLane{};
    if (lane >= lanes || !((mask >> lane) & 1u)) continue;
    L.active = true;
    ++out.active_lanes;
    const std::uint64_t first = a.address[lane] / bank_bytes;
    const std::uint64_t last = (a.address[lane] + bytes - 1) / bank_bytes;
    L.num_words = static_cast<std::uint8_t>(last - first + 1);
    L.group = static_cast<std::uint8_t>(lane / group);
    for (int k = 0; k < L.num_words; ++k) {
      L.word[k] = first + k;
      L.bank[k] = static_cast<std::uint32_t>((first + k) % arch.num_banks);
    }
  }

  // S3/S4/S5: groups one after another, never merged.
  GroupScratch scratch;
  out.num_groups = (lanes + group - 1) / group;
  out.wavefronts = out.ideal_wavefronts = out.max_way = 0;
  for (int g = 0; g < out.num_groups; ++g) {
    const int begin = g * group;
    const int end = std::min(begin + group, lanes);
    const std::uint32_t span = (end - begin >= 32 ? 0xffffffffu : ((1u << (end - begin)) - 1u)) << begin;
    const bool any = (mask & span) != 0;
    int w = 0;
    if (any)
      w = arch.single_broadcast ? serve_group_single_broadcast(arch, begin, end, mask, out)
                                : serve_group(arch, begin, end, mask, out, scratch);
    out.group_wavefronts[g] = static_cast<std::uint16_t>(w);
    out.group_first_wavefront[g] = static_cast<std::uint16_t>(out.wavefronts);
    for (int lane = begin; lane < end; ++lane) {
      SharedLane& L = out.lanes[lane];
      if (!L.active) continue;
      std::uint16_t last = 0;
      for (int k = 0; k < L.num_words; ++k) {
        L.wavefront[k] = static_cast<std::uint16_t>(L.wavefront[k] + out.wavefronts);
        last = std::max(last, L.wavefront[k]);
      }
      L.last_wavefront = last;
    }
    out.wavefronts += w;
    out.ideal_wavefronts += any ? 1 : 0;
    out.max_way = std::max(out.max_way, w);
  }
  out.bank_conflicts = out.wavefronts - out.ideal_wavefronts;
}

SharedResult analyze_shared(const WarpAccess& access, const ArchPreset& arch) {
  SharedResult r;
  analyze_shared(access, arch, r);
  return r;
}

}  // namespace ws
