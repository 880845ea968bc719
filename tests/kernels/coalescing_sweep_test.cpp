// The coalescing kernels (issue 34) against what the GPUs recorded
// (assets/measurements/{h100,h200}.json): the sweep is there in full, the
// simulator's sectors per request equal Nsight Compute's, the model's DRAM
// reads are what ncu counted, and every lesson pair of these kernels is
// predicted within 15% of its measured speedup. The simulator's own counts,
// which need no recording, are checked against G2 first.
#include "ws/kernels/coalescing_sweep.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "ws/kernels/lesson_pairs.hpp"
#include "ws/kernels/prediction.hpp"

namespace wk = ws::kernels;

namespace {

wk::Measurements recorded(const std::string& gpu) {
  auto m = wk::load_measurements(wk::measurements_dir() + "/" + gpu + ".json");
  if (!m) ADD_FAILURE() << m.error().message;
  return m ? std::move(*m) : wk::Measurements{};
}

const std::set<std::string> kCoalescing = {"strided_read", "offset_read", "aos_field", "soa_field"};

double read_sectors_per_request(const char* kernel, void (*set)(wk::KernelParams&)) {
  const wk::KernelDescriptor& k = *wk::find_kernel(kernel);
  wk::KernelParams p = k.defaults;
  p.rows = 4096;
  set(p);
  const wk::KernelReport r = wk::report(k, p, ws::default_preset(), {0, 0, 0}, 0);
  for (const auto& s : r.sites)
    if (s.site.space == ws::Space::Global && s.site.op == ws::Op::Load)
      return static_cast<double>(s.kernel.sectors) / static_cast<double>(s.kernel.requests);
  return 0;
}

}  // namespace

// G2 on whole kernels: a stride s spreads a warp over 32 s floats, min(4 s, 32)
// sectors; an offset off a sector adds one; a struct's field is a stride by another name.
TEST(Coalescing, SectorsPerRequestFollowG2) {
  for (int s : {1, 2, 3, 4, 8, 16, 32}) {
    static int stride;
    stride = s;
    EXPECT_DOUBLE_EQ(read_sectors_per_request("strided_read", [](auto& p) { p.stride = stride; }),
                     std::min(4 * s, 32))
        << "stride " << s;
  }
  for (int o : {0, 1, 7, 8, 9, 16, 31, 32}) {
    static int offset;
    offset = o;
    EXPECT_DOUBLE_EQ(read_sectors_per_request("offset_read", [](auto& p) { p.offset = offset; }),
                     o % 8 ? 5 : 4)
        << "offset " << o;
  }
  EXPECT_DOUBLE_EQ(read_sectors_per_request("aos_field", [](auto& p) { p.bytes = 12; }), 12);
  EXPECT_DOUBLE_EQ(read_sectors_per_request("aos_field", [](auto& p) { p.bytes = 16; }), 16);
  EXPECT_DOUBLE_EQ(read_sectors_per_request("soa_field", [](auto&) {}), 4);
}

// The model charges DRAM the 64-byte segments a kernel touches (G3), not the
// arrays it declares: stride 16 and 32 touch one segment per element of `in`,
// stride 8 one sector per element; soa_field's y and z are never read.
TEST(Coalescing, DramCarriesTheTouchedSegments) {
  const wk::Measurements m = recorded("h100");
  ASSERT_TRUE(m.calibration.present);
  const wk::KernelDescriptor& strided = *wk::find_kernel("strided_read");
  wk::KernelParams p = strided.defaults;
  const double n = p.rows;
  for (const auto& [stride, read_bytes] : {std::pair{1, 4}, {8, 32}, {16, 64}, {32, 64}}) {
    p.stride = stride;
    const wk::ModelCounts c = wk::predict(strided, p, m.calibration).counts;
    EXPECT_DOUBLE_EQ(c.dram_read_bytes, n * read_bytes) << "stride " << stride;
    EXPECT_DOUBLE_EQ(c.dram_bytes, n * read_bytes + n * 4) << "stride " << stride;
  }
  const wk::KernelDescriptor& soa = *wk::find_kernel("soa_field");
  EXPECT_DOUBLE_EQ(wk::predict(soa, soa.defaults, m.calibration).counts.dram_bytes, n * 4 + n * 4);
}

