// Facts of a lesson step (lesson_facts.hpp). Instruction facts are the
// simulator's own results (analyze_shared / analyze_global on the traced
// instruction); whole-kernel facts come from kernels::report(); measured facts
// from the recordings. Nothing here knows a lesson's expected numbers.
#include "lessons/lesson_facts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <utility>

#include "lessons/lesson_limits.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/prediction.hpp"
#include "ws/validate.hpp"

namespace ws::lessons {
namespace {

using FactMap = std::map<std::string, double>;

// Facts of one analysed instruction, under `prefix`.
void instruction_facts(const WarpAccess& a, const ArchPreset& arch, const std::string& prefix, FactMap& out,
                       std::string* refused) {
  auto put = [&](const std::string& k, double v) { out[prefix + k] = v; };
  put("bytes", a.bytes);
  if (auto bad = validate_access(a, arch)) {
    *refused = fmt::format("the {} preset cannot serve this access: {}", arch.name, *bad);
    return;
  }
  if (a.space == Space::Shared) {
    const SharedResult r = analyze_shared(a, arch);
    put("wavefronts", r.wavefronts);
    put("ideal", r.ideal_wavefronts);
    put("conflicts", r.bank_conflicts);
    put("way", r.max_way);
    put("groups", r.num_groups);
    put("group_lanes", r.group_lanes);
    put("active_lanes", r.active_lanes);
    int shared_words = 0, sharing_lanes = 0;
    std::set<std::uint32_t> banks;
    for (int l = 0; l < r.warp_lanes; ++l) {
      const SharedLane& L = r.lanes[l];
      if (!L.active) continue;
      for (int k = 0; k < L.num_words; ++k) banks.insert(L.bank[k]);
      if (L.sharers < 2) continue;
      ++sharing_lanes;
      if (L.broadcast_leader == l) ++shared_words;
      put(fmt::format("lane.{}.sharers", l), L.sharers);
    }
    put("shared_words", shared_words);
    put("sharing_lanes", sharing_lanes);
    put("banks_touched", static_cast<double>(banks.size()));
    for (int l = 0; l < r.warp_lanes; ++l) {
      const SharedLane& L = r.lanes[l];
      if (!L.active) continue;
      put(fmt::format("lane.{}.bank", l), L.bank[0]);
      put(fmt::format("lane.{}.word", l), static_cast<double>(L.word[0]));
      put(fmt::format("lane.{}.wavefront", l), L.wavefront[0]);
      put(fmt::format("lane.{}.words", l), L.num_words);
      put(fmt::format("lane.{}.address", l), static_cast<double>(a.address[l]));
    }
  } else {
    const GlobalResult r = analyze_global(a, arch.warp_lanes);
    put("requests", r.requests);
    put("sectors", r.sectors);
    put("lines", r.lines);
    put("active_lanes", r.active_lanes);
    put("bytes_requested", static_cast<double>(r.bytes_requested));
    put("bytes_used", static_cast<double>(r.bytes_used));
    put("bytes_moved", static_cast<double>(r.bytes_moved));
    // Bytes used / bytes moved (docs/hardware-model.md G2): a broadcast stays within 100%.
    put("efficiency_pct", 100.0 * r.efficiency);
    put("wasted_pct", r.bytes_moved ? 100.0 - 100.0 * r.efficiency : 0.0);
    put("sectors_per_request", r.requests ? static_cast<double>(r.sectors) / r.requests : 0.0);
    for (int l = 0; l < arch.warp_lanes; ++l)
      if (a.active(l)) put(fmt::format("lane.{}.address", l), static_cast<double>(a.address[l]));
  }
}

void counter_facts(const kernels::Counters& c, const std::string& prefix, FactMap& out) {
  auto put = [&](const char* k, double v) { out[prefix + k] = v; };
  put("instructions", static_cast<double>(c.instructions));
  put("wavefronts", static_cast<double>(c.wavefronts));
  put("ideal_wavefronts", static_cast<double>(c.ideal_wavefronts));
  put("bank_conflicts", static_cast<double>(c.bank_conflicts));
  put("requests", static_cast<double>(c.requests));
  put("sectors", static_cast<double>(c.sectors));
  put("bytes_requested", static_cast<double>(c.bytes_requested));
  put("bytes_moved", static_cast<double>(c.bytes_moved));
  if (c.instructions) put("wavefronts_per_instruction", static_cast<double>(c.wavefronts) / c.instructions);
  if (c.requests) put("sectors_per_request", static_cast<double>(c.sectors) / c.requests);
}

// The recordings, read once per process: they do not change while it runs.
const std::vector<kernels::Measurements>& recordings() {
  static const std::vector<kernels::Measurements> all = [] {
    std::vector<kernels::Measurements> v;
    for (const std::string& f : kernels::measurement_files())
      if (auto m = kernels::load_measurements(f)) v.push_back(std::move(*m));
    return v;
  }();
  return all;
}

// Parameters the kernel does not read (a transpose's --repeats) cannot change a recording.
bool same_read_params(const kernels::KernelDescriptor& k, const kernels::KernelParams& a,
                      const kernels::KernelParams& b) {
  for (const kernels::ParamRule& r : k.params)
    if (a.*r.field != b.*r.field) return false;
  return true;
}

}  // namespace

Result<PreparedState> prepare(const StepState& s) {
  PreparedState p;
  p.kernel = s.descriptor && s.descriptor->name == s.kernel ? s.descriptor : kernels::find_kernel(s.kernel);
  if (!p.kernel) return Error{fmt::format("kernel: '{}' is not a catalog kernel", s.kernel)};
  p.arch = find_preset(s.arch);
  if (!p.arch) return Error{fmt::format("arch: '{}' is not a preset", s.arch)};
  p.params = s.params;
  if (auto bad = kernels::check_params(*p.kernel, p.params, *p.arch)) return Error{"params: " + *bad};
  p.launch = kernels::launch_config(*p.kernel, p.params);
  const Dim3 g = p.launch.grid;
  if (s.block.x >= g.x || s.block.y >= g.y)
    return Error{fmt::format("block: ({}, {}) is outside the grid of {} x {} blocks", s.block.x, s.block.y, g.x, g.y)};
  p.block = Dim3{s.block.x, s.block.y, 0};
  const int lanes = p.arch->warp_lanes;
  const int warps = std::max(1, (p.launch.block.count() + lanes - 1) / lanes);
  if (s.warp >= warps) return Error{fmt::format("warp: {} is outside the block's {} warps", s.warp, warps)};
  p.warp = s.warp;
  try {
    p.trace = kernels::trace_warp(*p.kernel, p.params, p.block, p.warp, lanes);
  } catch (const std::exception& e) {
    return Error{fmt::format("kernel: tracing {} failed: {}", s.kernel, e.what())};
  }
  if (p.trace.instructions.empty()) return Error{"site: this warp executes no memory instruction"};
  if (!s.site.empty()) {
    int seen = 0;
    p.instruction = -1;
    for (std::size_t i = 0; i < p.trace.instructions.size() && p.instruction < 0; ++i)
      if (p.trace.sites[p.trace.instructions[i].site].name == s.site && seen++ == s.occurrence)
        p.instruction = static_cast<int>(i);
    if (p.instruction < 0) {
      std::string names;
      for (const auto& site : p.trace.sites) names += (names.empty() ? "" : ", ") + site.name;
      return Error{seen ? fmt::format("occurrence: this warp runs site '{}' {} times, not {}", s.site, seen,
                                      s.occurrence + 1)
                        : fmt::format("site: '{}' is not a site of {} (sites: {})", s.site, s.kernel, names)};
    }
  }
  return p;
}

struct FactTable::Impl {
  PreparedState state;
  FactMap values;
  std::string refused;  // why the current instruction has no analysis
  bool whole_done = false;
  bool defer_whole = false;   // FactTable::defer_whole
  bool whole_wanted = false;
  std::string whole_error;
  std::optional<kernels::KernelReport> report;  // kept for the predictions

