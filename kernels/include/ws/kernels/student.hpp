// A student's own kernel: a plain .cu file, compiled by the host compiler with
// warpscope's prelude (kernels/student/prelude.h) and traced thread by thread,
// so that every access of every thread reaches the AccessRecorder the catalog's
// kernels use: its sites, warp instructions, whole-kernel counters and the
// prediction follow unchanged (docs/your-kernel.md).
//   read_student_source()   finds the entry and its parameters; the text g++ compiles
//   compile_student()       g++ -fsanitize=thread -O0, cached by content
//   StudentKernel           the loaded library as a KernelDescriptor, its arrays and findings
//   check_student()         a second run on other data, races within barrier intervals
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ws/kernels/catalog.hpp"

namespace ws::kernels {

// What a student's file may be: larger is refused with a message.
inline constexpr std::uintmax_t kMaxStudentFileBytes = 1u << 20;
inline constexpr long long kMaxStudentThreads = 1ll << 24;

struct StudentSource {
  std::filesystem::path path;   // absolute
  std::string text;             // as read
  std::string entry;            // as the launch names it: "reduce" or "reduce<256>"
  int entry_line = 0;
  std::vector<std::string> kernels;      // every __global__ function of the file
  std::vector<std::string> param_names;  // the entry's, in order
  std::string translation_unit;          // what the host compiler compiles
  std::vector<std::string> extern_shared;  // names of its `extern __shared__ T name[];` arrays
  // The words of a "// launch: --grid 256 --block 256 --arg n=65536" comment in
  // the file's first 30 lines (empty: none): the launch when no flag gives one.
  std::vector<std::string> launch_words;
};

// Reads `path` and picks its __global__ function `entry` (empty: the only one).
// The error names the file and what was wrong.
std::variant<StudentSource, std::string> read_student_source(const std::filesystem::path& path,
                                                             std::string_view entry);

struct CompiledStudent {
  std::filesystem::path library;  // the shared object in the cache
  bool from_cache = false;
  double seconds = 0;  // compile time (0 from the cache)
};
// Compiles the source into a shared object in the cache (WS_CACHE_DIR, else
// $XDG_CACHE_HOME/warpscope, else ~/.cache/warpscope). The error is the
// compiler's, on the student's file and lines.
std::variant<CompiledStudent, std::string> compile_student(const StudentSource& src);

struct StudentLaunch {
  Dim3 grid, block;
  int dynamic_shared_bytes = 0;
  std::vector<std::pair<std::string, std::string>> args;   // --arg NAME=VALUE
  std::vector<std::pair<std::string, long long>> sizes;    // --size NAME=ELEMENTS
};

// The column a student's site is shown with: 0 where the symbolizer gave none
// (each instruction of such a line is its own site, numbered below 0), and a
// second kind of access at one place (a load and a store of a[i]++) shown at the place's column.
inline int display_column(int column) { return column <= 0 ? 0 : column % 10000; }

// "256", "16x16" or "9x13x1": a grid or block, each size at least 1; nothing when malformed.
std::optional<Dim3> parse_dim3(std::string_view text);

// The launch a "// launch:" comment gives (--grid, --block, --arg, --size,
// --dynamic-smem); the error names the word that is wrong.
std::variant<StudentLaunch, std::string> launch_from_words(const std::vector<std::string>& words);

// A problem found while tracing that is not an error of the trace: printed and in --json.
struct StudentRace {
  std::string array;
  long long word = 0;     // 4-byte word index in the array
  int first_line = 0, first_column = 0, second_line = 0, second_column = 0;
  std::string first_op, second_op;  // "write", "read"
  Dim3 block, first_thread, second_thread;
  int phase = 0;          // barrier interval: __syncthreads() calls before it
  bool same_warp = false;
  int blocks = 1;         // blocks checked that show this pair of accesses racing
};
struct StudentOutOfRange {
  std::string array;
  int line = 0, column = 0;
  long long element = 0, size = 0;
  Dim3 block, thread;
};
struct StudentFindings {
  std::vector<StudentRace> races;
  std::vector<StudentOutOfRange> out_of_range;
  std::vector<std::string> notes;  // "shuffles return the lane's own value here", barrier counts
  int blocks_checked = 0;
};

// What the SASS shows nvcc did to the accesses of one line (StudentKernel::apply_sass).
struct StudentCompilerNote {
  int line = 0;
  std::string array;
  std::string what;       // one sentence
  std::string sass;       // the instruction that shows it: "LDS.128 R8, [R3+0x10]"
  bool corrected = false; // the counts now follow the SASS
};

// A parameter of the entry as a GPU launch needs it.
struct StudentParameter {
  std::string name;
  bool pointer = false;
  std::vector<unsigned char> value;  // a scalar's bytes, as --arg gave it
  int element_bytes = 0;             // a pointer's element
  bool floating = false;             // its elements are float or double
  std::uint64_t bytes = 0;           // its array: --size, else as far as the trace touched it
};

class StudentKernel {
 public:
  ~StudentKernel();
  StudentKernel(const StudentKernel&) = delete;
  StudentKernel& operator=(const StudentKernel&) = delete;

