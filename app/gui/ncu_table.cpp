#include "gui/ncu_table.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "ws/kernels/ncu_records.hpp"

namespace ws::gui {

std::string compact_count(double v) {
  const double a = std::fabs(v);
  if (a >= 1e9) return fmt::format("{:.3g}G", v / 1e9);
  if (a >= 1e6) return fmt::format("{:.3g}M", v / 1e6);
  if (a >= 1e4) return fmt::format("{:.3g}k", v / 1e3);
  return fmt::format("{:.0f}", v);
}

namespace {

// Short names of reconcile's counters for a narrow column.
std::string counter_label(const kernels::ReconcileRow& r) {
  const std::string sp = r.space == Space::Shared ? "sh" : "gl";
  const std::string op = r.op == Op::Load ? "ld" : "st";
  const std::string& c = r.counter;
  const std::string name = c == "instructions"            ? "inst."
                           : c == "ldmatrix_instructions" ? "ldmatrix"
                           : c == "ideal_wavefronts"      ? "ideal wf"
                           : c == "wavefronts"            ? "wavefr."
                           : c == "bank_conflicts"        ? "confl."
                           : c == "ideal_sectors"         ? "ideal sec"
                           : c == "l1_tag_lookups"        ? "L1 lines"
                                                          : c;
  return fmt::format("{} {} {}", sp, op, name);
}

}  // namespace

NcuTableText ncu_table_text(const kernels::Reconciliation* r, const std::string& status, bool hidden) {
  NcuTableText t;
  if (!r) {
    t.status = status;
    return t;
  }
  t.title = fmt::format("Nsight Compute: {}; {}", r->ncu_source,
                        r->granularity == "site" ? "per source line" : "per space and operation (no Source page)");
  t.header = {"line", "counter", "sim.", "ncu", "cause"};
  for (const kernels::ReconcileRow& x : r->rows) {
    NcuTableText::Row row;
    // The source line only (the code view numbers its lines; the sites' names are in
    // the hover): names like "mds_load+nds_load" would widen the table past the panel.
    // "all": a kernel-wide row.
    const std::string site = x.line ? std::to_string(*x.line) : "all";
    const std::string where = x.site ? fmt::format("{}, line {}", *x.site, x.line.value_or(0))
                              : x.line ? fmt::format("line {}, where the simulator records no access", *x.line)
                                       : std::string("the whole kernel");
    const double d = x.difference();
    std::string ncu = x.ncu ? compact_count(*x.ncu) : "-";
    // The percentage, two digits, where it is 0.05% or more (the hover has the exact counts).
    if (x.ncu && std::fabs(d) >= 0.5 && x.simulated > 0 && std::fabs(d / double(x.simulated)) >= 0.0005)
    {
      const double percent = 100 * d / double(x.simulated);
      ncu += std::fabs(percent) >= 10 ? fmt::format(" {:+.0f}%", percent) : fmt::format(" {:+.2g}%", percent);
    }
    row.cells = {site, counter_label(x), hidden ? "?" : compact_count(double(x.simulated)), hidden ? "?" : ncu,
                 hidden ? "?" : std::string(kernels::cause_phrase(x.cause))};
    // Concealed, no colour either: it would tell which counts differ.
    row.differs = !hidden && std::fabs(d) >= 0.5;
    row.unexplained = !hidden && x.cause == kernels::NcuCause::Unexplained;
    if (!hidden)
      row.hover = fmt::format("{}: simulated {}, ncu {}\n{}\n{}", where, x.simulated,
                              x.ncu ? fmt::format("{:.0f}", *x.ncu) : "-", kernels::cause_meaning(x.cause), x.evidence);
    t.rows.push_back(std::move(row));
  }
  return t;
}

std::string ncu_line_note(const kernels::Reconciliation& r, const SiteInfo& site) {
  if (r.granularity != "site") return {};
  const bool shared = site.space == Space::Shared;
  const kernels::ReconcileRow *cost = nullptr, *ideal = nullptr;
  for (const kernels::ReconcileRow& x : r.rows) {
    if (!x.site || x.line != site.line || x.space != site.space || x.op != site.op) continue;
    if (x.counter == (shared ? "wavefronts" : "sectors")) cost = &x;
    if (x.counter == (shared ? "ideal_wavefronts" : "ideal_sectors")) ideal = &x;
  }
  if (!cost || !cost->ncu) return {};
  std::string note = fmt::format("ncu: {:.0f} {} for this line", *cost->ncu, shared ? "wavefronts" : "sectors");
  if (ideal && ideal->ncu) note += fmt::format(" (ideal {:.0f})", *ideal->ncu);
  if (std::fabs(cost->difference()) >= 0.5)
    note += fmt::format("; {:+.0f} against the simulator: {}", cost->difference(), kernels::cause_phrase(cost->cause));
  return note;
}

const kernels::Reconciliation* NcuReconciler::get(const AppState& state) {
  const kernels::KernelReport* report = state.whole_kernel.report();
  const MeasurementSet* set = state.timings.shown();
  const std::string path = set ? set->path : std::string();
  if (report == report_ && set == set_ && path == set_path_ && state.kernel_serial == kernel_serial_ &&
      (!report || (report->kernel == kernel_ && report->params == params_)))
    return result_ ? &*result_ : nullptr;
  report_ = report;
  kernel_serial_ = state.kernel_serial;
  kernel_ = report ? report->kernel : std::string();
  params_ = report ? report->params : kernels::KernelParams{};
  set_ = set;
  set_path_ = path;
  result_.reset();
  status_.clear();
  if (!report) return nullptr;
  if (!set) {
    status_ = "No Nsight Compute counters: no GPU recordings shown.";
    return nullptr;
  }
  const kernels::KernelDescriptor& k = state.kernel();
  if (state.student) {
    // The recordings are the catalog's kernels'; a student's own file is profiled on demand.
    status_ = fmt::format("Your own kernel: `warpscope kernel {} --run --ncu` puts Nsight Compute's counters beside "
                          "these on a GPU.",
                          state.student->source().path.filename().string());
    return nullptr;
  }
  // A GPU's records are read once: they do not change while the window runs, and
  // reading them took a frame 25 ms in the web page at every lesson step.
  static const kernels::NcuRecords kNone;
  const kernels::NcuRecords* records = &kNone;
  if (!path.empty()) {
    const std::string gpu = std::filesystem::path(path).stem().string();
    auto it = records_.find(gpu);
    if (it == records_.end()) {
      auto loaded = kernels::load_ncu_records(gpu);
      if (!loaded) {
        status_ = loaded.error().message;
        return nullptr;
      }
      it = records_.emplace(gpu, std::move(*loaded)).first;
    }
    records = &it->second;
  }
  auto e = kernels::recorded_evidence(*records, *set, k, state.params);
  if (!e) {
    status_ = e.error().message;
    return nullptr;
  }
  if (!*e) {
    status_ = fmt::format("No Nsight Compute counters recorded on {} for these parameters "
                          "(warpscope reconcile --print-ncu-command exports them).",
                          set->gpu);
    return nullptr;
  }
  kernels::WholeKernel sim;
  for (const kernels::SiteReport& s : report->sites) {
    sim.sites.push_back(s.site);
    sim.counters.push_back(s.kernel);
  }
  result_ = kernels::reconcile(k, state.params, sim, **e);
  return &*result_;
}

}  // namespace ws::gui
