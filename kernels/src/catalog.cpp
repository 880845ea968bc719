// The catalog: the parameter table, the registry the family files fill, and
// what every kernel gets from its descriptor.
//   param_specs()     one row per KernelParams field
//   catalog()         the descriptors, family by family (families.inc, from CMake)
//   check_params()    ranges from the descriptor, then its own rules, then the preset's limits
//   launch_config()   geometry from the descriptor; shared bytes from the body's own declarations
//   trace_warp()      one warp through the host build of the body
#include <cxxabi.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>

#include "catalog_internal.hpp"
#include "host_trace.hpp"

namespace ws::kernels {

// Each family file defines add_<family>_family (WS_FAMILY); CMake lists them.
#define WS_FAMILY_ENTRY(name) void add_##name##_family(std::vector<KernelDescriptor>& out);
#include "families.inc"
#undef WS_FAMILY_ENTRY

namespace {

constexpr ParamSpec kParams[] = {
    {"rows", "rows", "matrix rows (matmul: M)", &KernelParams::rows, true},
    {"cols", "cols", "matrix columns (matmul: N)", &KernelParams::cols, true},
    {"inner", "inner (K)", "matmul K (0: the same as --cols)", &KernelParams::inner, true},
    // Help that names no kernel: a kernel that reads a parameter otherwise says so
    // in its ParamRule::meaning, which param_help() appends.
    {"tile", "tile", "tile edge T", &KernelParams::tile, false},
    {"block_rows", "block rows", "threads per block in y", &KernelParams::block_rows, false},
    {"stride", "stride", "elements between the lanes' reads", &KernelParams::stride, false},
    {"bytes", "bytes", "access width in bytes: 4, 8 or 16", &KernelParams::bytes, false},
    {"swizzle", "swizzle", "1: XOR-swizzled shared tile, 0: plain rows", &KernelParams::swizzle, false},
    {"repeats", "repeats", "shared reads per thread", &KernelParams::repeats, false},
    {"offset", "offset", "elements every read is shifted by", &KernelParams::offset, false},
};

std::vector<KernelDescriptor> build_catalog() {
  std::vector<KernelDescriptor> all;
#define WS_FAMILY_ENTRY(name) add_##name##_family(all);
#include "families.inc"
#undef WS_FAMILY_ENTRY
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (all[i].name == all[j].name) throw std::logic_error(fmt::format("two kernels named {}", all[i].name));
  return all;
}

// Mutable only through register_kernel().
std::vector<KernelDescriptor>& registry() {
  static std::vector<KernelDescriptor> all = build_catalog();
  return all;
}

KernelParams board_params(int rows, int cols, int inner, int tile, int block_rows) {
  KernelParams p;
  p.rows = rows;
  p.cols = cols;
  p.inner = inner;
  p.tile = tile;
  p.block_rows = block_rows;
  return p;
}

// The drawings a class starts from: the 6 x 4 matrix cut into 2 x 2 blocks, and
// a 4 x 4 transpose in the 4-bank toy's warps of 4 lanes.
const BoardPreset kBoards[] = {
    {"Board: 6 x 4 matrix, 2 x 2 blocks", "transpose_shared", board_params(6, 4, 0, 2, 2), ""},
    {"Board: 4 x 4 tile, 4 banks", "transpose_shared", board_params(4, 4, 0, 4, 4), "toy4"},
    {"Board: 6 x 4 matmul, TILE_WIDTH 2", "matmul_tiled", board_params(6, 4, 4, 2, 2), ""},
};

}  // namespace

std::string ParamSpec::flag() const {
  std::string f = "--" + std::string(key);
  std::replace(f.begin(), f.end(), '_', '-');
  return f;
}

std::span<const ParamSpec> param_specs() { return kParams; }

const ParamSpec& param_spec(Param field) {
  for (const ParamSpec& s : kParams)
    if (s.field == field) return s;
  throw std::logic_error("parameter missing from param_specs()");
}

const ParamSpec* find_param(std::string_view key) {
  for (const ParamSpec& s : kParams)
    if (s.key == key) return &s;
  return nullptr;
}

std::string param_name(const ParamSpec& spec, ParamNaming naming) {
  return naming == ParamNaming::Flags ? spec.flag() : std::string(spec.key);
}

bool KernelDescriptor::reads(Param p) const { return rule(p) != nullptr; }

std::optional<std::string> check_reads(const KernelDescriptor& k, const ParamSpec& given, ParamNaming naming) {
  if (k.reads(given.field)) return std::nullopt;
  std::string read;
  for (const ParamRule& r : k.params) read += (read.empty() ? "" : ", ") + param_name(param_spec(r.field), naming);
  return fmt::format("{}: kernel {} does not read it ({})", param_name(given, naming), k.name,
                     read.empty() ? "it reads no parameter" : "it reads " + read);
}

const ParamRule* KernelDescriptor::rule(Param p) const {
  for (const ParamRule& r : params)
    if (r.field == p) return &r;
  return nullptr;
}

std::string demangled(const char* mangled) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> name(abi::__cxa_demangle(mangled, nullptr, nullptr, &status),
                                                  &std::free);
  return status == 0 && name ? std::string(name.get()) : std::string(mangled);
}

