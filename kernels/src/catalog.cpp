// The catalog: names, lessons, defaults, parameter checks and launch geometry.
//   kCatalog         the kernels, in KernelId order
//   check_params()   every bad parameter named in the message (exit code 2 in the CLI)
//   launch_config()  grid and block from the parameters; shared bytes from the body itself
//   trace_warp()     one warp through the recording context
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "catalog_internal.hpp"
#include "host_bodies.hpp"
#include "ws/kernels/smem_patterns.hpp"
#include "ws/kernels/transpose.hpp"

namespace ws::kernels {
namespace {

using P = Param;

KernelParams params(int rows, int cols, int tile = 32, int block_rows = 8, int stride = 1, int bytes = 4) {
  KernelParams p;
  p.rows = rows;
  p.cols = cols;
  p.tile = tile;
  p.block_rows = block_rows;
  p.stride = stride;
  p.bytes = bytes;
  return p;
}

const std::vector<KernelInfo>& table() {
  static const std::vector<KernelInfo> kCatalog = {
      {"copy", "Copy (the bandwidth ceiling)",
       "Reads and writes every element once with the same tile loop as the transposes, fully coalesced on both "
       "sides. Its GB/s is the ceiling every transpose is measured against.",
       "kernels/include/ws/kernels/transpose.hpp", params(8192, 8192), {P::Rows, P::Cols, P::Tile, P::BlockRows}},
      {"transpose_naive", "Transpose, naive",
       "Reads rows and writes columns straight to global memory: every store instruction touches 32 sectors "
       "for 128 useful bytes (G2), so the writes waste three quarters of the traffic.",
       "kernels/include/ws/kernels/transpose.hpp", params(8192, 8192), {P::Rows, P::Cols, P::Tile, P::BlockRows}},
      {"transpose_shared", "Transpose through a shared tile [T][T]",
       "Global reads and writes are coalesced through a shared tile, but reading a tile column puts all 32 lanes "
       "in one bank: a 32-way conflict, 32 wavefronts per load (S4).",
       "kernels/include/ws/kernels/transpose.hpp", params(8192, 8192), {P::Rows, P::Cols, P::Tile, P::BlockRows}},
      {"transpose_padded", "Transpose, padded tile [T][T+1]",
       "One extra column shifts each row by one bank: the column read touches 32 different banks, one "
       "wavefront. Costs T words of shared memory per tile.",
       "kernels/include/ws/kernels/transpose.hpp", params(8192, 8192), {P::Rows, P::Cols, P::Tile, P::BlockRows}},
      {"transpose_rotated", "Transpose, rotated tile[r][(c + r) % T]",
       "The padding's bank pattern without the padding: element (r, c) is stored at column (c + r) % T, so a "
       "column read is conflict-free and the tile stays T x T.",
       "kernels/include/ws/kernels/transpose.hpp", params(8192, 8192), {P::Rows, P::Cols, P::Tile, P::BlockRows}},
      {"transpose_xor", "Transpose, XOR-swizzled tile[r][c ^ r]",
       "XOR of the column with the row permutes each row differently: rows and columns are both conflict-free, "
       "the idea behind CuTe's and TMA's swizzles.",
       "kernels/include/ws/kernels/transpose.hpp", params(8192, 8192), {P::Rows, P::Cols, P::Tile, P::BlockRows}},
      {"transpose_nonsquare_int", "Transpose of a non-square int matrix",
       "A 1111 x 113 int matrix: the last blocks hang over the edges, their out-of-range threads are inactive "
       "lanes (S6) and fewer sectors are requested.",
       "kernels/include/ws/kernels/transpose.hpp", params(1111, 113), {P::Rows, P::Cols, P::Tile, P::BlockRows}},
      {"transpose_fast", "Transpose, 16-byte vectors, 4x4 elements per thread",
       "Each thread loads four 16-byte rows and transposes the 4x4 block in registers; with --swizzle 1 (default) "
       "the blocks are regrouped through an XOR-swizzled shared tile so stores are 256-byte rows too, with "
       "--swizzle 0 lane pairs store whole sectors directly. 16-byte accesses keep fast memory busy.",
       "kernels/include/ws/kernels/transpose.hpp", params(8192, 8192, 64, 16), {P::Rows, P::Cols, P::Tile, P::BlockRows, P::Swizzle}},
      {"matmul_naive", "Matrix multiply, naive (PMPP 4.5)",
       "Every thread reads a full row of A and column of B from global memory: the same sectors are requested "
       "again and again by different warps.",
       "kernels/include/ws/kernels/matmul.hpp", params(2048, 2048, 16), {P::Rows, P::Cols, P::Inner, P::Tile}, true},
      {"matmul_tiled", "Matrix multiply, tiled Mds/Nds (PMPP 4.5)",
       "Each phase loads a tile of A and of B into shared memory once for TILE_WIDTH threads; Mds[ty][k] is a "
       "broadcast and Nds[k][tx] a conflict-free row read.",
       "kernels/include/ws/kernels/matmul.hpp", params(2048, 2048, 16), {P::Rows, P::Cols, P::Inner, P::Tile}, true},
      {"smem_stride", "Shared memory at a stride",
       "Lane i uses element i x stride (elements of --bytes bytes): strides sharing a factor with 32 banks "
       "conflict, odd strides do not; 8- and 16-byte accesses are served by half and quarter warps (S3).",
       "kernels/include/ws/kernels/smem_patterns.hpp", params(kPatternBlocks, 32, 32, 8, 32, 4), {P::Stride, P::Bytes}},
      {"smem_broadcast", "Shared memory broadcast",
       "All lanes read k distinct words: lanes reading the same word share it (broadcast), different words in "
       "different banks are served together, one wavefront for any k.",
       "kernels/include/ws/kernels/smem_patterns.hpp", params(kPatternBlocks, 32, 32, 8, 1, 4), {P::Stride}},
      {"ldmatrix_swizzle", "ldmatrix on a 128B-swizzled tile",
       "Rows of 16-byte chunks read by ldmatrix.x4: unswizzled, the 8 rows of a matrix sit 128 bytes apart in "
       "the same four banks (32 wavefronts); with TMA's 128B XOR swizzle they spread over all banks (4).",
       "kernels/include/ws/kernels/smem_patterns.hpp", params(65536, 64), {P::Rows, P::Swizzle}},
  };
  return kCatalog;
}

bool is_transpose_family(KernelId id) { return id <= KernelId::TransposeNonsquareInt; }
bool power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }
int ceil_div(int a, int b) { return (a + b - 1) / b; }

}  // namespace

