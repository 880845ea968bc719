// `warpscope kernel` as a student runs it: the table, --json's Nsight Compute
// keys, and a kernel that crashes or never ends reported without taking
// warpscope down.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/run_command.hpp"
#include "student/student_trace.hpp"

namespace ws::test {
namespace {

std::vector<std::string> launch_args(const std::string& name) {
  const std::string path = kernel_file(name);
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::vector<std::string> args{"kernel", path};
  std::stringstream words(line.substr(line.find("launch:") + 7));
  for (std::string w; words >> w;) args.push_back(w);
  return args;
}

TEST(StudentKernelCli, JsonTotalsAreKeyedByNsightComputeMetrics) {
  auto args = launch_args("reduce_interleaved");
  args.push_back("--json");
  const CommandResult r = run_warpscope(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["entry"], "reduce_interleaved");
  EXPECT_GT(j["totals"]["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"].get<long long>(), 0);
  EXPECT_EQ(j["totals"]["smsp__sass_inst_executed_op_global_st.sum"].get<long long>(), 256);  // one per block
  EXPECT_EQ(j["totals"].size(), 13u);
  EXPECT_GT(j["prediction"]["predicted_ms"].get<double>(), 0.0);
  EXPECT_TRUE(j["races"].empty());
}

TEST(StudentKernelCli, TheTableShowsEachAccessWithItsSourceLine) {
  const CommandResult r = run_warpscope(launch_args("reduce_sequential_race"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("sdata[tid] += sdata[tid + s];"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("with no __syncthreads() between"), std::string::npos) << r.out;
}

TEST(StudentKernelCli, AHistogramIsRefusedWithExitTwo) {
  const CommandResult r = run_warpscope(launch_args("histogram_shared"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("histogram_shared.cu:24:"), std::string::npos) << r.err;
}

TEST(StudentKernelCli, AKernelThatCrashesIsReportedNotFatal) {
  // A pointer read from memory: the random bytes there are no address.
  const std::string path = temp_kernel("crash.cu", "__global__ void crash(float** table, float* out) {\n"
                                                   "  out[threadIdx.x] = table[threadIdx.x][5];\n}\n");
  const CommandResult r = run_warpscope({"kernel", path, "--grid", "1", "--block", "32"});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_TRUE(r.err.find("crashed") != std::string::npos || r.err.find("in no array") != std::string::npos) << r.err;
  std::filesystem::remove(path);
}

TEST(StudentKernelCli, AKernelThatNeverEndsIsStoppedAtTheTimeout) {
  const std::string path = temp_kernel("forever.cu", "__global__ void forever(volatile int* flag) {\n"
                                                     "  while (flag[0] != 12345) { flag[1] = 0; }\n}\n");
  const CommandResult r = run_warpscope({"kernel", path, "--grid", "1", "--block", "32", "--timeout", "3"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("ran past 3 s"), std::string::npos) << r.err;
  std::filesystem::remove(path);
}

TEST(StudentKernelCli, BadFlagsAreNamed) {
  const std::string path = kernel_file("reduce_sequential");
  CommandResult r = run_warpscope({"kernel", path, "--grid", "2x", "--block", "256", "--arg", "n=5"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--grid"), std::string::npos) << r.err;
  r = run_warpscope({"kernel", path, "--grid", "2", "--block", "256", "--arg", "n"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--arg: 'n' is not NAME=VALUE"), std::string::npos) << r.err;
  r = run_warpscope({"kernel", "/no/such/file.cu", "--grid", "2", "--block", "256"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/no/such/file.cu: no such file"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace ws::test