  void compute_eager() {
    const PreparedState& p = state;
    const ArchPreset& a = *p.arch;
    auto put = [&](const std::string& k, double v) { values[k] = v; };
    put("warp_lanes", a.warp_lanes);
    put("banks", a.num_banks);
    put("bank_bytes", a.bank_bytes);
    put("wavefront_bytes", a.num_banks * a.bank_bytes);
    put("shared_bytes_per_sm", a.shared_bytes_per_sm);
    // Shared memory drawn as a matrix: one row is one word in every bank.
    put("bank_rows", a.shared_bytes_per_sm / (a.num_banks * a.bank_bytes));
    put("grid_x", p.launch.grid.x);
    put("grid_y", p.launch.grid.y);
    put("blocks", static_cast<double>(p.launch.grid.x) * p.launch.grid.y);
    put("block_x", p.launch.block.x);
    put("block_y", p.launch.block.y);
    put("threads_per_block", p.launch.block.count());
    put("warps_per_block", std::max(1, (p.launch.block.count() + a.warp_lanes - 1) / a.warp_lanes));
    put("shared_bytes", p.launch.shared_bytes);
    put("selected_block_x", p.block.x);
    put("selected_block_y", p.block.y);
    put("selected_warp", p.warp);
    put("instructions", static_cast<double>(p.trace.instructions.size()));
    put("lanes_in_warp", p.trace.lanes_in_warp);
    for (const auto& spec : kernels::param_specs()) put("param." + std::string(spec.key), p.params.*spec.field);
    for (const auto& arr : p.trace.arrays) {
      put("array." + arr.name + ".rows", arr.rows);
      put("array." + arr.name + ".cols", arr.cols);
      put("array." + arr.name + ".pitch", arr.pitch);
      put("array." + arr.name + ".elem_bytes", arr.elem_bytes);
    }
    instruction_facts(p.trace.instructions[p.instruction].access, a, "", values, &refused);
    // Every site of this warp at its first execution, and how often the warp runs it.
    std::map<int, int> runs;
    for (const auto& ti : p.trace.instructions) {
      const std::string& name = p.trace.sites[ti.site].name;
      const std::string prefix = "at." + name + ".";
      if (runs[ti.site]++ == 0 && !values.count(prefix + "bytes")) {
        std::string ignored;
        instruction_facts(ti.access, a, prefix, values, &ignored);
      }
    }
    for (const auto& [site, n] : runs) values["at." + p.trace.sites[site].name + ".runs"] += n;
  }

