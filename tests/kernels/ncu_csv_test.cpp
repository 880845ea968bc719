// Nsight Compute's CSV exports (ws/kernels/ncu_csv.hpp): the files ncu wrote
// on an H100 for scripts/probes/ncu_source_probe.cu (committed in
// assets/measurements/runs/ncu-source-probe-2026-11-27/), fragments in the same
// format, and hostile files, each refused with a message naming what is wrong.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "ws/kernels/assets.hpp"
#include "ws/kernels/input_file.hpp"
#include "ws/kernels/ncu_csv.hpp"

namespace wk = ws::kernels;
namespace fs = std::filesystem;

namespace {

fs::path probe_dir() {
  return fs::path(wk::find_data_file("assets/measurements/runs/ncu-source-probe-2026-11-27/raw.csv")).parent_path();
}

const wk::NcuLineCounters* line_of(const wk::NcuSourceLaunch& l, int line, ws::Space s, ws::Op o) {
  for (const auto& c : l.lines)
    if (c.line == line && c.space == s && c.op == o) return &c;
  return nullptr;
}

// The Source page's columns reconcile reads, in ncu's order ("Source" twice: CUDA, SASS).
const std::string kHeader =
    R"("Line No","Source","Address","Source","Instructions Executed","Thread Instructions Executed",)"
    R"("Address Space","Access Operation","Access Size","L1 Tag Requests Global","L1 Conflicts Shared N-Way",)"
    R"("L1 Wavefronts Shared Excessive","L1 Wavefronts Shared","L1 Wavefronts Shared Ideal",)"
    R"("L2 Theoretical Sectors Global Excessive","L2 Theoretical Sectors Global","L2 Theoretical Sectors Global Ideal")";

std::string fragment(const std::string& header, const std::string& rows) {
  return "\"File Path\",\"/src/kernels/include/ws/kernels/transpose.hpp\"\n"
         "\"Function Name\",\"void ws_kernel<ws::kernels::TransposePadded<(int)32, (int)8>>(const float *, float *, "
         "int, int)\"\n" +
         header + "\n" + rows;
}

const std::string kRows =
    R"x("21","  out[y * n + x] = tile[threadIdx.x][threadIdx.y];","-","-","14336","458752","Global,Shared","Load,Store","32(2)","2048","32","63488","65536","2048","0","8192","8192")x"
    "\n"
    R"("","","0x7fbc7b7ac3b0","      LDS R9, [R6]","2048","65536","Shared","Load","32","0","32","63488","65536","2048","0","0","0")"
    "\n"
    R"("","","0x7fbc7b7ac3c0","      STG.E desc[UR6][R2.64], R9","2048","65536","Global","Store","32","2048","0","0","0","0","0","8192","8192")"
    "\n"
    R"("","","0x7fbc7b7ac3b0","      LDS R9, [R6]","2048","65536","Shared","Load","32","0","32","63488","65536","2048","0","0","0")"
    "\n";

std::string error_of(const std::string& text) {
  const auto r = wk::parse_ncu_csv(text, "f.csv");
  EXPECT_FALSE(r.has_value()) << text.substr(0, 200);
  return r ? std::string() : r.error().message;
}

}  // namespace

TEST(NcuCsv, SplitsNcuRecordsWithUnescapedQuotesInSourceText) {
  const auto f = wk::split_ncu_csv_line(R"x("57","  std::printf("probe: %s\n", cudaGetErrorString(e));","-","1")x");
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[1], R"x(  std::printf("probe: %s\n", cudaGetErrorString(e));)x");
  EXPECT_EQ(f[3], "1");
  EXPECT_EQ(wk::split_ncu_csv_line(R"x("Kernel Name","k(int)",)x").size(), 2u);  // the trailing comma of sass mode
  EXPECT_TRUE(wk::split_ncu_csv_line("==PROF== Connected to process 943").empty());
  EXPECT_EQ(wk::split_ncu_csv_line("\"a\",\"b\"\r")[1], "b");
}

