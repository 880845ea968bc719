// Recorded Nsight Compute evidence (ws/kernels/ncu_records.hpp)
#include "ws/kernels/ncu_records.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "ws/kernels/input_file.hpp"
#include "ws/kernels/params_json.hpp"

namespace ws::kernels {

namespace fs = std::filesystem;
using nlohmann::json;

std::string ncu_records_dir(std::string_view gpu) {
  return (fs::path(measurements_dir()) / "ncu-source" / std::string(gpu)).string();
}

namespace {

// The one-block evidence's bounds: a block's tile is at most 1024 on a side,
// and a warp's shared access at most 32 lanes x 16 bytes one bank word
// (4 bytes) per wavefront: 128 wavefronts.
constexpr double kMaxOneBlockSide = 1024;
constexpr double kMaxWavefrontsPerInstruction = 128;

// A field of the index: a string, number or object where it must be, else a message naming it.
struct IndexReader {
  std::string file;
  std::optional<std::string> problem;

  std::string text(const json& j, const char* key, const std::string& where, bool required = false) {
    const auto it = j.find(key);
    if (it == j.end()) {
      if (required && !problem) problem = fmt::format("{}: {}.{} is missing", file, where, key);
      return {};
    }
    if (!it->is_string()) {
      if (!problem) problem = fmt::format("{}: {}.{} is not a string", file, where, key);
      return {};
    }
    return it->get<std::string>();
  }
  // A number from 0 to `most` (NaN and 1e30 are no block size and no wavefronts per instruction).
  double number(const json& j, const char* key, const std::string& where, double most) {
    const auto it = j.find(key);
    if (it == j.end()) return 0;
    const double v = it->is_number() ? it->get<double>() : -1;
    if (!(v >= 0 && v <= most)) {
      if (!problem)
        problem = fmt::format("{}: {}.{} is {}, not a number from 0 to {}", file, where, key,
                              printable(it->dump(), 60), most);
      return 0;
    }
    return v;
  }
  const KernelDescriptor* kernel(const json& j, const std::string& where, std::string& name) {
    name = text(j, "kernel", where, true);
    const KernelDescriptor* k = find_kernel(name);
    if (!k && !problem)
      problem = fmt::format("{}: {}.kernel '{}' is not in the catalog", file, where, printable(name, 60));
    return k;
  }
  KernelParams params(const json& j, const KernelDescriptor& k, const std::string& where) {
    const auto it = j.find("params");
    if (it == j.end() || !it->is_object()) {
      if (!problem) problem = fmt::format("{}: {}.params is not an object", file, where);
      return k.defaults;
    }
    return params_from_json(*it, k.defaults);
  }
};

}  // namespace

Result<NcuRecords> load_ncu_records(std::string_view gpu) {
  NcuRecords r;
  const fs::path dir = ncu_records_dir(gpu);
  const fs::path index = dir / "index.json";
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(index, ec))) return r;  // no recorded Source pages for this GPU
  const auto text = read_input_file(index.string(), kMaxMeasurementFileBytes, [](std::uintmax_t) {
    return fmt::format("larger than {} MB", kMaxMeasurementFileBytes >> 20);
  });
  if (!text) return Error{fmt::format("{}: {}", printable(index.string()), text.error().message)};
  json j = json::parse(*text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return Error{fmt::format("{}: not a JSON object", index.string())};
  IndexReader read{index.string()};
  r.dir = dir.string();
  r.gpu = read.text(j, "gpu", "index");
  r.driver = read.text(j, "driver", "index");
  r.ncu = read.text(j, "ncu", "index");
  r.date = read.text(j, "date", "index");
  r.command = read.text(j, "command", "index");
  const json launches = j.value("launches", json::array()), alone = j.value("one_block", json::array());
  if (!launches.is_array() || !alone.is_array()) return Error{fmt::format("{}: launches and one_block must be arrays", index.string())};
  for (std::size_t i = 0; i < launches.size(); ++i) {
    const std::string where = fmt::format("launches[{}]", i);
    std::string name;
    const KernelDescriptor* k = read.kernel(launches[i], where, name);
    if (!k) break;
    RecordedNcuLaunch l{name, read.params(launches[i], *k, where)};
    l.one_block = read.text(launches[i], "launch", where) == "one-block";
    l.source_csv = read.text(launches[i], "source_csv", where);
    l.metrics_csv = read.text(launches[i], "metrics_csv", where);
    for (const std::string* f : {&l.source_csv, &l.metrics_csv})
      if (!f->empty() && (f->find('/') != std::string::npos || !fs::is_regular_file(dir / *f, ec)) && !read.problem)
        read.problem = fmt::format("{}: {} names {}, which is not a file of that folder", index.string(), where, *f);
    r.launches.push_back(std::move(l));
  }
  for (std::size_t i = 0; i < alone.size() && !read.problem; ++i) {
    const std::string where = fmt::format("one_block[{}]", i);
    std::string name;
    const KernelDescriptor* k = read.kernel(alone[i], where, name);
    if (!k) break;
    OneBlockEvidence o{name, read.params(alone[i], *k, where)};
    o.rows = static_cast<int>(read.number(alone[i], "rows", where, kMaxOneBlockSide));
    o.cols = static_cast<int>(read.number(alone[i], "cols", where, kMaxOneBlockSide));
    o.load_alone = read.number(alone[i], "load_alone", where, kMaxWavefrontsPerInstruction);
    o.load_whole = read.number(alone[i], "load_whole", where, kMaxWavefrontsPerInstruction);
    o.store_alone = read.number(alone[i], "store_alone", where, kMaxWavefrontsPerInstruction);
    o.store_whole = read.number(alone[i], "store_whole", where, kMaxWavefrontsPerInstruction);
    o.source = read.text(alone[i], "source", where);
    r.one_block.push_back(std::move(o));
  }
  if (read.problem) return Error{*read.problem};
  return r;
}

