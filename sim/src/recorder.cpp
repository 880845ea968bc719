// The host tracer's core.
//   declare_array()  virtual bases: global 1 MiB apart, shared packed from 0
//   access()         one lane's access: site lookup by source location, occurrence count, log
//   build_warp()     lanes matched on (phase, path, site, occurrence) -> warp instructions
#include "ws/recorder.hpp"

#include <algorithm>
#include <cstring>
#include <cctype>
#include <limits>
#include <stdexcept>
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
  path_ = 0;
  std::fill(occurrences_.begin(), occurrences_.end(), 0u);
  lanes_[static_cast<std::size_t>(lane)].clear();
}

void AccessRecorder::set_path(int path) {
  if (path < 0 || path >= kMaxPaths) throw std::logic_error("code path out of range");
  path_ = merge_paths_ ? 0 : path;
}

int AccessRecorder::declare_array(std::string_view name, Space space, int rows, int cols, int pitch,
                                  int elem_bytes, bool dynamic) {
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
    if (dynamic_shared_ > 0) throw std::logic_error("a static __shared__ array declared after the dynamic one");
    a.base = align_up(next_shared_, kSharedAlign);
    next_shared_ = a.base + bytes;
    if (dynamic) dynamic_shared_ = bytes;
  }
  int vector_bytes = 0;
  for (const auto& [array, bytes] : vector_reads_)
    if (array == a.name && space == Space::Shared) vector_bytes = bytes;
  vector_read_bytes_.push_back(vector_bytes);
  arrays_.push_back(std::move(a));
  first_address_.push_back(std::numeric_limits<std::uint64_t>::max());
  return index;
}

void AccessRecorder::read_rows_as_vectors(std::string_view array, int bytes) {
  if (bytes != 8 && bytes != 16) throw std::logic_error("a vector read is 8 or 16 bytes");
  for (auto& [name, b] : vector_reads_)
    if (name == array) {
      b = bytes;
      return;
    }
  vector_reads_.emplace_back(std::string(array), bytes);
  for (std::size_t i = 0; i < arrays_.size(); ++i)  // a recorder that traced this kernel before
    if (arrays_[i].name == array && arrays_[i].space == Space::Shared) vector_read_bytes_[i] = bytes;
}

void AccessRecorder::sync() {
  ++phase_;
  std::fill(occurrences_.begin(), occurrences_.end(), 0u);
}

int AccessRecorder::site_index(int line, int column, int array, Op op, int bytes, Ldmatrix ldsm) {
  for (std::size_t i = 0; i < site_keys_.size(); ++i)
    if (site_keys_[i].line == line && site_keys_[i].column == column) return static_cast<int>(i);
  SiteInfo s;
  s.name = arrays_[static_cast<std::size_t>(array)].name;
  for (char& c : s.name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  s.name += ldsm != Ldmatrix::None ? "_ldmatrix" : op == Op::Load ? "_load" : "_store";
  s.line = line;
  s.column = column;
  s.space = arrays_[static_cast<std::size_t>(array)].space;
  s.op = op;
  s.bytes = bytes;
  s.ldmatrix = ldsm;
  s.array = array;
  sites_.push_back(std::move(s));
  site_keys_.push_back({line, column});
  occurrences_.resize(sites_.size() * kMaxPaths, 0u);
  return static_cast<int>(sites_.size() - 1);
}

void AccessRecorder::access(int line, int column, int array, Op op, int bytes, Ldmatrix ldsm,
                            std::uint64_t address) {
  if (mode_ == ProbeMode::Declarations) throw ProbeDone{};
  const int written = bytes;
  if (op == Op::Load && ldsm == Ldmatrix::None) {
    const int vector = vector_read_bytes_[static_cast<std::size_t>(array)];
    if (vector > bytes) {
      if ((address - arrays_[static_cast<std::size_t>(array)].base) % static_cast<std::uint64_t>(vector) != 0) return;
      bytes = vector;
    }
  }
  const int site = site_index(line, column, array, op, bytes, ldsm);
  if (written != bytes) sites_[static_cast<std::size_t>(site)].written_bytes = written;
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
  const std::uint32_t occ = occurrences_[static_cast<std::size_t>(site) * kMaxPaths + path_]++;
  lanes_[static_cast<std::size_t>(lane_)].push_back({static_cast<std::uint16_t>(site),
                                                     static_cast<std::uint16_t>(path_),
                                                     static_cast<std::uint32_t>(phase_), occ, address});
}

void AccessRecorder::build_warp(WarpTrace& out) const {
  out.sites = sites_;
  out.arrays = arrays_;
  out.instructions.clear();

  auto make = [&](const Event& e) {
    TracedInstruction ti;
    ti.site = e.site;
    ti.phase = static_cast<int>(e.phase);
    ti.path = e.path;
    const SiteInfo& s = sites_[e.site];
    ti.access.space = s.space;
    ti.access.op = s.op;
    ti.access.bytes = static_cast<std::uint8_t>(s.bytes);
    ti.access.ldmatrix = s.ldmatrix;
    ti.access.active_mask = 0;
    return ti;
  };
  auto same_key = [](const Event& a, const Event& b) {
    return a.site == b.site && a.path == b.path && a.phase == b.phase && a.occurrence == b.occurrence;
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

  // Divergent lanes: match on (phase, path, site, occurrence); order by phase,
  // then by the earliest position any lane reached the instruction at.
  struct Key {
    std::uint32_t phase, path_site, occurrence;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return std::hash<std::uint64_t>()((std::uint64_t(k.phase) << 32 | k.path_site) * 0x9e3779b97f4a7c15ull ^
                                        k.occurrence);
    }
  };
  std::unordered_map<Key, std::size_t, KeyHash> index;
  std::vector<std::pair<std::uint64_t, std::size_t>> order;  // (phase << 32 | min position, instruction)
  std::vector<TracedInstruction> found;
  for (int lane = 0; lane < warp_lanes_; ++lane) {
    const auto& log = lanes_[static_cast<std::size_t>(lane)];
    for (std::size_t pos = 0; pos < log.size(); ++pos) {
      const Event& e = log[pos];
      const Key key{e.phase, std::uint32_t(e.path) << 16 | e.site, e.occurrence};
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