TEST(NcuCsv, NamesMatchTheCompiledVariant) {
  const char* ncu = "void ws_kernel<ws::kernels::TransposePadded<(int)32, (int)8>>(const float *, float *, int, int)";
  EXPECT_TRUE(wk::ncu_name_matches_entry(ncu, "ws::kernels::TransposePadded<32, 8>"));
  EXPECT_TRUE(wk::ncu_name_matches_entry("void ws_kernel<TransposePadded<32, 8>>(float *)",
                                         "ws::kernels::TransposePadded<32, 8>"));
  EXPECT_FALSE(wk::ncu_name_matches_entry(ncu, "ws::kernels::TransposePadded<32, 16>"));
  // Mangled (ncu --print-kernel-base mangled), as the SASS names the entries (width_test.cpp).
  EXPECT_TRUE(wk::ncu_name_matches_entry("_Z9ws_kernelIN2ws7kernels4CopyILi16ELi16EEEEvv", "ws::kernels::Copy<16, 16>"));
  EXPECT_FALSE(wk::ncu_name_matches_entry("_Z9ws_kernelIN2ws7kernels4CopyILi16ELi16EEEEvv", "ws::kernels::Copy<16, 8>"));
  EXPECT_FALSE(wk::ncu_name_matches_entry(ncu, "ws::kernels::TransposeShared<32, 8>"));
  EXPECT_FALSE(wk::ncu_name_matches_entry("transpose_shared_probe(float *, const float *, int)",
                                          "ws::kernels::TransposeShared<32, 8>"));
}

TEST(NcuCsv, NamesMatchAStudentsVariantByItsExternCEntry) {
  EXPECT_TRUE(wk::ncu_name_matches_entry("ws_variant", "ws_variant"));
  EXPECT_TRUE(wk::ncu_name_matches_entry("ws_variant(const float *, float *, ws::kernels::KernelParams)", "ws_variant"));
  EXPECT_FALSE(wk::ncu_name_matches_entry("ws_variant_old", "ws_variant"));
  EXPECT_FALSE(wk::ncu_name_matches_entry("void ws_kernel<ws::kernels::Copy<16, 16>>()", "ws_variant"));
}

TEST(NcuCsv, ReadsTheRecordedSourcePage) {
  const auto r = wk::read_ncu_csv((probe_dir() / "src-cuda-sass.csv").string());
  ASSERT_TRUE(r.has_value()) << r.error().message;
  ASSERT_EQ(r->source.size(), 4u);  // shared 8 x 8, padded 8 x 8, shared one block, LDS.128
  EXPECT_EQ(r->source[0].function, "transpose_shared_probe(float *, const float *, int)");
  EXPECT_EQ(r->source[2].function, r->source[0].function);  // a second launch, not more lines of the first
  using ws::Op;
  using ws::Space;
  const auto* column = line_of(r->source[0], 21, Space::Shared, Op::Load);
  ASSERT_NE(column, nullptr);
  EXPECT_EQ(column->instructions, 2048u);
  EXPECT_EQ(column->wavefronts, 65536u);  // 32 per instruction: the column read of tile[32][32]
  EXPECT_EQ(column->ideal_wavefronts, 2048u);
  EXPECT_EQ(column->sass_instructions, 1);  // printed twice, counted once
  EXPECT_EQ(column->thread_instructions, 65536u);
  const auto* store = line_of(r->source[0], 21, Space::Global, Op::Store);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->requests, 2048u);
  EXPECT_EQ(store->sectors, 8192u);
  EXPECT_EQ(store->ideal_sectors, 8192u);
  const auto* padded = line_of(r->source[1], 33, Space::Shared, Op::Load);
  ASSERT_NE(padded, nullptr);
  EXPECT_EQ(padded->wavefronts, 2048u);
  EXPECT_EQ(line_of(r->source[2], 21, Space::Shared, Op::Load)->wavefronts, 1024u);  // one block
  const auto* lds128 = line_of(r->source[3], 42, Space::Shared, Op::Load);
  ASSERT_NE(lds128, nullptr);
  EXPECT_EQ(lds128->access_bits, 128);
  EXPECT_EQ(lds128->wavefronts, 4 * lds128->instructions);  // 4 quarter-warp phases ...
  EXPECT_EQ(lds128->ideal_wavefronts, lds128->wavefronts);  // ... all of them ideal
  EXPECT_NE(lds128->file.find("ncu_source_probe.cu"), std::string::npos);
}

