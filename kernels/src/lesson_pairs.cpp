#include "ws/kernels/lesson_pairs.hpp"

#include <algorithm>

namespace ws::kernels {
namespace {

bool same_except_sizes(const KernelParams& a, const KernelParams& b) {
  for (const ParamSpec& s : param_specs())
    if (!s.is_size && a.*s.field != b.*s.field) return false;
  return true;
}

KernelParams with_sizes_of(KernelParams p, const KernelParams& sizes) {
  for (const ParamSpec& s : param_specs())
    if (s.is_size) p.*s.field = sizes.*s.field;
  return p;
}

const MeasuredKernel* find_entry(const std::vector<const MeasuredKernel*>& entries, std::string_view kernel,
                                 const KernelParams& p) {
  for (const MeasuredKernel* e : entries)
    if (e->kernel == kernel && e->params == p) return e;
  return nullptr;
}

}  // namespace

std::vector<const MeasuredKernel*> distinct_entries(const Measurements& m) {
  std::vector<const MeasuredKernel*> out;
  for (const MeasuredKernel& e : m.kernels)
    if (find_kernel(e.kernel) && !find_entry(out, e.kernel, e.params)) out.push_back(&e);
  return out;
}

std::vector<LessonPair> lesson_pairs(const Measurements& m) {
  const std::vector<const MeasuredKernel*> entries = distinct_entries(m);
  std::vector<LessonPair> pairs;
  for (const KernelDescriptor& k : catalog()) {
    // Against the baseline kernel: the variant at its defaults (any sizes), the baseline at its own and those sizes.
    if (const KernelDescriptor* base = find_kernel(k.hints.baseline))
      for (const MeasuredKernel* v : entries)
        if (v->kernel == k.name && same_except_sizes(v->params, k.defaults))
          if (const MeasuredKernel* b = find_entry(entries, base->name, with_sizes_of(base->defaults, v->params)))
            pairs.push_back({b, v});
    // Against itself with one parameter changed, whatever the others are.
    for (const ParamContrast& c : k.hints.contrasts)
      for (int from : c.from)
        for (const MeasuredKernel* b : entries) {
          if (b->kernel != k.name || b->params.*c.field != from) continue;
          KernelParams target = b->params;
          target.*c.field = c.to;
          if (const MeasuredKernel* v = find_entry(entries, k.name, target)) pairs.push_back({b, v});
        }
  }
  return pairs;
}

std::vector<std::pair<const KernelDescriptor*, KernelParams>> lesson_runs() {
  std::vector<std::pair<const KernelDescriptor*, KernelParams>> runs;
  auto add = [&](const KernelDescriptor* k, const KernelParams& p) {
    if (std::find(runs.begin(), runs.end(), std::pair{k, p}) == runs.end()) runs.emplace_back(k, p);
  };
  for (const KernelDescriptor& k : catalog()) {
    add(&k, k.defaults);
    for (const ParamContrast& c : k.hints.contrasts)
      for (int from : c.from) {
        KernelParams p = k.defaults;
        p.*c.field = from;
        add(&k, p);
        p.*c.field = c.to;
        add(&k, p);
      }
  }
  return runs;
}

std::string params_label(const KernelDescriptor& k, const KernelParams& p) {
  std::string out;
  for (const ParamSpec& s : param_specs()) {
    if (p.*s.field == k.defaults.*s.field) continue;
    if (!out.empty()) out += ' ';
    out.append(s.key).append("=").append(std::to_string(p.*s.field));
  }
  return out.empty() ? "defaults" : out;
}

}  // namespace ws::kernels