void Counters::add(const Counters& o) {
  instructions += o.instructions;
  wavefronts += o.wavefronts;
  ideal_wavefronts += o.ideal_wavefronts;
  bank_conflicts += o.bank_conflicts;
  requests += o.requests;
  sectors += o.sectors;
  bytes_requested += o.bytes_requested;
  bytes_moved += o.bytes_moved;
}

std::span<const KernelInfo> catalog() { return table(); }

const KernelInfo* find_kernel(std::string_view name) {
  for (const KernelInfo& k : table())
    if (k.name == name) return &k;
  return nullptr;
}

KernelId kernel_id(const KernelInfo& k) {
  const auto& t = table();
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i].name == k.name) return static_cast<KernelId>(i);
  throw std::invalid_argument(fmt::format("'{}' is not a catalog kernel", k.name));
}

Shape shape_of(const KernelInfo& k, const KernelParams& p) {
  Shape s;
  s.rows = p.rows;
  s.cols = p.cols;
  s.inner = p.inner > 0 ? p.inner : p.cols;
  s.tile = p.tile;
  s.block_rows = p.block_rows;
  s.stride = p.stride;
  s.bytes = p.bytes;
  s.swizzle = p.swizzle;
  const KernelId id = kernel_id(k);
  if (id == KernelId::SmemStride || id == KernelId::SmemBroadcast) {
    s.rows = kPatternBlocks;
    s.cols = 32;
  }
  if (id == KernelId::LdmatrixSwizzle) s.cols = 64;
  return s;
}

