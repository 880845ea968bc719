// The prediction model's properties (ws/kernels/prediction.hpp), on a SYNTHETIC
// device: the calibration below is made up for these tests and describes no
// real GPU. Expectations are derived from the simulator's own counters and
// from how the model must respond to its parameters, never typed-in results.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/measurements.hpp"
#include "ws/kernels/prediction.hpp"

namespace wk = ws::kernels;
namespace res = wk::resource;

namespace {

// A made-up GPU with round numbers (not any real device's figures).
wk::Calibration synthetic_device() {
  wk::Calibration c;
  c.present = true;
  c.sm_count = 100;
  c.sm_clock_mhz = 1000;
  c.launch_overhead_us = 2;
  c.dram_gbps = 2000;
  c.l2_gbps = 6000;
  c.l1_sectors_per_clock_per_sm = 4;
  c.l1_requests_per_clock_per_sm = 1;
  c.shared_wavefronts_per_clock_per_sm = 1;
  c.fma_per_clock_per_sm = 128;
  c.l2_bytes = 4e6;  // a 1024 x 1024 transpose (8 MB) overflows it; a 256 x 256 matmul fits
  c.shared_bytes_per_sm = 228 * 1024;
  c.max_threads_per_sm = 2048;
  c.command = "synthetic device for unit tests";
  return c;
}

const wk::KernelDescriptor& kernel(const char* name) { return *wk::find_kernel(name); }

wk::KernelParams with(const char* name, void (*set)(wk::KernelParams&)) {
  wk::KernelParams p = kernel(name).defaults;
  set(p);
  return p;
}

wk::Prediction predict(const char* name, const wk::KernelParams& p, const wk::Calibration& c = synthetic_device()) {
  return wk::predict(kernel(name), p, c);
}
wk::Prediction predict(const char* name) { return predict(name, kernel(name).defaults); }

wk::KernelParams small_transpose() {
  wk::KernelParams p = kernel("transpose_shared").defaults;
  p.rows = p.cols = 1024;
  return p;
}

}  // namespace

TEST(Prediction, EveryResourceOnceTheLargestPlusTheLaunch) {
  const wk::Prediction p = predict("transpose_shared", small_transpose());
  std::set<std::string_view> names;
  for (const auto& t : p.resources) {
    names.insert(t.name);
    EXPECT_GE(t.ms, 0.0) << t.name;
  }
  EXPECT_EQ(names, (std::set<std::string_view>{res::kShared, res::kL1Requests, res::kL1Sectors, res::kL2, res::kDram,
                                                res::kLatency, res::kFma, res::kLaunch}));
  // The L1 data pipe serves shared wavefronts and global line lookups one after the other.
  double busy = p.ms(res::kShared) + p.ms(res::kL1Requests);
  for (auto name : {res::kL1Sectors, res::kL2, res::kDram, res::kLatency, res::kFma}) busy = std::max(busy, p.ms(name));
  EXPECT_DOUBLE_EQ(p.predicted_ms, busy + p.ms(res::kLaunch));
  EXPECT_TRUE(names.count(p.bound));
}

// A made-up one-shot lifetime table: 256 and 1024 threads x 1 and 4 words, with
// and without a barrier, streaming (resident rows absent).
wk::Calibration with_lifetimes() {
  wk::Calibration c = synthetic_device();
  for (const bool barrier : {false, true})
    for (const int threads : {256, 1024})
      for (const int words : {1, 4})
        c.block_lifetimes.push_back({threads, words, barrier, false, 1000.0 * words + threads + (barrier ? 100 : 0)});
  return c;
}

wk::KernelParams padded_rows(int block_rows) {
  wk::KernelParams p = kernel("transpose_padded").defaults;
  p.block_rows = block_rows;
  return p;
}

