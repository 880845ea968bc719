// Shared-memory analysis (docs/hardware-model.md S1-S7).
//
//   group_wavefronts_fast()  S4 totals for one group: closed forms, then a hash set
//   count_shared()           S5 totals for the whole instruction (whole-kernel path)
//   serve_group()            S4 with each word's wavefront, for the views
//   serve_group_single_broadcast()  cc 1.x: one broadcast word per step
//   analyze_shared()         S5/S6/S7 with per-lane detail
#include "ws/shared_analysis.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

#include "shared_geometry.hpp"

namespace ws {
namespace {

using detail::GroupWordTable;
using detail::SharedGeometry;

constexpr int kMaxBanks = 32;

std::uint32_t group_span(int begin, int end) {
  return (end - begin >= 32 ? 0xffffffffu : ((1u << (end - begin)) - 1u)) << begin;
}

// Branch-free passes over a group of one-word lanes (the common 4-byte case),
// written so the compiler vectorises them; AVX2 is chosen at run time when present.
// Bit per bank touched by the active lanes, and whether two words ever landed
// in one bank. A lane's wpl words are consecutive, so its banks are a run of
// wpl bits starting at its first bank, wrapped around the bank count.
__attribute__((target_clones("avx2", "default"))) bool lanes_hit_distinct_banks(
    const std::uint64_t* address, int n, std::uint32_t mask, int wpl, int bank_shift, int num_banks) {
  const std::uint64_t run = (1ull << wpl) - 1, all = (1ull << num_banks) - 1;
  std::uint64_t banks = 0;
  int total = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t active = (mask >> i) & 1u;
    const std::uint64_t bits = run << ((address[i] >> bank_shift) & (num_banks - 1));
    banks |= (0 - active) & ((bits | (bits >> num_banks)) & all);
    total += static_cast<int>(active);
  }
  return std::popcount(banks) == total * wpl;
}

// True when word(i) = word(0) + stride * i for every lane; the 32-bit test is
// exact because it also requires every word to fit in 31 bits.
__attribute__((target_clones("avx2", "default"))) bool lanes_affine(const std::uint64_t* address, int n,
                                                                     int bank_shift, std::int64_t* stride) {
  const std::uint32_t w0 = static_cast<std::uint32_t>(address[0] >> bank_shift);
  const std::uint32_t s = static_cast<std::uint32_t>(address[1] >> bank_shift) - w0;
  std::uint32_t mismatch = 0;
  std::uint64_t high = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint64_t w = address[i] >> bank_shift;
    mismatch |= static_cast<std::uint32_t>(w) - w0 - s * static_cast<std::uint32_t>(i);
    high |= w;
  }
  *stride = static_cast<std::int32_t>(s);
  return mismatch == 0 && (high >> 31) == 0;
}

// S4 for one group, totals only. Exact shortcuts come first because real
// kernels are mostly made of them; all are checked against the detailed path
// by SharedProperties.FastTotalsEqualDetailedAnalysis.
int group_wavefronts_fast(const WarpAccess& a, const SharedGeometry& g, const ArchPreset& arch, int begin,
                          int end, GroupWordTable& table) {
  const std::uint32_t span = group_span(begin, end);
  const std::uint32_t gmask = g.mask & span;
  const int wpl = g.words_per_lane;
  const int n = end - begin;

  // (1) Every active word in a different bank: one wavefront.
  if (!gmask) return 0;
  if (lanes_hit_distinct_banks(&a.address[begin], n, gmask >> begin, wpl, g.bank_shift, arch.num_banks)) return 1;
  if (wpl == 1) {
    // (2) A full group with words w0 + s*i: gcd(s, banks) lanes per bank, all
    // distinct words unless s = 0 (a broadcast).
    std::int64_t stride = 0;
    if (gmask == span && n >= 2 && lanes_affine(&a.address[begin], n, g.bank_shift, &stride)) {
      if (stride == 0) return 1;
      const int banks = arch.num_banks;
      const int gcd = std::gcd(static_cast<int>(static_cast<std::uint64_t>(stride) & g.bank_mask), banks);
      return std::max(1, n * gcd / banks);
    }
  }

  // (3) General: count distinct words per bank with a hash set.
  table.clear();
  std::uint8_t per_bank[kMaxBanks] = {};
  int w = 0;
  for (int lane = begin; lane < end; ++lane) {
    if (!((gmask >> lane) & 1u)) continue;
    const std::uint64_t w0 = a.address[lane] >> g.bank_shift;
    for (int k = 0; k < wpl; ++k) {
      bool inserted;
      table.find_or_insert(w0 + k, inserted);
      if (inserted) w = std::max(w, static_cast<int>(++per_bank[(w0 + k) & g.bank_mask]));
    }
  }
  return w;
}