LaunchConfig launch_config(const KernelInfo& k, const KernelParams& p) {
  const Shape s = shape_of(k, p);
  LaunchConfig lc;
  const KernelId id = kernel_id(k);
  if (is_transpose_family(id)) {
    lc.block = {s.tile, s.block_rows, 1};
    lc.grid = {ceil_div(s.cols, s.tile), ceil_div(s.rows, s.tile), 1};
  } else if (id == KernelId::TransposeFast) {
    lc.block = {kFastTileCols / 4, s.block_rows, 1};
    lc.grid = {ceil_div(s.cols, kFastTileCols), ceil_div(s.rows, s.tile), 1};
  } else if (id == KernelId::MatmulNaive || id == KernelId::MatmulTiled) {
    lc.block = {s.tile, s.tile, 1};
    lc.grid = {ceil_div(s.cols, s.tile), ceil_div(s.rows, s.tile), 1};
  } else if (id == KernelId::LdmatrixSwizzle) {
    lc.block = {128, 1, 1};
    lc.grid = {ceil_div(s.rows, 32), 1, 1};
  } else {
    lc.block = {32, 1, 1};
    lc.grid = {kPatternBlocks, 1, 1};
  }
  // The body declares its own __shared__ arrays: run thread 0 up to its first access.
  AccessRecorder rec(1, ProbeMode::Declarations);
  try {
    run_thread(k, p, lc, Dim3{0, 0, 0}, 0, rec, 0);
  } catch (const ProbeDone&) {
  }
  lc.shared_bytes = rec.shared_bytes();
  return lc;
}

std::optional<std::string> check_params(const KernelInfo& k, const KernelParams& p, const ArchPreset& arch) {
  const KernelId id = kernel_id(k);
  auto reads = [&](Param q) { return std::find(k.params.begin(), k.params.end(), q) != k.params.end(); };
  if (reads(P::Rows) && (p.rows < 1 || p.rows > 65536))
    return fmt::format("--rows: {} is outside 1..65536", p.rows);
  if (reads(P::Cols) && (p.cols < 1 || p.cols > 65536))
    return fmt::format("--cols: {} is outside 1..65536", p.cols);
  if (reads(P::Inner) && (p.inner < 0 || p.inner > 65536))
    return fmt::format("--inner: {} is outside 1..65536 (0 means the same as --cols)", p.inner);
  if (reads(P::Rows) && reads(P::Cols) && static_cast<long long>(p.rows) * p.cols > kMaxElements)
    return fmt::format("--rows x --cols: {} x {} is over 2^28 elements", p.rows, p.cols);

  if (is_transpose_family(id)) {
    if (!power_of_two(p.tile) || p.tile < 2 || p.tile > 64)
      return fmt::format("--tile: {} is not a power of two from 2 to 64", p.tile);
    if (p.block_rows < 1 || p.block_rows > p.tile || p.tile % p.block_rows != 0)
      return fmt::format("--block-rows: {} must divide the tile {}", p.block_rows, p.tile);
  } else if (id == KernelId::TransposeFast) {
    if (!power_of_two(p.tile) || p.tile < 8 || p.tile > 512)
      return fmt::format("--tile: transpose_fast's rows per block {} is not a power of two from 8 to 512", p.tile);
    if (p.block_rows < 2 || p.block_rows % 2 != 0 || p.tile % (4 * p.block_rows) != 0)
      return fmt::format("--block-rows: {} must be even and divide tile / 4 = {} (a warp is two rows of 16 threads)",
                         p.block_rows, p.tile / 4);
    if (p.swizzle != 0 && p.swizzle != 1) return fmt::format("--swizzle: {} is not 0 or 1", p.swizzle);
    if (p.swizzle && p.tile < 32)
      return fmt::format("--tile: the staged transpose_fast needs 32 or more rows per block, not {}", p.tile);
    if (p.rows % 4 != 0) return fmt::format("--rows: transpose_fast needs a multiple of 4 (16-byte rows), not {}", p.rows);
    if (p.cols % 4 != 0) return fmt::format("--cols: transpose_fast needs a multiple of 4 (16-byte rows), not {}", p.cols);
  } else if (id == KernelId::MatmulNaive || id == KernelId::MatmulTiled) {
    if (!power_of_two(p.tile) || p.tile < 2 || p.tile > 32)
      return fmt::format("--tile: TILE_WIDTH {} is not a power of two from 2 to 32", p.tile);
  } else if (id == KernelId::SmemStride) {
    if (p.bytes != 4 && p.bytes != 8 && p.bytes != 16)
      return fmt::format("--bytes: smem_stride takes 4, 8 or 16, not {}", p.bytes);
    if (!arch.allows_width(p.bytes))
      return fmt::format("--bytes: {}-byte shared accesses are not allowed on preset {}", p.bytes, arch.name);
    if (p.stride < 1 || p.stride > 64) return fmt::format("--stride: {} is outside 1..64", p.stride);
  } else if (id == KernelId::SmemBroadcast) {
    if (p.stride < 1 || p.stride > 32)
      return fmt::format("--stride: {} distinct words is outside 1..32", p.stride);
  } else if (id == KernelId::LdmatrixSwizzle) {
    if (p.rows % 32 != 0) return fmt::format("--rows: ldmatrix_swizzle needs a multiple of 32, not {}", p.rows);
    if (p.swizzle != 0 && p.swizzle != 1) return fmt::format("--swizzle: {} is not 0 or 1", p.swizzle);
    if (!arch.has_ldmatrix) return fmt::format("--arch: preset {} has no ldmatrix (sm_75 or newer)", arch.name);
  }

  const LaunchConfig lc = launch_config(k, p);
  const int threads = lc.block.count();
  const std::string_view size_param = id == KernelId::SmemStride ? "--stride" : "--tile";
  if (threads > arch.max_threads_per_block)
    return fmt::format("{}: a block of {} x {} = {} threads is over preset {}'s {} threads per block",
                       id == KernelId::TransposeFast || id >= KernelId::MatmulNaive ? "--tile" : "--tile/--block-rows",
                       lc.block.x, lc.block.y, threads, arch.name, arch.max_threads_per_block);
  if (lc.shared_bytes > arch.max_shared_per_block)
    return fmt::format("{}: the block needs {} bytes ({:.2f} KB) of shared memory, over preset {}'s {} ({:.2f} KB)",
                       size_param, lc.shared_bytes, lc.shared_bytes / 1024.0, arch.name,
                       arch.max_shared_per_block, arch.max_shared_per_block / 1024.0);
  return std::nullopt;
}