// Tall blocks: 32 x 32 threads read one word each and wait behind a barrier, two
// blocks per SM; 32 x 8 threads keep four words in flight, eight blocks per SM.
TEST(Prediction, TallBlocksWaitLongerForMemory) {
  const wk::Calibration c = with_lifetimes();
  const wk::Prediction four = predict("transpose_padded", padded_rows(8), c);
  const wk::Prediction one = predict("transpose_padded", padded_rows(32), c);
  EXPECT_TRUE(one.counts.barrier);
  EXPECT_EQ(four.counts.loads_in_flight, 4);
  EXPECT_EQ(one.counts.loads_in_flight, 1);
  EXPECT_DOUBLE_EQ(four.counts.words_in_flight, 4);
  EXPECT_DOUBLE_EQ(one.counts.words_in_flight, 1);
  EXPECT_EQ(four.counts.resident_blocks, 8);
  EXPECT_EQ(one.counts.resident_blocks, 2);
  EXPECT_DOUBLE_EQ(one.counts.first_read_share, 1.0);  // a transpose reads each element once
  // The table's lives, (1024 threads, 1 word, barrier) and (256, 4, barrier), less
  // the calibration block's own pipe time: per warp, its words loaded and stored
  // (a line each) and staged (a wavefront each way); 1 per clock at 1 GHz here.
  EXPECT_DOUBLE_EQ(one.counts.life_pipe_ns, 32 * 1 * 2 * 2);
  EXPECT_DOUBLE_EQ(four.counts.life_pipe_ns, 8 * 4 * 2 * 2);
  EXPECT_DOUBLE_EQ(one.counts.memory_ns, 1000.0 + 1024 + 100 - 128);
  EXPECT_DOUBLE_EQ(four.counts.memory_ns, 4000.0 + 256 + 100 - 128);
  // The busiest SM's blocks over what its loop finishes per nanosecond.
  EXPECT_NEAR(one.ms(res::kLatency), 1e-6 * one.counts.busiest_sm_blocks / one.counts.blocks_per_ns, 1e-12);
  EXPECT_GT(one.ms(res::kLatency), four.ms(res::kLatency));
  EXPECT_EQ(one.bound, res::kLatency);
  EXPECT_NE(one.explanation.find("2 at a time"), std::string::npos) << one.explanation;
  EXPECT_EQ(predict("transpose_padded", padded_rows(32)).ms(res::kLatency), 0.0) << "no table, no latency term";
}

// Mean-value analysis of the SM's loop: never more than the blocks could finish
// with no queue, nor than the pipe serves; never less than with every block queued.
TEST(Prediction, TheLoopLiesBetweenItsBounds) {
  const wk::Calibration c = with_lifetimes();
  for (const char* name : {"transpose_shared", "transpose_padded", "copy"})
    for (const int rows : {8, 16, 32}) {
      const wk::Prediction p = predict(name, padded_rows(rows), c);
      const wk::ModelCounts& n = p.counts;
      SCOPED_TRACE(std::string(name) + " block_rows " + std::to_string(rows));
      ASSERT_GT(n.memory_ns, 0);
      ASSERT_GT(n.pipe_ns, 0);
      const double blocks = n.resident_blocks;
      EXPECT_LE(n.blocks_per_ns, blocks / (n.memory_ns + n.pipe_ns) * (1 + 1e-12));
      EXPECT_LE(n.blocks_per_ns, 1 / n.pipe_ns * (1 + 1e-12));
      EXPECT_GE(n.blocks_per_ns, blocks / (n.memory_ns + blocks * n.pipe_ns) * (1 - 1e-12));
    }
  // 32-way column reads keep the pipe busy: the shared-memory transpose waits longer there.
  EXPECT_GT(predict("transpose_shared", padded_rows(8), c).counts.pipe_ns,
            8 * predict("transpose_padded", padded_rows(8), c).counts.pipe_ns);
}

