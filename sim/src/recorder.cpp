// The host tracer's core.
//   declare_array()  virtual bases: global 1 MiB apart, shared packed from 0
//   access()         one lane's access: site lookup, occurrence count, log
//   build_warp()     lanes matched on (phase, site, occurrence) -> warp instructions
#include "ws/recorder.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace ws {
namespace {

std::uint64_t align_up(std::uint64_t v, std::uint64_t a) { return (v + a - 1) / a * a; }

}  // namespace

AccessRecorder::AccessRecorder(int warp_lanes, ProbeMode mode)
    : warp_lanes_(warp_lanes), mode_(mode), lanes_(static_cast<std::size_t>(warp_lanes)) {}

void AccessRecorder::begin_lane(int lane) {
  lane_ = lane;
  declared_ = 0;
  phase_ = 0;
  std::fill(occurrences_.begin(), occurrences_.end(), 0u);
  lanes_[static_cast<std::size_t>(lane)].clear();
}

int AccessRecorder::declare_array(std::string_view name, Space space, int rows, int cols, int pitch,
                                  int elem_bytes) {
  const int index = declared_++;
  if (index < static_cast<int>(arrays_.size())) return index;  // declared by an earlier lane
  ArrayInfo a;
  a.name = std::string(name);
  a.space = space;
  a.rows = rows;
  a.cols = cols;
  a.pitch = pitch;
  a.elem_bytes = elem_bytes;
  const std::uint64_t bytes = static_cast<std::uint64_t>(rows) * pitch * elem_bytes;
  if (space == Space::Global) {
    a.base = next_global_;
    next_global_ = align_up(next_global_ + bytes + 1, kGlobalBaseAlign);
  } else {
    a.base = align_up(next_shared_, kSharedAlign);
    next_shared_ = a.base + bytes;
  }
  arrays_.push_back(std::move(a));
  first_address_.push_back(std::numeric_limits<std::uint64_t>::max());
  return index;
}

void AccessRecorder::sync() {
  ++phase_;
  std::fill(occurrences_.begin(), occurrences_.end(), 0u);
}

int AccessRecorder::site_index(const char* name, int line, int array, Op op, int bytes, Ldmatrix ldsm) {
  for (std::size_t i = 0; i < site_keys_.size(); ++i)
    if (site_keys_[i].line == line &&
        (site_keys_[i].name == name || std::strcmp(site_keys_[i].name, name) == 0))
      return static_cast<int>(i);
  SiteInfo s;
  s.name = name;
  s.line = line;
  s.space = arrays_[static_cast<std::size_t>(array)].space;
  s.op = op;
  s.bytes = bytes;
  s.ldmatrix = ldsm;
  s.array = array;
  sites_.push_back(std::move(s));
  site_keys_.push_back({name, line});
  occurrences_.push_back(0);
  return static_cast<int>(sites_.size() - 1);
}

void AccessRecorder::access(const char* site_name, int line, int array, Op op, int bytes, Ldmatrix ldsm,
                            std::uint64_t address) {
  if (mode_ == ProbeMode::Declarations) throw ProbeDone{};
  const int site = site_index(site_name, line, array, op, bytes, ldsm);
  if (mode_ == ProbeMode::FirstGlobalAccess) {
    const ArrayInfo& a = arrays_[static_cast<std::size_t>(array)];
    std::uint64_t& first = first_address_[static_cast<std::size_t>(array)];
    if (a.space == Space::Global && first == std::numeric_limits<std::uint64_t>::max()) {
      first = address;
      ++global_arrays_seen_;
      const auto globals = std::count_if(arrays_.begin(), arrays_.end(),
                                         [](const ArrayInfo& x) { return x.space == Space::Global; });
      if (global_arrays_seen_ == globals) throw ProbeDone{};
    }
    return;
  }
  const std::uint32_t occ = occurrences_[static_cast<std::size_t>(site)]++;
  lanes_[static_cast<std::size_t>(lane_)].push_back(
      {static_cast<std::uint16_t>(site), static_cast<std::uint16_t>(phase_), occ, address});
}

void AccessRecorder::build_warp(WarpTrace& out) const {
  out.sites = sites_;
  out.arrays = arrays_;
  out.instructions.clear();

  auto make = [&](const Event& e) {
    TracedInstruction ti;
    ti.site = e.site;
    ti.phase = e.phase;
    const SiteInfo& s = sites_[e.site];
    ti.access.space = s.space;
    ti.access.op = s.op;
    ti.access.bytes = static_cast<std::uint8_t>(s.bytes);
    ti.access.ldmatrix = s.ldmatrix;
    ti.access.active_mask = 0;
    return ti;
  };
  auto same_key = [](const Event& a, const Event& b) {
    return a.site == b.site && a.phase == b.phase && a.occurrence == b.occurrence;
  };

  // Common case: every lane that ran anything took the same path. Zip the logs.
  int ref = -1;
  bool uniform = true;
  for (int lane = 0; lane < warp_lanes_ && uniform; ++lane) {
    const auto& log = lanes_[static_cast<std::size_t>(lane)];
    if (log.empty()) continue;
    if (ref < 0) {
      ref = lane;
      continue;
    }
    const auto& r = lanes_[static_cast<std::size_t>(ref)];
    uniform = log.size() == r.size() && std::equal(log.begin(), log.end(), r.begin(), same_key);
  }
  if (ref < 0) return;
  if (uniform) {
    const auto& r = lanes_[static_cast<std::size_t>(ref)];
    out.instructions.reserve(r.size());
    for (const Event& e : r) out.instructions.push_back(make(e));
    for (int lane = 0; lane < warp_lanes_; ++lane) {
      const auto& log = lanes_[static_cast<std::size_t>(lane)];
      for (std::size_t i = 0; i < log.size(); ++i) {
        out.instructions[i].access.address[lane] = log[i].address;
        out.instructions[i].access.active_mask |= 1u << lane;
      }
    }
    return;
  }

  // Divergent lanes: match on (phase, site, occurrence); order by phase, then by
  // the earliest position any lane reached the instruction at.
  std::unordered_map<std::uint64_t, std::size_t> index;
  std::vector<std::pair<std::uint64_t, std::size_t>> order;  // (phase << 32 | min position, instruction)
  std::vector<TracedInstruction> found;
  for (int lane = 0; lane < warp_lanes_; ++lane) {
    const auto& log = lanes_[static_cast<std::size_t>(lane)];
    for (std::size_t pos = 0; pos < log.size(); ++pos) {
      const Event& e = log[pos];
      const std::uint64_t key = (static_cast<std::uint64_t>(e.phase) << 48) |
                                (static_cast<std::uint64_t>(e.site) << 32) | e.occurrence;
      auto [it, inserted] = index.try_emplace(key, found.size());
      const std::uint64_t rank = (static_cast<std::uint64_t>(e.phase) << 32) | pos;
      if (inserted) {
        found.push_back(make(e));
        order.emplace_back(rank, it->second);
      } else {
        order[it->second].first = std::min(order[it->second].first, rank);
      }
      TracedInstruction& ti = found[it->second];
      ti.access.address[lane] = e.address;
      ti.access.active_mask |= 1u << lane;
    }
  }
  std::stable_sort(order.begin(), order.end(), [](auto& a, auto& b) { return a.first < b.first; });
  out.instructions.reserve(found.size());
  for (const auto& [rank, i] : order) out.instructions.push_back(found[i]);
}

}  // namespace ws