  void compute_whole() {
    try {
      install_whole(kernels::report(*state.kernel, state.params, *state.arch, state.block, state.warp));
    } catch (const std::exception& e) {
      whole_done = true;
      whole_error = e.what();
    }
  }

  // The whole-kernel facts of a report (the simulation's, or one made in slices).
  void install_whole(kernels::KernelReport simulated) {
    whole_done = true;
    report = std::move(simulated);
    const kernels::KernelReport& r = *report;
    counter_facts(r.shared_load, "whole.shared_load.", values);
    counter_facts(r.shared_store, "whole.shared_store.", values);
    counter_facts(r.global_load, "whole.global_load.", values);
    counter_facts(r.global_store, "whole.global_store.", values);
    kernels::Counters global = r.global_load, shared = r.shared_load;
    global.add(r.global_store);
    shared.add(r.shared_store);
    counter_facts(global, "whole.global.", values);
    counter_facts(shared, "whole.shared.", values);
    for (const auto& s : r.sites) {
      kernels::Counters c = s.kernel;
      const std::string prefix = "whole.site." + s.site.name + ".";
      // Two sites may share a name (sites by source location): they add up.
      if (values.count(prefix + "instructions")) {
        c.instructions += static_cast<std::uint64_t>(values[prefix + "instructions"]);
        c.wavefronts += static_cast<std::uint64_t>(values[prefix + "wavefronts"]);
        c.ideal_wavefronts += static_cast<std::uint64_t>(values[prefix + "ideal_wavefronts"]);
        c.bank_conflicts += static_cast<std::uint64_t>(values[prefix + "bank_conflicts"]);
        c.requests += static_cast<std::uint64_t>(values[prefix + "requests"]);
        c.sectors += static_cast<std::uint64_t>(values[prefix + "sectors"]);
        c.bytes_requested += static_cast<std::uint64_t>(values[prefix + "bytes_requested"]);
        c.bytes_moved += static_cast<std::uint64_t>(values[prefix + "bytes_moved"]);
      }
      counter_facts(c, prefix, values);
    }
    values["whole.shared_bytes_per_block"] = r.shared_bytes_per_block;
    values["whole.blocks_per_sm"] = r.occupancy.blocks_per_sm;
    values["whole.simulated_us"] = r.simulated_seconds * 1e6;
  }

  // A whole-kernel or predicted fact while deferred: noted, and a stand-in.
  bool deferring(const std::string& name) {
    if (!defer_whole || whole_done) return false;
    if (name.rfind("whole.", 0) != 0 && name.rfind("predicted.", 0) != 0) return false;
    whole_wanted = true;
    return true;
  }