// Shapes between the measured ones: log2-linear in threads and in words.
TEST(Prediction, LifetimesInterpolateBetweenMeasuredShapes) {
  const wk::Prediction p = predict("transpose_padded", padded_rows(16), with_lifetimes());  // 512 threads, 2 words
  EXPECT_DOUBLE_EQ(p.counts.words_in_flight, 2);
  // Halfway in log2 along both axes: the mean of the four corners. The wait is
  // interpolated the same way, each corner's life less its own block's pipe time
  // (warps x words x 4 accesses: loads, stores, staging both ways, 1 ns each here).
  const double corners = (1000 + 256) + (4000 + 256) + (1000 + 1024) + (4000 + 1024);
  const double corner_pipes = 8 * 1 * 4 + 8 * 4 * 4 + 32 * 1 * 4 + 32 * 4 * 4;
  EXPECT_NEAR(p.counts.memory_ns + p.counts.life_pipe_ns, corners / 4 + 100, 1e-9);
  EXPECT_NEAR(p.counts.life_pipe_ns, corner_pipes / 4, 1e-9);
}

// Column stores write one sector in each of 32 lines: with the measured rate of
// such writes, the store part of L2's time follows that rate.
TEST(Prediction, ScatteredStoresCostTheirMeasuredRate) {
  wk::Calibration c = synthetic_device();
  c.scattered_store_lines_per_ns = 10;
  const wk::Prediction slow = predict("transpose_naive", small_transpose(), c);
  c.scattered_store_lines_per_ns = 20;
  const wk::Prediction fast = predict("transpose_naive", small_transpose(), c);
  EXPECT_DOUBLE_EQ(slow.counts.store_lines, slow.counts.store_sectors);  // one sector a line
  const double fill = slow.counts.busy_sms / c.sm_count;  // GPU-wide rates shrink with the SMs the grid keeps busy
  const double loads = 1e3 * slow.counts.l2_load_lines * 128 / (c.l2_gbps * 1e9 * fill);
  EXPECT_NEAR(slow.ms(res::kL2) - loads, 2 * (fast.ms(res::kL2) - loads), 1e-12);
  EXPECT_NEAR(slow.ms(res::kL2) - loads, 1e-6 * slow.counts.store_lines / 10 / fill, 1e-12);
}

// The bench launches back to back on the same buffers: arrays that fit in L2 stay there.
TEST(Prediction, ArraysThatFitInL2NeverReachDram) {
  wk::KernelParams p = small_transpose();
  p.rows = p.cols = 512;  // 2 MB: fits the 4 MB L2
  const wk::Prediction fits = predict("transpose_padded", p);
  EXPECT_TRUE(fits.counts.l2_resident);
  EXPECT_EQ(fits.counts.dram_bytes, 0.0);
  const wk::Prediction spills = predict("transpose_padded", small_transpose());  // 8 MB
  EXPECT_FALSE(spills.counts.l2_resident);
  EXPECT_DOUBLE_EQ(spills.counts.dram_bytes, static_cast<double>(wk::useful_bytes(kernel("transpose_padded"), small_transpose())));
}

// The launch as bench times it replaces the back-to-back overhead when measured.
TEST(Prediction, LaunchAsBenchTimesIt) {
  wk::Calibration c = synthetic_device();
  EXPECT_DOUBLE_EQ(predict("copy", kernel("copy").defaults, c).ms(res::kLaunch), 2e-3);
  c.launch_latency_us = 5;
  EXPECT_DOUBLE_EQ(predict("copy", kernel("copy").defaults, c).ms(res::kLaunch), 5e-3);
}

