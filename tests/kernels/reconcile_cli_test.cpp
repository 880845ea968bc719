// `warpscope reconcile` as other tools see it: the --json contract, the CSV
// header, the printed ncu command, and one line on stderr with exit 2 for bad
// input (hostile CSVs, unrecorded parameters) or 3 for --live without ncu.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <utility>

#include "cli/run_command.hpp"
#include "ncu_fixture.hpp"
#include "ws/kernels/assets.hpp"

using ws::test::run_warpscope;
using ws::test::run_warpscope_with;
namespace fs = std::filesystem;

namespace {

const std::set<std::string> kCauses = {"equal",         "l1-contention", "inactive-lanes", "run-to-run",
                                       "derived-ideal", "moved-line",    "unexplained"};

void expect_refused(const std::vector<std::string>& args, int code, const std::string& names) {
  const auto r = run_warpscope(args);
  EXPECT_EQ(r.exit_code, code) << r.out << r.err;
  EXPECT_NE(r.err.find(names), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

fs::path write_temp(const std::string& name, const std::string& text) {
  const fs::path p = fs::temp_directory_path() / (std::to_string(::getpid()) + "_" + name);
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST(ReconcileCli, RecordedCountersGiveTheJsonOfTheIssue) {
  const auto r = run_warpscope({"reconcile", "--kernel", "transpose_padded", "--gpu", "h100", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["kernel"], "transpose_padded");
  EXPECT_EQ(j["params"]["rows"], 8192);
  EXPECT_NE(j["ncu_source"].get<std::string>().find("recorded"), std::string::npos);
  EXPECT_TRUE(j["granularity"] == "site" || j["granularity"] == "space-op");
  ASSERT_FALSE(j["rows"].empty());
  std::set<std::string> counters;
  for (const auto& row : j["rows"]) {
    for (const char* key : {"site", "line", "space", "op", "counter", "simulated", "ncu", "difference", "cause",
                            "evidence"})
      EXPECT_TRUE(row.contains(key)) << key;
    EXPECT_TRUE(kCauses.contains(row["cause"])) << row["cause"];
    EXPECT_NE(row["cause"], "unexplained") << row.dump();
    counters.insert(row["counter"]);
  }
  for (const char* c : {"instructions", "wavefronts", "bank_conflicts", "requests", "sectors"})
    EXPECT_TRUE(counters.contains(c)) << c;
}

TEST(ReconcileCli, CsvHasOneHeaderAndARowPerCounter) {
  const auto r = run_warpscope({"reconcile", "--kernel", "transpose_shared", "--gpu", "h200", "--csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "site,line,space,op,counter,simulated,ncu,difference,cause,evidence");
  EXPECT_GT(std::count(r.out.begin(), r.out.end(), '\n'), 8);
}

TEST(ReconcileCli, PrintsTheNcuCommandThatExportsWhatItReads) {
  const auto r = run_warpscope({"reconcile", "--kernel", "transpose_padded", "--tile", "16", "--print-ncu-command"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* part : {"--page raw", "--section SourceCounters", "--page source", "--print-source cuda,sass",
                           "bench --kernel transpose_padded", "--tile 16", "--launch-once",
                           "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                           "smsp__sass_inst_executed_op_shared_st.sum", "--ncu-csv"})
    EXPECT_NE(r.out.find(part), std::string::npos) << part << "\n" << r.out;
}

TEST(ReconcileCli, ReadsAnExportedSourcePagePerSite) {
  const auto* k = ws::kernels::find_kernel("transpose_xor");
  ASSERT_NE(k, nullptr);
  ws::kernels::KernelParams p = k->defaults;
  p.rows = 96;
  p.cols = 160;  // recorded nowhere
  const fs::path csv = write_temp("source.csv", ws::test::simulated_source_page(*k, p));
  const auto r = run_warpscope({"reconcile", "--kernel", "transpose_xor", "--rows", "96", "--cols", "160",
                                "--ncu-csv", csv.string(), "--json"});
  fs::remove(csv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["granularity"], "site");
  for (const auto& row : j["rows"]) {
    EXPECT_FALSE(row["site"].is_null()) << row.dump();
    EXPECT_FALSE(row["line"].is_null()) << row.dump();
    EXPECT_NE(row["cause"], "unexplained") << row.dump();
  }
}

TEST(ReconcileCli, RefusesHostileCsvsWithOneLineAndExit2) {
  const fs::path empty = write_temp("empty.csv", "");
  expect_refused({"reconcile", "--kernel", "copy", "--ncu-csv", empty.string()}, 2, "the file is empty");
  const fs::path junk = write_temp("junk.csv", "\"x\",\"y\"\n");
  expect_refused({"reconcile", "--kernel", "copy", "--ncu-csv", junk.string()}, 2, "is this an ncu --csv export");
  const fs::path huge = write_temp("huge.csv", "\"ID\"");
  fs::resize_file(huge, (64u << 20) + 1);
  expect_refused({"reconcile", "--kernel", "copy", "--ncu-csv", huge.string()}, 2, "more than the 64 MB");
  for (const auto& f : {empty, junk, huge}) fs::remove(f);
  // Another program's kernels: named in the message.
  const std::string probe =
      ws::kernels::find_data_file("assets/measurements/runs/ncu-source-probe-2026-11-27/raw.csv");
  expect_refused({"reconcile", "--kernel", "copy", "--ncu-csv", probe}, 2, "transpose_shared_probe");
  expect_refused({"reconcile", "--kernel", "copy", "--ncu-csv", "/no/such.csv"}, 2, "no such file");
}

TEST(ReconcileCli, RefusesMissingOrUnrecordedSources) {
  expect_refused({"reconcile", "--kernel", "copy"}, 2, "give one of --gpu");
  expect_refused({"reconcile", "--kernel", "copy", "--gpu", "h999"}, 2, "no recordings for 'h999'");
  expect_refused({"reconcile", "--kernel", "copy", "--rows", "96", "--cols", "160", "--gpu", "h100"}, 2, "recorded:");
  expect_refused({"reconcile", "--kernel", "nope", "--gpu", "h100"}, 2, "unknown kernel");
}

TEST(ReconcileCli, LiveWithoutNcuExits3WithOneLine) {
  const auto r = run_warpscope_with({"reconcile", "--kernel", "copy", "--live"}, "", "PATH=/nonexistent");
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("no ncu on the PATH"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

// Done when (issue 25): a CSV that the printed command produced on a device, at
// parameters recorded nowhere else (scripts/ncu-record.sh RESULTS unrecorded,
// then make_ncu_sources.py: assets/measurements/ncu-source/<gpu>/unrecorded/),
// reconciled per site with no unexplained row.
TEST(ReconcileCli, ReconcilesADeviceExportAtUnrecordedParameters) {
  const std::string root = ws::kernels::find_data_file("assets/measurements/ncu-source");
  int found = 0;
  for (const auto& gpu : fs::directory_iterator(root)) {
    const fs::path dir = gpu.path() / "unrecorded";
    std::ifstream commands(dir / "commands.txt");
    std::string line, reconcile;
    while (std::getline(commands, line))
      if (line.starts_with("warpscope reconcile ")) reconcile = line;
    if (reconcile.empty()) continue;
    ++found;
    std::vector<std::string> args;
    std::istringstream words(reconcile.substr(std::string("warpscope ").size()));
    for (std::string w; words >> w;) {
      if (w == "--ncu-csv") {
        words >> w;
        continue;
      }
      args.push_back(w);
    }
    for (const auto& f : fs::directory_iterator(dir))
      if (f.path().extension() == ".csv") args.insert(args.end(), {"--ncu-csv", f.path().string()});
    args.push_back("--json");
    const auto r = run_warpscope(args);
    ASSERT_EQ(r.exit_code, 0) << dir << ": " << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["granularity"], "site") << dir;
    for (const auto& row : j["rows"]) EXPECT_NE(row["cause"], "unexplained") << dir << ": " << row.dump();
  }
  if (found == 0) GTEST_SKIP() << "no device export at unrecorded parameters yet (scripts/ncu-record.sh RESULTS unrecorded)";
}

namespace {

// Rows that count instructions, requests or sectors: exact on every launch (no
// contention, no spread), so on a live run they must be equal to the simulator's.
void expect_exact_counts_equal(const nlohmann::json& reconciliation) {
  ASSERT_FALSE(reconciliation["rows"].empty()) << reconciliation.dump();
  for (const auto& row : reconciliation["rows"]) {
    EXPECT_TRUE(kCauses.count(row["cause"].get<std::string>())) << row.dump();
    const std::string counter = row["counter"];
    if (counter == "instructions" || counter == "requests" || counter == "sectors") {
      ASSERT_FALSE(row["ncu"].is_null()) << row.dump();
      EXPECT_EQ(row["ncu"].get<double>(), row["simulated"].get<double>()) << row.dump();
    }
  }
}

}  // namespace

// On a machine with a GPU and ncu (the device): ncu run now on this launch, per
// site. Elsewhere exit 3 says why, and the test skips.
TEST(ReconcileCli, LiveProfilesThisGpuPerSite) {
  const auto r = run_warpscope(
      {"reconcile", "--kernel", "transpose_padded", "--rows", "256", "--cols", "320", "--live", "--json"});
  if (r.exit_code == 3) GTEST_SKIP() << "no GPU or no ncu here: " << r.err;
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ncu_source"], "live");
  EXPECT_EQ(j["granularity"], "site");
  expect_exact_counts_equal(j);
}

// A student's layout: typed, simulated, compiled with NVRTC, timed, counted by
// ncu and reconciled (issue 25 §1), from ncu's kernel-wide metrics.
TEST(ReconcileCli, StudentsVariantIsCountedByNcuAndReconciled) {
  const auto r = run_warpscope({"variant", "--layout", "(c + r) % T", "--rows", "256", "--cols", "320", "--run",
                                "--repeat", "1", "--ncu", "--json"});
  if (r.exit_code == 3) GTEST_SKIP() << "no GPU or no ncu here: " << r.err;
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.contains("ncu")) << r.out;
  EXPECT_EQ(j["ncu"]["granularity"], "space-op");
  expect_exact_counts_equal(j["ncu"]);
}

TEST(ReconcileCli, VariantNcuWithoutRunIsBadInput) {
  expect_refused({"variant", "--layout", "c", "--ncu"}, 2, "--ncu: goes with --run");
}

// Issue 37: a value with a newline or ESC was echoed raw, forging a second "warpscope:" line.
// Every refusal is one line, the value's control characters escaped.
TEST(ReconcileCli, ControlCharactersInEchoedValuesStayOnOneLine) {
  expect_refused({"reconcile", "--kernel", "copy", "--gpu", "h1\nwarpscope: forged\x1b[2J"}, 2,
                 R"(h1\nwarpscope: forged\x1b[2J)");
  expect_refused({"reconcile", "--kernel", "co\npy", "--gpu", "h100"}, 2, R"(co\npy)");
  expect_refused({"report", "--kernel", "x\rwarpscope: forged"}, 2, R"(x\rwarpscope: forged)");
  // In a file: an ncu export's value, and its name.
  const fs::path csv = write_temp("ctl.csv", "\"x\x1b[2J\",\"y\"\n");
  expect_refused({"reconcile", "--kernel", "copy", "--ncu-csv", csv.string()}, 2, R"('x\x1b[2J' starts neither)");
  fs::remove(csv);
}

// Issue 37: a FIFO given as --ncu-csv blocked reconcile forever; a link to /dev/zero read until memory ran out.
TEST(ReconcileCli, AnNcuCsvThatIsNoRegularFileIsRefusedAtOnce) {
  const fs::path fifo = fs::temp_directory_path() / (std::to_string(::getpid()) + "_fifo.csv");
  const fs::path zero = fs::temp_directory_path() / (std::to_string(::getpid()) + "_zero.csv");
  fs::remove(fifo);
  fs::remove(zero);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", zero);
  for (const auto& [path, names] : {std::pair{fifo, std::string("is a FIFO")}, {zero, std::string("is a device")}}) {
    const auto r = run_warpscope_with({"reconcile", "--kernel", "copy", "--ncu-csv", path.string()}, "", "timeout 20");
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;  // 124: still reading when timeout stopped it
    EXPECT_NE(r.err.find(path.string() + ": " + names), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  fs::remove(fifo);
  fs::remove(zero);
}

// Issue 37: with an ncu on the PATH that does not work, `reconcile --live` exited 1 ("internal error")
// and left its folder /tmp/warpscope-ncu-<pid>, a name a planted link could redirect. A failing
// profiler is exit 3 with ncu's own last line, and its private folder is gone afterwards.
TEST(ReconcileCli, LiveWithAFailingNcuExits3WithItsLastLineAndLeavesNothing) {
  const fs::path root = fs::temp_directory_path() / ("ws_failing_ncu_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "bin");
  fs::create_directories(root / "tmp");
  {
    std::ofstream ncu(root / "bin" / "ncu");
    ncu << "#!/bin/sh\necho '==PROF== Connected'\n"
        << "echo '==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance "
           "Counters' >&2\nexit 1\n";
  }
  fs::permissions(root / "bin" / "ncu", fs::perms::owner_all);
  const auto r = run_warpscope_with({"reconcile", "--kernel", "copy", "--live"}, "",
                                    "PATH=" + (root / "bin").string() + ":/usr/bin:/bin TMPDIR=" +
                                        (root / "tmp").string());
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  const std::string last = r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1);
  EXPECT_EQ(last, "warpscope: ncu failed: ==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access "
                  "NVIDIA GPU Performance Counters\n")
      << r.err;
  EXPECT_TRUE(fs::is_empty(root / "tmp")) << "the profile's folder is left in " << root / "tmp";
  fs::remove_all(root);
}