// S4 with detail: the k-th distinct word of a bank in the group is served in
// wavefront k; W is the largest count over banks.
int serve_group(int begin, int end, SharedResult& out, GroupWordTable& table) {
  table.clear();
  std::uint8_t per_bank[kMaxBanks] = {};
  int w = 0;
  for (int lane = begin; lane < end; ++lane) {
    SharedLane& L = out.lanes[lane];
    if (!L.active) continue;
    for (int k = 0; k < L.num_words; ++k) {
      bool inserted;
      const int slot = table.find_or_insert(L.word[k], inserted);
      if (inserted) {
        table.rank[slot] = per_bank[L.bank[k]]++;
        table.first_lane[slot] = static_cast<std::uint8_t>(lane);
        table.readers[slot] = 0;
        w = std::max(w, static_cast<int>(per_bank[L.bank[k]]));
      }
      L.wavefront[k] = table.rank[slot];  // group-relative for now
      if (k == 0) {
        ++table.readers[slot];
        L.broadcast_leader = table.first_lane[slot];
      }
    }
  }
  for (int lane = begin; lane < end; ++lane) {
    SharedLane& L = out.lanes[lane];
    if (!L.active) continue;
    bool inserted;
    L.sharers = table.readers[table.find_or_insert(L.word[0], inserted)];
  }
  return w;
}

// cc 1.x: each step serves one broadcast word (that of the lowest waiting
// lane) to every lane reading it, plus one waiting access in every other bank.
int serve_group_single_broadcast(int begin, int end, SharedResult& out) {
  std::uint8_t served[kMaxWarpLanes][kMaxWordsPerLane] = {};
  int remaining = 0;
  for (int lane = begin; lane < end; ++lane)
    if (out.lanes[lane].active) remaining += out.lanes[lane].num_words;
  int step = 0;
  while (remaining > 0) {
    std::uint64_t bcast = 0;
    bool have_bcast = false;
    std::uint32_t bank_busy = 0;
    for (int lane = begin; lane < end; ++lane) {
      SharedLane& L = out.lanes[lane];
      if (!L.active) continue;
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
  for (int lane = begin; lane < end; ++lane) {
    SharedLane& L = out.lanes[lane];
    if (!L.active) continue;
    int readers = 0;
    for (int other = end - 1; other >= begin; --other)
      if (out.lanes[other].active && out.lanes[other].word[0] == L.word[0]) {
        ++readers;
        L.broadcast_leader = static_cast<std::uint8_t>(other);
      }
    L.sharers = static_cast<std::uint8_t>(readers);
  }
  return step;
}

}  // namespace

SharedCounts count_shared(const WarpAccess& a, const ArchPreset& arch) {
  if (arch.single_broadcast) return analyze_shared(a, arch);  // rare preset: the detailed path
  const SharedGeometry g = detail::shared_geometry(a, arch);
  GroupWordTable table;
  SharedCounts c;
  for (int begin = 0; begin < g.lanes; begin += g.group_lanes) {
    const int end = std::min(begin + g.group_lanes, g.lanes);
    if (!(g.mask & group_span(begin, end))) continue;  // S5: empty groups cost nothing
    const int w = group_wavefronts_fast(a, g, arch, begin, end, table);
    c.wavefronts += w;
    c.ideal_wavefronts += 1;
    c.max_way = std::max(c.max_way, w);
  }
  c.bank_conflicts = c.wavefronts - c.ideal_wavefronts;
  return c;
}

void analyze_shared(const WarpAccess& a, const ArchPreset& arch, SharedResult& out) {
  const SharedGeometry g = detail::shared_geometry(a, arch);
  out.warp_lanes = g.lanes;
  out.num_banks = arch.num_banks;
  out.group_lanes = g.group_lanes;
  out.paired = g.paired;
  out.active_lanes = 0;

  // S1/S2: the bank words each active lane touches.
  for (int lane = 0; lane < kMaxWarpLanes; ++lane) {
    SharedLane& L = out.lanes[lane];
    L.active = lane < g.lanes && ((g.mask >> lane) & 1u);
    if (!L.active) continue;
    ++out.active_lanes;
    const std::uint64_t first = a.address[lane] >> g.bank_shift;
    L.num_words = static_cast<std::uint8_t>(g.words_per_lane);
    L.group = static_cast<std::uint8_t>(lane >> g.group_shift);
    L.sharers = 1;
    L.broadcast_leader = static_cast<std::uint8_t>(lane);
    for (int k = 0; k < L.num_words; ++k) {
      L.word[k] = first + k;
      L.bank[k] = static_cast<std::uint32_t>((first + k) & g.bank_mask);
    }
  }

  // S3/S4/S5: groups one after another, never merged.
  GroupWordTable table;
  out.num_groups = (g.lanes + g.group_lanes - 1) / g.group_lanes;
  out.wavefronts = out.ideal_wavefronts = out.max_way = 0;
  for (int grp = 0; grp < out.num_groups; ++grp) {
    const int begin = grp * g.group_lanes;
    const int end = std::min(begin + g.group_lanes, g.lanes);
    const bool any = (g.mask & group_span(begin, end)) != 0;
    int w = 0;
    if (any)
      w = arch.single_broadcast ? serve_group_single_broadcast(begin, end, out) : serve_group(begin, end, out, table);
    out.group_wavefronts[grp] = static_cast<std::uint16_t>(w);
    out.group_first_wavefront[grp] = static_cast<std::uint16_t>(out.wavefronts);
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
