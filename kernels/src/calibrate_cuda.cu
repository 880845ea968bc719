// `bench --calibrate`: the device parameters of the prediction model, measured
// with microbenchmarks that are not catalog kernels (so the model is never
// fitted to the timings it predicts). Each is timed with CUDA events after a
// warm-up, median of several launches; rates per clock use the SM clock that
// the same kernel measured while it ran (clock64 against %globaltimer).
//   launch_overhead_us         1000 empty launches back to back
//   dram_gbps                  1 GiB copied by three plain float4 copies (grid-stride, one
//                              vector per thread, four in flight per thread): the fastest
//   l2_gbps                    float4 reads (ld.global.cg) of a quarter of the L2, many passes
//   l1_sectors / l1_requests   loads of an 8 KiB window per block, L1-resident:
//                              32 lanes x 4 bytes (4 sectors) or one word (1 sector) per request
//   shared_wavefronts          conflict-free LDS.32, eight independent loads in flight
//   fma                        eight independent FMA chains per thread
//   launch_latency_us          events around one empty launch, as bench times a kernel
//   scattered_store_lines      one word per lane, each in its own 128-byte line, L2-resident
//   block_lifetimes            one-shot blocks (read, maybe stage behind a barrier, write,
//                              exit) at 64-1024 threads x 1-8 words, DRAM-streaming and L2-resident
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "cuda_error.hpp"
#include "ws/kernels/bench.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/median.hpp"

namespace ws::kernels {
namespace calib {

// Thread 0 of block 0 notes clock64 and %globaltimer at its start and end: the
// SM clock while the kernel runs (one SM, but all run the same clock).
struct ClockSample {
  long long cycles, nanoseconds;
};

__device__ inline long long global_ns() {
  long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ inline void clock_begin(long long& c0, long long& t0) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    t0 = global_ns();
    c0 = clock64();
  }
}
__device__ inline void clock_end(ClockSample* s, long long c0, long long t0) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    const long long c1 = clock64(), t1 = global_ns();
    s->cycles = c1 - c0;
    s->nanoseconds = t1 - t0;
  }
}

__global__ void empty() {}

__global__ void copy4(const float4* __restrict__ in, float4* __restrict__ out, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

// Each thread copies K float4s a grid's width apart, all K loads before the
// first store (K = 1: one vector per thread). The grid covers n exactly.
template <int K>
__global__ void copy4_batched(const float4* __restrict__ in, float4* __restrict__ out) {
  const std::size_t width = std::size_t(gridDim.x) * blockDim.x;
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  float4 v[K];
#pragma unroll
  for (int k = 0; k < K; ++k) v[k] = in[i + k * width];
#pragma unroll
  for (int k = 0; k < K; ++k) out[i + k * width] = v[k];
}

// Every thread reads its float4s of the buffer `passes` times from L2 (.cg skips L1).
__global__ void l2_read(const float4* __restrict__ in, std::size_t n, int passes, float* sink) {
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  float acc = 0;
  for (int p = 0; p < passes; ++p) {
#pragma unroll 4
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += stride) {
      const float4 v = __ldcg(&in[i]);
      acc += v.x + v.y + v.z + v.w;
    }
  }
  if (acc == 1.2345f) sink[0] = acc;  // keeps the loads; never true for the data given
}

