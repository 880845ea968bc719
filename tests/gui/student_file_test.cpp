// The window's "Your .cu file": a student's kernel opened into the AppState,
// re-traced when the file is saved with the block, warp and instruction kept,
// and a kernel that crashes refused with the window's kernel unchanged.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "gui/app_state.hpp"
#include "gui/student_file.hpp"

namespace ws::gui {
namespace {

namespace fs = std::filesystem;

struct TempFile {
  fs::path path;
  TempFile(const std::string& name, const std::string& text)
      : path(fs::temp_directory_path() / ("ws_gui_" + std::to_string(::getpid()) + "_" + name)) {
    write(text);
  }
  ~TempFile() { fs::remove(path); }
  void write(const std::string& text) const {
    std::ofstream(path) << text;
    // A later modification time than any write before it, whatever the file system's clock grain.
    static auto stamp = fs::file_time_type::clock::now();
    stamp += std::chrono::seconds(1);
    fs::last_write_time(path, stamp);
  }
};

const char* kStride =
    "// launch: --grid 4 --block 128 --arg stride=2\n"
    "__global__ void strided(float* out, int stride) {\n"
    "  __shared__ float s[128 * 32];\n"
    "  s[threadIdx.x * stride] = 1.0f;\n"
    "  __syncthreads();\n"
    "  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];\n"
    "}\n";

void fill(AppState& state, const fs::path& file, const std::string& args) {
  setenv("WS_CACHE_DIR", WS_STUDENT_CACHE, 0);
  state.student_file.path = file.string();
  state.student_file.grid = "4";
  state.student_file.block = "128";
  state.student_file.args = args;
}

TEST(StudentFileWindow, OpensTheFileAsTheCurrentKernelWithItsLinesAsSites) {
  TempFile f("stride.cu", kStride);
  AppState state;
  fill(state, f.path, "stride=2");
  ASSERT_TRUE(state.open_student_file()) << state.student_file.error;
  EXPECT_EQ(state.kernel().name, "strided");
  EXPECT_EQ(state.kernel().source_path, f.path.string());
  ASSERT_TRUE(state.ready());
  ASSERT_EQ(state.trace.sites.size(), 3u);
  EXPECT_EQ(state.trace.sites[0].line, 4);
  EXPECT_EQ(state.warps_per_block(), 4);
}

TEST(StudentFileWindow, SavingTheFileReTracesItAndKeepsThePlace) {
  TempFile f("save.cu", kStride);
  AppState state;
  fill(state, f.path, "stride=2");
  ASSERT_TRUE(state.open_student_file()) << state.student_file.error;
  state.set_block(Dim3{2, 0, 0});
  state.set_warp(3);
  state.set_instruction(0);
  ASSERT_TRUE(state.current.valid);
  const int before = state.current.shared.wavefronts;  // stride 2: a 2-way conflict
  EXPECT_EQ(before, 2);
  const int serial = state.kernel_serial;
  // The student pads the stride away: stride 1 written in the source.
  std::string edited = kStride;
  edited.replace(edited.find("threadIdx.x * stride]"), 21, "threadIdx.x * 1]     ");
  f.write(edited);
  watch_student_file(state, 1.0);
  EXPECT_NE(state.kernel_serial, serial);
  EXPECT_EQ(state.block.x, 2);
  EXPECT_EQ(state.warp, 3);
  ASSERT_TRUE(state.current.valid);
  EXPECT_EQ(state.current.shared.wavefronts, 1);
}

TEST(StudentFileWindow, AKernelThatCrashesIsAMessageAndTheWindowKeepsItsKernel) {
  TempFile good("good.cu", kStride);
  TempFile bad("crash.cu", "__global__ void crash(float** t, float* out) {\n  out[threadIdx.x] = t[threadIdx.x][3];\n}\n");
  AppState state;
  fill(state, good.path, "stride=2");
  ASSERT_TRUE(state.open_student_file());
  state.student_file.path = bad.path.string();
  state.student_file.args.clear();
  EXPECT_FALSE(state.open_student_file());
  EXPECT_FALSE(state.student_file.error.empty());
  EXPECT_EQ(state.kernel().name, "strided");  // still the good one
  state.student_file.path = good.path.string();
  state.student_file.grid = "4x";
  EXPECT_FALSE(state.open_student_file());
  EXPECT_NE(state.student_file.error.find("grid: '4x'"), std::string::npos) << state.student_file.error;
}

TEST(StudentFileWindow, ACatalogKernelReplacesTheStudentsFile) {
  TempFile f("replace.cu", kStride);
  AppState state;
  fill(state, f.path, "stride=2");
  ASSERT_TRUE(state.open_student_file());
  state.select_kernel(0);
  EXPECT_FALSE(state.student);
  EXPECT_EQ(state.kernel().name, kernels::catalog()[0].name);
}

}  // namespace
}  // namespace ws::gui
