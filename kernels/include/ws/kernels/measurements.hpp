// Recorded results from real GPUs (assets/measurements/<gpu>.json): bench
// timings and Nsight Compute counters per catalog kernel. The window shows them
// when no GPU is present; the fidelity test compares them with the simulator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ws/kernels/catalog.hpp"
#include "ws/result.hpp"

namespace ws::kernels {

struct MeasuredKernel {
  std::string key;     // entry name: the kernel name, or "smem_stride stride=2 bytes=8" for sweeps
  std::string kernel;  // catalog name
  KernelParams params;
  double median_ms = 0, gbps = 0, gflops = 0;
  double min_ms = 0, max_ms = 0;      // the spread of the timed launches; 0 when not recorded
  std::map<std::string, double> ncu;  // metric -> value
};

// Device parameters measured by `warpscope bench --calibrate` with microbenchmarks
// that are not catalog kernels (kernels/src/calibrate_cuda.cu says how each is
// measured). The prediction model takes its parameters from here and nowhere else.
// JSON: the object "calibration" of a measurement file, these names as keys.
struct Calibration {
  bool present = false;                 // the file has a "calibration" object
  int sm_count = 0;                     // multiprocessors
  double sm_clock_mhz = 0;              // measured while the microbenchmarks ran (clock64 vs %globaltimer)
  double launch_overhead_us = 0;        // launch to launch of an empty kernel, back to back, event-timed
  double dram_gbps = 0;                 // copy kernel over 2 x 1 GiB: bytes read + written per second
  double l2_gbps = 0;                   // reads of a buffer a quarter of the L2, repeated: bytes per second
  double l1_sectors_per_clock_per_sm = 0;   // global loads that hit L1, 4 sectors per request
  double l1_requests_per_clock_per_sm = 0;  // global loads that hit L1, 1 sector per request (all lanes one word)
  double shared_wavefronts_per_clock_per_sm = 0;  // conflict-free LDS.32: 1 wavefront per instruction
  double fma_per_clock_per_sm = 0;      // FP32 fused multiply-adds (thread lanes) per clock per SM
  double l2_bytes = 0;                  // L2 size (device property)
  double shared_bytes_per_sm = 0;       // shared memory per SM (device property)
  int max_threads_per_sm = 0;           // device property
  // DRAM reads against the bytes each SM keeps in flight (Little's law: a warp that
  // waits for its loads before issuing more reaches bandwidth = bytes in flight /
  // latency): (bytes in flight per SM, GB/s) from warps issuing 1-8 dependent
  // rounds of 128-byte reads at 8-64 warps per SM, ascending. The model uses the
  // lowest point (latency alone limits it). Optional in a file (older recordings
  // lack it): empty, the model has no latency term.
  std::vector<std::pair<double, double>> dram_read_gbps_by_bytes_in_flight;
  // The launch as `bench` times it: events around one empty launch, then a
  // synchronise. Optional (0: the model adds launch_overhead_us instead).
  double launch_latency_us = 0;
  // Scattered stores: each lane writes one word of its own 128-byte line (one
  // sector in each of 32 lines per request) into an L2-resident buffer; lines
  // written per nanosecond, whole GPU. Optional (0: store lines cost 128 bytes of L2 reads).
  double scattered_store_lines_per_ns = 0;
  // One-shot blocks: each thread reads `words` coalesced 4-byte words (a warp's
  // load is 128 bytes, all loads in flight together), optionally stages them in
  // shared memory behind a barrier, writes them and exits; every SM full of
  // such blocks. `ns` is the time one block slot takes per block (launch
  // time / waves, the launch latency taken off), streaming through DRAM or,
  // `resident`, over buffers that stay in L2. Optional: empty, the model has no
  // latency/occupancy term.
  struct BlockLifetime {
    int threads = 0, words = 0;
    bool barrier = false, resident = false;
    double ns = 0;
  };
  std::vector<BlockLifetime> block_lifetimes;
  std::string command;                  // how it was measured

  // The launch the model adds: as bench times it where measured, else back to back.
  double launch_us() const { return launch_latency_us > 0 ? launch_latency_us : launch_overhead_us; }
};

struct Measurements {
  std::string path;
  Calibration calibration;
  std::string gpu, driver, cuda, date, command;
  double memcpy_d2d_gbps = 0;
  std::vector<MeasuredKernel> kernels;

  // The entry recorded with the catalog defaults (key == kernel name), or nullptr.
  const MeasuredKernel* find(std::string_view kernel) const;
};

// What a measurement file may hold (README "Limits"): the committed ones are
// 160 KB with 80 entries. A larger file is refused before it is parsed: a
// 149 MB file took 803 MB and 9.5 s in compare (JSON's tree is ~6x the text).
inline constexpr std::uintmax_t kMaxMeasurementFileBytes = 16u << 20;
inline constexpr std::size_t kMaxMeasuredKernels = 2000;

// Parsed file, or an Error saying what is wrong with it.
Result<Measurements> load_measurements(const std::string& path);
// $WARPSCOPE_MEASUREMENTS_DIR, else assets/measurements under the first data
// root that has it (ws/kernels/assets.hpp: installed, or the source tree).
std::string measurements_dir();
// Every *.json there, sorted by name (empty when the folder is missing).
std::vector<std::string> measurement_files(const std::string& dir = measurements_dir());

}  // namespace ws::kernels
