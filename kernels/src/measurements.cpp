#include "ws/kernels/measurements.hpp"

#include <cmath>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <optional>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ws/kernels/assets.hpp"
#include "ws/kernels/input_file.hpp"
#include "ws/kernels/json_kind.hpp"
#include "ws/kernels/params_json.hpp"

namespace ws::kernels {

const MeasuredKernel* Measurements::find(std::string_view kernel) const {
  for (const MeasuredKernel& m : kernels)
    if (m.key == kernel) return &m;
  return nullptr;
}

namespace {

using nlohmann::json;

// Reads one file against its schema; every problem names the field
// ("kernels.copy.median_ms"). The caller adds the file's name.
struct FileReader {
  std::optional<std::string> problem;

  bool fail(const std::string& field, const std::string& what) {
    if (!problem) problem = printable(field) + " " + what;  // a key of the file, echoed on one line
    return false;
  }
  // Absent keeps `out`; present must be a string.
  bool text(const json& parent, const char* key, const std::string& field, std::string& out) {
    const auto it = parent.find(key);
    if (it == parent.end()) return true;
    if (!it->is_string()) return fail(field, "is " + kind_of(*it) + ", not a string");
    out = it->get<std::string>();
    return true;
  }
  // Absent keeps `out`; present must be a number >= 0.
  bool amount(const json& parent, const char* key, const std::string& field, double& out) {
    const auto it = parent.find(key);
    if (it == parent.end()) return true;
    if (!it->is_number()) return fail(field, "is " + kind_of(*it) + ", not a number");
    const double v = it->get<double>();
    if (!(v >= 0)) return fail(field, fmt::format("is {}, not a number >= 0", v));
    out = v;
    return true;
  }
  // Keys of the parameter table must hold integers that fit an int; other keys are left alone.
  bool params(const json& j, const std::string& field, KernelParams& out) {
    if (!j.is_object()) return fail(field, "is " + kind_of(j) + ", not an object");
    for (const ParamSpec& s : param_specs()) {
      const auto it = j.find(std::string(s.key));
      if (it == j.end()) continue;
      const std::string f = field + "." + std::string(s.key);
      if (!it->is_number_integer()) return fail(f, "is " + kind_of(*it) + ", not an integer");
      const auto wide = it->is_number_unsigned() ? static_cast<long long>(std::min<std::uint64_t>(
                                                       it->get<std::uint64_t>(), std::numeric_limits<long long>::max()))
                                                 : it->get<long long>();
      if (wide < std::numeric_limits<int>::min() || wide > std::numeric_limits<int>::max())
        return fail(f, fmt::format("is {}, too large", it->dump()));
      out.*s.field = static_cast<int>(wide);
    }
    return true;
  }

  bool kernel(const std::string& key, const json& e, MeasuredKernel& k) {
    const std::string field = "kernels." + key;
    if (!e.is_object()) return fail(field, "is " + kind_of(e) + ", not an object");
    k.key = key;
    k.kernel = key;
    if (!text(e, "kernel", field + ".kernel", k.kernel)) return false;
    const KernelDescriptor* info = find_kernel(k.kernel);
    k.params = info ? info->defaults : KernelParams{};
    if (const auto it = e.find("params"); it != e.end() && !params(*it, field + ".params", k.params)) return false;
    if (!amount(e, "median_ms", field + ".median_ms", k.median_ms) || !amount(e, "gbps", field + ".gbps", k.gbps) ||
        !amount(e, "gflops", field + ".gflops", k.gflops) || !amount(e, "min_ms", field + ".min_ms", k.min_ms) ||
        !amount(e, "max_ms", field + ".max_ms", k.max_ms))
      return false;
    if (const auto it = e.find("ncu"); it != e.end()) {
      if (!it->is_object()) return fail(field + ".ncu", "is " + kind_of(*it) + ", not an object");
      for (const auto& [metric, v] : it->items()) {
        if (!v.is_number()) return fail(field + ".ncu." + metric, "is " + kind_of(v) + ", not a number");
        k.ncu[metric] = v.get<double>();
      }
    }
    return true;
  }

  bool block_lifetimes(const json& j, std::vector<Calibration::BlockLifetime>& out) {
    const std::string f = "calibration.block_lifetimes";
    if (!j.is_array()) return fail(f, "is " + kind_of(j) + ", not an array");
    for (std::size_t i = 0; i < j.size(); ++i) {
      const json& e = j[i];
      const std::string at = f + "[" + std::to_string(i) + "]";
      if (!e.is_object()) return fail(at, "is " + kind_of(e) + ", not an object");
      Calibration::BlockLifetime b;
      double threads = 0, words = 0;
      if (!amount(e, "threads", at + ".threads", threads) || !amount(e, "words", at + ".words", words) ||
          !amount(e, "ns", at + ".ns", b.ns))
        return false;
      for (const char* key : {"barrier", "resident"}) {
        const auto it = e.find(key);
        if (it == e.end() || !it->is_boolean()) return fail(at + "." + key, "is missing or not true/false");
        (std::string_view(key) == "barrier" ? b.barrier : b.resident) = it->get<bool>();
      }
      if (!(threads >= 1 && threads <= 4096 && words >= 1 && words <= 64 && b.ns > 0 && std::isfinite(b.ns)))
        return fail(at, "has threads, words or ns out of range");
      b.threads = static_cast<int>(threads);
      b.words = static_cast<int>(words);
      out.push_back(b);
    }
    return true;
  }

