// The coalescing sweep: measured entries joined with the simulator's read site
// and the prediction (coalescing_sweep.hpp).
#include "ws/kernels/coalescing_sweep.hpp"

#include <algorithm>

#include "ws/kernels/lesson_pairs.hpp"
#include "ws/kernels/prediction.hpp"

namespace ws::kernels {
namespace {

struct SweptKernel {
  std::string_view name, parameter;
  Param field;
};
constexpr SweptKernel kSwept[] = {{"strided_read", "stride", &KernelParams::stride},
                                  {"offset_read", "offset", &KernelParams::offset},
                                  {"aos_field", "bytes", &KernelParams::bytes},
                                  {"soa_field", "", nullptr}};

double metric(const MeasuredKernel& e, const std::string& name) {
  const auto it = e.ncu.find(name);
  return it == e.ncu.end() ? 0 : it->second;
}

}  // namespace

std::vector<SweepPoint> coalescing_sweep(const Measurements& m) {
  std::vector<SweepPoint> points;
  const std::vector<const MeasuredKernel*> entries = distinct_entries(m);
  for (std::size_t order = 0; order < std::size(kSwept); ++order) {
    const SweptKernel& s = kSwept[order];
    const KernelDescriptor* k = find_kernel(s.name);
    if (!k) continue;
    const std::size_t first = points.size();
    for (const MeasuredKernel* e : entries) {
      if (e->kernel != s.name || check_params(*k, e->params, default_preset())) continue;
      SweepPoint p;
      p.kernel = e->kernel;
      p.parameter = s.parameter;
      p.value = s.field ? e->params.*s.field : 0;
      p.params = e->params;
      p.median_ms = e->median_ms;
      p.min_ms = e->min_ms;
      p.max_ms = e->max_ms;
      p.gbps = e->gbps;
      const KernelReport r = report(*k, e->params, default_preset(), Dim3{0, 0, 0}, 0);
      // The read: the one global load site of each body.
      for (const SiteReport& site : r.sites)
        if (site.site.space == Space::Global && site.site.op == Op::Load && site.kernel.requests > 0) {
          p.sectors_per_request =
              static_cast<double>(site.kernel.sectors) / static_cast<double>(site.kernel.requests);
          p.efficiency = site.kernel.bytes_moved > 0 ? static_cast<double>(site.kernel.bytes_used) /
                                                           static_cast<double>(site.kernel.bytes_moved)
                                                     : 0;
        }
      if (m.calibration.present) {
        const Prediction pred = predict(*k, r, m.calibration);
        p.predicted_ms = pred.predicted_ms;
        p.bound = pred.bound;
        p.dram_read_bytes = pred.counts.dram_read_bytes;
      }
      const double requests = metric(*e, "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum");
      if (requests > 0)
        p.ncu_sectors_per_request = metric(*e, "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") / requests;
      p.ncu_dram_read_bytes = metric(*e, "dram__bytes_read.sum");
      points.push_back(std::move(p));
    }
    std::stable_sort(points.begin() + static_cast<std::ptrdiff_t>(first), points.end(),
                     [](const SweepPoint& a, const SweepPoint& b) { return a.value < b.value; });
  }
  return points;
}

}  // namespace ws::kernels