  // predicted.<gpu>.ms, .<resource>_ms: the prediction model (prediction.hpp)
  // with that recording's calibration, from this state's whole-kernel counters.
  Result<kernels::Prediction> prediction(const std::string& name, std::string* field) {
    const auto dot = name.find('.', 10);
    if (dot == std::string::npos) return Error{fmt::format("'{}': write predicted.<gpu>.<field>", name)};
    const std::string gpu = name.substr(10, dot - 10);
    *field = name.substr(dot + 1);
    if (state.arch->name != default_preset().name)
      return Error{fmt::format("'{}': predictions are made for the {} preset, not {}", name, default_preset().name,
                               state.arch->name)};
    for (const kernels::Measurements& m : recordings()) {
      if (std::filesystem::path(m.path).stem().string() != gpu) continue;
      if (!m.calibration.present) return Error{fmt::format("'{}': {}.json has no calibration", name, gpu)};
      if (!whole_done) compute_whole();
      if (!report) return Error{fmt::format("'{}': the whole-kernel simulation failed: {}", name, whole_error)};
      return kernels::predict(*state.kernel, *report, m.calibration);
    }
    return Error{fmt::format("'{}': no recording named {}.json in {}", name, gpu, kernels::measurements_dir())};
  }

  Result<double> predicted(const std::string& name) {
    std::string field;
    auto p = prediction(name, &field);
    if (!p) return Error{p.error().message};
    if (field == "ms") return p->predicted_ms;
    static const std::map<std::string, std::string_view> resources = {
        {"shared_ms", kernels::resource::kShared}, {"l1_requests_ms", kernels::resource::kL1Requests},
        {"l1_sectors_ms", kernels::resource::kL1Sectors}, {"l2_ms", kernels::resource::kL2},
        {"dram_ms", kernels::resource::kDram}, {"fma_ms", kernels::resource::kFma},
        {"latency_ms", kernels::resource::kLatency}, {"launch_ms", kernels::resource::kLaunch}};
    if (const auto it = resources.find(field); it != resources.end()) return p->ms(it->second);
    return Error{fmt::format("'{}': no prediction field '{}' (ms, shared_ms, l1_requests_ms, l1_sectors_ms, l2_ms, "
                             "dram_ms, fma_ms, latency_ms, launch_ms)", name, field)};
  }