  // Every field is required when the object is present: a model with a hole is no model.
  bool calibration(const json& j, Calibration& c) {
    if (!j.is_object()) return fail("calibration", "is " + kind_of(j) + ", not an object");
    auto need = [&](const char* key, double& out) {
      if (!j.contains(key)) return fail(std::string("calibration.") + key, "is missing");
      if (!amount(j, key, std::string("calibration.") + key, out)) return false;
      if (!(out > 0)) return fail(std::string("calibration.") + key, "is 0, not a measurement");
      return true;
    };
    double sms = 0, threads = 0;
    if (!need("sm_count", sms) || !need("sm_clock_mhz", c.sm_clock_mhz) ||
        !need("launch_overhead_us", c.launch_overhead_us) || !need("dram_gbps", c.dram_gbps) ||
        !need("l2_gbps", c.l2_gbps) || !need("l1_sectors_per_clock_per_sm", c.l1_sectors_per_clock_per_sm) ||
        !need("l1_requests_per_clock_per_sm", c.l1_requests_per_clock_per_sm) ||
        !need("shared_wavefronts_per_clock_per_sm", c.shared_wavefronts_per_clock_per_sm) ||
        !need("fma_per_clock_per_sm", c.fma_per_clock_per_sm) || !need("l2_bytes", c.l2_bytes) ||
        !need("shared_bytes_per_sm", c.shared_bytes_per_sm) || !need("max_threads_per_sm", threads) ||
        !text(j, "command", "calibration.command", c.command))
      return false;
    if (sms > 100000 || threads > 1e6) return fail("calibration", "has an SM or thread count out of range");
    if (const auto it = j.find("dram_read_gbps_by_bytes_in_flight"); it != j.end()) {
      const std::string f = "calibration.dram_read_gbps_by_bytes_in_flight";
      if (!it->is_array()) return fail(f, "is " + kind_of(*it) + ", not an array");
      double last = 0;
      for (const auto& point : *it) {
        if (!point.is_array() || point.size() != 2 || !point[0].is_number() || !point[1].is_number())
          return fail(f, "has an entry that is not [bytes in flight, GB/s]");
        const double bytes = point[0].get<double>(), gbps = point[1].get<double>();
        if (!(bytes > last) || !(gbps > 0) || !std::isfinite(bytes) || !std::isfinite(gbps))
          return fail(f, "is not ascending in bytes with positive GB/s");
        last = bytes;
        c.dram_read_gbps_by_bytes_in_flight.emplace_back(bytes, gbps);
      }
    }
    if (j.contains("launch_latency_us") && !need("launch_latency_us", c.launch_latency_us)) return false;
    if (j.contains("scattered_store_lines_per_ns") &&
        !need("scattered_store_lines_per_ns", c.scattered_store_lines_per_ns))
      return false;
    if (const auto it = j.find("block_lifetimes"); it != j.end() && !block_lifetimes(*it, c.block_lifetimes))
      return false;
    c.sm_count = static_cast<int>(sms);
    c.max_threads_per_sm = static_cast<int>(threads);
    c.present = true;
    return true;
  }

  bool file(const json& j, Measurements& m) {
    if (!j.is_object()) return fail("the file", "is " + kind_of(j) + ", not a JSON object");
    const auto kernels = j.find("kernels");
    if (kernels == j.end()) return fail("\"kernels\"", "is missing");
    if (!kernels->is_object()) return fail("kernels", "is " + kind_of(*kernels) + ", not an object");
    if (kernels->size() > kMaxMeasuredKernels)
      return fail("kernels", fmt::format("has {} entries, over the {} a measurement file may hold", kernels->size(),
                                         kMaxMeasuredKernels));
    if (!text(j, "gpu", "gpu", m.gpu) || !text(j, "driver", "driver", m.driver) || !text(j, "cuda", "cuda", m.cuda) ||
        !text(j, "date", "date", m.date) || !text(j, "command", "command", m.command) ||
        !amount(j, "memcpy_d2d_gbps", "memcpy_d2d_gbps", m.memcpy_d2d_gbps))
      return false;
    if (const auto it = j.find("calibration"); it != j.end() && !calibration(*it, m.calibration)) return false;
    for (const auto& [key, e] : kernels->items()) {
      MeasuredKernel k;
      if (!kernel(key, e, k)) return false;
      m.kernels.push_back(std::move(k));
    }
    return true;
  }
};

}  // namespace

Result<Measurements> load_measurements(const std::string& path) {
  const auto text = read_input_file(path, kMaxMeasurementFileBytes, [](std::uintmax_t bytes) {
    return fmt::format("is {} bytes, over the {} a measurement file may be", bytes, kMaxMeasurementFileBytes);
  });
  if (!text) return Error{printable(path) + ": " + text.error().message};
  json j;
  try {
    j = json::parse(*text);
  } catch (const json::exception& e) {
    return Error{printable(path) + ": not JSON: " + printable(e.what())};
  }
  Measurements m;
  m.path = path;
  FileReader reader;
  // The checks above leave nlohmann nothing to throw; a throw would be a bug here, still not the window's end.
  try {
    if (!reader.file(j, m)) return Error{path + ": " + *reader.problem};
  } catch (const std::exception& e) {
    return Error{path + ": " + e.what()};
  }
  return m;
}

std::string measurements_dir() {
  if (const char* env = std::getenv("WARPSCOPE_MEASUREMENTS_DIR"); env && *env) return env;
  constexpr const char* kRelative = "assets/measurements";
  if (std::string found = find_data_file(kRelative); !found.empty()) return found;
  // Missing everywhere: name where it was looked for first, for the messages.
  const auto roots = data_roots();
  return roots.empty() ? kRelative : (std::filesystem::path(roots.front()) / kRelative).string();
}

std::vector<std::string> measurement_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".json" && e.path().filename().string().find("-sass") == std::string::npos)
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace ws::kernels