  // Loads the compiled library and binds the launch: every scalar parameter from
  // --arg, every pointer parameter an array of its own. The error names the flag.
  static std::variant<std::unique_ptr<StudentKernel>, std::string> load(const StudentSource& src,
                                                                       const CompiledStudent& lib,
                                                                       const StudentLaunch& launch);
  // The kernel as the catalog's functions take it (report(), predict(), trace_warp()).
  const KernelDescriptor& descriptor() const { return descriptor_; }
  const StudentLaunch& launch() const { return launch_; }
  const StudentSource& source() const { return source_; }

  // Runs the sampled blocks twice on different data and looks for races; an
  // address or a branch that depends on loaded values is an error (the message
  // names the line and the array), races and out-of-range accesses are findings.
  std::variant<StudentFindings, std::string> check(int max_blocks = 16);

  // Accesses past a --size (or the dynamic shared bytes) seen so far, the first per site.
  std::vector<StudentOutOfRange> out_of_range() const;

  // Reads the entry's SASS (nvdisasm -g -c of nvcc's sm_90 cubin; nvcc.hpp's
  // sass_listing, or a recorded one) against the traced sites, line by line:
  // shared loads nvcc widens are counted as the GPU executes them from now on,
  // every other difference is a note.
  std::vector<StudentCompilerNote> apply_sass(const std::string& listing);

  // Whether the site at (line, column) is an atomic (recorded as a load of its word).
  bool is_atomic(int line, int column) const;

  // The entry's parameters; a pointer's `bytes` is known once a trace has run.
  std::vector<StudentParameter> parameters() const;

  struct Impl;

 private:
  StudentKernel() = default;
  StudentSource source_;
  StudentLaunch launch_;
  KernelDescriptor descriptor_;
  std::unique_ptr<Impl> impl_;
};

// Loads, checks and traces the whole launch once in a child process (the
// window, before it loads the same kernel into itself): the message of a
// refusal, a crash or a run past `limit`; nothing when all went well.
std::optional<std::string> rehearse_student(const StudentSource& src, const CompiledStudent& lib,
                                            const StudentLaunch& launch, std::chrono::seconds limit);

// Thrown through the student's code when a thread cannot go on: an address in no
// array. Caught by the tracing functions' callers (the command line, the tests).
struct StudentTraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The file compiled by nvcc for this machine's GPU and launched like the trace:
// random non-zero inputs (floats in [1, 2)), a warm-up, then `repeat` launches
// timed with CUDA events. Needs a trace first (the arrays' sizes).
struct StudentGpuRun {
  std::string gpu;  // "NVIDIA H100 80GB HBM3"
  double median_ms = 0, min_ms = 0, max_ms = 0;
  int launches = 0;
  std::string cubin;  // the compiled file, in the cache
};
struct StudentGpuError {
  std::string message;
  bool no_gpu = false;
};
// The entry's SASS listing, for apply_sass(): nvcc -cubin -lineinfo for sm_90,
// then nvdisasm -g -c. The error says what is missing (no GPU is needed).
struct SassListing {
  std::string text;
  std::string missing;  // why there is none: no nvcc, no nvdisasm, nvcc's error
};
SassListing student_sass_listing(const StudentSource& src);

std::variant<StudentGpuRun, StudentGpuError> run_student_on_gpu(const StudentKernel& kernel, int repeat = 50);

// Nsight Compute's `metrics` (comma-separated) for the entry's first launch of
// `command`, a warpscope command line that launches it (kernel FILE ... --run).
std::variant<std::map<std::string, double>, StudentGpuError> ncu_counters(const StudentKernel& kernel,
                                                                          const std::vector<std::string>& command,
                                                                          const std::string& metrics);

}  // namespace ws::kernels
