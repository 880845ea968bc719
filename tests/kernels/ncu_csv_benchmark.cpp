// The two inputs of issue 37 that made `reconcile --ncu-csv` quadratic, at the
// 64 MB cap, written to a folder and timed through parse_ncu_csv():
//   lines.csv    a Source page of copy's launch whose every CUDA line has a
//                SASS row of its own (each row searched the launch's line list;
//                now refused at the 1001st line);
//   caps.csv     the heaviest page it accepts: 1000 lines, 10 000 memory
//                instructions, then other SASS rows to 64 MB;
//   quotes.csv   the same launch with one 4 MB field of doubled quotes (the
//                un-doubling erased one pair at a time).
// Run by hand (docs/performance.md has the figures):
//   build/tests/kernels/kernels_ncu_csv_benchmark /tmp/ncu-bench
//   time build/app/warpscope reconcile --kernel copy --ncu-csv /tmp/ncu-bench/caps.csv --json >/dev/null
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/ncu_csv.hpp"

namespace wk = ws::kernels;
namespace fs = std::filesystem;

namespace {

const char* const kHeader =
    R"("Line No","Source","Address","Source","Instructions Executed","Thread Instructions Executed",)"
    R"("Address Space","Access Operation","Access Size","L1 Tag Requests Global","L1 Conflicts Shared N-Way",)"
    R"("L1 Wavefronts Shared Excessive","L1 Wavefronts Shared","L1 Wavefronts Shared Ideal",)"
    R"("L2 Theoretical Sectors Global Excessive","L2 Theoretical Sectors Global","L2 Theoretical Sectors Global Ideal")";

std::string launch_head() {
  const wk::KernelDescriptor& k = *wk::find_kernel("copy");
  return fmt::format(
      "\"File Path\",\"/build/{}\"\n\"Function Name\",\"void ws_kernel<{}>(const float *, float *)\"\n{}\n",
      fs::path(std::string(k.source_path)).filename().string(), wk::entry_name(k, k.defaults), kHeader);
}

// CUDA lines with a SASS load each, up to `bytes`.
std::string page_of_lines(std::size_t bytes) {
  std::string out = launch_head();
  out.reserve(bytes);
  for (int line = 1;; ++line) {
    std::string rows = fmt::format(
        R"("{}","  dst[y * p.cols + x] = src[y * p.cols + x];  // a source line of ordinary length","-","-","0","0",)"
        R"("-","-","-","0","0","0","0","0","0","0","0")"
        "\n"
        R"("","","0x{:x}","      LDG.E R5, desc[UR6][R2.64]","1","32","Global","Load","32","1","0","0","0","0",)"
        R"("0","4","4")"
        "\n",
        line, 0x7f0000000000 + 16 * line);
    if (out.size() + rows.size() > bytes) break;
    out += rows;
  }
  return out;
}

// The heaviest page reconcile accepts: kMaxNcuSourceLines lines holding kMaxNcuSassInstructions
// memory instructions, then non-memory SASS rows (each a distinct address) up to `bytes`.
std::string page_at_the_caps(std::size_t bytes) {
  std::string out = launch_head();
  out.reserve(bytes);
  const std::size_t per_line = wk::kMaxNcuSassInstructions / wk::kMaxNcuSourceLines;
  std::uint64_t address = 0x7f0000000000;
  for (std::size_t line = 1; line <= wk::kMaxNcuSourceLines; ++line) {
    out +=
        fmt::format(R"("{}","  dst[i] = src[i];","-","-","0","0","-","-","-","0","0","0","0","0","0","0","0")"
                    "\n",
                    line);
    for (std::size_t i = 0; i < per_line; ++i)
      out += fmt::format(
          R"("","","0x{:x}","      LDG.E R5, desc[UR6][R2.64]","1","32","Global","Load","32","1",)"
          R"("0","0","0","0","0","4","4")"
          "\n",
          address += 16);
  }
  for (;;) {
    const std::string row = fmt::format(
        R"("","","0x{:x}","      FFMA R5, R2, R3, R5  // an arithmetic instruction","1","32","-","-","-","0","0",)"
        R"("0","0","0","0","0","0")"
        "\n",
        address += 16);
    if (out.size() + row.size() > bytes) break;
    out += row;
  }
  return out;
}

// One CUDA line whose source text is `bytes` of doubled quotes.
std::string page_of_quotes(std::size_t bytes) {
  return launch_head() + "\"1\",\"" + std::string(bytes, '"') +
         R"(","-","-","0","0","-","-","-","0","0","0","0","0","0","0","0")"
         "\n"
         R"("","","0x7f0000000010","      LDG.E R5, desc[UR6][R2.64]","1","32","Global","Load","32","1","0","0","0",)"
         R"("0","0","4","4")"
         "\n";
}

void time_parse(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = wk::parse_ncu_csv(text, file.string());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-40s %6.1f MB  parse_ncu_csv %.3f s  %s\n", file.string().c_str(), text.size() / 1048576.0, s,
              r ? fmt::format("{} lines", r->source.empty() ? 0 : r->source[0].lines.size()).c_str()
                : r.error().message.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const fs::path dir = argc > 1 ? argv[1] : fs::temp_directory_path() / "ws-ncu-bench";
  fs::create_directories(dir);
  time_parse(dir / "lines.csv", page_of_lines(wk::kMaxNcuCsvBytes - 4096));
  time_parse(dir / "caps.csv", page_at_the_caps(wk::kMaxNcuCsvBytes - 4096));
  time_parse(dir / "quotes.csv", page_of_quotes(4u << 20));
  return 0;
}