  Result<double> measured(const std::string& name) {
    // measured.<gpu>.<field>: <gpu> is the recording's file name (h100.json -> h100).
    const auto dot = name.find('.', 9);
    if (dot == std::string::npos) return Error{fmt::format("'{}': write measured.<gpu>.<field>", name)};
    const std::string gpu = name.substr(9, dot - 9), field = name.substr(dot + 1);
    for (const kernels::Measurements& m : recordings()) {
      if (std::filesystem::path(m.path).stem().string() != gpu) continue;
      if (field == "memcpy_gbps") return m.memcpy_d2d_gbps;
      for (const kernels::MeasuredKernel& k : m.kernels) {
        if (k.kernel != state.kernel->name || !same_read_params(*state.kernel, k.params, state.params)) continue;
        if (field == "median_ms") return k.median_ms;
        // The spread of the timed launches: a speedup on a slide states its range.
        if ((field == "min_ms" || field == "max_ms") && k.min_ms <= 0)
          return Error{fmt::format("'{}': {} recorded no spread for {}", name, gpu, state.kernel->name)};
        if (field == "min_ms") return k.min_ms;
        if (field == "max_ms") return k.max_ms;
        if (field == "gbps") return k.gbps;
        if (field == "gflops") return k.gflops;
        if (field.rfind("ncu.", 0) == 0)
          if (const auto it = k.ncu.find(field.substr(4)); it != k.ncu.end()) return it->second;
        return Error{fmt::format("'{}': the recording has no field '{}'", name, field)};
      }
      return Error{fmt::format("'{}': {} recorded {} only at other parameters", name, gpu, state.kernel->name)};
    }
    return Error{fmt::format("'{}': no recording named {}.json in {}", name, gpu, kernels::measurements_dir())};
  }
};

FactTable::FactTable(PreparedState state) : impl_(std::make_unique<Impl>()) {
  impl_->state = std::move(state);
  impl_->compute_eager();
}
FactTable::~FactTable() = default;
FactTable::FactTable(FactTable&&) noexcept = default;
FactTable& FactTable::operator=(FactTable&&) noexcept = default;
const PreparedState& FactTable::state() const { return impl_->state; }
void FactTable::defer_whole(bool on) { impl_->defer_whole = on; }
bool FactTable::whole_wanted() const { return impl_->whole_wanted; }
bool FactTable::whole_done() const { return impl_->whole_done; }
void FactTable::set_whole(const kernels::KernelReport* report, const std::string& error) {
  if (report) {
    impl_->install_whole(*report);
  } else {
    impl_->whole_done = true;
    impl_->whole_error = error;
  }
}

Result<std::string> FactTable::word(const std::string& name) {
  if (impl_->deferring(name)) return std::string("DRAM");
  std::string field;
  if (name.rfind("predicted.", 0) != 0) return Error{fmt::format("unknown word '{}'", name)};
  auto p = impl_->prediction(name, &field);
  if (!p) return Error{p.error().message};
  if (field == "bound") return std::string(p->bound);
  return Error{fmt::format("'{}': the words are predicted.<gpu>.bound", name)};
}

Result<double> FactTable::get(const std::string& name) {
  Impl& t = *impl_;
  if (t.deferring(name)) return 1.0;
  if (name.rfind("measured.", 0) == 0) return t.measured(name);
  if (name.rfind("predicted.", 0) == 0) return t.predicted(name);
  if (name.rfind("whole.", 0) == 0 && !t.whole_done) t.compute_whole();
  if (const auto it = t.values.find(name); it != t.values.end()) return it->second;
  if (name.rfind("whole.", 0) == 0 && !t.whole_error.empty())
    return Error{fmt::format("'{}': the whole-kernel simulation failed: {}", name, t.whole_error)};
  if (!t.refused.empty() && name.find('.') == std::string::npos) return Error{fmt::format("'{}': {}", name, t.refused)};
  const Space space = t.state.trace.instructions[t.state.instruction].access.space;
  static const std::set<std::string> shared_only = {"wavefronts", "ideal", "conflicts", "way", "groups",
                                                    "group_lanes", "shared_words", "sharing_lanes", "banks_touched"};
  static const std::set<std::string> global_only = {"requests", "sectors", "lines", "bytes_requested", "bytes_used",
                                                    "bytes_moved", "efficiency_pct", "wasted_pct", "sectors_per_request"};
  if (space == Space::Global && shared_only.count(name))
    return Error{fmt::format("'{}' is a shared-memory fact, and this step's instruction is a global access", name)};
  if (space == Space::Shared && global_only.count(name))
    return Error{fmt::format("'{}' is a global-memory fact, and this step's instruction is a shared access", name)};
  return Error{fmt::format("unknown fact '{}'", name)};
}

Result<StepFacts> StepFacts::build(const Step& step) {
  StepFacts f;
  auto main = prepare(step.state);
  if (!main) return Error{"state." + main.error().message};
  f.main_ = std::make_unique<FactTable>(std::move(*main));
  for (const auto& [name, c] : step.compare) {
    auto prepared = prepare(c);
    if (!prepared) f.config_errors_[name] = prepared.error().message;
    else f.configs_[name] = std::make_unique<FactTable>(std::move(*prepared));
  }
  return f;
}

std::vector<FactTable*> StepFacts::tables() {
  std::vector<FactTable*> all{main_.get()};
  for (auto& [name, t] : configs_) all.push_back(t.get());
  return all;
}

Result<std::string> StepFacts::word(const std::string& name) {
  const auto colon = name.find(':');
  if (colon == std::string::npos) return main_->word(name);
  const auto it = configs_.find(name.substr(0, colon));
  if (it == configs_.end()) return Error{fmt::format("'{}': no compare configuration named '{}'", name, name.substr(0, colon))};
  return it->second->word(name.substr(colon + 1));
}

Result<double> StepFacts::get(const std::string& name) {
  const auto colon = name.find(':');
  if (colon == std::string::npos) return main_->get(name);
  const std::string config = name.substr(0, colon), fact = name.substr(colon + 1);
  if (const auto e = config_errors_.find(config); e != config_errors_.end())
    return Error{fmt::format("compare.{}.{}", config, e->second)};
  const auto it = configs_.find(config);
  if (it == configs_.end()) return Error{fmt::format("'{}': no compare configuration named '{}'", name, config)};
  return it->second->get(fact);
}

// ---- Expressions --------------------------------------------------------------

namespace {

// Recursive descent over + - * / ( ) min max, numbers and fact names.
class Parser {
 public:
  Parser(const std::string& s, StepFacts& facts) : s_(s), facts_(facts) {}
  Result<double> parse() {
    double v = expr();
    skip();
    if (error_.empty() && pos_ != s_.size()) error_ = fmt::format("unexpected '{}'", s_.substr(pos_, 1));
    if (!error_.empty()) return Error{fmt::format("{{{}}}: {}", s_, error_)};
    if (!std::isfinite(v)) return Error{fmt::format("{{{}}}: is not a finite number (a division by zero?)", s_)};
    return v;
  }
  bool used_fact = false;

