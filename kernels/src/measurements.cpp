#include "ws/kernels/measurements.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ws/kernels/assets.hpp"
#include "ws/kernels/params_json.hpp"

namespace ws::kernels {

const MeasuredKernel* Measurements::find(std::string_view kernel) const {
  for (const MeasuredKernel& m : kernels)
    if (m.key == kernel) return &m;
  return nullptr;
}

Result<Measurements> load_measurements(const std::string& path) {
  std::ifstream f(path);
  if (!f) return Error{"cannot open " + path};
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(f);
  } catch (const nlohmann::json::exception& e) {
    return Error{path + ": not JSON: " + e.what()};
  }
  if (!j.is_object() || !j.contains("kernels") || !j["kernels"].is_object())
    return Error{path + ": no \"kernels\" object"};
  Measurements m;
  m.path = path;
  // A field of the wrong type makes nlohmann throw: it becomes this file's Error.
  try {
    auto str = [&](const char* key) {
      return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
    };
    m.gpu = str("gpu");
    m.driver = str("driver");
    m.cuda = str("cuda");
    m.date = str("date");
    m.command = str("command");
    m.memcpy_d2d_gbps = j.value("memcpy_d2d_gbps", 0.0);
    for (const auto& [key, e] : j["kernels"].items()) {
      MeasuredKernel k;
      k.key = key;
      k.kernel = e.contains("kernel") && e["kernel"].is_string() ? e["kernel"].get<std::string>() : key;
      const KernelInfo* info = find_kernel(k.kernel);
      const KernelParams defaults = info ? info->defaults : KernelParams{};
      k.params = params_from_json(e.value("params", nlohmann::json::object()), defaults);
      k.median_ms = e.value("median_ms", 0.0);
      k.gbps = e.value("gbps", 0.0);
      k.gflops = e.value("gflops", 0.0);
      if (e.contains("ncu") && e["ncu"].is_object())
        for (const auto& [metric, v] : e["ncu"].items())
          if (v.is_number()) k.ncu[metric] = v.get<double>();
      m.kernels.push_back(std::move(k));
    }
  } catch (const nlohmann::json::exception& e) {
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