TEST(Prediction, RatesComeFromTheCalibration) {
  const wk::KernelParams p = small_transpose();
  const wk::Prediction base = predict("transpose_shared", p);
  wk::Calibration faster = synthetic_device();
  faster.shared_wavefronts_per_clock_per_sm *= 2;
  faster.dram_gbps *= 4;
  faster.launch_overhead_us = 0.5;
  const wk::Prediction fast = predict("transpose_shared", p, faster);
  EXPECT_DOUBLE_EQ(fast.ms(res::kShared), base.ms(res::kShared) / 2);
  EXPECT_DOUBLE_EQ(fast.ms(res::kDram), base.ms(res::kDram) / 4);
  EXPECT_DOUBLE_EQ(fast.ms(res::kLaunch), 0.5e-3);
  EXPECT_DOUBLE_EQ(fast.ms(res::kL2), base.ms(res::kL2));
  wk::Calibration clocked = synthetic_device();
  clocked.sm_clock_mhz *= 2;  // per-SM pipes follow the clock; bandwidths do not
  const wk::Prediction c = predict("transpose_shared", p, clocked);
  EXPECT_DOUBLE_EQ(c.ms(res::kShared), base.ms(res::kShared) / 2);
  EXPECT_DOUBLE_EQ(c.ms(res::kL1Requests), base.ms(res::kL1Requests) / 2);
  EXPECT_DOUBLE_EQ(c.ms(res::kDram), base.ms(res::kDram));
}

TEST(Prediction, SharedTimeIsWavefrontsOverThePipes) {
  const wk::KernelParams p = kernel("smem_stride").defaults;
  const wk::KernelReport r = wk::report(kernel("smem_stride"), p, ws::default_preset(), {0, 0, 0}, 0);
  const wk::Calibration c = synthetic_device();
  const wk::Prediction pr = wk::predict(kernel("smem_stride"), r, c);
  const double wavefronts = static_cast<double>(r.shared_load.wavefronts + r.shared_store.wavefronts);
  const int blocks = r.launch.grid.count();
  const int busiest = (blocks + c.sm_count - 1) / c.sm_count;
  EXPECT_DOUBLE_EQ(pr.counts.shared_wavefronts, wavefronts);
  EXPECT_NEAR(pr.ms(res::kShared),
              1e3 * wavefronts * busiest / blocks / (c.shared_wavefronts_per_clock_per_sm * c.sm_clock_mhz * 1e6),
              1e-9);
}

TEST(Prediction, SharedBoundStrideFollowsTheWavefronts) {
  const wk::Prediction one = predict("smem_stride", with("smem_stride", [](auto& p) { p.stride = 1; }));
  const wk::Prediction s32 = predict("smem_stride", with("smem_stride", [](auto& p) { p.stride = 32; }));
  EXPECT_EQ(one.bound, res::kShared);
  EXPECT_EQ(s32.bound, res::kShared);
  const double wavefront_ratio = s32.counts.shared_wavefronts / one.counts.shared_wavefronts;
  EXPECT_GT(wavefront_ratio, 16.0);  // the simulator's 32-way conflict
  // Slower by the wavefront ratio, less what the launch adds to both.
  const double speedup = s32.predicted_ms / one.predicted_ms;
  EXPECT_LE(speedup, wavefront_ratio);
  EXPECT_NEAR(speedup,
              (s32.ms(res::kShared) + s32.ms(res::kL1Requests) + s32.ms(res::kLaunch)) /
                  (one.ms(res::kShared) + one.ms(res::kL1Requests) + one.ms(res::kLaunch)),
              1e-9);
  // Odd strides are conflict-free: the same time as stride 1.
  for (int stride : {3, 33}) {
    const wk::Prediction odd = predict("smem_stride", with("smem_stride", [](auto& p) { p.stride = 1; }));
    wk::KernelParams q = kernel("smem_stride").defaults;
    q.stride = stride;
    EXPECT_NEAR(predict("smem_stride", q).predicted_ms, odd.predicted_ms, 0.01 * odd.predicted_ms) << stride;
  }
}

TEST(Prediction, CopyCrossesDramOnceAndIsDramBound) {
  const wk::KernelParams p = kernel("copy").defaults;
  const wk::Prediction c = predict("copy");
  EXPECT_DOUBLE_EQ(c.counts.dram_bytes, static_cast<double>(wk::useful_bytes(kernel("copy"), p)));
  EXPECT_EQ(c.bound, res::kDram);
  EXPECT_NE(c.explanation.find("DRAM"), std::string::npos) << c.explanation;
}

