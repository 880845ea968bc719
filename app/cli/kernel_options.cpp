#include "cli/kernel_options.hpp"

#include <fmt/format.h>

#include "cli/command.hpp"

namespace ws::cli {

void add_kernel_options(CLI::App& cmd, KernelOptions& o) {
  const auto specs = kernels::param_specs();
  static_assert(std::tuple_size_v<decltype(o.values)> >= 8);
  for (std::size_t i = 0; i < specs.size() && i < o.values.size(); ++i)
    cmd.add_option(specs[i].flag(), o.values[i], kernels::param_help(specs[i]));
}

const kernels::KernelDescriptor& kernel_named(const std::string& name) {
  if (name.empty()) throw UsageError("--kernel is required");
  const kernels::KernelDescriptor* k = kernels::find_kernel(name);
  if (!k) {
    std::string known;
    for (const auto& c : kernels::catalog()) known += (known.empty() ? "" : ", ") + std::string(c.name);
    throw UsageError(fmt::format("--kernel: unknown kernel '{}' (known: {})", name, known));
  }
  return *k;
}

kernels::KernelParams params_from(const KernelOptions& o, const kernels::KernelDescriptor& k, UnreadFlags unread) {
  kernels::KernelParams p = k.defaults;
  const auto specs = kernels::param_specs();
  for (std::size_t i = 0; i < specs.size() && i < o.values.size(); ++i) {
    if (!o.values[i]) continue;
    if (auto bad = kernels::check_reads(k, specs[i]); bad && unread == UnreadFlags::Refused) throw UsageError(*bad);
    p.*specs[i].field = *o.values[i];
  }
  return p;
}

const ArchPreset& preset_named(const std::string& name) {
  const ArchPreset* arch = find_preset(name);
  if (!arch) throw UsageError(fmt::format("--arch: unknown preset '{}' (known: {})", name, preset_names()));
  return *arch;
}

void check_or_throw(const kernels::KernelDescriptor& k, const kernels::KernelParams& p, const ArchPreset& arch) {
  if (auto err = kernels::check_params(k, p, arch)) throw UsageError(*err);
}

}  // namespace ws::cli