 private:
  void skip() {
    while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
  }
  bool eat(char c) {
    skip();
    if (pos_ < s_.size() && s_[pos_] == c) return ++pos_, true;
    return false;
  }
  double expr() {
    double v = term();
    while (error_.empty()) {
      if (eat('+')) v += term();
      else if (eat('-')) v -= term();
      else break;
    }
    return v;
  }
  double term() {
    double v = unary();
    while (error_.empty()) {
      if (eat('*')) v *= unary();
      else if (eat('/')) v /= unary();
      else break;
    }
    return v;
  }
  double unary() {
    if (++depth_ > 64) return error_ = "nested too deeply", 0;
    double v = eat('-') ? -unary() : primary();
    --depth_;
    return v;
  }
  double primary() {
    skip();
    if (eat('(')) {
      const double v = expr();
      if (!eat(')')) error_ = error_.empty() ? "missing ')'" : error_;
      return v;
    }
    const std::size_t start = pos_;
    if (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.')) {
      while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.')) ++pos_;
      try {
        return std::stod(s_.substr(start, pos_ - start));
      } catch (...) {
        return error_ = "bad number", 0;
      }
    }
    auto ident_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':'; };
    while (pos_ < s_.size() && ident_char(s_[pos_])) ++pos_;
    const std::string name = s_.substr(start, pos_ - start);
    if (name.empty()) return error_ = pos_ < s_.size() ? fmt::format("unexpected '{}'", s_[pos_]) : "expression ends early", 0;
    if (name == "round") {  // a choice a class reads as "about 6", not "6.18" among round numbers
      if (!eat('(')) return error_ = "round needs (a)", 0;
      const double a = expr();
      if (!eat(')')) return error_ = error_.empty() ? "missing ')'" : error_, 0;
      return std::round(a);
    }
    if (name == "min" || name == "max" || name == "gcd") {
      if (!eat('(')) return error_ = name + " needs (a, b)", 0;
      const double a = expr();
      if (!eat(',')) return error_ = error_.empty() ? name + " needs (a, b)" : error_, 0;
      const double b = expr();
      if (!eat(')')) return error_ = error_.empty() ? "missing ')'" : error_, 0;
      if (name == "gcd") return gcd_of(a, b);
      return name == "min" ? std::min(a, b) : std::max(a, b);
    }
    used_fact = true;
    auto v = facts_.get(name);
    if (!v) return error_ = error_.empty() ? v.error().message : error_, 0;
    return *v;
  }

  // The stride rule's gcd, on whole numbers only (a fraction is an error, not a guess).
  double gcd_of(double a, double b) {
    if (a != std::floor(a) || b != std::floor(b) || std::abs(a) > 1e15 || std::abs(b) > 1e15)
      return error_ = "gcd takes whole numbers", 0;
    long long x = std::llabs(static_cast<long long>(a)), y = std::llabs(static_cast<long long>(b));
    while (y) x = std::exchange(y, x % y);
    return static_cast<double>(x);
  }