// The calibration's blocks are copies: 64 x 16 threads copying four words each
// is the (1024 threads, 4 words) one-shot block itself. Its life already holds
// its pipe time, so the loop gives back that life per slot rather than the life
// plus the pipe again (the queue of two blocks at the pipe adds a little).
TEST(Prediction, ACopyShapedLikeTheCalibrationLivesItsMeasuredLife) {
  const wk::Calibration c = with_lifetimes();
  wk::KernelParams p = kernel("copy").defaults;
  p.tile = 64;
  p.block_rows = 16;
  const wk::Prediction q = predict("copy", p, c);
  const wk::ModelCounts& n = q.counts;
  ASSERT_FALSE(n.barrier);
  ASSERT_DOUBLE_EQ(n.words_in_flight, 4);
  ASSERT_EQ(n.resident_blocks, 2);
  const double life = 4000.0 + 1024;  // with_lifetimes' (1024 threads, 4 words, no barrier)
  EXPECT_NEAR(n.pipe_ns, n.life_pipe_ns, 1e-9 * n.pipe_ns);  // the same loads and stores
  EXPECT_DOUBLE_EQ(n.memory_ns, life - n.life_pipe_ns);
  const double ns_per_block = 1 / n.blocks_per_ns;
  EXPECT_GE(ns_per_block, life / 2);
  EXPECT_LT(ns_per_block, (life + n.pipe_ns / 2) / 2) << "the pipe charged a second time";
}

// The limiter is the busiest throughput resource while the blocks' waits leave
// it busy kSaturated (90%) of the kernel's time or more: the latency term 5%
// above DRAM's keeps DRAM 95% busy, and the kernel is DRAM-bound; 20% above, DRAM
// is 83% busy and the waits limit. Either way the time is the latency term's.
TEST(Prediction, TheBusiestResourceLimitsWhileTheWaitsLeaveItSaturated) {
  const wk::KernelParams p = kernel("copy").defaults;
  const wk::Prediction first = predict("copy", p, with_lifetimes());
  ASSERT_GT(first.ms(res::kLatency), 0.0);
  for (const double latency_over_dram : {1.05, 1.2}) {
    wk::Calibration c = with_lifetimes();
    // DRAM time is bytes / bandwidth: set it to latency / ratio (the waits do not depend on it).
    c.dram_gbps *= first.ms(res::kDram) * latency_over_dram / first.ms(res::kLatency);
    const wk::Prediction q = predict("copy", p, c);
    SCOPED_TRACE(q.explanation);
    ASSERT_NEAR(q.ms(res::kLatency) / q.ms(res::kDram), latency_over_dram, 1e-9);
    // DRAM is the busiest throughput resource.
    for (const auto other : {res::kL2, res::kL1Sectors, res::kFma}) ASSERT_GT(q.ms(res::kDram), q.ms(other)) << other;
    ASSERT_GT(q.ms(res::kDram), q.ms(res::kShared) + q.ms(res::kL1Requests));
    EXPECT_NEAR(q.busy(res::kDram), 1 / latency_over_dram, 1e-9);
    EXPECT_EQ(q.bound, 1 / latency_over_dram >= wk::kSaturated ? res::kDram : res::kLatency);
    EXPECT_DOUBLE_EQ(q.predicted_ms, q.ms(res::kLatency) + q.ms(res::kLaunch));
    EXPECT_NE(q.explanation.find(std::string(q.bound)), std::string::npos);
    if (q.bound == res::kDram)
      EXPECT_NE(q.explanation.find(fmt::format("busy {:.0f}%", 100 / latency_over_dram)), std::string::npos);
  }
}