TEST(NcuCsv, ReadsTheRecordedMetricsAsRawAndAsDetailsPage) {
  for (const char* name : {"raw.csv", "details.csv"}) {
    const auto r = wk::read_ncu_csv((probe_dir() / name).string());
    ASSERT_TRUE(r.has_value()) << name << ": " << r.error().message;
    ASSERT_EQ(r->kernels.size(), 4u) << name;
    const auto& m = r->kernels[0].metrics;
    EXPECT_EQ(r->kernels[0].grid, "(8, 8, 1)") << name;
    EXPECT_EQ(m.at("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 63488) << name;  // "63,488"
    EXPECT_EQ(m.at("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"), 65536) << name;
    EXPECT_EQ(m.at("smsp__sass_inst_executed_op_shared_ld.sum"), 2048) << name;
    EXPECT_FALSE(m.contains("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum.ideal")) << name;  // "n/a"
    EXPECT_EQ(r->kernels[3].metrics.at("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 0) << name;
  }
}

TEST(NcuCsv, ReadsAFragmentInTheSameFormat) {
  const auto r = wk::parse_ncu_csv(fragment(kHeader, kRows), "f.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  ASSERT_EQ(r->source.size(), 1u);
  ASSERT_EQ(r->source[0].lines.size(), 2u);  // line 21: a shared load and a global store
  EXPECT_EQ(r->source[0].lines[0].wavefronts, 65536u);
  EXPECT_EQ(r->source[0].lines[1].sectors, 8192u);
}

TEST(NcuCsv, RefusesHostileFilesSayingWhatIsWrong) {
  EXPECT_NE(error_of("").find("empty"), std::string::npos);
  EXPECT_NE(error_of("hello\nworld\n").find("no CSV row"), std::string::npos);
  EXPECT_NE(error_of("\"a\",\"b\"\n").find("is this an ncu --csv export"), std::string::npos);
  // A column missing from the header.
  std::string header = kHeader;
  header.erase(header.find(",\"L1 Tag Requests Global\""), std::string("\"L1 Tag Requests Global\"").size() + 1);
  EXPECT_NE(error_of(fragment(header, "")).find("no \"L1 Tag Requests Global\" column"), std::string::npos);
  // ncu leaves the shared columns out of a kernel with no shared instruction: a
  // header without them reads global rows, and refuses a shared row, naming the column.
  header = kHeader;
  header.erase(header.find(",\"L1 Wavefronts Shared Ideal\""), std::string("\"L1 Wavefronts Shared Ideal\"").size() + 1);
  auto without_ideal = [](const std::string& row) {  // the row's 14th field (the ideal) left out
    std::vector<std::string> f = wk::split_ncu_csv_line(row);
    f.erase(f.begin() + 13);
    std::string out;
    for (const auto& x : f) out += (out.empty() ? "\"" : ",\"") + x + "\"";
    return out + "\n";
  };
  const std::string cuda_line = kRows.substr(0, kRows.find('\n')), lds = kRows.substr(kRows.find('\n') + 1);
  const std::string stg = lds.substr(lds.find('\n') + 1);
  const auto global_only = wk::parse_ncu_csv(fragment(header, without_ideal(cuda_line) + without_ideal(stg.substr(0, stg.find('\n')))), "f.csv");
  ASSERT_TRUE(global_only.has_value()) << global_only.error().message;
  EXPECT_EQ(global_only->source[0].lines.at(0).sectors, 8192u);
  EXPECT_NE(error_of(fragment(header, without_ideal(cuda_line) + without_ideal(lds.substr(0, lds.find('\n')))))
                .find("a shared instruction, but the Source page has no \"L1 Wavefronts Shared Ideal\" column"),
            std::string::npos);
  // A row shorter than the header.
  EXPECT_NE(error_of(fragment(kHeader, "\"21\",\"x\",\"-\"\n")).find("3 fields where the header has 17"),
            std::string::npos);
  // A counter that is no number.
  std::string rows = kRows;
  rows.replace(rows.find("\"65536\",\"2048\",\"0\",\"0\",\"0\""), 7, "\"lots\"");
  EXPECT_NE(error_of(fragment(kHeader, rows)).find("\"L1 Wavefronts Shared\" is 'lots', not a count"),
            std::string::npos);
  // SASS rows before any CUDA line: no -lineinfo.
  EXPECT_NE(error_of(fragment(kHeader, kRows.substr(kRows.find('\n') + 1))).find("-lineinfo"), std::string::npos);
  // The Source page without CUDA lines.
  EXPECT_NE(error_of("\"Kernel Name\",\"k()\",\n\"Address\",\"Source\"\n").find("--print-source cuda,sass"),
            std::string::npos);
  // A header and nothing else.
  EXPECT_NE(error_of(fragment(kHeader, "")).find("no shared or global memory instruction"), std::string::npos);
  // Metrics: no Kernel Name column, no metric at all, a metric that is not a number.
  EXPECT_NE(error_of("\"ID\",\"Grid Size\"\n\"0\",\"(1, 1, 1)\"\n").find("no \"Kernel Name\" column"),
            std::string::npos);
  EXPECT_NE(error_of("\"ID\",\"Kernel Name\"\n\"0\",\"k\"\n").find("names no metric"), std::string::npos);
  EXPECT_NE(error_of("\"ID\",\"Kernel Name\",\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\"\n\"0\",\"k\",\"x1\"\n")
                .find("\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\" is 'x1', not a count"),
            std::string::npos);
  EXPECT_NE(error_of("\"ID\",\"Kernel Name\",\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\"\n").find("no launch"),
            std::string::npos);
}

TEST(NcuCsv, RefusesAHugeFileBeforeReadingIt) {
  const fs::path p = fs::temp_directory_path() / ("ws_huge_" + std::to_string(::getpid()) + ".csv");
  { std::ofstream(p) << "\"ID\""; }
  fs::resize_file(p, wk::kMaxNcuCsvBytes + 1);  // sparse: nothing is written
  const auto r = wk::read_ncu_csv(p.string());
  fs::remove(p);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("more than the 64 MB"), std::string::npos) << r.error().message;
  const auto missing = wk::read_ncu_csv("/no/such/file.csv");
  ASSERT_FALSE(missing.has_value());
  EXPECT_NE(missing.error().message.find("no such file"), std::string::npos);
}

namespace {

// A Source page of `lines` CUDA lines, each with one SASS global load of its own:
// the shape that made the reader search its line list for every row (issue 37).
std::string page_of_distinct_lines(int lines) {
  std::string rows;
  rows.reserve(static_cast<std::size_t>(lines) * 160);
  for (int l = 1; l <= lines; ++l) {
    rows += fmt::format(R"("{}","  out[i] = in[i];","-","-","0","0","-","-","-","0","0","0","0","0","0","0","0")"
                        "\n",
                        l);
    rows += fmt::format(R"("","","0x{:x}","      LDG.E R2, desc[UR4][R2.64]","1","32","Global","Load","32","1",)"
                        R"("0","0","0","0","0","4","4")"
                        "\n",
                        0x1000 + 16 * l);
  }
  return fragment(kHeader, rows);
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

// Issue 37: 20 000 lines took 2.6 s and the 64 MB cap (350 000 lines) over 30 s, because each SASS
// row searched the launch's line list. Now each row finds its line in a map, and a launch holds at
// most 1000 lines (the recorded pages hold 12): 60 000 are refused at the 1001st, at once.
TEST(NcuCsv, ASourcePageOfManyLinesIsReadInLinearTimeAndRefusedOverTheCap) {
  const std::string page = page_of_distinct_lines(60000);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = wk::parse_ncu_csv(page, "big.csv");
  const double s = seconds_since(t0);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message.find("big.csv, line 2005: more than 1000 source lines with memory instructions in one "
                                   "launch"),
            0u)
      << r.error().message;
  EXPECT_LT(s, 3.0) << "60 000 lines took " << s << " s";
  const auto at_cap = wk::parse_ncu_csv(page_of_distinct_lines(1000), "f.csv");
  ASSERT_TRUE(at_cap.has_value()) << at_cap.error().message;
  ASSERT_EQ(at_cap->source.size(), 1u);
  EXPECT_EQ(at_cap->source[0].lines.size(), 1000u);
  EXPECT_EQ(at_cap->source[0].lines.back().line, 1000);
  EXPECT_EQ(at_cap->source[0].lines.back().sectors, 4u);
}

TEST(NcuCsv, ALaunchOfMoreMemoryInstructionsThanTheCapIsRefused) {
  std::string rows = R"("21","  x = y;","-","-","0","0","-","-","-","0","0","0","0","0","0","0","0")"
                     "\n";
  for (std::size_t i = 0; i <= wk::kMaxNcuSassInstructions; ++i)
    rows += fmt::format(R"("","","0x{:x}","      LDG.E R2, desc[UR4][R2.64]","1","32","Global","Load","32","1",)"
                        R"("0","0","0","0","0","4","4")"
                        "\n",
                        0x1000 + 16 * i);
  EXPECT_NE(error_of(fragment(kHeader, rows)).find("line 10005: more than 10000 memory instructions in one launch"),
            std::string::npos);
}

// A field of doubled quotes ("" for each quote) was un-doubled one pair at a time: 4 MB ran past 30 s.
TEST(NcuCsv, AFieldOfDoubledQuotesIsUndoubledInLinearTime) {
  const std::string quotes(400000, '"');  // 200 000 doubled quotes
  const std::string line = "\"21\",\"" + quotes + "\",\"-\"";
  const auto t0 = std::chrono::steady_clock::now();
  const auto f = wk::split_ncu_csv_line(line);
  const double s = seconds_since(t0);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[1], std::string(200000, '"'));
  EXPECT_EQ(f[2], "-");
  EXPECT_LT(s, 1.0) << "400 kB of doubled quotes took " << s << " s";
  // Pairs are undone once: four quotes are two, and a single one stays.
  EXPECT_EQ(wk::split_ncu_csv_line(R"("a""""b","x""y")")[0], R"(a""b)");
  EXPECT_EQ(wk::split_ncu_csv_line(R"("a""""b","x""y")")[1], R"(x"y)");
}

// Issue 37: 1e30, 99999999999999999999, nan, inf, -5 and 524288.5 were read as 0, truncated or
// printed as +inf. A count is a whole number from 0 to 2^53, else the file is refused naming the
// line, the column and the value.
TEST(NcuCsv, ACounterThatIsNoCountIsRefusedNamingLineColumnAndValue) {
  const std::string sectors = R"("8192","8192")";  // the STG row's sectors and ideal sectors
  const std::size_t at = kRows.find(sectors, kRows.find("STG.E"));
  ASSERT_NE(at, std::string::npos);
  for (const char* value : {"1e30", "99999999999999999999", "nan", "inf", "-5", "524288.5", "0x10", "12 "}) {
    std::string rows = kRows;
    rows.replace(at, sectors.size(), fmt::format(R"("{}","8192")", value));
    const std::string e = error_of(fragment(kHeader, rows));
    EXPECT_NE(e.find("f.csv, line 6:"), std::string::npos) << value << ": " << e;  // the STG row
    EXPECT_NE(e.find(fmt::format("\"L2 Theoretical Sectors Global\" is '{}', not a count", value)), std::string::npos)
        << value << ": " << e;
  }
  // Thousands separators and the dash of "nothing counted" are counts.
  std::string rows = kRows;
  rows.replace(at, sectors.size(), R"("8,192","-")");
  const auto ok = wk::parse_ncu_csv(fragment(kHeader, rows), "f.csv");
  ASSERT_TRUE(ok.has_value()) << ok.error().message;
  EXPECT_EQ(ok->source[0].lines[1].sectors, 8192u);
  EXPECT_EQ(ok->source[0].lines[1].ideal_sectors, 0u);
}

TEST(NcuCsv, AnAccessSizeThatIsNoLaneWidthIsRefused) {
  const std::string stg = R"("Global","Store","32")";
  for (const char* value : {"1e30", "24", "256", "4", "-32"}) {
    std::string rows = kRows;
    rows.replace(rows.find(stg), stg.size(), fmt::format(R"("Global","Store","{}")", value));
    const std::string e = error_of(fragment(kHeader, rows));
    EXPECT_NE(e.find(fmt::format("\"Access Size\" is '{}'", value)), std::string::npos) << value << ": " << e;
    EXPECT_NE(e.find("line 6"), std::string::npos) << e;
  }
}

TEST(NcuCsv, MetricCountsMustBeCountsAndOtherMetricsFiniteNumbers) {
  const std::string head = "\"ID\",\"Kernel Name\",\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\","
                           "\"l1tex__t_requests_pipe_lsu_mem_global_op_ld.avg\"\n";
  for (const char* value : {"1e30", "nan", "inf", "-5", "524288.5"}) {
    const std::string e = error_of(head + fmt::format("\"0\",\"k\",\"{}\",\"1.5\"\n", value));
    EXPECT_NE(e.find(fmt::format("f.csv, line 2: \"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum\" is '{}', not a "
                                 "count",
                                 value)),
              std::string::npos)
        << e;
  }
  // An average is no count, but must be a finite number.
  const auto avg = wk::parse_ncu_csv(head + "\"0\",\"k\",\"7\",\"1.5\"\n", "f.csv");
  ASSERT_TRUE(avg.has_value()) << avg.error().message;
  EXPECT_EQ(avg->kernels[0].metrics.at("l1tex__t_requests_pipe_lsu_mem_global_op_ld.avg"), 1.5);
  EXPECT_NE(error_of(head + "\"0\",\"k\",\"7\",\"inf\"\n").find("l1tex__t_requests_pipe_lsu_mem_global_op_ld.avg is 'inf'"),
            std::string::npos);
}

// Issue 37: one copy of a duplicated column silently won, and a row with more fields than the header was read.
TEST(NcuCsv, DuplicatedColumnsAndRowsWithExtraFieldsAreRefused) {
  std::string header = kHeader;
  header.replace(header.find("\"L1 Tag Requests Global\""), std::string("\"L1 Tag Requests Global\"").size(),
                 "\"L2 Theoretical Sectors Global\"");
  EXPECT_NE(error_of(fragment(header, kRows)).find("f.csv, line 3: the header names \"L2 Theoretical Sectors Global\" twice"),
            std::string::npos);
  const std::string metric = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
  EXPECT_NE(error_of(fmt::format("\"ID\",\"Kernel Name\",\"{0}\",\"{0}\"\n\"0\",\"k\",\"1\",\"2\"\n", metric))
                .find(fmt::format("line 1: the header names \"{}\" twice", metric)),
            std::string::npos);
  EXPECT_NE(error_of(fmt::format("\"ID\",\"Kernel Name\",\"{}\"\n\"0\",\"k\",\"1\",\"2\"\n", metric))
                .find("line 2: 4 fields where the header has 3"),
            std::string::npos);
  // The details page: a metric twice for one launch.
  const std::string details = "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
  EXPECT_NE(error_of(details + fmt::format("\"0\",\"k\",\"{0}\",\"\",\"1\"\n\"0\",\"k\",\"{0}\",\"\",\"2\"\n", metric))
                .find(fmt::format("line 3: {} is given twice for one launch", metric)),
            std::string::npos);
  EXPECT_NE(error_of(fragment(kHeader, kRows.substr(0, kRows.find('\n')) + ",\"extra\"\n")).find("18 fields where the header has 17"),
            std::string::npos);
}

// A value echoed in a message is escaped: one error is one line, and no value writes a second "warpscope:" line.
TEST(NcuCsv, ControlCharactersInEchoedValuesAreEscaped) {
  std::string rows = kRows;
  const std::string store = R"("Global","Store")";
  rows.replace(rows.find(store), store.size(), "\"Global\",\"Store\rwarpscope: forged\x1b[2J\"");
  const std::string e = error_of(fragment(kHeader, rows));
  EXPECT_NE(e.find(R"('Store\rwarpscope: forged\x1b[2J', not Load or Store)"), std::string::npos) << e;
  for (char c : e) EXPECT_GE(static_cast<unsigned char>(c), 0x20) << e;
  EXPECT_NE(error_of("\"x\x1b[2J\",\"y\"\n").find(R"('x\x1b[2J' starts neither)"), std::string::npos);
  EXPECT_EQ(wk::printable("a\nb\x1b\x7f\\"), R"(a\nb\x1b\x7f\\)");
  EXPECT_EQ(wk::printable(std::string(300, 'x'), 10), "xxxxxxxxxx...");
}