void Counters::add(const Counters& o) {
  instructions += o.instructions;
  wavefronts += o.wavefronts;
  ideal_wavefronts += o.ideal_wavefronts;
  bank_conflicts += o.bank_conflicts;
  requests += o.requests;
  sectors += o.sectors;
  ideal_sectors += o.ideal_sectors;
  bytes_requested += o.bytes_requested;
  bytes_moved += o.bytes_moved;
  bytes_used += o.bytes_used;
  lines += o.lines;
  block_lines += o.block_lines;
  block_sectors += o.block_sectors;
  block_segments += o.block_segments;
}

std::span<const KernelDescriptor> catalog() { return registry(); }

const KernelDescriptor* find_kernel(std::string_view name) {
  for (const KernelDescriptor& k : registry())
    if (k.name == name) return &k;
  return nullptr;
}

const KernelDescriptor& default_kernel() {
  for (const KernelDescriptor& k : registry())
    if (k.hints.is_default) return k;
  return registry().front();
}

std::vector<const KernelDescriptor*> layout_variants(const KernelDescriptor& k) {
  std::vector<const KernelDescriptor*> out;
  if (k.hints.layout.empty()) return out;
  for (const KernelDescriptor& c : registry())
    if (c.family == k.family && !c.hints.layout.empty()) out.push_back(&c);
  return out;
}

bool register_kernel(KernelDescriptor k) {
  if (find_kernel(k.name)) return false;
  registry().push_back(std::move(k));
  return true;
}

std::string param_help(const ParamSpec& spec) {
  std::string help(spec.help);
  std::vector<std::pair<std::string_view, std::string>> meanings;  // meaning -> kernels that give it
  for (const KernelDescriptor& k : registry())
    if (const ParamRule* r = k.rule(spec.field); r && !r->meaning.empty()) {
      auto same = std::find_if(meanings.begin(), meanings.end(), [&](const auto& m) { return m.first == r->meaning; });
      if (same == meanings.end()) meanings.emplace_back(r->meaning, std::string(k.name));
      else same->second += ", " + std::string(k.name);
    }
  for (const auto& [meaning, kernels] : meanings) help += fmt::format("; {}: {}", kernels, meaning);
  return help;
}

std::span<const BoardPreset> board_presets() { return kBoards; }

LaunchConfig launch_config(const KernelDescriptor& k, const KernelParams& p) {
  const Geometry g = k.geometry(p);
  LaunchConfig lc;
  lc.grid = g.grid;
  lc.block = g.block;
  // The body declares its own __shared__ arrays: run thread 0 up to its first access.
  AccessRecorder rec(1, ProbeMode::Declarations);
  try {
    run_thread(k, p, lc, Dim3{0, 0, 0}, 0, rec, 0);
  } catch (const ProbeDone&) {
  }
  lc.shared_bytes = rec.shared_bytes();
  lc.dynamic_shared_bytes = rec.dynamic_shared_bytes();
  return lc;
}

