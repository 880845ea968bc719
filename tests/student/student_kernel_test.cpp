// The classic kernels of tests/student_kernels, written as a course writes them
// and never part of the catalog, traced through a student's path: each count
// below follows from the launch and the access pattern by hand, not from a run.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "student/student_trace.hpp"

namespace ws::test {
namespace {

using kernels::Counters;

long long warps_of(const kernels::StudentLaunch& l) {
  return static_cast<long long>(l.grid.count()) * ((l.block.count() + 31) / 32);
}

TEST(StudentKernel, ArrayOfStructuresReadsTwelveSectorsPerWarpForEachField) {
  const Traced t = trace_kernel("aos_read");
  const long long warps = warps_of(launch_line(kernel_file("aos_read")));
  // Three 4-byte field loads 12 bytes apart: a warp spans 32 x 12 = 384 bytes, 12 sectors.
  const Counters p = sum_sites(t.report, "p", Space::Global, Op::Load);
  EXPECT_EQ(p.instructions, 3 * warps);
  EXPECT_EQ(p.requests, 3 * warps);
  EXPECT_EQ(p.sectors, 3 * 12 * warps);
  EXPECT_EQ(p.ideal_sectors, 3 * 4 * warps);  // 128 useful bytes: 4 sectors
  const Counters out = sum_sites(t.report, "out", Space::Global, Op::Store);
  EXPECT_EQ(out.sectors, 4 * warps);
  EXPECT_EQ(t.report.sites.size(), 4u);  // p.x, p.y, p.z and out: one site each
}

TEST(StudentKernel, RowPerThreadSumTouchesOneSectorPerLane) {
  const Traced t = trace_kernel("row_sum");
  const kernels::StudentLaunch l = launch_line(kernel_file("row_sum"));
  const long long cols = 256, warps = warps_of(l);
  const Counters m = sum_sites(t.report, "m", Space::Global, Op::Load);
  EXPECT_EQ(m.instructions, cols * warps);
  EXPECT_EQ(m.sectors, 32 * cols * warps);  // lanes are a row (1 KiB) apart
}

TEST(StudentKernel, SequentialAddressingIsConflictFreeAndInterleavedIsNot) {
  const Traced seq = trace_kernel("reduce_sequential");
  const Traced inter = trace_kernel("reduce_interleaved");
  const Counters s_ld = sum_sites(seq.report, "sdata", Space::Shared, Op::Load);
  const Counters i_ld = sum_sites(inter.report, "sdata", Space::Shared, Op::Load);
  EXPECT_EQ(s_ld.bank_conflicts, 0u);
  EXPECT_EQ(s_ld.wavefronts, s_ld.instructions);
  EXPECT_GT(i_ld.bank_conflicts, 0u);
  EXPECT_GT(i_ld.wavefronts, 2 * i_ld.instructions);
  // Both halve the active threads each step: as many warp instructions either way.
  EXPECT_EQ(s_ld.instructions, i_ld.instructions);
  // 256 threads: 128, 64, 32 active, then 16..1 in one warp: 4 + 2 + 1 + 5 warps per block,
  // each reading twice, plus thread 0's final read.
  const long long blocks = launch_line(kernel_file("reduce_sequential")).grid.count();
  EXPECT_EQ(s_ld.instructions, blocks * (2 * 12 + 1));
}

TEST(StudentKernel, PaddedScanRemovesTheConflictsOfTheSameWork) {
  const Traced plain = trace_kernel("scan_work_efficient");
  const Traced padded = trace_kernel("scan_work_efficient_padded");
  Counters p, q;
  for (Op op : {Op::Load, Op::Store}) {
    p.add(sum_sites(plain.report, "temp", Space::Shared, op));  // extern __shared__ float temp[]
    q.add(sum_sites(padded.report, "temp", Space::Shared, op));
  }
  EXPECT_EQ(p.instructions, q.instructions);
  EXPECT_GT(p.bank_conflicts, 0u);
  EXPECT_LT(q.bank_conflicts, p.bank_conflicts / 4);
  EXPECT_EQ(plain.report.launch.dynamic_shared_bytes, 2048);
}

TEST(StudentKernel, StencilHaloLoadsRunInOneWarpOfEachBlockAndSkipTheEdges) {
  const Traced t = trace_kernel("stencil_1d");
  const long long blocks = launch_line(kernel_file("stencil_1d")).grid.count();
  // The first RADIUS threads load the halo: warp 0 only; the left halo of block 0
  // and the right halo of the last block are outside the array and not read.
  int halo_sites = 0;
  for (const auto& s : t.report.sites)
    if (s.site.space == Space::Global && s.site.op == Op::Load && s.kernel.instructions == static_cast<std::uint64_t>(blocks - 1))
      ++halo_sites;
  EXPECT_EQ(halo_sites, 2);
  const Counters temp = sum_sites(t.report, "temp", Space::Shared, Op::Load);
  EXPECT_EQ(temp.instructions, blocks * 8 * 7);  // 8 warps, 7 taps
  EXPECT_EQ(temp.bank_conflicts, 0u);
}

TEST(StudentKernel, TransposeOfDoublesInAPaddedTileTakesTwoWavefrontsPerAccess) {
  const Traced t = trace_kernel("transpose_double");
  for (Op op : {Op::Load, Op::Store}) {
    const Counters tile = sum_sites(t.report, "tile", Space::Shared, op);
    EXPECT_GT(tile.instructions, 0u);
    EXPECT_EQ(tile.wavefronts, 2 * tile.instructions);  // 32 lanes x 8 bytes = 2 x 128 bytes
    EXPECT_EQ(tile.bank_conflicts, 0u);
  }
  for (const auto& s : t.report.sites) EXPECT_EQ(s.site.bytes, 8) << s.site.line;
}

TEST(StudentKernel, RectangularMatmulStoresOnlyInsideTheMatrix) {
  const Traced t = trace_kernel("matmul_tiled_rect");
  // C is 200 x 136 in 16 x 16 blocks of 8 warps (two rows each): count the warps
  // holding at least one element of C.
  const int M = 200, N = 136;
  long long warps = 0;
  for (int by = 0; by < (M + 15) / 16; ++by)
    for (int bx = 0; bx < (N + 15) / 16; ++bx)
      for (int w = 0; w < 8; ++w)
        if (by * 16 + 2 * w < M && bx * 16 < N) ++warps;
  EXPECT_EQ(sum_sites(t.report, "C", Space::Global, Op::Store).instructions, warps);
  EXPECT_TRUE(t.findings.races.empty());
}

TEST(StudentKernel, DiagonalBlockOrderKeepsEveryBlockConflictFree) {
  const Traced t = trace_kernel("transpose_diagonal");
  const long long warps = warps_of(launch_line(kernel_file("transpose_diagonal")));
  const Counters in = sum_sites(t.report, "in", Space::Global, Op::Load);
  EXPECT_EQ(in.instructions, 4 * warps);    // TILE / BLOCK_ROWS rows per thread
  EXPECT_EQ(in.sectors, 4 * 4 * warps);     // each a full 128-byte row
  EXPECT_EQ(sum_sites(t.report, "tile", Space::Shared, Op::Load).bank_conflicts, 0u);
}

TEST(StudentKernel, HostCodeAndMainAreCompiledButNotRun) {
  const Traced t = trace_kernel("student_with_main");
  const long long n = 1000000;
  EXPECT_EQ(sum_sites(t.report, "y", Space::Global, Op::Store).instructions, (n + 31) / 32);
}

TEST(StudentKernel, AMissingBarrierIsReportedAsARace) {
  const Traced reduce = trace_kernel("reduce_sequential_race");
  ASSERT_FALSE(reduce.findings.races.empty());
  EXPECT_EQ(reduce.findings.races[0].array, "sdata");
  const Traced matmul = trace_kernel("matmul_tiled_rect_race");
  ASSERT_FALSE(matmul.findings.races.empty());
  bool tile_race = false;
  for (const auto& r : matmul.findings.races) tile_race |= (r.array == "As" || r.array == "Bs");
  EXPECT_TRUE(tile_race);
  // The same kernels with their barriers race nowhere.
  EXPECT_TRUE(trace_kernel("reduce_sequential").findings.races.empty());
}

TEST(StudentKernel, AHistogramIsRefusedNamingTheLineAndTheArray) {
  const std::string path = kernel_file("histogram_shared");
  Loaded l = load_kernel(path, launch_line(path));
  ASSERT_TRUE(l.kernel) << l.error;
  auto checked = l.kernel->check();
  ASSERT_TRUE(std::holds_alternative<std::string>(checked));
  const std::string& why = std::get<std::string>(checked);
  EXPECT_NE(why.find("histogram_shared.cu:24:"), std::string::npos) << why;
  EXPECT_NE(why.find("s_hist"), std::string::npos) << why;
  EXPECT_NE(why.find("depends on values read from memory"), std::string::npos) << why;
}

TEST(StudentKernel, AnAccessPastTheGivenSizeIsAFinding) {
  const std::string path = kernel_file("reduce_sequential");
  kernels::StudentLaunch l = launch_line(path);
  l.sizes.emplace_back("in", 1000);
  Loaded k = load_kernel(path, l);
  ASSERT_TRUE(k.kernel) << k.error;
  auto checked = k.kernel->check();
  ASSERT_TRUE(std::holds_alternative<kernels::StudentFindings>(checked));
  const auto& oor = std::get<kernels::StudentFindings>(checked).out_of_range;
  ASSERT_FALSE(oor.empty());
  EXPECT_EQ(oor[0].array, "in");
  EXPECT_EQ(oor[0].size, 1000);
  EXPECT_GE(oor[0].element, 1000);
}

// ---- Bad input: a message naming what was wrong --------------------------------

TEST(StudentKernelInput, EachBadLaunchNamesItsFlag) {
  const std::string path = kernel_file("reduce_sequential");
  kernels::StudentLaunch l = launch_line(path);
  l.args.clear();
  EXPECT_NE(load_kernel(path, l).error.find("--arg n=VALUE is missing"), std::string::npos);
  l.args = {{"n", "65536"}, {"m", "3"}};
  EXPECT_NE(load_kernel(path, l).error.find("--arg m: reduce_sequential has no parameter 'm' (it has: in, out, n)"),
            std::string::npos)
      << load_kernel(path, l).error;
  l.args = {{"n", "six"}};
  EXPECT_NE(load_kernel(path, l).error.find("'six' is not a whole number"), std::string::npos);
  l.args = {{"n", "64"}, {"in", "3"}};
  EXPECT_NE(load_kernel(path, l).error.find("parameter in is a pointer"), std::string::npos);
  l.args = {{"n", "64"}};
  l.sizes = {{"n", 5}};
  EXPECT_NE(load_kernel(path, l).error.find("--size n: parameter n is not a pointer"), std::string::npos);
  l.sizes.clear();
  l.block = Dim3{2048, 1, 1};
  EXPECT_NE(load_kernel(path, l).error.find("--block: 2048 threads per block"), std::string::npos);
}

TEST(StudentKernelInput, ACompileErrorIsTheCompilersOnTheStudentsLine) {
  const std::string path = temp_kernel("syntax.cu", "// a typo on line 3\n__global__ void k(float* a) {\n  a[threadIdx.x] = 1.0f\n}\n");
  const Loaded l = load_kernel(path, launch_of(1, 32));
  EXPECT_NE(l.error.find(path + ":3:"), std::string::npos) << l.error;
  EXPECT_NE(l.error.find("error"), std::string::npos) << l.error;
  std::filesystem::remove(path);
}

TEST(StudentKernelInput, TheEntryMustBeNamedWhenTheFileHasSeveral) {
  const std::string path = temp_kernel("two.cu", "__global__ void a(float* x) { x[0] = 1; }\n"
                                                 "template <int B> __global__ void b(float* x) { x[B] = 1; }\n");
  EXPECT_NE(load_kernel(path, launch_of(1, 32)).error.find("has 2 __global__ functions (a, b): name one with --entry"),
            std::string::npos);
  EXPECT_NE(load_kernel(path, launch_of(1, 32), "c").error.find("--entry: " + path + " has no __global__ function 'c'"),
            std::string::npos);
  EXPECT_NE(load_kernel(path, launch_of(1, 32), "b").error.find("b is a template: give its arguments"),
            std::string::npos);
  Loaded b = load_kernel(path, launch_of(1, 32), "b<4>");
  ASSERT_TRUE(b.kernel) << b.error;
  const auto r = kernels::report(b.kernel->descriptor(), kernels::KernelParams{}, default_preset(), Dim3{0, 0, 0}, 0);
  ASSERT_EQ(r.sites.size(), 1u);
  EXPECT_EQ(r.sites[0].site.line, 2);
  std::filesystem::remove(path);
  EXPECT_NE(load_kernel(temp_kernel("none.cu", "void f() {}\n"), launch_of(1, 32)).error.find("has no __global__ function"),
            std::string::npos);
}

TEST(StudentKernelInput, AnIndexFarOutOfRangeStopsTheTraceWithTheLine) {
  const std::string path =
      temp_kernel("far.cu", "__global__ void far(float* a) {\n  a[threadIdx.x * 1000000000LL] = 1.0f;\n}\n");
  Loaded l = load_kernel(path, launch_of(1, 32));
  ASSERT_TRUE(l.kernel) << l.error;
  try {
    kernels::report(l.kernel->descriptor(), kernels::KernelParams{}, default_preset(), Dim3{0, 0, 0}, 0);
    ADD_FAILURE() << "no error";
  } catch (const kernels::StudentTraceError& e) {
    EXPECT_NE(std::string(e.what()).find("far.cu:2:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("in no array"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace ws::test