// Memory-level parallelism: each warp reads K 128-byte rows (one per load, all
// in flight together), then the next round's rows depend on what it read (the
// buffer holds zeros, which the compiler cannot know), so a warp keeps exactly
// K requests in flight. Rows are spread over the whole buffer (no L2 reuse);
// .cg skips L1. GB/s against bytes in flight per SM gives the latency curve.
template <int K>
__global__ void dram_rounds(const float* __restrict__ in, std::size_t rows, int rounds, float* sink) {
  const std::size_t warps = std::size_t(gridDim.x) * blockDim.x / 32;
  const std::size_t warp = (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  std::size_t row = warp;
  int dependency = 0;
  float acc = 0;
  for (int r = 0; r < rounds; ++r) {
    float v[K];
#pragma unroll
    for (int k = 0; k < K; ++k) v[k] = __ldcg(&in[((row + k * warps) % rows) * 32 + lane + dependency]);
#pragma unroll
    for (int k = 0; k < K; ++k) acc += v[k];
    dependency = static_cast<int>(acc);  // 0 at run time; the next addresses wait for this round's data
    row += K * warps;
  }
  if (acc == 1.2345f) sink[0] = acc;
}

// Eight loads in flight per warp, at immediate offsets from a row that moves
// every iteration, so that address arithmetic stays far below the load rate.
// Block b reads its own 8 KiB window through L1 (.ca); BROADCAST: all lanes one word.
template <bool BROADCAST>
__global__ void l1_read(const float* __restrict__ in, int iterations, float* sink, ClockSample* clk) {
  long long c0 = 0, t0 = 0;
  clock_begin(c0, t0);
  const float* window = in + (blockIdx.x % 32) * 2048 + (BROADCAST ? 0 : threadIdx.x % 32);
  const int warp = threadIdx.x / 32;
  float acc[8] = {};
  for (int it = 0; it < iterations; ++it) {
    const float* row = window + ((it + warp) & 7) * 256;
#pragma unroll
    for (int u = 0; u < 8; ++u) acc[u] += __ldca(&row[u * 32]);
  }
  float s = 0;
#pragma unroll
  for (int u = 0; u < 8; ++u) s += acc[u];
  if (s == 1.2345f) sink[0] = s;
  clock_end(clk, c0, t0);
}

// Lane l reads word l of a 32-word row: 32 banks, one wavefront per instruction.
__global__ void shared_read(int iterations, float* sink, ClockSample* clk) {
  __shared__ float buf[2048];
  long long c0 = 0, t0 = 0;
  clock_begin(c0, t0);
  for (int i = threadIdx.x; i < 2048; i += blockDim.x) buf[i] = float(i) * 0.5f + 1.0f;
  __syncthreads();
  const int warp = threadIdx.x / 32;
  float acc[8] = {};
  for (int it = 0; it < iterations; ++it) {
    const float* row = buf + threadIdx.x % 32 + ((it + warp) & 7) * 256;
#pragma unroll
    for (int u = 0; u < 8; ++u) acc[u] += row[u * 32];
    __syncwarp();  // the next iteration's reads are issued again, not reused
  }
  float s = 0;
#pragma unroll
  for (int u = 0; u < 8; ++u) s += acc[u];
  if (s == 1.2345f) sink[0] = s;
  clock_end(clk, c0, t0);
}

__global__ void fma_chains(int iterations, float seed, float* sink, ClockSample* clk) {
  long long c0 = 0, t0 = 0;
  clock_begin(c0, t0);
  float a[8];
#pragma unroll
  for (int u = 0; u < 8; ++u) a[u] = seed + threadIdx.x + u;
  const float m = 0.999f, c = 0.001f;
  for (int it = 0; it < iterations; ++it) {
#pragma unroll
    for (int u = 0; u < 8; ++u) a[u] = fmaf(a[u], m, c);
  }
  float s = 0;
#pragma unroll
  for (int u = 0; u < 8; ++u) s += a[u];
  if (s == 1.2345f) sink[0] = s;
  clock_end(clk, c0, t0);
}

// A warp's lane l writes word 0 of line (group * 32 + l): 32 lines, one sector
// each, per request. Groups cycle over the buffer, which stays in L2.
__global__ void scattered_store(float* out, std::size_t groups, int iterations) {
  const std::size_t warps = std::size_t(gridDim.x) * blockDim.x / 32;
  std::size_t group = (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
#pragma unroll 4
  for (int it = 0; it < iterations; ++it) {
    out[((group % groups) * 32 + lane) * 32] = float(it);
    group += warps;
  }
}

// One-shot block: reads W words per thread (a warp's load is 128 coalesced
// bytes; all W loads in flight together), stages them in shared memory behind
// a barrier when BARRIER (read back reversed, so data crosses threads), writes
// them and exits. Block b works on chunk b % chunks: a grid larger than the
// buffer re-reads it, which keeps a small buffer resident in L2.
template <int W, bool BARRIER>
__global__ void one_shot(const float* __restrict__ in, float* __restrict__ out, unsigned chunks) {
  extern __shared__ float staged[];
  const std::size_t base = std::size_t(blockIdx.x % chunks) * blockDim.x * W;
  float v[W];
#pragma unroll
  for (int w = 0; w < W; ++w) v[w] = in[base + threadIdx.x + w * blockDim.x];
  if constexpr (BARRIER) {
#pragma unroll
    for (int w = 0; w < W; ++w) staged[threadIdx.x + w * blockDim.x] = v[w];
    __syncthreads();
    const int last = blockDim.x * W - 1;
#pragma unroll
    for (int w = 0; w < W; ++w) v[w] = staged[last - (threadIdx.x + w * blockDim.x)];
  }
#pragma unroll
  for (int w = 0; w < W; ++w) out[base + threadIdx.x + w * blockDim.x] = v[w];
}

}  // namespace calib

namespace {

struct Buffers {
  std::vector<void*> ptrs;
  ~Buffers() {
    for (void* p : ptrs) cudaFree(p);
  }
  template <class T>
  cudaError_t alloc(T*& p, std::size_t bytes) {
    void* v = nullptr;
    const cudaError_t e = cudaMalloc(&v, bytes);
    if (e == cudaSuccess) ptrs.push_back(v);
    p = static_cast<T*>(v);
    return e;
  }
};

struct EventPair {
  cudaEvent_t a = nullptr, b = nullptr;
  ~EventPair() {
    if (a) cudaEventDestroy(a);
    if (b) cudaEventDestroy(b);
  }
};

// Median milliseconds of `runs` timed launches after one warm-up.
template <class Launch>
std::variant<double, GpuError> time_ms(Launch launch, int runs = 7) {
  EventPair ev;
  if (auto e = cudaEventCreate(&ev.a); e != cudaSuccess) return cuda_error(e, "cudaEventCreate");
  if (auto e = cudaEventCreate(&ev.b); e != cudaSuccess) return cuda_error(e, "cudaEventCreate");
  launch();
  if (auto e = cudaDeviceSynchronize(); e != cudaSuccess) return cuda_error(e, "warm-up launch");
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) {
    cudaEventRecord(ev.a);
    launch();
    cudaEventRecord(ev.b);
    if (auto e = cudaEventSynchronize(ev.b); e != cudaSuccess) return cuda_error(e, "timed launch");
    float t = 0;
    cudaEventElapsedTime(&t, ev.a, ev.b);
    ms.push_back(t);
  }
  if (auto e = cudaGetLastError(); e != cudaSuccess) return cuda_error(e, "microbenchmark launch");
  return median(ms);
}

// The clock the last launch measured, in MHz.
std::variant<double, GpuError> clock_mhz(const calib::ClockSample* device_sample) {
  calib::ClockSample s{};
  if (auto e = cudaMemcpy(&s, device_sample, sizeof s, cudaMemcpyDeviceToHost); e != cudaSuccess)
    return cuda_error(e, "cudaMemcpy(clock sample)");
  if (s.nanoseconds <= 0) return cuda_error(cudaErrorUnknown, "%globaltimer did not advance");
  return 1e3 * static_cast<double>(s.cycles) / static_cast<double>(s.nanoseconds);
}

// Block lifetimes (Calibration::BlockLifetime): 64-1024 threads x 1, 2, 4, 8
// words, with and without a barrier, streaming 2 x 256 MiB once or re-reading
// buffers an eighth of the L2 each for 64 waves. Needs c.launch_latency_us.
template <int W, bool BARRIER>
std::optional<GpuError> one_shot_row(Calibration& c, const float* in, float* out, std::size_t words, bool resident) {
  const int sms = c.sm_count;
  for (const int threads : {64, 128, 256, 512, 1024}) {
    const std::size_t shared = BARRIER ? std::size_t(threads) * W * sizeof(float) : 0;
    int per_sm = 0;
    if (auto e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, calib::one_shot<W, BARRIER>, threads, shared);
        e != cudaSuccess)
      return cuda_error(e, "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    if (shared > 48 * 1024 || per_sm < 1) continue;
    const auto chunks = static_cast<unsigned>(words / (std::size_t(threads) * W));
    const std::size_t blocks = resident ? std::size_t(sms) * per_sm * 64 : chunks;
    const auto t = time_ms([&] {
      calib::one_shot<W, BARRIER><<<static_cast<unsigned>(blocks), threads, shared>>>(in, out, chunks);
    });
    if (auto* e = std::get_if<GpuError>(&t)) return *e;
    const double waves = double(blocks) / (double(sms) * per_sm);
    const double ns = std::max(std::get<double>(t) * 1e6 - 1e3 * c.launch_latency_us, 1.0) / waves;
    c.block_lifetimes.push_back({threads, W, BARRIER, resident, ns});
  }
  return std::nullopt;
}

std::optional<GpuError> measure_block_lifetimes(Calibration& c, Buffers& buf) {
  const std::size_t streaming = std::size_t(1) << 26;  // words: 256 MiB a buffer
  const std::size_t resident = std::max<std::size_t>(std::size_t(c.l2_bytes) / 8 / 4 / 8192 * 8192, 8192);
  float *in = nullptr, *out = nullptr;
  if (auto e = buf.alloc(in, streaming * sizeof(float)); e != cudaSuccess) return cuda_error(e, "cudaMalloc(256 MiB)");
  if (auto e = buf.alloc(out, streaming * sizeof(float)); e != cudaSuccess) return cuda_error(e, "cudaMalloc(256 MiB)");
  cudaMemset(in, 0x3c, streaming * sizeof(float));
  for (const bool res : {false, true}) {
    const std::size_t words = res ? resident : streaming;
    using Row = std::optional<GpuError> (*)(Calibration&, const float*, float*, std::size_t, bool);
    for (const Row row : {one_shot_row<1, false>, one_shot_row<2, false>, one_shot_row<4, false>,
                          one_shot_row<8, false>, one_shot_row<1, true>, one_shot_row<2, true>,
                          one_shot_row<4, true>, one_shot_row<8, true>})
      if (auto e = row(c, in, out, words, res)) return e;
  }
  cudaFree(in);
  cudaFree(out);
  buf.ptrs.resize(buf.ptrs.size() - 2);
  return std::nullopt;
}

}  // namespace