Result<std::optional<NcuEvidence>> recorded_evidence(const NcuRecords& records, const Measurements& measured,
                                                     const KernelDescriptor& k, const KernelParams& p) {
  NcuEvidence e;
  e.label = fmt::format("recorded {}", records.gpu.empty() ? measured.gpu : records.gpu);
  e.source_file = std::string(k.source_path);
  for (const OneBlockEvidence& o : records.one_block)
    if (o.kernel == k.name && same_block_shape(k, o.params, p)) e.one_block.push_back(o);
  // Recorded Source pages of this launch (the first; the others are repeats).
  for (const RecordedNcuLaunch& l : records.launches) {
    if (l.one_block || l.kernel != k.name || !(l.params == p)) continue;
    std::vector<std::string> files;
    for (const std::string* f : {&l.source_csv, &l.metrics_csv})
      if (!f->empty()) files.push_back((fs::path(records.dir) / *f).string());
    auto exported = read_ncu_csvs(files);
    if (!exported) return exported.error();
    auto found = evidence_from_export(*exported, k, p, e.label);
    if (!found) return found.error();
    if (!e.source_page && !e.metrics) {
      e.source_page = std::move(found->source_page);
      e.metrics = std::move(found->metrics);
      for (auto& r : found->repeats) e.repeats.push_back(std::move(r));
    } else if (found->metrics) {
      e.repeats.push_back(std::move(*found->metrics));
    }
  }
  // Else the measurement file's kernel-wide counters; entries recorded twice give the spread.
  for (const MeasuredKernel& m : measured.kernels) {
    if (m.kernel != k.name || !(m.params == p) || m.ncu.empty()) continue;
    if (!e.metrics) e.metrics = m.ncu;
    else if (!e.source_page) e.repeats.push_back(m.ncu);
  }
  if (!e.source_page && !e.metrics) return std::optional<NcuEvidence>{};
  if (!e.source_page) e.label += " (kernel-wide counters, " + fs::path(measured.path).filename().string() + ")";
  return std::optional<NcuEvidence>(std::move(e));
}

}  // namespace ws::kernels