  const std::string& s_;
  StepFacts& facts_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  std::string error_;
};

bool same_value(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

}  // namespace

Result<double> evaluate(const std::string& expr, StepFacts& facts, bool* used_fact) {
  Parser p(expr, facts);
  auto r = p.parse();
  if (used_fact) *used_fact = p.used_fact;
  return r;
}

std::string format_number(double v) {
  if (same_value(v, std::round(v))) return fmt::format("{}", static_cast<long long>(std::llround(v)));
  std::string s = fmt::format("{:.2f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

namespace {

// Whether an expression names a fact whose quantity the concealment hides.
bool concealed(const std::string& expr, const Concealment& c) {
  for (const std::string& fact : facts_named(expr)) {
    const auto colon = fact.find(':');
    const std::string config = colon == std::string::npos ? "" : fact.substr(0, colon);
    if (auto q = quantity_of(colon == std::string::npos ? fact : fact.substr(colon + 1)); q && c.hides(*q, config))
      return true;
  }
  return false;
}

}  // namespace

std::string with_unit(const std::string& number, double value, const std::string& unit) {
  if (unit.empty()) return number;
  if (unit == "x") return number + "x";
  if (unit == "%") return number + "%";
  // "1 wavefront", "2 wavefronts"; units are written in the plural.
  if (value == 1 && unit.size() > 1 && unit.back() == 's') return number + " " + unit.substr(0, unit.size() - 1);
  return number + " " + unit;
}

Result<std::string> fill(const std::string& text, StepFacts& facts, const std::map<std::string, std::string>& words,
                         const Concealment* conceal) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t open = text.find('{', i);
    if (open == std::string::npos) {
      out += text.substr(i);
      break;
    }
    out += text.substr(i, open - i);
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) return Error{"a '{' is never closed"};
    const std::string inner = text.substr(open + 1, close - open - 1);
    const auto bar = inner.find('|');
    const std::string expr = inner.substr(0, bar), spec = bar == std::string::npos ? "" : inner.substr(bar + 1);
    if (conceal && concealed(expr, *conceal)) {
      // Evaluated all the same, so a bad placeholder is reported in either state.
      if (!words.count(expr) && !expr.ends_with(".bound")) {
        auto v = evaluate(expr, facts);
        if (!v) return Error{v.error().message};
      }
      out += "?";
    } else if (const auto w = words.find(expr); w != words.end()) {
      out += w->second;
    } else if (expr.size() > 6 && expr.ends_with(".bound")) {
      auto w2 = facts.word(expr);
      if (!w2) return Error{fmt::format("{{{}}}: {}", expr, w2.error().message)};
      out += *w2;
    } else {
      auto v = evaluate(expr, facts);
      if (!v) return Error{v.error().message};
      if (spec.empty()) {
        out += format_number(*v);
      } else if (spec.starts_with("unit:")) {
        // {sectors|unit:sectors}: "1 sector", "3 sectors", never "sector(s)".
        out += with_unit(format_number(*v), *v, spec.substr(5));
      } else {
        // A width or precision is a run of digits; a huge one ({x|>2000000000}) would fill gigabytes.
        for (std::size_t d = spec.find_first_of("0123456789"); d != std::string::npos;
             d = spec.find_first_of("0123456789", d)) {
          const std::size_t end = std::min(spec.find_first_not_of("0123456789", d), spec.size());
          const std::string digits = spec.substr(d, end - d);
          if (digits.size() > 3 || std::stoi(digits) > static_cast<int>(LessonLimits::kFormatWidth))
            return Error{fmt::format("{{{}}}: format '{}' asks for a width or precision of {}, over the {} a "
                                     "placeholder may have",
                                     inner, spec, digits.size() > 12 ? digits.substr(0, 12) + "..." : digits,
                                     LessonLimits::kFormatWidth)};
          d = end;
        }
        try {
          out += fmt::format(fmt::runtime("{:" + spec + "}"), *v);
        } catch (const fmt::format_error& e) {
          return Error{fmt::format("{{{}}}: bad format '{}': {}", inner, spec, e.what())};
        }
      }
    }
    i = close + 1;
  }
  return out;
}