void run_thread(const KernelInfo& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int thread,
                AccessRecorder& rec, int lane) {
  const Idx3 tid{thread % lc.block.x, (thread / lc.block.x) % lc.block.y, thread / (lc.block.x * lc.block.y)};
  rec.begin_lane(lane);
  RecordingCtx ctx(rec, tid, Idx3{block.x, block.y, block.z}, Idx3{lc.block.x, lc.block.y, lc.block.z},
                   Idx3{lc.grid.x, lc.grid.y, lc.grid.z});
  run_host_body(kernel_id(k), ctx, shape_of(k, p));
}

void trace_warp_into(const KernelInfo& k, const KernelParams& p, const LaunchConfig& lc, Dim3 block, int warp,
                     int warp_lanes, WarpTrace& out) {
  AccessRecorder rec(warp_lanes);
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

WarpTrace trace_warp(const KernelInfo& k, const KernelParams& p, Dim3 block, int warp, int warp_lanes) {
  WarpTrace w;
  trace_warp_into(k, p, launch_config(k, p), block, warp, warp_lanes, w);
  return w;
}

WarpTrace trace_warp(const KernelInfo& k, const KernelParams& p, Dim3 block, int warp) {
  return trace_warp(k, p, block, warp, kMaxWarpLanes);
}

std::uint64_t useful_bytes(const KernelInfo& k, const KernelParams& p) {
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

double flops(const KernelInfo& k, const KernelParams& p) {
  if (!k.is_matmul) return 0.0;
  const Shape s = shape_of(k, p);
  return 2.0 * s.rows * s.cols * s.inner;
}

std::string entry_name(const KernelInfo& k, const KernelParams& p) {
  if (kernel_id(k) == KernelId::SmemStride) return fmt::format("ws_smem_stride_{}", p.bytes);
  if (kernel_id(k) == KernelId::TransposeFast && p.swizzle) return "ws_transpose_fast_staged";
  if (is_transpose_family(kernel_id(k)) && is_fixed_tile(p.tile, p.block_rows))
    return fmt::format("ws_{}_{}x{}", k.name, p.tile, p.block_rows);  // kernels.cu: WS_FIXED_TILES
  return fmt::format("ws_{}", k.name);
}

}  // namespace ws::kernels