std::variant<Calibration, GpuError> calibrate(const BenchProgress& progress) {
  auto step = [&](double f, const char* what) {
    if (progress) progress(f, what);
  };
  int device = 0;
  cudaDeviceProp prop{};
  if (auto e = cudaGetDevice(&device); e != cudaSuccess) return cuda_error(e, "cudaGetDevice");
  if (auto e = cudaGetDeviceProperties(&prop, device); e != cudaSuccess) return cuda_error(e, "cudaGetDeviceProperties");
  Calibration c;
  c.sm_count = prop.multiProcessorCount;
  c.l2_bytes = prop.l2CacheSize;
  c.shared_bytes_per_sm = static_cast<double>(prop.sharedMemPerMultiprocessor);
  c.max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
  const int sms = c.sm_count;

  Buffers buf;
  float* sink = nullptr;
  calib::ClockSample* clk = nullptr;
  if (auto e = buf.alloc(sink, 64); e != cudaSuccess) return cuda_error(e, "cudaMalloc(sink)");
  if (auto e = buf.alloc(clk, sizeof(calib::ClockSample)); e != cudaSuccess) return cuda_error(e, "cudaMalloc(clock)");
  std::vector<double> clocks;
  auto note_clock = [&]() -> std::optional<GpuError> {
    const auto mhz = clock_mhz(clk);
    if (auto* e = std::get_if<GpuError>(&mhz)) return *e;
    clocks.push_back(std::get<double>(mhz));
    return std::nullopt;
  };

  step(0.0, "launch overhead");
  constexpr int kLaunches = 1000;
  auto t = time_ms([&] {
    for (int i = 0; i < kLaunches; ++i) calib::empty<<<1, 32>>>();
  }, 5);
  if (auto* e = std::get_if<GpuError>(&t)) return *e;
  c.launch_overhead_us = 1e3 * std::get<double>(t) / kLaunches;

  {
    // The launch as bench sees it: events around one launch, then a synchronise.
    EventPair ev;
    if (auto e = cudaEventCreate(&ev.a); e != cudaSuccess) return cuda_error(e, "cudaEventCreate");
    if (auto e = cudaEventCreate(&ev.b); e != cudaSuccess) return cuda_error(e, "cudaEventCreate");
    std::vector<double> ms;
    for (int i = 0; i < 101; ++i) {
      cudaEventRecord(ev.a);
      calib::empty<<<1, 32>>>();
      cudaEventRecord(ev.b);
      if (auto e = cudaEventSynchronize(ev.b); e != cudaSuccess) return cuda_error(e, "empty launch");
      float m = 0;
      cudaEventElapsedTime(&m, ev.a, ev.b);
      ms.push_back(m);
    }
    c.launch_latency_us = 1e3 * median(ms);
  }

  step(0.1, "one-shot blocks");
  if (auto e = measure_block_lifetimes(c, buf); e) return *e;

  step(0.15, "DRAM copy bandwidth");
  {
    const std::size_t bytes = std::size_t(1) << 30, n = bytes / sizeof(float4);
    float4 *a = nullptr, *b = nullptr;
    if (auto e = buf.alloc(a, bytes); e != cudaSuccess) return cuda_error(e, "cudaMalloc(1 GiB)");
    if (auto e = buf.alloc(b, bytes); e != cudaSuccess) return cuda_error(e, "cudaMalloc(1 GiB)");
    cudaMemset(a, 0x3c, bytes);
    // The peak a plain copy reaches: the fastest of three forms, since one form
    // alone can fall a few percent short (the grid-stride loop alone measured
    // 3-5% below what ncu counted for the catalog's copy on an H100).
    const int threads = 256;
    const unsigned once_blocks = unsigned(n / threads), batched_blocks = unsigned(n / (threads * 4));
    const std::function<void()> forms[] = {
        [&] { calib::copy4<<<sms * 8, 512>>>(a, b, n); },
        [&] { calib::copy4_batched<1><<<once_blocks, threads>>>(a, b); },
        [&] { calib::copy4_batched<4><<<batched_blocks, threads>>>(a, b); },
    };
    for (const auto& form : forms) {
      t = time_ms(form);
      if (auto* e = std::get_if<GpuError>(&t)) return *e;
      c.dram_gbps = std::max(c.dram_gbps, 2.0 * bytes / (std::get<double>(t) * 1e-3) / 1e9);
    }
    cudaFree(a);
    cudaFree(b);
    buf.ptrs.resize(buf.ptrs.size() - 2);
  }

  step(0.25, "DRAM reads against bytes in flight");
  {
    // 1 GiB of zeros; each configuration reads 512 MiB of it once.
    const std::size_t bytes = std::size_t(1) << 30, rows = bytes / 128;
    float* a = nullptr;
    if (auto e = buf.alloc(a, bytes); e != cudaSuccess) return cuda_error(e, "cudaMalloc(1 GiB)");
    cudaMemset(a, 0, bytes);
    struct Config {
      int warps_per_sm, k;
    };
    // 1, 2, 4, 8, 16, 32, 64 KiB in flight per SM (128 bytes a request).
    for (const Config cfg : {Config{8, 1}, Config{16, 1}, Config{32, 1}, Config{64, 1}, Config{64, 2}, Config{64, 4},
                             Config{64, 8}}) {
      const int threads = 256, blocks = sms * cfg.warps_per_sm / 8;
      const int rounds = static_cast<int>(rows / 2 / (std::size_t(blocks) * 8 * cfg.k));
      auto launch = [&] {
        switch (cfg.k) {
          case 1: calib::dram_rounds<1><<<blocks, threads>>>(a, rows, rounds, sink); break;
          case 2: calib::dram_rounds<2><<<blocks, threads>>>(a, rows, rounds, sink); break;
          case 4: calib::dram_rounds<4><<<blocks, threads>>>(a, rows, rounds, sink); break;
          default: calib::dram_rounds<8><<<blocks, threads>>>(a, rows, rounds, sink); break;
        }
      };
      t = time_ms(launch, 5);
      if (auto* e = std::get_if<GpuError>(&t)) return *e;
      const double read = double(blocks) * 8 * cfg.k * rounds * 128;
      c.dram_read_gbps_by_bytes_in_flight.emplace_back(double(cfg.warps_per_sm) * cfg.k * 128,
                                                       read / (std::get<double>(t) * 1e-3) / 1e9);
    }
    cudaFree(a);
    buf.ptrs.resize(buf.ptrs.size() - 1);
  }

  step(0.35, "L2 read bandwidth");
  {
    const std::size_t bytes = std::max<std::size_t>(std::size_t(c.l2_bytes) / 4 / 4096 * 4096, 1 << 20);
    const std::size_t n = bytes / sizeof(float4);
    float4* a = nullptr;
    if (auto e = buf.alloc(a, bytes); e != cudaSuccess) return cuda_error(e, "cudaMalloc(L2 buffer)");
    cudaMemset(a, 0x3c, bytes);
    const int blocks = sms * 4, threads = 512, passes = 32;
    t = time_ms([&] { calib::l2_read<<<blocks, threads>>>(a, n, passes, sink); });
    if (auto* e = std::get_if<GpuError>(&t)) return *e;
    c.l2_gbps = double(passes) * n * sizeof(float4) / (std::get<double>(t) * 1e-3) / 1e9;
  }

  step(0.45, "scattered stores into L2");
  {
    const std::size_t bytes = std::max<std::size_t>(std::size_t(c.l2_bytes) / 4 / 4096 * 4096, 1 << 20);
    float* a = nullptr;
    if (auto e = buf.alloc(a, bytes); e != cudaSuccess) return cuda_error(e, "cudaMalloc(L2 buffer)");
    const std::size_t groups = bytes / (32 * 128);
    const int blocks = sms * 8, threads = 256, iterations = 512;
    t = time_ms([&] { calib::scattered_store<<<blocks, threads>>>(a, groups, iterations); });
    if (auto* e = std::get_if<GpuError>(&t)) return *e;
    const double lines = double(blocks) * threads * iterations;
    c.scattered_store_lines_per_ns = lines / (std::max(std::get<double>(t) * 1e6 - 1e3 * c.launch_latency_us, 1.0));
  }

  // Per-clock rates: total work / (seconds x clock x SMs); 8 warps per block, 4 blocks per SM.
  const int blocks = sms * 4, threads = 256, warps = blocks * threads / 32;
  auto per_clock_per_sm = [&](double work, double ms) { return work / (ms * 1e-3 * clocks.back() * 1e6 * sms); };

  step(0.5, "L1 sectors and requests");
  {
    float* a = nullptr;
    constexpr std::size_t kWords = 32 * 2048;
    if (auto e = buf.alloc(a, kWords * sizeof(float)); e != cudaSuccess) return cuda_error(e, "cudaMalloc(L1 buffer)");
    cudaMemset(a, 0x3c, kWords * sizeof(float));
    const int iterations = 4096;
    t = time_ms([&] { calib::l1_read<false><<<blocks, threads>>>(a, iterations, sink, clk); });
    if (auto* e = std::get_if<GpuError>(&t)) return *e;
    if (auto e = note_clock()) return *e;
    c.l1_sectors_per_clock_per_sm = per_clock_per_sm(4.0 * warps * iterations * 8, std::get<double>(t));
    t = time_ms([&] { calib::l1_read<true><<<blocks, threads>>>(a, iterations, sink, clk); });
    if (auto* e = std::get_if<GpuError>(&t)) return *e;
    if (auto e = note_clock()) return *e;
    c.l1_requests_per_clock_per_sm = per_clock_per_sm(double(warps) * iterations * 8, std::get<double>(t));
  }

  step(0.7, "shared-memory wavefronts");
  {
    const int iterations = 4096;
    t = time_ms([&] { calib::shared_read<<<blocks, threads>>>(iterations, sink, clk); });
    if (auto* e = std::get_if<GpuError>(&t)) return *e;
    if (auto e = note_clock()) return *e;
    c.shared_wavefronts_per_clock_per_sm = per_clock_per_sm(double(warps) * iterations * 8, std::get<double>(t));
  }

  step(0.85, "FP32 FMA rate");
  {
    const int iterations = 8192;
    t = time_ms([&] { calib::fma_chains<<<blocks, threads>>>(iterations, 1.0f, sink, clk); });
    if (auto* e = std::get_if<GpuError>(&t)) return *e;
    if (auto e = note_clock()) return *e;
    c.fma_per_clock_per_sm = per_clock_per_sm(double(blocks) * threads * iterations * 8, std::get<double>(t));
  }
  c.sm_clock_mhz = median(clocks);
  c.present = true;
  step(1.0, "done");
  return c;
}

std::variant<double, GpuError> measure_sm_clock_mhz() {
  calib::ClockSample* clk = nullptr;
  Buffers buf;
  float* sink = nullptr;
  if (auto e = buf.alloc(clk, sizeof(calib::ClockSample)); e != cudaSuccess) return cuda_error(e, "cudaMalloc(clock)");
  if (auto e = buf.alloc(sink, 64); e != cudaSuccess) return cuda_error(e, "cudaMalloc(sink)");
  calib::fma_chains<<<1, 32>>>(20000, 1.0f, sink, clk);  // ~0.2 ms on one SM
  if (auto e = cudaDeviceSynchronize(); e != cudaSuccess) return cuda_error(e, "clock probe");
  return clock_mhz(clk);
}

}  // namespace ws::kernels