Result<ResolvedQuestion> resolve_question(const Question& q, StepFacts& facts) {
  ResolvedQuestion r;
  auto prompt = fill(q.prompt, facts);
  if (!prompt) return Error{"prompt: " + prompt.error().message};
  r.prompt = *prompt;
  if (q.kind == Question::Kind::Number) {
    bool used = false;
    auto a = evaluate(q.answer, facts, &used);
    if (!a) return Error{"answer: " + a.error().message};
    if (!used) return Error{fmt::format("answer: '{}' names no fact: answers are computed, not typed in", q.answer)};
    r.answer = *a;
    r.answer_text = format_number(*a);
    for (std::size_t i = 0; i < q.choices.size(); ++i) {
      auto c = evaluate(q.choices[i], facts);
      if (!c) return Error{fmt::format("choices[{}]: {}", i, c.error().message)};
      const std::string shown = format_number(*c);
      if (std::find(r.choices.begin(), r.choices.end(), shown) != r.choices.end())
        return Error{fmt::format("choices[{}]: {} is offered twice", i, shown)};
      r.choices.push_back(shown);
      if (same_value(*c, *a)) r.correct = static_cast<int>(i);
    }
    if (!q.choices.empty() && r.correct < 0)
      return Error{fmt::format("choices: none equals the computed answer {}", r.answer_text)};
  } else {
    std::vector<double> values;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
      bool used = false;
      auto v = evaluate(q.options[i].value, facts, &used);
      if (!v) return Error{fmt::format("which[{}].value: {}", i, v.error().message)};
      if (!used) return Error{fmt::format("which[{}].value: '{}' names no fact", i, q.options[i].value)};
      values.push_back(*v);
      r.choices.push_back(q.options[i].label);
    }
    const auto best = q.pick_max ? std::max_element(values.begin(), values.end())
                                 : std::min_element(values.begin(), values.end());
    r.correct = static_cast<int>(best - values.begin());
    for (std::size_t i = 0; i < values.size(); ++i)
      if (static_cast<int>(i) != r.correct && same_value(values[i], *best))
        return Error{fmt::format("which: options {} and {} tie at {}", r.correct, i, format_number(*best))};
    r.answer = *best;
    r.answer_text = q.options[r.correct].label;
    r.option_values = values;
  }
  r.answer_phrase = q.kind == Question::Kind::Number ? with_unit(r.answer_text, r.answer, q.unit) : r.answer_text;
  r.concealed_phrase = q.kind == Question::Kind::Number ? with_unit("?", 2, q.unit) : "?";
  const Concealment hidden = concealment_of(q);
  auto before = fill(q.prompt, facts, {}, &hidden);
  if (!before) return Error{"prompt: " + before.error().message};
  r.prompt_before_reveal = *before;
  auto reveal = fill(q.reveal, facts, {{"answer", r.answer_phrase}});
  if (!reveal) return Error{"reveal: " + reveal.error().message};
  r.reveal = *reveal;
  return r;
}

Result<ResolvedStep> resolve_step(const Step& step) {
  auto facts = StepFacts::build(step);
  if (!facts) return Error{facts.error().message};
  ResolvedStep r{std::move(*facts), {}, {}, {}, {}};
  if (auto e = fill_resolved_step(step, r)) return *e;
  return r;
}

std::optional<Error> fill_resolved_step(const Step& step, ResolvedStep& r) {
  r.text.clear();
  r.question.reset();
  r.conceal = {};
  // A bank map of a global access (or a sector map of a shared one) would show only a notice.
  const PreparedState& p = r.facts.main().state();
  const TracedInstruction& ti = p.trace.instructions[p.instruction];
  const Space space = ti.access.space;
  const bool needs_shared = step.state.view == View::BankMap || step.state.view == View::SharedArray;
  if ((needs_shared && space != Space::Shared) || (step.state.view == View::SectorMap && space != Space::Global))
    return Error{fmt::format("state.view: {} cannot show site '{}', a {} access", to_string(step.state.view),
                             p.trace.sites[ti.site].name, to_string(space))};
  auto text = fill(step.text, r.facts);
  if (!text) return Error{"text: " + text.error().message};
  r.text = *text;
  r.text_before_reveal = r.text;
  if (step.question) {
    r.conceal = concealment_of(*step.question);
    auto before = fill(step.text, r.facts, {}, &r.conceal);
    if (!before) return Error{"text: " + before.error().message};
    r.text_before_reveal = *before;
    auto q = resolve_question(*step.question, r.facts);
    if (!q) return Error{"question." + q.error().message};
    r.question = std::move(*q);
  }
  // The slide's charts (slides/figure_bars.cpp) name facts too: evaluated here so
  // that a broken value fails `lessons --check` and its whole-kernel facts are
  // simulated off the frame with the text's (step_resolution.hpp).
  for (std::size_t c = 0; c < step.bars.size(); ++c)
    for (std::size_t i = 0; i < step.bars[c].items.size(); ++i)
      if (auto v = evaluate(step.bars[c].items[i].value, r.facts); !v)
        return Error{fmt::format("bars[{}].items[{}].value: {}", c, i, v.error().message)};
  return std::nullopt;
}

Result<std::string> describe_kernel(const kernels::KernelDescriptor& k, const kernels::KernelParams& p,
                                    std::string_view arch) {
  Step s;
  s.state.kernel = k.name;
  s.state.descriptor = &k;  // found by name in the catalog, or a variant's own
  s.state.params = p;
  s.state.arch = std::string(arch);
  auto facts = StepFacts::build(s);
  if (!facts) return Error{facts.error().message};
  auto text = fill(std::string(k.description), *facts);
  if (!text) return Error{fmt::format("{} description: {}", k.name, text.error().message)};
  std::erase(*text, '`');
  return text;
}

}  // namespace ws::lessons
