// What nvcc did to the student's accesses, from the SASS (nvcc.hpp): each
// line's memory instructions against the trace's sites on that line.
//   - shared loads the SASS makes wider (an unrolled k loop over As[ty][k]
//     read as LDS.128): the recorder is told to count them as the GPU executes
//     them (AccessRecorder::read_rows_as_vectors, the catalog's matmul rule);
//   - anything else that differs (no instruction where the source reads, a wider
//     store or global access) is a note: the counts stay the source's.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "nvcc.hpp"
#include "runtime.hpp"

namespace ws::kernels {
namespace {

std::string kind(Space s, Op o) {
  return fmt::format("{} {}", s == Space::Shared ? "shared" : "global", o == Op::Load ? "load" : "store");
}

}  // namespace

std::vector<StudentCompilerNote> StudentKernel::apply_sass(const std::string& listing) {
  const std::vector<student::SassAccess> sass =
      student::sass_accesses(listing, source_.path.string(), source_.entry);
  std::vector<StudentCompilerNote> notes;
  if (sass.empty()) {
    notes.push_back({0, "", "the SASS listing holds no memory instruction of this entry on this file's lines", "", false});
    return notes;
  }
  // The traced sites: every warp of block 0 and of the last block.
  const KernelParams p{};
  const LaunchConfig lc = launch_config(descriptor_, p);
  const int warps = (lc.block.count() + kMaxWarpLanes - 1) / kMaxWarpLanes;
  struct Site {
    int line;
    Space space;
    Op op;
    int bytes;
    std::string array;
    // A thread's successive accesses here that are one element apart, and all
    // its successive pairs: a loop over consecutive elements (As[ty][k]), which
    // nvcc can merge, has nearly all its pairs one element apart.
    int consecutive = 0, pairs = 0;
  };
  std::vector<Site> sites;
  for (const Dim3 b : {Dim3{0, 0, 0}, Dim3{lc.grid.x - 1, lc.grid.y - 1, lc.grid.z - 1}})
    for (int w = 0; w < warps; ++w) {
      const WarpTrace t = trace_warp(descriptor_, p, b, w);
      for (std::size_t si = 0; si < t.sites.size(); ++si) {
        const SiteInfo& s = t.sites[si];
        const std::string array = s.array >= 0 ? t.arrays[static_cast<std::size_t>(s.array)].name : "";
        auto at = std::find_if(sites.begin(), sites.end(), [&](const Site& x) {
          return x.line == s.line && x.space == s.space && x.op == s.op && x.array == array;
        });
        if (at == sites.end()) {
          sites.push_back({s.line, s.space, s.op, s.bytes, array});
          at = sites.end() - 1;
        }
        // The first active lane's addresses, instruction after instruction of this site and phase.
        const TracedInstruction* previous = nullptr;
        for (const TracedInstruction& i : t.instructions) {
          if (i.site != static_cast<int>(si) || !(i.access.active_mask & 1u)) continue;
          if (previous && previous->phase == i.phase) {
            ++at->pairs;
            if (i.access.address[0] == previous->access.address[0] + static_cast<std::uint64_t>(s.bytes)) ++at->consecutive;
          }
          previous = &i;
        }
      }
    }
  // Per (line, space, op): the SASS's widest instruction and one example of it.
  std::map<std::tuple<int, Space, Op>, const student::SassAccess*> widest;
  for (const student::SassAccess& a : sass) {
    auto& w = widest[{a.line, a.space, a.op}];
    if (!w || a.bytes > w->bytes) w = &a;
  }
  std::map<std::string, int> widen;        // shared array -> bytes, where every load of it is widened
  std::set<std::string> narrow_elsewhere;  // shared arrays also loaded at a line the SASS does not widen
  for (const Site& s : sites) {
    const auto it = widest.find({s.line, s.space, s.op});
    if (it == widest.end()) {
      notes.push_back({s.line, s.array,
                       fmt::format("no {} of {} in the SASS on this line: nvcc keeps the value in a register or moved "
                                   "the access; the counts here are the source's",
                                   kind(s.space, s.op), s.array),
                       "", false});
      continue;
    }
    const student::SassAccess& a = *it->second;
    const bool mergeable = s.pairs > 0 && 2 * s.consecutive >= s.pairs;
    if (a.bytes > s.bytes && s.space == Space::Shared && s.op == Op::Load && (a.bytes == 8 || a.bytes == 16) &&
        mergeable) {
      widen[s.array] = std::max(widen[s.array], a.bytes);
      notes.push_back({s.line, s.array,
                       fmt::format("nvcc reads {} {} bytes at a time, merging the unrolled loop's consecutive {}-byte "
                                   "reads: counted as the GPU executes them",
                                   s.array, a.bytes, s.bytes),
                       a.text, true});
    } else if (a.bytes > s.bytes && !(s.space == Space::Shared && s.op == Op::Load)) {
      notes.push_back({s.line, s.array,
                       fmt::format("nvcc makes this {} {} bytes wide ({} in the source); the counts here are the "
                                   "source's",
                                   kind(s.space, s.op), a.bytes, s.bytes),
                       a.text, false});
    } else if (s.space == Space::Shared && s.op == Op::Load) {
      narrow_elsewhere.insert(s.array);
    }
  }
  for (const std::string& a : narrow_elsewhere)
    if (widen.erase(a))
      for (StudentCompilerNote& n : notes)
        if (n.array == a && n.corrected) {
          n.corrected = false;
          n.what += " (not applied: the array is also read narrow on another line)";
        }
  impl_->vector_reads.assign(widen.begin(), widen.end());
  return notes;
}

}  // namespace ws::kernels
