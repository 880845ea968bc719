// The loaded library of a student's kernel and the hooks its accesses call
// (kernel.cpp); check.cpp drives it for the second run and the race check.
#pragma once

#include <csetjmp>
#include <cstdint>
#include <exception>
#include <map>
#include <mutex>
#include <set>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "process.hpp"
#include "ws/kernels/student.hpp"
#include "ws/recorder.hpp"

// The prelude's types, as the library lays them out (kernels/student/prelude.h).
struct ws_rt_uint3 {
  unsigned x, y, z;
};
struct ws_rt_thread_state {
  ws_rt_uint3 thread, block, block_dim, grid_dim;
};
struct ws_rt_host_calls {
  void (*access)(void* pc, void* caller_pc, const volatile void* address, unsigned long bytes, int kind);  // kind 2: atomic
  void (*barrier)(void* pc);
  void (*warp_op)(void* pc, const char* what);
};
struct ws_rt_param {
  int kind, bytes, pointee_bytes, pointee_kind;
};
struct ws_rt_entry {
  void (*run)(void* const* args);
  int arity;
  ws_rt_param params[64];
};

namespace ws::kernels {

// Added to the column of a second kind of access at one place (see on_access);
// display_column() takes it off again.
inline constexpr int kOtherAccessColumn = 10000;

// A place in the student's file (line 0: none found).
struct SourcePlace {
  int line = 0, column = 0;
};

// One array the kernel may touch: a pointer parameter, a __device__ variable,
// a __shared__ array or the launch's dynamic shared memory.
struct StudentRegion {
  std::string name;
  Space space = Space::Global;
  bool dynamic = false;
  std::uintptr_t begin = 0;
  std::uint64_t declared_bytes = 0;  // --size (or the dynamic bytes); beyond it is out of range
  std::uint64_t reserved_bytes = 0;  // mapped; beyond it is no array at all
  int elem_bytes = 1;
  bool sized = false;                // the student gave its size
  bool fill_by_page = false;         // global memory: random bytes on first touch
  std::vector<std::uint32_t> page_generation;
  std::uint64_t touched_end = 0;     // bytes from begin up to the last byte touched
  bool mapped = false;               // munmap on unload
};

// Races within a barrier interval of one block (check.cpp feeds it).
class RaceDetector {
 public:
  void reset();
  void access(int region, std::uint64_t word, int thread, int phase, bool write, SourcePlace at);
  std::vector<StudentRace> take(const std::vector<StudentRegion>& regions, Dim3 block, Dim3 block_dim);

 private:
  struct Word {
    int writer = -1;
    SourcePlace write_at;
    int readers[2] = {-1, -1};
    SourcePlace read_at[2];
  };
  struct Found {
    int region;
    std::uint64_t word;
    int first, second, phase;
    SourcePlace first_at, second_at;
    bool first_write, second_write;
  };
  void found(int region, std::uint64_t word, int first, SourcePlace first_at, bool first_write, int second,
             SourcePlace second_at, bool second_write, int phase);
  std::unordered_map<std::uint64_t, Word> words_;  // (region << 56) | (phase << 32) | word
  std::vector<Found> found_;
};

struct StudentKernel::Impl {
  void* handle = nullptr;
  const ws_rt_entry* entry = nullptr;
  ws_rt_thread_state* state = nullptr;
  ws_rt_host_calls* host = nullptr;
  std::uintptr_t library_base = 0, library_begin = 0, library_end = 0;
  std::filesystem::path library;
  std::string source_path;
  std::string entry_name;
  std::vector<StudentRegion> regions;
  std::vector<std::vector<unsigned char>> arg_storage;
  std::vector<int> param_region;  // per parameter: its region (a pointer), else -1
  std::vector<void*> args;
  std::uint32_t generation = 1;
  std::unordered_map<std::uintptr_t, SourcePlace> places;
  std::set<std::pair<int, int>> atomic_places;                   // (line, column) of atomics
  std::map<int, int> columnless;                                  // line -> instructions met without a column
  std::map<std::pair<int, int>, std::pair<int, bool>> place_kind;  // (line, column) -> (region, store)
  std::unique_ptr<student::Conversation> symbolizer;
  bool symbolizer_tried = false;
  // The thread running now.
  Dim3 block{-1, -1, -1};
  const AccessRecorder* block_recorder = nullptr;
  int thread_linear = 0, phase = 0, barriers_of_thread0 = -1;
  Dim3 block_dim{};
  std::uintptr_t stack_low = 0, stack_high = 0;
  // Findings gathered while tracing.
  std::vector<StudentOutOfRange> out_of_range;
  std::vector<std::string> notes;
  RaceDetector* races = nullptr;
  std::vector<std::pair<std::string, int>> vector_reads;  // shared arrays nvcc reads wide (apply_sass)
  int fewest_barriers = 0, most_barriers = 0;  // per thread, while check() runs a block

  // The instrumented code's calls to the hooks are nothrow (GCC declares the
  // sanitizer's entry points so): an exception raised in a hook (the recorder's
  // ProbeDone, a StudentTraceError) is kept here and the thread left by longjmp
  // to run_thread(), which throws it from warpscope's own frame.
  std::jmp_buf escape;
  // One CUDA thread at a time: the library's thread state (threadIdx) and its
  // __shared__ arrays are one copy, and the window traces a warp while its
  // whole-kernel job runs.
  std::mutex running;
  std::exception_ptr pending;

  void run_thread();
  void on_access(std::uintptr_t pc, std::uintptr_t caller_pc, std::uintptr_t address, std::uint64_t bytes, bool write,
                 bool atomic = false);
  SourcePlace place_of(std::uintptr_t pc);
  // The student's line of an access from `pc`, or from its caller's (a library function).
  SourcePlace place_of(std::uintptr_t pc, std::uintptr_t caller_pc);
  void fill_shared();
  void fill_pages(StudentRegion& r, std::uint64_t from, std::uint64_t to);
  void note(const std::string& text);
};

}  // namespace ws::kernels