// The L1 data pipe serves shared wavefronts and line lookups one after the other,
// so the rule weighs them together: waits that stretch a transpose 5% past its
// pipe leave that pipe 95% busy, and it is bound by its shared wavefronts though
// they alone fill less than 90% of its time.
TEST(Prediction, ThePipesTwoPartsLimitTogether) {
  wk::Calibration c = with_lifetimes();
  c.l1_requests_per_clock_per_sm = 0.25;  // line lookups a good share of the pipe
  const wk::KernelParams p = kernel("transpose_shared").defaults;
  auto with_lives_scaled = [&](double k) {
    wk::Calibration scaled = c;
    for (auto& b : scaled.block_lifetimes) b.ns *= k;
    return predict("transpose_shared", p, scaled);
  };
  auto pipe_ms = [](const wk::Prediction& q) { return q.ms(res::kShared) + q.ms(res::kL1Requests); };
  // The latency term grows with the lives: bisect for the scale that puts it 5% above the pipe.
  double lo = 0.01, hi = 100;
  ASSERT_LT(with_lives_scaled(lo).ms(res::kLatency), 1.05 * pipe_ms(with_lives_scaled(lo)));
  ASSERT_GT(with_lives_scaled(hi).ms(res::kLatency), 1.05 * pipe_ms(with_lives_scaled(hi)));
  for (int i = 0; i < 60; ++i) {
    const double mid = std::sqrt(lo * hi);
    const wk::Prediction q = with_lives_scaled(mid);
    (q.ms(res::kLatency) > 1.05 * pipe_ms(q) ? hi : lo) = mid;
  }
  const wk::Prediction q = with_lives_scaled(hi);
  SCOPED_TRACE(q.explanation);
  ASSERT_NEAR(q.ms(res::kLatency) / pipe_ms(q), 1.05, 1e-6);
  ASSERT_GT(q.ms(res::kShared), q.ms(res::kL1Requests));
  ASSERT_LT(q.ms(res::kShared), wk::kSaturated * q.ms(res::kLatency));
  ASSERT_GT(pipe_ms(q), q.ms(res::kDram));
  EXPECT_EQ(q.bound, res::kShared);
  EXPECT_NE(q.explanation.find("L1 line lookups"), std::string::npos);
  EXPECT_NE(q.explanation.find("keep that pipe busy 95%"), std::string::npos);
}

TEST(Prediction, PaddingCutsWavefrontsButNotDram) {
  const wk::Prediction shared = predict("transpose_shared"), padded = predict("transpose_padded");
  EXPECT_DOUBLE_EQ(shared.counts.dram_bytes, padded.counts.dram_bytes);
  const double wavefront_ratio = shared.counts.shared_wavefronts / padded.counts.shared_wavefronts;
  EXPECT_GT(wavefront_ratio, 8.0);
  EXPECT_EQ(padded.bound, res::kDram);  // on this device DRAM takes longer than the padded tile's wavefronts
  const double speedup = shared.predicted_ms / padded.predicted_ms;
  EXPECT_GE(speedup, 1.0);
  EXPECT_LT(speedup, wavefront_ratio);  // DRAM-bound: far less than the wavefronts it saves
  const std::string why = wk::explain_pair("transpose_padded", shared, padded);
  EXPECT_NE(why.find("transpose_padded"), std::string::npos) << why;
  EXPECT_NE(why.find(std::string(res::kShared)), std::string::npos) << why;
  EXPECT_NE(why.find("bound by DRAM"), std::string::npos) << why;
}

TEST(Prediction, NaiveTransposeStoresEveryLineToL2) {
  const wk::Prediction naive = predict("transpose_naive", small_transpose());
  const wk::Prediction shared = predict("transpose_shared", small_transpose());
  // Write-through L1: a column store touches a line per lane, each an L2 transaction.
  EXPECT_GT(naive.counts.l2_transactions, 8 * shared.counts.l2_transactions);
  EXPECT_GT(naive.ms(res::kL2), shared.ms(res::kL2));
}