std::optional<std::string> check_params(const KernelDescriptor& k, const KernelParams& p, const ArchPreset& arch) {
  for (const ParamRule& r : k.params) {
    const ParamSpec& spec = param_spec(r.field);
    const int v = p.*spec.field;
    const std::string_view what = r.meaning.empty() ? spec.label : r.meaning;
    if (r.power_of_two && (v < r.min || v > r.max || (v & (v - 1)) != 0))
      return fmt::format("{}: {} ({}) is not a power of two from {} to {}", spec.flag(), v, what, r.min, r.max);
    if (v < r.min || v > r.max) return fmt::format("{}: {} ({}) is outside {}..{}", spec.flag(), v, what, r.min, r.max);
  }
  if (k.reads(&KernelParams::rows) && k.reads(&KernelParams::cols) && static_cast<long long>(p.rows) * p.cols > kMaxElements)
    return fmt::format("--rows x --cols: {} x {} is over 2^28 elements", p.rows, p.cols);
  if (k.reads(&KernelParams::inner) &&
      (static_cast<long long>(p.rows) * inner_or_cols(p) > kMaxElements ||
       static_cast<long long>(inner_or_cols(p)) * p.cols > kMaxElements))
    return fmt::format("--inner: {} x {} or {} x {} is over 2^28 elements", p.rows, inner_or_cols(p),
                       inner_or_cols(p), p.cols);
  if (k.check)
    if (auto e = k.check(p, arch)) return e;

  // The block size before anything runs: shapes over 1024 threads have no compiled variant.
  const Geometry g = k.geometry(p);
  const int threads = g.block.count();
  if (threads > arch.max_threads_per_block || threads > 1024)
    return fmt::format("--tile: a block of {} x {} = {} threads is over preset {}'s {} threads per block",
                       g.block.x, g.block.y, threads, arch.name, std::min(arch.max_threads_per_block, 1024));
  const LaunchConfig lc = launch_config(k, p);
  if (lc.shared_bytes > arch.max_shared_per_block)
    return fmt::format("{}: the block needs {} bytes ({:.2f} KB) of shared memory, over preset {}'s {} ({:.2f} KB)",
                       k.reads(&KernelParams::stride) ? "--stride" : "--tile", lc.shared_bytes, lc.shared_bytes / 1024.0,
                       arch.name, arch.max_shared_per_block, arch.max_shared_per_block / 1024.0);
  if (auto broken = block_mapping_problem(k, p, lc)) return broken;
  // A site's width is fixed by the code (S2): the first warp shows every shared-memory
  // width the kernel uses, so a preset without 8- or 16-byte accesses (toy4) refuses it here.
  // Only presets that lack a width pay for the trace (it runs the whole of warp 0).
  if (arch.allows_width(8) && arch.allows_width(16)) return std::nullopt;
  WarpTrace first;
  trace_warp_into(k, p, lc, Dim3{0, 0, 0}, 0, std::min(arch.warp_lanes, kMaxWarpLanes), first);
  for (const SiteInfo& s : first.sites)
    if (s.space == Space::Shared && !arch.allows_width(s.bytes))
      return fmt::format("--arch: {} accesses shared memory {} bytes per lane at '{}', which preset {} does not allow",
                         k.name, s.bytes, s.name, arch.name);
  return std::nullopt;
}

void run_thread(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int thread,
                AccessRecorder& rec, int lane) {
  rec.begin_lane(lane);
  threadIdx = {unsigned(thread % lc.block.x), unsigned((thread / lc.block.x) % lc.block.y),
               unsigned(thread / (lc.block.x * lc.block.y))};
  blockIdx = {unsigned(block.x), unsigned(block.y), unsigned(block.z)};
  blockDim = {unsigned(lc.block.x), unsigned(lc.block.y), unsigned(lc.block.z)};
  gridDim = {unsigned(lc.grid.x), unsigned(lc.grid.y), unsigned(lc.grid.z)};
  AccessRecorder* outer = tracing;
  tracing = &rec;
  try {
    k.code.trace(p);
  } catch (...) {
    tracing = outer;
    throw;
  }
  tracing = outer;
}

void trace_warp_into(const KernelDescriptor& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int warp,
                     int warp_lanes, WarpTrace& out, PathRule paths) {
  AccessRecorder rec(warp_lanes);
  rec.set_merge_paths(paths == PathRule::MergePaths);
  const int threads = lc.block.count();
  int lanes = 0;
  for (int lane = 0; lane < warp_lanes; ++lane) {
    const int t = warp * warp_lanes + lane;
    if (t >= threads) break;
    run_thread(k, p, lc, block, t, rec, lane);
    out.lane_thread[lane] = {t % lc.block.x, (t / lc.block.x) % lc.block.y, t / (lc.block.x * lc.block.y)};
    ++lanes;
  }
  rec.build_warp(out);
  out.grid = lc.grid;
  out.block = lc.block;
  out.block_index = block;
  out.warp = warp;
  out.lanes_in_warp = lanes;
}

WarpTrace trace_warp(const KernelDescriptor& k, const KernelParams& p, Dim3 block, int warp, int warp_lanes) {
  WarpTrace w;
  trace_warp_into(k, p, launch_config(k, p), block, warp, warp_lanes, w);
  return w;
}

WarpTrace trace_warp(const KernelDescriptor& k, const KernelParams& p, Dim3 block, int warp) {
  return trace_warp(k, p, block, warp, kMaxWarpLanes);
}

std::uint64_t useful_bytes(const KernelDescriptor& k, const KernelParams& p) {
  if (k.bytes_requested) return k.bytes_requested(p);
  const LaunchConfig lc = launch_config(k, p);
  AccessRecorder rec(1, ProbeMode::Declarations);
  try {
    run_thread(k, p, lc, Dim3{0, 0, 0}, 0, rec, 0);
  } catch (const ProbeDone&) {
  }
  std::uint64_t bytes = 0;
  for (const ArrayInfo& a : rec.arrays())
    if (a.space == Space::Global) bytes += static_cast<std::uint64_t>(a.rows) * a.cols * a.elem_bytes;
  return bytes;
}

double flops(const KernelDescriptor& k, const KernelParams& p) { return k.flops ? k.flops(p) : 0.0; }

std::string entry_name(const KernelDescriptor& k, const KernelParams& p) { return k.code.entry(p); }

}  // namespace ws::kernels
