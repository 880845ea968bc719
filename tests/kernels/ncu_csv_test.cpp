// Nsight Compute's CSV exports (ws/kernels/ncu_csv.hpp): the files ncu wrote
// on an H100 for scripts/probes/ncu_source_probe.cu (committed in
// assets/measurements/runs/ncu-source-probe-2026-11-27/), fragments in the same
// format, and hostile files, each refused with a message naming what is wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ws/kernels/assets.hpp"
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
  EXPECT_NE(error_of(fragment(kHeader, rows)).find("not a number"), std::string::npos);
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
                .find("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum is 'x1'"),
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
