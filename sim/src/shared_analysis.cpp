// Shared-memory analysis (docs/hardware-model.md S1-S7).
//
//   group_wavefronts_fast()  S4 totals for one group: closed forms, then a hash set
//   count_shared()           S5 totals for the whole instruction (whole-kernel path)
//   serve_group()            S4 with each word's wavefront, for the views
//   serve_group_tesla()      cc 1.x: 32-bit requests; loads broadcast one word per step
//   serve_fermi_128()        cc 2.x 16-byte accesses: 1 + the worst quarter-warp bank
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
// (x86 only: WebAssembly and other targets have one version.)
#if defined(__x86_64__) || defined(__i386__)
#define WS_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define WS_VECTOR_CLONES
#endif
// Bit per bank touched by the active lanes, and whether two words ever landed
// in one bank. A lane's wpl words are consecutive, so its banks are a run of
// wpl bits starting at its first bank, wrapped around the bank count.
WS_VECTOR_CLONES bool lanes_hit_distinct_banks(
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
WS_VECTOR_CLONES bool lanes_affine(const std::uint64_t* address, int n,
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

// cc 1.x, as the CUDA C Programming Guide states it (Compute Capability 1.x,
// Shared Memory): a 64- or 128-bit access is issued as separate 32-bit
// requests, word k of every lane in request k. A load request is served in
// steps; each step serves every access to one broadcast word plus one access in
// every other bank. Which word is broadcast the guide leaves open; here it is
// the word the most waiting accesses want (ties: the lowest lane's), which
// makes the guide's own examples conflict-free. A store writes each word once
// whoever else writes it, so a store step serves one word per bank.
// Returns the steps of all the group's requests; *worst_request the most one took.
int serve_group_tesla(int begin, int end, SharedResult& out, bool load, int* worst_request) {
  int steps = 0;
  *worst_request = 0;
  const int words = out.lanes[begin].num_words ? out.lanes[begin].num_words : kMaxWordsPerLane;
  for (int k = 0; k < words; ++k) {
    bool served[kMaxWarpLanes] = {};
    int remaining = 0;
    for (int lane = begin; lane < end; ++lane) remaining += out.lanes[lane].active && k < out.lanes[lane].num_words;
    int step = 0;
    while (remaining > 0) {
      // The broadcast word: most waiting accesses, the lowest lane's on a tie.
      std::uint64_t bcast = 0;
      std::uint32_t bcast_bank = 0;
      int best = 0;
      for (int lane = begin; lane < end && load; ++lane) {
        const SharedLane& L = out.lanes[lane];
        if (!L.active || k >= L.num_words || served[lane]) continue;
        int n = 0;
        for (int other = begin; other < end; ++other)
          n += out.lanes[other].active && k < out.lanes[other].num_words && !served[other] &&
               out.lanes[other].word[k] == L.word[k];
        if (n > best) best = n, bcast = L.word[k], bcast_bank = L.bank[k];
      }
      // The broadcast word's bank serves that word only this step.
      std::uint32_t bank_busy = best > 0 ? 1u << bcast_bank : 0u;
      std::uint64_t bank_word[kMaxBanks] = {};
      for (int lane = begin; lane < end; ++lane) {
        SharedLane& L = out.lanes[lane];
        if (!L.active || k >= L.num_words || served[lane]) continue;
        const std::uint32_t bank = L.bank[k];
        const bool busy = (bank_busy >> bank) & 1u;
        // Loads: every access to the broadcast word, one access elsewhere.
        // Stores: every access to the word this step writes in that bank.
        const bool broadcast = best > 0 && L.word[k] == bcast;
        const bool take = load ? broadcast || !busy : !busy || bank_word[bank] == L.word[k];
        if (!take) continue;
        if (!broadcast) {
          bank_busy |= 1u << bank;
          bank_word[bank] = L.word[k];
        }
        served[lane] = true;
        L.wavefront[k] = static_cast<std::uint16_t>(steps + step);
        --remaining;
      }
      ++step;
    }
    steps += step;
    *worst_request = std::max(*worst_request, step);
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
  return steps;
}

// cc 2.x 128-bit accesses, as the guide states it (Compute Capability 2.x,
// Shared Memory, "128-Bit Accesses"): "add 1 to the maximum number of threads
// in a quarter-warp that access different addresses belonging to the same
// bank". Each word is drawn in the row of its rank among the distinct words
// of its bank in its quarter-warp; the extra wavefront is the last row.
int serve_fermi_128(const SharedGeometry& g, SharedResult& out) {
  int worst = 0;
  for (int q = 0; q * 8 < g.lanes; ++q) {
    std::uint64_t seen[kMaxBanks][8];
    std::uint8_t count[kMaxBanks] = {};
    for (int lane = q * 8; lane < std::min(g.lanes, q * 8 + 8); ++lane) {
      SharedLane& L = out.lanes[lane];
      if (!L.active) continue;
      for (int k = 0; k < L.num_words; ++k) {
        const std::uint32_t b = L.bank[k];
        int rank = 0;
        while (rank < count[b] && seen[b][rank] != L.word[k]) ++rank;
        if (rank == count[b]) seen[b][count[b]++] = L.word[k];
        L.wavefront[k] = static_cast<std::uint16_t>(rank);
        worst = std::max(worst, static_cast<int>(count[b]));
      }
    }
  }
  for (int lane = 0; lane < g.lanes; ++lane) {
    SharedLane& L = out.lanes[lane];
    if (!L.active) continue;
    int readers = 0;
    for (int other = g.lanes - 1; other >= 0; --other)
      if (out.lanes[other].active && out.lanes[other].word[0] == L.word[0]) {
        ++readers;
        L.broadcast_leader = static_cast<std::uint8_t>(other);
      }
    L.sharers = static_cast<std::uint8_t>(readers);
  }
  return worst > 0 ? worst + 1 : 0;
}

}  // namespace

// The old presets' rules have no fast path: they take the detailed one.
bool detailed_only(const WarpAccess& a, const ArchPreset& arch) {
  return arch.single_broadcast || arch.split_wide_accesses || (arch.quarter_warp_plus_one && a.bytes == 16);
}

SharedCounts count_shared(const WarpAccess& a, const ArchPreset& arch) {
  if (detailed_only(a, arch)) return analyze_shared(a, arch);  // rare presets: the detailed path
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

  if (arch.quarter_warp_plus_one && g.bytes == 16 && a.ldmatrix == Ldmatrix::None) {
    // Fermi's 128-bit rule is one count for the whole warp: one group.
    out.num_groups = 1;
    out.group_lanes = g.lanes;
    const int w = g.mask ? serve_fermi_128(g, out) : 0;
    out.group_wavefronts[0] = static_cast<std::uint16_t>(w);
    out.group_first_wavefront[0] = 0;
    for (int lane = 0; lane < g.lanes; ++lane)
      if (out.lanes[lane].active)
        out.lanes[lane].last_wavefront = *std::max_element(out.lanes[lane].wavefront.begin(),
                                                           out.lanes[lane].wavefront.begin() + out.lanes[lane].num_words);
    out.wavefronts = w;
    out.ideal_wavefronts = g.mask ? 1 : 0;
    out.max_way = w;
    out.bank_conflicts = out.wavefronts - out.ideal_wavefronts;
    return;
  }

  // S3/S4/S5: groups one after another, never merged.
  GroupWordTable table;
  out.num_groups = (g.lanes + g.group_lanes - 1) / g.group_lanes;
  out.wavefronts = out.ideal_wavefronts = out.max_way = 0;
  for (int grp = 0; grp < out.num_groups; ++grp) {
    const int begin = grp * g.group_lanes;
    const int end = std::min(begin + g.group_lanes, g.lanes);
    const bool any = (g.mask & group_span(begin, end)) != 0;
    int w = 0, way = 0, requests = 1;
    if (any && (arch.single_broadcast || arch.split_wide_accesses)) {
      // cc 1.x: one 32-bit request per word of the access, each at least a step; n-way per request.
      w = serve_group_tesla(begin, end, out, a.op == Op::Load && arch.single_broadcast, &way);
      requests = arch.split_wide_accesses ? g.words_per_lane : 1;
    } else if (any) {
      w = way = serve_group(begin, end, out, table);
    }
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
    out.ideal_wavefronts += any ? requests : 0;
    out.max_way = std::max(out.max_way, way);
  }
  out.bank_conflicts = out.wavefronts - out.ideal_wavefronts;
}

SharedResult analyze_shared(const WarpAccess& access, const ArchPreset& arch) {
  SharedResult r;
  analyze_shared(access, arch, r);
  return r;
}

}  // namespace ws
