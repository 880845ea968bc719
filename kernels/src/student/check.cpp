// What a trace alone cannot see, checked on a sample of blocks:
//   - data dependence: the blocks run twice on different random bytes; an
//     instruction whose addresses or lanes differ depends on loaded values
//     (a histogram's h[data[i]]), which the host build cannot trace: an error;
//   - races: within one barrier interval, a shared word written by one thread
//     and read or written by another (racecheck's hazards), a finding;
//   - barriers: threads of a block that pass different numbers of __syncthreads().
#include <fmt/format.h>

#include <algorithm>

#include "runtime.hpp"

namespace ws::kernels {

void RaceDetector::reset() {
  words_.clear();
  found_.clear();
}

void RaceDetector::found(int region, std::uint64_t word, int first, SourcePlace first_at, bool first_write, int second,
                         SourcePlace second_at, bool second_write, int phase) {
  // One example per pair of places, and per kind: within one warp, across two.
  const bool one_warp = first / 32 == second / 32;
  for (const Found& f : found_)
    if (f.region == region && f.first_at.line == first_at.line && f.first_at.column == first_at.column &&
        f.second_at.line == second_at.line && f.second_at.column == second_at.column &&
        (f.first / 32 == f.second / 32) == one_warp)
      return;
  if (found_.size() < 32)
    found_.push_back({region, word, first, second, phase, first_at, second_at, first_write, second_write});
}

void RaceDetector::access(int region, std::uint64_t word, int thread, int phase, bool write, SourcePlace at) {
  // One entry per word and barrier interval: threads run one after another, so
  // the intervals of different threads interleave.
  Word& w = words_[(static_cast<std::uint64_t>(region) << 56) | (static_cast<std::uint64_t>(phase) << 32) | word];
  // Threads run one after another, so every earlier access of this interval is
  // already here: a pair with at least one write, by two threads, is a race.
  if (w.writer >= 0 && w.writer != thread) found(region, word, w.writer, w.write_at, true, thread, at, write, phase);
  if (write) {
    for (int i = 0; i < 2; ++i)
      if (w.readers[i] >= 0 && w.readers[i] != thread) {
        found(region, word, w.readers[i], w.read_at[i], false, thread, at, true, phase);
        break;
      }
    if (w.writer < 0 || w.writer == thread) {
      w.writer = thread;
      w.write_at = at;
    }
  } else if (w.readers[0] != thread && w.readers[1] != thread) {
    const int slot = w.readers[0] < 0 ? 0 : w.readers[1] < 0 ? 1 : -1;
    if (slot >= 0) {
      w.readers[slot] = thread;
      w.read_at[slot] = at;
    }
  }
}

std::vector<StudentRace> RaceDetector::take(const std::vector<StudentRegion>& regions, Dim3 block, Dim3 block_dim) {
  std::vector<StudentRace> out;
  auto coords = [&](int t) { return Dim3{t % block_dim.x, (t / block_dim.x) % block_dim.y, t / (block_dim.x * block_dim.y)}; };
  for (const Found& f : found_) {
    StudentRace r;
    r.array = regions[static_cast<std::size_t>(f.region)].name;
    r.word = static_cast<long long>(f.word);
    r.first_line = f.first_at.line;
    r.first_column = f.first_at.column;
    r.second_line = f.second_at.line;
    r.second_column = f.second_at.column;
    r.first_op = f.first_write ? "write" : "read";
    r.second_op = f.second_write ? "write" : "read";
    r.block = block;
    r.first_thread = coords(f.first);
    r.second_thread = coords(f.second);
    r.phase = f.phase;
    r.same_warp = f.first / 32 == f.second / 32;
    out.push_back(r);
  }
  found_.clear();
  return out;
}

namespace {

// The blocks checked: all of a small grid, else the first, the last and evenly between.
std::vector<Dim3> sample_blocks(Dim3 grid, int max_blocks) {
  const long long n = grid.count();
  std::vector<long long> ids;
  if (n <= max_blocks) {
    for (long long i = 0; i < n; ++i) ids.push_back(i);
  } else {
    for (int i = 0; i < max_blocks; ++i) ids.push_back(i * (n - 1) / (max_blocks - 1));
  }
  std::vector<Dim3> out;
  for (long long id : ids)
    out.push_back(Dim3{static_cast<int>(id % grid.x), static_cast<int>((id / grid.x) % grid.y),
                       static_cast<int>(id / (static_cast<long long>(grid.x) * grid.y))});
  return out;
}

bool same_instruction(const TracedInstruction& a, const TracedInstruction& b, int lanes) {
  if (a.phase != b.phase || a.access.active_mask != b.access.active_mask || a.access.bytes != b.access.bytes ||
      a.access.op != b.access.op)
    return false;
  for (int l = 0; l < lanes; ++l)
    if (a.access.active(l) && a.access.address[static_cast<std::size_t>(l)] != b.access.address[static_cast<std::size_t>(l)])
      return false;
  return true;
}

}  // namespace

std::variant<StudentFindings, std::string> StudentKernel::check(int max_blocks) {
  Impl& im = *impl_;
  StudentFindings out;
  const KernelParams p{};
  const LaunchConfig lc = launch_config(descriptor_, p);
  const int warps = (lc.block.count() + kMaxWarpLanes - 1) / kMaxWarpLanes;
  RaceDetector races;
  std::vector<long long> counted_in;  // per race found: the last block counted for it
  for (const Dim3& b : sample_blocks(lc.grid, max_blocks)) {
    std::vector<WarpTrace> first;
    races.reset();
    im.races = &races;
    im.fewest_barriers = INT32_MAX;
    im.most_barriers = -1;
    try {
      for (int w = 0; w < warps; ++w) {
        first.push_back(trace_warp(descriptor_, p, b, w));
      }
    } catch (...) {
      im.races = nullptr;
      throw;
    }
    im.races = nullptr;
    // One entry per pair of source places, whichever block and word shows it;
    // an example across two warps is kept over one within a warp (clearer to a student).
    const long long block_id = b.x + (static_cast<long long>(b.y) + static_cast<long long>(b.z) * lc.grid.y) * lc.grid.x;
    for (StudentRace& r : races.take(im.regions, b, lc.block)) {
      auto same = std::find_if(out.races.begin(), out.races.end(), [&](const StudentRace& o) {
        return o.array == r.array && std::minmax({o.first_line * 4096 + o.first_column, o.second_line * 4096 + o.second_column}) ==
                                         std::minmax({r.first_line * 4096 + r.first_column, r.second_line * 4096 + r.second_column});
      });
      if (same == out.races.end()) {
        out.races.push_back(r);
        counted_in.push_back(block_id);
        continue;
      }
      const auto i = static_cast<std::size_t>(same - out.races.begin());
      if (counted_in[i] != block_id) {
        counted_in[i] = block_id;
        ++same->blocks;
      } else if (same->same_warp && !r.same_warp) {
        const int blocks = same->blocks;
        *same = r;
        same->blocks = blocks;
      }
    }
    if (im.fewest_barriers != im.most_barriers)
      im.note(fmt::format("threads of block ({},{},{}) pass {} to {} __syncthreads(): a barrier in a branch that not "
                          "every thread of the block takes, which is undefined on the GPU",
                          b.x, b.y, b.z, im.fewest_barriers, im.most_barriers));
    ++im.generation;  // other bytes everywhere
    for (int w = 0; w < warps; ++w) {
      const WarpTrace again = trace_warp(descriptor_, p, b, w);
      const WarpTrace& before = first[static_cast<std::size_t>(w)];
      const std::size_t n = std::min(before.instructions.size(), again.instructions.size());
      std::size_t i = 0;
      while (i < n && same_instruction(before.instructions[i], again.instructions[i], before.lanes_in_warp)) ++i;
      if (i == before.instructions.size() && i == again.instructions.size()) continue;
      const TracedInstruction& at = i < before.instructions.size() ? before.instructions[i] : again.instructions[i];
      const WarpTrace& t = i < before.instructions.size() ? before : again;
      const SiteInfo& site = t.sites[static_cast<std::size_t>(at.site)];
      const std::string array = site.array >= 0 ? t.arrays[static_cast<std::size_t>(site.array)].name : "?";
      ++im.generation;
      return fmt::format(
          "{}:{}:{}: the {} of {} depends on values read from memory (block ({},{},{}), warp {} reads other "
          "addresses, or other lanes reach it, when the arrays hold other numbers): warpscope traces kernels whose "
          "addresses come from the thread and block indices and the parameters, so it cannot count this one",
          im.source_path, site.line, site.column, site.op == Op::Load ? "read" : "write", array, b.x, b.y, b.z, w);
    }
    ++im.generation;
    ++out.blocks_checked;
  }
  out.out_of_range = im.out_of_range;
  out.notes = im.notes;
  return out;
}

}  // namespace ws::kernels