TEST(Prediction, CacheModelL1KeepsABlocksReadsAndL2TheArrays) {
  wk::KernelParams p = kernel("matmul_naive").defaults;
  p.rows = p.cols = 256;
  const wk::Prediction fits = predict("matmul_naive", p);
  // L1 serves each block's re-reads: far fewer L2 transactions than L1 lookups.
  EXPECT_LT(fits.counts.l2_transactions, fits.counts.l1_lines / 4);
  // Arrays that fit in L2 stay there between launches ...
  EXPECT_TRUE(fits.counts.l2_resident);
  EXPECT_EQ(fits.counts.dram_bytes, 0.0);
  // ... and once they outgrow it, each crosses DRAM once, plus the re-reads that miss.
  const double useful = static_cast<double>(wk::useful_bytes(kernel("matmul_naive"), p));
  wk::Calibration small_l2 = synthetic_device();
  small_l2.l2_bytes = 64 * 1024;
  const wk::Prediction spills = predict("matmul_naive", p, small_l2);
  EXPECT_GT(spills.counts.dram_bytes, 2 * useful);
  EXPECT_LE(spills.counts.dram_bytes, useful + fits.counts.l2_transactions * 128);
}

TEST(Prediction, TilingGainsLessThanItsCutInGlobalRequests) {
  const wk::Prediction naive = predict("matmul_naive"), tiled = predict("matmul_tiled");
  const double request_cut = naive.counts.global_requests / tiled.counts.global_requests;
  EXPECT_GT(request_cut, 8.0);
  const double speedup = naive.predicted_ms / tiled.predicted_ms;
  EXPECT_GT(speedup, 1.0);
  EXPECT_LT(speedup, request_cut / 2);  // the naive kernel's re-reads hit L1, and tiling pays in wavefronts
  EXPECT_DOUBLE_EQ(naive.counts.fmas, tiled.counts.fmas);
}

TEST(Prediction, FewBlocksUseFewSMs) {
  wk::KernelParams p = small_transpose();
  p.rows = p.cols = 64;  // 2 x 2 blocks of 32 x 8 threads
  const wk::Prediction tiny = predict("transpose_shared", p);
  EXPECT_EQ(tiny.counts.blocks, 4);
  EXPECT_DOUBLE_EQ(tiny.counts.busy_sms, 4.0);
  EXPECT_EQ(tiny.bound, res::kLaunch);
  EXPECT_NE(tiny.explanation.find("launch"), std::string::npos) << tiny.explanation;
  // One block more than the SMs: the busiest SM runs two, as if half the SMs worked.
  wk::Calibration c = synthetic_device();
  c.sm_count = tiny.counts.blocks - 1;
  EXPECT_DOUBLE_EQ(predict("transpose_shared", p, c).counts.busy_sms, tiny.counts.blocks / 2.0);
}

TEST(Prediction, OccupancyFromThreadsAndSharedMemory) {
  const wk::Prediction p = predict("transpose_padded");  // 256 threads per block
  EXPECT_EQ(p.counts.blocks_per_sm, synthetic_device().max_threads_per_sm / 256);
  wk::Calibration little_shared = synthetic_device();
  little_shared.shared_bytes_per_sm = 2 * 32 * 33 * 4;  // two padded tiles
  EXPECT_EQ(predict("transpose_padded", kernel("transpose_padded").defaults, little_shared).counts.blocks_per_sm, 2);
}

TEST(Prediction, ExplanationsQuoteTheirNumbers) {
  for (const wk::KernelDescriptor& k : wk::catalog()) {
    if (wk::check_params(k, k.defaults, ws::default_preset())) continue;
    const wk::Prediction p = wk::predict(k, k.defaults, synthetic_device());
    SCOPED_TRACE(std::string(k.name) + ": " + p.explanation);
    EXPECT_NE(p.explanation.find(std::string(p.bound)), std::string::npos);
    EXPECT_EQ(p.explanation.find("nan"), std::string::npos);
    EXPECT_EQ(p.explanation.find("inf"), std::string::npos);
    EXPECT_GT(p.predicted_ms, 0.0);
  }
}

