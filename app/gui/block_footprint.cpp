#include "gui/block_footprint.hpp"

#include <algorithm>
#include <set>

namespace ws::gui {

void ElementBox::add(int r, int c) {
  if (empty) {
    row0 = row1 = r;
    col0 = col1 = c;
    empty = false;
    return;
  }
  row0 = std::min(row0, r);
  row1 = std::max(row1, r);
  col0 = std::min(col0, c);
  col1 = std::max(col1, c);
}

BlockFootprint block_footprint(const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                               const kernels::LaunchConfig& launch, Dim3 block) {
  BlockFootprint f;
  f.block = block;
  const int warps = (launch.block.count() + kMaxWarpLanes - 1) / kMaxWarpLanes;
  std::vector<std::set<std::uint64_t>> read_set, written_set;  // distinct element ids per array
  for (int w = 0; w < warps; ++w) {
    const WarpTrace t = kernels::trace_warp(k, p, block, w);
    if (f.arrays.empty()) {
      for (const ArrayInfo& a : t.arrays) f.arrays.push_back({a, {}, {}});
      read_set.resize(f.arrays.size());
      written_set.resize(f.arrays.size());
    }
    for (const TracedInstruction& ti : t.instructions) {
      const SiteInfo& s = t.sites[ti.site];
      if (s.space != Space::Global || s.array < 0 || s.array >= static_cast<int>(f.arrays.size())) continue;
      ArrayFootprint& af = f.arrays[s.array];
      const ArrayInfo& a = af.array;
      for (int l = 0; l < kMaxWarpLanes; ++l) {
        if (!ti.access.active(l) || ti.access.address[l] < a.base) continue;
        const std::uint64_t e = (ti.access.address[l] - a.base) / a.elem_bytes;
        const int r = static_cast<int>(e / a.pitch), c = static_cast<int>(e % a.pitch);
        if (r >= a.rows) continue;
        // A 16-byte access covers several elements: count them all.
        const int n = std::max(1, s.bytes / a.elem_bytes);
        ElementBox& box = s.op == Op::Load ? af.read : af.written;
        auto& seen = s.op == Op::Load ? read_set[s.array] : written_set[s.array];
        for (int i = 0; i < n; ++i) {
          box.add(r, c + i);
          seen.insert(e + i);
        }
      }
    }
  }
  // Only the global matrices are drawn; shared tiles have their own view.
  for (std::size_t i = 0; i < f.arrays.size(); ++i) {
    f.arrays[i].read.elements = static_cast<long long>(read_set[i].size());
    f.arrays[i].written.elements = static_cast<long long>(written_set[i].size());
  }
  std::vector<ArrayFootprint> global;
  for (auto& a : f.arrays)
    if (a.array.space == Space::Global) global.push_back(std::move(a));
  f.arrays = std::move(global);
  return f;
}

}  // namespace ws::gui
