// Flags that pick a catalog kernel and its parameters, shared by `report`,
// `bench` and `screenshot`: one flag per row of the parameter table
// (param_specs()). Flags not given keep the kernel's defaults.
#pragma once

#include <CLI/CLI.hpp>
#include <array>
#include <optional>
#include <string>

#include "ws/arch.hpp"
#include "ws/kernels/catalog.hpp"

namespace ws::cli {

struct KernelOptions {
  std::string kernel;
  std::array<std::optional<int>, 16> values;  // by position in param_specs()
};

void add_kernel_options(CLI::App& cmd, KernelOptions& o);
// The kernel's defaults overridden by the flags given; UsageError names a bad flag.
const kernels::KernelDescriptor& kernel_named(const std::string& name);
// A flag of a parameter `k` does not read is refused (kernels::check_reads, the rule links and
// lessons follow), except where one set of flags goes to many kernels (bench --kernel all).
enum class UnreadFlags : std::uint8_t { Refused, Ignored };
kernels::KernelParams params_from(const KernelOptions& o, const kernels::KernelDescriptor& k,
                                  UnreadFlags unread = UnreadFlags::Refused);
const ArchPreset& preset_named(const std::string& name);
void check_or_throw(const kernels::KernelDescriptor& k, const kernels::KernelParams& p, const ArchPreset& arch);

}  // namespace ws::cli