// Issue 37: a grid that leaves each SM fewer blocks than the calibration ran
// makes fewer block starts. The small blocks' one-shot slots here are their
// starts (B blocks per SM, 100 ns each); a 45 x 27 transpose of 6 blocks of
// 16 x 4 threads waits the slot less the starts it does not make, never less
// than the shortest wait the table holds at its words. A grid that fills the
// calibration's blocks per SM waits the table's wait, as before.
TEST(Prediction, AGridOfFewBlocksMakesFewerStartsThanTheCalibration) {
  wk::Calibration c = synthetic_device();
  for (const int threads : {64, 128, 256, 512, 1024})
    for (const int words : {1, 8}) {
      const int blocks_per_sm = std::min(32, 2048 / threads);
      for (const bool barrier : {false, true})
        for (const bool resident : {false, true})
          c.block_lifetimes.push_back({threads, words, barrier, resident, std::max(100.0 * blocks_per_sm, 300.0 * words)});
    }
  wk::KernelParams p = kernel("transpose_padded").defaults;
  p.rows = 45, p.cols = 27, p.tile = 16, p.block_rows = 4;
  const wk::Prediction few = predict("transpose_padded", p, c);
  ASSERT_EQ(few.counts.busiest_sm_blocks, 1);
  ASSERT_EQ(few.counts.resident_blocks, 1);
  ASSERT_TRUE(few.counts.barrier);
  const double share = few.counts.first_read_share;
  ASSERT_GT(share, 0);
  // The table's wait at 64 threads is its 32 starts' 3200 ns less the block's own pipe time.
  const double table_wait = few.counts.life_pipe_ns >= 0 ? 3200 - few.counts.life_pipe_ns : 0;
  EXPECT_LT(few.counts.memory_ns, 0.5 * share * table_wait) << "one block does not wait for 31 other starts";
  // Its 64-thread wait less 31 starts of 100 ns is below every wait the table
  // holds; the shortest at its words is the 1024-thread row's: lives 300 and
  // 2400 ns at 1 and 8 words less that block's own pipe time (32 warps x words
  // x 2 accesses, a load and a staging each way: 128 ns per word here),
  // log2-interpolated.
  const double f = std::log2(few.counts.words_in_flight) / 3;
  const double shortest = (300 - 128) * (1 - f) + (2400 - 128 * 8) * f;
  EXPECT_NEAR(few.counts.memory_ns, share * shortest, 1e-6 * shortest);
  // Copy of 8192 x 8192 in 16 x 4 blocks: 32 at a time on every SM, as calibrated.
  wk::KernelParams q = kernel("copy").defaults;
  q.tile = 16, q.block_rows = 4;
  const wk::Prediction full = predict("copy", q, c);
  ASSERT_EQ(full.counts.resident_blocks, 32);
  const double wait = std::max(100.0 * 32, 300.0 * full.counts.words_in_flight) - full.counts.life_pipe_ns;
  EXPECT_NEAR(full.counts.memory_ns, full.counts.first_read_share * wait, 1e-6 * wait);
}

// Issue 37 (targets of issue 8): every kernel recorded on a GPU predicted within
// 25% of its measured median on that GPU's calibration, the launch-bound ones included.
TEST(Prediction, EveryRecordedKernelWithinAQuarterOfItsMeasuredTime) {
  int checked = 0;
  for (const std::string& path : wk::measurement_files()) {
    const auto m = wk::load_measurements(path);
    ASSERT_TRUE(m.has_value()) << m.error().message;
    if (!m->calibration.present) continue;
    for (const wk::MeasuredKernel& k : m->kernels) {
      if (k.median_ms <= 0) continue;
      const wk::KernelDescriptor* d = wk::find_kernel(k.kernel);
      ASSERT_NE(d, nullptr) << k.kernel;
      const double predicted = wk::predict(*d, k.params, m->calibration).predicted_ms;
      EXPECT_NEAR(predicted / k.median_ms, 1.0, 0.25)
          << path << ": " << k.key << ": measured " << k.median_ms << " ms, predicted " << predicted << " ms";
      ++checked;
    }
  }
  if (checked == 0) GTEST_SKIP() << "no measurement files";
}
