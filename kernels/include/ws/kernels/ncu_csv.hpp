// What Nsight Compute exports as CSV, read for `warpscope reconcile` (issue 25):
//   - the Source page, `ncu --import R --page source --csv --print-source cuda,sass`:
//     per launch and source file, each CUDA line followed by its SASS
//     instructions with their memory counters (wavefronts, ideal, sectors ...);
//   - kernel-wide metrics, `ncu --metrics M --csv` either as the raw page (one
//     row per launch, a column per metric) or the details page (one row per
//     metric, the default without --page).
// The format, as ncu 2025.3 wrote it on an H100, is described with a recorded
// example in assets/measurements/runs/ncu-source-probe-2026-11-27/README.md.
// Every refusal says what was wrong with the file (a missing column, a row that
// does not fit the header, no launch ...); nothing here throws.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ws/access.hpp"
#include "ws/result.hpp"

namespace ws::kernels {

// One source line's memory instructions of one space and operation, summed
// over the SASS instructions ncu attributes to it (a line may hold a global
// load and a shared store: two of these).
// One SASS instruction's counters (a row of the Source page).
struct NcuSassCounters {
  std::string address;
  std::uint64_t instructions = 0, ldmatrix_instructions = 0, requests = 0, wavefronts = 0, ideal_wavefronts = 0,
                sectors = 0, ideal_sectors = 0;
};

struct NcuLineCounters {
  std::string file;  // as ncu printed it (the build machine's path)
  int line = 0;
  Space space = Space::Shared;
  Op op = Op::Load;
  int access_bits = 0;                    // the widest instruction's "Access Size"
  std::uint64_t instructions = 0;         // warp-level ("Instructions Executed")
  std::uint64_t thread_instructions = 0;  // lanes that executed them ("Thread Instructions Executed")
  std::uint64_t ldmatrix_instructions = 0;  // of them, LDSM (by the SASS text)
  // "L1 Tag Requests Global": per line, L1 tag lookups, one per 128-byte line a
  // warp's access touches (not l1tex__t_requests, one per instruction).
  std::uint64_t requests = 0;
  std::uint64_t wavefronts = 0, ideal_wavefronts = 0;  // "L1 Wavefronts Shared", "... Ideal"
  std::uint64_t sectors = 0, ideal_sectors = 0;        // "L2 Theoretical Sectors Global", "... Ideal"
  int sass_instructions = 0;              // distinct SASS addresses summed
  // Each SASS instruction's own counters, by "Address" (ncu lists an inlined function's
  // instructions under its callers' files too: the same addresses again).
  std::vector<NcuSassCounters> sass;
};

// One launch on the Source page: its function and its lines.
struct NcuSourceLaunch {
  std::string function;  // demangled, as printed: "void ws_kernel<...>(...)"
  std::vector<NcuLineCounters> lines;
};

// One launch's kernel-wide metrics (raw or details page).
struct NcuKernelMetrics {
  std::string kernel_name;  // "Kernel Name" column
  std::string block, grid;  // "(32, 8, 1)"
  std::map<std::string, double> metrics;  // metric -> value; "n/a" values are left out
};

struct NcuExport {
  std::vector<NcuSourceLaunch> source;
  std::vector<NcuKernelMetrics> kernels;
};

// The most a file may hold (a whole-catalog Source export is about 2 MB; the
// limit keeps a wrong file from taking the machine's memory).
inline constexpr std::size_t kMaxNcuCsvBytes = 64u << 20;
// The most one launch on a Source page may hold: distinct (file, line, space,
// operation) groups and SASS memory instructions. The recorded pages hold at
// most 12 and 76; a 64 MB page of 246 000 distinct lines parsed in 1 s but
// gave a million rows that took 25 s and 2.5 GB to print as JSON (issue 37).
inline constexpr std::size_t kMaxNcuSourceLines = 1000;
inline constexpr std::size_t kMaxNcuSassInstructions = 10000;

// Reads either kind of export (told apart by its first CSV row). `what` names
// the file in messages.
Result<NcuExport> parse_ncu_csv(std::string_view text, std::string_view what);
// The file read and parsed; size and readability checked first.
Result<NcuExport> read_ncu_csv(const std::string& path);
// Several files (a Source-page CSV and a metrics CSV) merged into one export.
Result<NcuExport> read_ncu_csvs(const std::vector<std::string>& paths);

// One CSV record as ncu writes it: every field quoted, quotes inside a field
// (a source line's string literal) left unescaped. A field ends at a quote
// followed by a comma and a quote, by a comma at the end, or by the end.
// Lines that do not start with a quote (the program's output, ==PROF== lines)
// give no fields.
std::vector<std::string> split_ncu_csv_line(std::string_view line);

// A function or kernel name from ncu against a compiled variant's entry
// (entry_name(): "ws::kernels::TransposePadded<32, 8>"): true when the name is
// that entry's ws_kernel<...>, ignoring spaces and ncu's "(int)" casts; for an extern "C"
// entry (ws_variant, a student's NVRTC-compiled variant), when it is that function.
bool ncu_name_matches_entry(std::string_view ncu_name, std::string_view entry);

}  // namespace ws::kernels