// The calibration's one-shot block writes what it reads, so a kernel's block
// life is looked up at the mean of its reads and writes per thread: a stride-8
// read (32 sectors, a warp's 8 lines' worth, written back as 1) at 4.5 words;
// the copy, which writes what it reads (4 words), where it always was.
TEST(Coalescing, BlockLifeAtTheMeanOfReadsAndWrites) {
  const wk::Measurements m = recorded("h100");
  ASSERT_TRUE(m.calibration.present);
  const wk::KernelDescriptor& strided = *wk::find_kernel("strided_read");
  wk::KernelParams p = strided.defaults;
  p.stride = 8;
  EXPECT_DOUBLE_EQ(wk::predict(strided, p, m.calibration).counts.words_in_flight, 4.5);
  p.stride = 1;
  EXPECT_DOUBLE_EQ(wk::predict(strided, p, m.calibration).counts.words_in_flight, 1.0);
  const wk::KernelDescriptor& copy = *wk::find_kernel("copy");
  EXPECT_DOUBLE_EQ(wk::predict(copy, copy.defaults, m.calibration).counts.words_in_flight, 4.0);
}

// A GPU's file either holds none of these kernels yet (recorded so far on the
// H100 only: scripts/gpu-coalescing.sh on an H200 adds them) or the whole sweep.
class Recorded : public testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    for (const auto& e : recorded(GetParam()).kernels)
      if (kCoalescing.count(e.kernel)) return;
    FAIL() << GetParam() << ".json lost the coalescing kernels (scripts/gpu-coalescing.sh records them)";
  }
};

// Every stride, offsets 0..8 and on to 32, both struct sizes and soa_field, with
// ncu counters: what scripts/coalescing-sweeps.sh measures.
TEST_P(Recorded, HoldsTheWholeSweep) {
  const auto points = wk::coalescing_sweep(recorded(GetParam()));
  std::set<std::pair<std::string, int>> have;
  for (const auto& p : points) {
    have.insert({p.kernel, p.value});
    EXPECT_GT(p.median_ms, 0) << p.kernel << " " << p.value;
    EXPECT_GT(p.ncu_sectors_per_request, 0) << p.kernel << " " << p.value << ": no ncu counters";
  }
  for (int s : {1, 2, 3, 4, 8, 16, 32}) EXPECT_TRUE(have.count({"strided_read", s})) << "stride " << s;
  for (int o : {0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 24, 31, 32})
    EXPECT_TRUE(have.count({"offset_read", o})) << "offset " << o;
  for (int b : {12, 16}) EXPECT_TRUE(have.count({"aos_field", b})) << b << "-byte struct";
  EXPECT_TRUE(have.count({"soa_field", 0}));
}

// The simulator's sectors per request of each read are ncu's, and the bytes the
// model has DRAM read are ncu's dram__bytes_read within 2% (G2, G3). Writes are
// not compared: a single launch leaves part of `out` in L2 when ncu stops counting.
TEST_P(Recorded, SimulatedSectorsAndDramReadsAreNcus) {
  for (const auto& p : wk::coalescing_sweep(recorded(GetParam()))) {
    SCOPED_TRACE(p.kernel + " " + std::string(p.parameter) + " " + std::to_string(p.value));
    EXPECT_NEAR(p.sectors_per_request, p.ncu_sectors_per_request, 0.01 * p.sectors_per_request);
    ASSERT_GT(p.ncu_dram_read_bytes, 0);
    EXPECT_NEAR(p.dram_read_bytes / p.ncu_dram_read_bytes, 1.0, 0.02);
  }
}

// compare's criterion, on these kernels' pairs alone: predicted speedup within
// 15% of the measured one, on each GPU; and every point's time within 25%.
TEST_P(Recorded, PairsArePredictedWithin15Percent) {
  const wk::Measurements m = recorded(GetParam());
  ASSERT_TRUE(m.calibration.present);
  int pairs = 0;
  for (const wk::LessonPair& pair : wk::lesson_pairs(m)) {
    if (!kCoalescing.count(pair.variant->kernel)) continue;
    const auto predicted = [&](const wk::MeasuredKernel& e) {
      return wk::predict(*wk::find_kernel(e.kernel), e.params, m.calibration).predicted_ms;
    };
    const double measured = pair.baseline->median_ms / pair.variant->median_ms;
    const double model = predicted(*pair.baseline) / predicted(*pair.variant);
    EXPECT_NEAR(model / measured, 1.0, 0.15) << pair.baseline->key << " -> " << pair.variant->key
                                             << ": measured " << measured << "x, predicted " << model << "x";
    ++pairs;
  }
  EXPECT_GE(pairs, 6 + 12 + 1 + 1);  // strides, offsets, 16 -> 12 bytes, AoS -> SoA
  for (const auto& p : wk::coalescing_sweep(m))
    EXPECT_NEAR(p.predicted_ms / p.median_ms, 1.0, 0.25) << p.kernel << " " << p.parameter << " " << p.value;
}

INSTANTIATE_TEST_SUITE_P(Gpus, Recorded, testing::Values("h100", "h200"));
