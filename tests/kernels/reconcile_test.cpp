// reconcile (ws/kernels/reconcile.hpp): every recorded launch reconciled, every
// row with a documented cause and no unexplained one that docs/ncu.md does not
// list; and on Source pages written from the simulator's own counts (ncu_fixture.hpp),
// each kind of difference gets its cause.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "ncu_fixture.hpp"
#include "ws/kernels/assets.hpp"
#include "ws/kernels/ncu_records.hpp"
#include "ws/kernels/reconcile.hpp"
#include "ws/global_analysis.hpp"

namespace wk = ws::kernels;
namespace fs = std::filesystem;
using ws::Op;
using ws::Space;

namespace {

wk::WholeKernel simulate(const wk::KernelDescriptor& k, const wk::KernelParams& p) {
  return wk::simulate_whole_kernel(k, p, ws::default_preset(), wk::BlockSampling::EquivalenceClasses);
}

wk::Reconciliation from_page(const wk::KernelDescriptor& k, const wk::KernelParams& p, const std::string& csv) {
  const auto exported = wk::parse_ncu_csv(csv, "fixture");
  EXPECT_TRUE(exported.has_value()) << exported.error().message;
  const auto e = wk::evidence_from_export(*exported, k, p, "fixture");
  EXPECT_TRUE(e.has_value()) << e.error().message;
  return wk::reconcile(k, p, simulate(k, p), *e);
}

const wk::ReconcileRow* row(const wk::Reconciliation& r, Space s, Op o, std::string_view counter, bool site = true) {
  for (const auto& x : r.rows)
    if (x.space == s && x.op == o && x.counter == counter && x.site.has_value() == site) return &x;
  return nullptr;
}

// "- `h100: KEY: space op counter`" lines of docs/ncu.md's unexplained section.
std::set<std::string> documented_unexplained() {
  std::ifstream in(wk::find_data_file("docs/ncu.md"));
  std::stringstream text;
  text << in.rdbuf();
  std::set<std::string> out;
  const std::string s = text.str();
  const std::regex item(R"(- `((h100|h200): [^`]+)`)");
  for (auto it = std::sregex_iterator(s.begin(), s.end(), item); it != std::sregex_iterator(); ++it)
    out.insert((*it)[1]);
  return out;
}

// Every kernel-wide metric reconcile compares (warpscope reconcile --print-ncu-command asks for them), each 1.
std::map<std::string, double> every_metric() {
  std::map<std::string, double> m;
  for (const char* space : {"shared", "global"})
    for (const char* op : {"ld", "st"}) m[fmt::format("smsp__sass_inst_executed_op_{}_{}.sum", space, op)] = 1;
  for (const char* op : {"ld", "st"}) {
    m[fmt::format("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{}.sum", op)] = 1;
    m[fmt::format("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{}.sum", op)] = 1;
    m[fmt::format("l1tex__t_requests_pipe_lsu_mem_global_op_{}.sum", op)] = 1;
    m[fmt::format("l1tex__t_sectors_pipe_lsu_mem_global_op_{}.sum", op)] = 1;
  }
  return m;
}

}  // namespace

// Done when (issue 25): every recorded launch, reconciled, has ncu's value
// beside the simulator's and a cause in every row; an unexplained one is listed
// in docs/ncu.md, and every listed one is still unexplained.
TEST(Reconcile, EveryRecordedLaunchHasACauseInEveryRowAndNoUndocumentedUnexplained) {
  const auto files = wk::measurement_files();
  if (files.empty()) GTEST_SKIP() << "no measurement files";
  const std::set<std::string> documented = documented_unexplained();
  std::set<std::string> found;
  int reconciled = 0;
  for (const std::string& path : files) {
    const std::string gpu = fs::path(path).stem().string();
    const auto measured = wk::load_measurements(path);
    ASSERT_TRUE(measured.has_value()) << measured.error().message;
    const auto records = wk::load_ncu_records(gpu);
    ASSERT_TRUE(records.has_value()) << records.error().message;
    for (const wk::MeasuredKernel& m : measured->kernels) {
      if (m.ncu.empty()) continue;
      const wk::KernelDescriptor* k = wk::find_kernel(m.kernel);
      ASSERT_NE(k, nullptr) << m.kernel;
      const auto e = wk::recorded_evidence(*records, *measured, *k, m.params);
      ASSERT_TRUE(e.has_value() && e->has_value()) << gpu << ": " << m.key;
      try {
        const wk::Reconciliation r = wk::reconcile(*k, m.params, simulate(*k, m.params), **e);
        ++reconciled;
        EXPECT_FALSE(r.rows.empty()) << gpu << ": " << m.key;
        for (const auto& x : r.rows) {
          EXPECT_TRUE(x.ncu.has_value()) << gpu << ": " << m.key << " " << x.counter;
          EXPECT_FALSE(x.cause == wk::NcuCause::Unexplained && x.evidence.empty());
          if (x.cause == wk::NcuCause::Unexplained)
            found.insert(fmt::format("{}: {}: {} {} {}", gpu, m.key, to_string(x.space), to_string(x.op), x.counter));
        }
      } catch (const std::exception& ex) {
        ADD_FAILURE() << gpu << ": " << m.key << ": the simulation failed: " << ex.what();
      }
    }
  }
  EXPECT_GT(reconciled, 10);
  for (const std::string& f : found)
    EXPECT_TRUE(documented.contains(f)) << "unexplained and not listed in docs/ncu.md: - `" << f << "`";
  for (const std::string& d : documented)
    EXPECT_TRUE(found.contains(d)) << "docs/ncu.md lists `" << d << "` as unexplained; it no longer is: remove it";
}

TEST(Reconcile, RecordedContentionIsDecidedByTheOneBlockLaunch) {
  const auto* k = wk::find_kernel("transpose_fast");
  ASSERT_NE(k, nullptr);
  const auto records = wk::load_ncu_records("h100");
  ASSERT_TRUE(records.has_value()) << records.error().message;
  if (records->one_block.empty()) GTEST_SKIP() << "no one-block evidence recorded for h100";
  wk::OneBlockEvidence o = records->one_block.front();
  const wk::KernelDescriptor* ok = wk::find_kernel(o.kernel);
  ASSERT_NE(ok, nullptr);
  wk::KernelParams p = o.params;
  // ncu over the whole grid: the recorded per-instruction figures, applied to the simulated instructions.
  const wk::WholeKernel sim = simulate(*ok, p);
  std::uint64_t ld_inst = 0, st_inst = 0;
  for (std::size_t i = 0; i < sim.sites.size(); ++i)
    if (sim.sites[i].space == Space::Shared) (sim.sites[i].op == Op::Load ? ld_inst : st_inst) += sim.counters[i].instructions;
  ASSERT_GT(ld_inst + st_inst, 0u);
  std::map<std::string, double> m = {
      {"smsp__sass_inst_executed_op_shared_ld.sum", double(ld_inst)},
      {"smsp__sass_inst_executed_op_shared_st.sum", double(st_inst)},
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", std::round(o.load_whole * double(ld_inst))},
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", std::round(o.store_whole * double(st_inst))}};
  wk::NcuEvidence e;
  e.label = "test";
  e.metrics = m;
  e.one_block = {o};
  wk::Reconciliation r = wk::reconcile(*ok, p, sim, e);
  const auto* w = row(r, Space::Shared, o.load_whole > o.load_alone ? Op::Load : Op::Store, "wavefronts", false);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->cause, wk::NcuCause::L1Contention) << w->evidence;
  EXPECT_NE(w->evidence.find("measured for this block shape"), std::string::npos) << w->evidence;
  // The same excess where the block alone had counted more than the simulator: not contention.
  const Op op = w->op;  // w points into r, which the next line replaces
  e.one_block[0].load_alone = e.one_block[0].store_alone = 64;
  r = wk::reconcile(*ok, p, sim, e);
  const auto* again = row(r, Space::Shared, op, "wavefronts", false);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->cause, wk::NcuCause::Unexplained);
}

// Issue 37: a row whose two counts are equal is `equal`; its evidence says what
// made a count other than the naive one (S3's groups, S6's inactive lanes).
TEST(Reconcile, ASourcePageThatAgreesIsEqualAndItsEvidenceNamesTheRule) {
  for (const char* name : {"transpose_padded", "transpose_shared", "smem_stride", "transpose_naive"}) {
    const auto* k = wk::find_kernel(name);
    ASSERT_NE(k, nullptr);
    wk::KernelParams p = k->defaults;
    if (k->reads(&wk::KernelParams::rows)) p.rows = p.cols = 256;
    if (std::string_view(name) == "transpose_naive") p.rows = 45, p.cols = 27;  // edge blocks: inactive lanes
    if (std::string_view(name) == "smem_stride") p.bytes = 16;                  // LDS.128: ideal wavefronts
    ASSERT_FALSE(wk::check_params(*k, p, ws::default_preset())) << name;
    const wk::Reconciliation r = from_page(*k, p, ws::test::simulated_source_page(*k, p));
    EXPECT_EQ(r.granularity, "site");
    ASSERT_FALSE(r.rows.empty()) << name;
    std::string evidence;
    for (const auto& x : r.rows) {
      EXPECT_TRUE(x.site.has_value() && x.line.has_value()) << name;
      EXPECT_EQ(x.difference(), 0.0) << name << " " << x.counter;
      EXPECT_EQ(x.cause, wk::NcuCause::Equal) << name << " " << x.counter << ": " << x.evidence;
      evidence += x.evidence + "\n";
    }
    if (std::string_view(name) == "smem_stride") {
      EXPECT_NE(evidence.find("16-byte lanes, 4 ideal wavefronts per instruction (8-lane groups, S3)"),
                std::string::npos)
          << evidence;
    }
    if (std::string_view(name) == "transpose_naive") {
      EXPECT_NE(evidence.find("inactive lanes:"), std::string::npos) << "a 45 x 27 matrix's edge warps: " << evidence;
    }
  }
}

// Issue 37: every recorded launch, both GPUs: a row with equal counts is `equal`,
// and every other cause stands beside a difference.
TEST(Reconcile, EqualCountsAreEqualAndEveryOtherCauseIsADifference) {
  int equal = 0, different = 0;
  for (const std::string& path : wk::measurement_files()) {
    const std::string gpu = fs::path(path).stem().string();
    const auto measured = wk::load_measurements(path);
    ASSERT_TRUE(measured.has_value()) << measured.error().message;
    const auto records = wk::load_ncu_records(gpu);
    ASSERT_TRUE(records.has_value()) << records.error().message;
    for (const wk::MeasuredKernel& m : measured->kernels) {
      if (m.ncu.empty()) continue;
      const wk::KernelDescriptor* k = wk::find_kernel(m.kernel);
      ASSERT_NE(k, nullptr) << m.kernel;
      const auto e = wk::recorded_evidence(*records, *measured, *k, m.params);
      ASSERT_TRUE(e.has_value() && e->has_value()) << gpu << ": " << m.key;
      for (const auto& x : wk::reconcile(*k, m.params, simulate(*k, m.params), **e).rows) {
        if (!x.ncu) continue;
        const bool same = std::fabs(x.difference()) < 0.5;
        (same ? equal : different)++;
        EXPECT_EQ(same, x.cause == wk::NcuCause::Equal)
            << gpu << ": " << m.key << " " << x.counter << " " << x.simulated << " " << *x.ncu << " "
            << wk::cause_id(x.cause);
      }
    }
  }
  if (equal + different == 0) GTEST_SKIP() << "no measurement files";
  EXPECT_GT(equal, 0);
  EXPECT_GT(different, 0);
}

TEST(Reconcile, EachKindOfDifferenceOnASourcePageGetsItsCause) {
  const auto* k = wk::find_kernel("transpose_shared");
  ASSERT_NE(k, nullptr);
  wk::KernelParams p = k->defaults;
  p.rows = p.cols = 256;
  const wk::WholeKernel sim = simulate(*k, p);
  int load_line = 0;
  for (const auto& s : sim.sites)
    if (s.space == Space::Shared && s.op == Op::Load) load_line = s.line;
  ASSERT_GT(load_line, 0);
  using ws::test::simulated_source_page;
  // +2% shared wavefronts: contention, not measured alone for this shape.
  auto r = from_page(*k, p, simulated_source_page(*k, p, {{load_line, Space::Shared, Op::Load, "L1 Wavefronts Shared", 1.02}}));
  EXPECT_EQ(row(r, Space::Shared, Op::Load, "wavefronts")->cause, wk::NcuCause::L1Contention);
  EXPECT_NE(row(r, Space::Shared, Op::Load, "wavefronts")->evidence.find("not measured alone"), std::string::npos);
  // Twice the wavefronts: a conflict the model would have missed, never contention.
  r = from_page(*k, p, simulated_source_page(*k, p, {{load_line, Space::Shared, Op::Load, "L1 Wavefronts Shared", 2.0}}));
  EXPECT_EQ(row(r, Space::Shared, Op::Load, "wavefronts")->cause, wk::NcuCause::Unexplained);
  // More instructions than traced: a different binary, whatever the wavefronts.
  r = from_page(*k, p, simulated_source_page(*k, p, {{load_line, Space::Shared, Op::Load, "Instructions Executed", 1.5}}));
  EXPECT_EQ(row(r, Space::Shared, Op::Load, "instructions")->cause, wk::NcuCause::Unexplained);
  EXPECT_NE(row(r, Space::Shared, Op::Load, "instructions")->evidence.find("re-record"), std::string::npos);
}

TEST(Reconcile, LinesOnlyOneSideHasAreUnexplainedAndSaySo) {
  const auto* k = wk::find_kernel("transpose_padded");
  ASSERT_NE(k, nullptr);
  wk::KernelParams p = k->defaults;
  p.rows = p.cols = 64;
  std::string csv = ws::test::simulated_source_page(*k, p);
  // Another file's line with a shared load (an inlined helper the simulator does not see).
  csv += "\"File Path\",\"/build/other.cuh\"\n\"Function Name\",\"void ws_kernel<" + wk::entry_name(*k, p) +
         ">(float *)\"\n";
  csv += csv.substr(csv.find("\"Line No\""), csv.find('\n', csv.find("\"Line No\"")) - csv.find("\"Line No\"") + 1);
  csv += "\"7\",\"\",\"-\",\"-\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\"\n"
         "\"\",\"\",\"0xff0\",\"LDS R1, [R2]\",\"64\",\"2048\",\"Shared\",\"Load\",\"32\",\"0\",\"1\",\"0\",\"64\",\"64\","
         "\"0\",\"0\",\"0\"\n";
  const wk::Reconciliation r = from_page(*k, p, csv);
  bool elsewhere = false;
  for (const auto& x : r.rows)
    if (x.evidence.find("other.cuh:7") != std::string::npos) elsewhere = x.cause == wk::NcuCause::Unexplained;
  EXPECT_TRUE(elsewhere);
}

TEST(Reconcile, RunToRunSpreadCoversADifference) {
  const auto* k = wk::find_kernel("copy");
  ASSERT_NE(k, nullptr);
  wk::KernelParams p = k->defaults;
  p.rows = p.cols = 256;
  const wk::WholeKernel sim = simulate(*k, p);
  wk::Counters gl;
  for (std::size_t i = 0; i < sim.sites.size(); ++i)
    if (sim.sites[i].space == Space::Global && sim.sites[i].op == Op::Load) gl.add(sim.counters[i]);
  const std::string sectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
  wk::NcuEvidence e;
  e.label = "test";
  e.metrics = std::map<std::string, double>{{sectors, double(gl.sectors + 8)},
                                            {"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", double(gl.requests)}};
  EXPECT_EQ(row(wk::reconcile(*k, p, sim, e), Space::Global, Op::Load, "sectors", false)->cause,
            wk::NcuCause::Unexplained);
  e.repeats.push_back({{sectors, double(gl.sectors - 8)}});
  const auto r = wk::reconcile(*k, p, sim, e);
  EXPECT_EQ(row(r, Space::Global, Op::Load, "sectors", false)->cause, wk::NcuCause::RunToRun);
  EXPECT_EQ(r.granularity, "space-op");
}

TEST(Reconcile, AnExportOfAnotherKernelIsRefusedNamingWhatItHolds) {
  const auto* k = wk::find_kernel("transpose_padded");
  ASSERT_NE(k, nullptr);
  const auto exported = wk::read_ncu_csv(
      wk::find_data_file("assets/measurements/runs/ncu-source-probe-2026-11-27/src-cuda-sass.csv"));
  ASSERT_TRUE(exported.has_value()) << exported.error().message;
  const auto e = wk::evidence_from_export(*exported, *k, k->defaults, "probe");
  ASSERT_FALSE(e.has_value());
  EXPECT_NE(e.error().message.find("transpose_shared_probe"), std::string::npos) << e.error().message;
  EXPECT_NE(e.error().message.find(wk::entry_name(*k, k->defaults)), std::string::npos) << e.error().message;
}

TEST(Reconcile, AKernelNamedWithoutTemplateArgumentsIsTakenOnlyWhenAlone) {
  const auto* k = wk::find_kernel("transpose_padded");
  ASSERT_NE(k, nullptr);
  wk::NcuExport e;
  e.kernels.push_back({"ws_kernel", "(32, 8, 1)", "(256, 256, 1)", every_metric()});
  const auto alone = wk::evidence_from_export(e, *k, k->defaults, "csv");
  ASSERT_TRUE(alone.has_value()) << alone.error().message;
  EXPECT_NE(alone->label.find("without its template arguments"), std::string::npos);
  e.kernels.push_back({"other_kernel(float *)", "", "", {}});
  EXPECT_FALSE(wk::evidence_from_export(e, *k, k->defaults, "csv").has_value());
}

TEST(Reconcile, CausesHaveIdsPhrasesAndMeanings) {
  std::set<std::string_view> ids;
  for (wk::NcuCause c : wk::kAllNcuCauses) {
    EXPECT_TRUE(ids.insert(wk::cause_id(c)).second);
    EXPECT_FALSE(wk::cause_phrase(c).empty());
    EXPECT_FALSE(wk::cause_meaning(c).empty());
  }
  for (const char* id : {"equal", "l1-contention", "inactive-lanes", "run-to-run", "derived-ideal", "moved-line",
                         "unexplained"})
    EXPECT_TRUE(ids.contains(id)) << id;
  // Equal counts are `equal`, their rule in the evidence (issue 37): no cause of its own.
  for (const char* id : {"ideal-wavefronts", "pairing", "warp-shape"}) EXPECT_FALSE(ids.contains(id)) << id;
}

namespace {

// The fixture's SASS rows (those after a CUDA line), under one CUDA line `line` of another file.
std::string as_another_file(const wk::KernelDescriptor& k, const wk::KernelParams& p, const std::string& page,
                            const std::string& file, int line) {
  std::string out = "\"File Path\",\"" + file + "\"\n\"Function Name\",\"void ws_kernel<" + wk::entry_name(k, p) +
                    ">(float *)\"\n";
  const std::size_t h = page.find("\"Line No\"");
  out += page.substr(h, page.find('\n', h) - h + 1);
  out += fmt::format("\"{}\",\"\",\"-\",\"-\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\",\"0\"\n",
                     line);
  std::istringstream in(page);
  for (std::string l; std::getline(in, l);)
    if (l.starts_with("\"\",\"\",\"0x")) out += l + "\n";
  return out;
}

}  // namespace

// ncu lists the inlined body's SASS again under its callers' files (the launch
// adapter, tile_bounds.hpp): the same addresses, counted once; an instruction
// of another file that the body's lines do not hold is still reported.
TEST(Reconcile, InlinedCallersLinesOfTheSameSassAreCountedOnce) {
  const auto* k = wk::find_kernel("transpose_padded");
  ASSERT_NE(k, nullptr);
  wk::KernelParams p = k->defaults;
  p.rows = p.cols = 64;
  const std::string page = ws::test::simulated_source_page(*k, p);
  const wk::Reconciliation r = from_page(*k, p, page + as_another_file(*k, p, page, "/build/transpose.cpp", 28));
  for (const auto& x : r.rows) {
    EXPECT_NE(x.cause, wk::NcuCause::Unexplained) << x.counter << " " << x.evidence;
    EXPECT_NE(x.line, std::optional<int>(28)) << x.counter << ": a row of the caller's file";
  }
  EXPECT_NE(r.note.find("not counted again"), std::string::npos) << r.note;
  // Same rows, other addresses: instructions the body does not list, unexplained.
  std::string other = as_another_file(*k, p, page, "/build/transpose.cpp", 28);
  for (std::size_t at = other.find("\"0x"); at != std::string::npos; at = other.find("\"0x", at + 4))
    other.replace(at, 3, "\"0xf");
  bool reported = false;
  for (const auto& x : from_page(*k, p, page + other).rows)
    if (x.line == 28 && x.cause == wk::NcuCause::Unexplained && x.evidence.find("transpose.cpp:28") != std::string::npos)
      reported = true;
  EXPECT_TRUE(reported);
}

// Per line, ncu's "L1 Tag Requests Global" is one tag lookup per 128-byte line a
// warp touches: on the recorded 16-byte loads of smem_stride, 4 per instruction,
// the simulator's line count, not its request count.
TEST(Reconcile, L1TagRequestsPerLineAreTheSimulatorsLineLookups) {
  const auto* k = wk::find_kernel("smem_stride");
  ASSERT_NE(k, nullptr);
  const auto records = wk::load_ncu_records("h100");
  ASSERT_TRUE(records.has_value()) << records.error().message;
  int checked = 0;
  for (const std::string& path : wk::measurement_files()) {
    if (fs::path(path).stem() != "h100") continue;
    const auto measured = wk::load_measurements(path);
    ASSERT_TRUE(measured.has_value()) << measured.error().message;
    for (const auto& l : records->launches) {
      if (l.kernel != "smem_stride" || l.source_csv.empty() || l.params.bytes != 16) continue;
      const auto e = wk::recorded_evidence(*records, *measured, *k, l.params);
      ASSERT_TRUE(e.has_value() && e->has_value());
      const wk::WholeKernel sim = simulate(*k, l.params);
      const wk::Reconciliation r = wk::reconcile(*k, l.params, sim, **e);
      for (const auto& x : r.rows) {
        if (x.counter != "l1_tag_lookups") continue;
        ASSERT_TRUE(x.ncu.has_value());
        EXPECT_EQ(*x.ncu, double(x.simulated)) << x.evidence;
        std::uint64_t requests = 0;
        for (std::size_t i = 0; i < sim.sites.size(); ++i)
          if (sim.sites[i].line == x.line && sim.sites[i].space == x.space && sim.sites[i].op == x.op)
            requests += sim.counters[i].requests;
        if (x.op == Op::Load) {
          EXPECT_EQ(x.simulated, 4 * requests) << "16-byte lanes: 4 lines per warp";
        }
        ++checked;
      }
    }
  }
  if (checked == 0) GTEST_SKIP() << "no recorded Source page of smem_stride with 16-byte lanes";
}

// Warps that issue an instruction with every lane predicated off: counted by the
// Source page, not by the kernel-wide metric nor the simulator. Decided only
// when ncu's kernel-wide count equals the simulator's.
TEST(Reconcile, WarpsWithEveryLanePredicatedOffAreInactiveLanesOnlyWhenTheKernelWideCountAgrees) {
  const auto* k = wk::find_kernel("smem_stride");
  ASSERT_NE(k, nullptr);
  wk::KernelParams p = k->defaults;
  const wk::WholeKernel sim = simulate(*k, p);
  int store_line = 0;
  std::uint64_t stores = 0;
  for (std::size_t i = 0; i < sim.sites.size(); ++i)
    if (sim.sites[i].space == Space::Shared && sim.sites[i].op == Op::Store)
      store_line = sim.sites[i].line, stores += sim.counters[i].instructions;
  ASSERT_GT(stores, 0u);
  const int warps = wk::launch_config(*k, p).block.x * wk::launch_config(*k, p).block.y / 32;
  ASSERT_GT(warps, 1);
  const auto exported = wk::parse_ncu_csv(
      ws::test::simulated_source_page(*k, p, {{store_line, Space::Shared, Op::Store, "Instructions Executed", double(warps)}}),
      "fixture");
  ASSERT_TRUE(exported.has_value()) << exported.error().message;
  auto e = wk::evidence_from_export(*exported, *k, p, "fixture");
  ASSERT_TRUE(e.has_value()) << e.error().message;
  auto cause = [&](std::string_view counter) { return row(wk::reconcile(*k, p, sim, *e), Space::Shared, Op::Store, counter)->cause; };
  EXPECT_EQ(cause("instructions"), wk::NcuCause::Unexplained) << "no kernel-wide count: no evidence";
  e->metrics = std::map<std::string, double>{{"smsp__sass_inst_executed_op_shared_st.sum", double(stores)}};
  EXPECT_EQ(cause("instructions"), wk::NcuCause::InactiveLanes);
  EXPECT_EQ(cause("wavefronts"), wk::NcuCause::Equal);
  (*e->metrics)["smsp__sass_inst_executed_op_shared_st.sum"] = double(stores * warps);
  EXPECT_EQ(cause("instructions"), wk::NcuCause::Unexplained) << "the kernel-wide count differs too";
}

// The compiler attributing a site's instructions to another line: per line the
// rows differ, summed over the kernel's lines they agree.
TEST(Reconcile, InstructionsOnAnotherLineWithEqualSumsAreAMovedLine) {
  const auto* k = wk::find_kernel("transpose_shared");
  ASSERT_NE(k, nullptr);
  wk::KernelParams p = k->defaults;
  p.rows = p.cols = 256;
  int load_line = 0;
  for (const auto& s : simulate(*k, p).sites)
    if (s.space == Space::Shared && s.op == Op::Load) load_line = s.line;
  ASSERT_GT(load_line, 0);
  auto moved = [&](double factor) {  // the shared loads' CUDA line renumbered 999
    std::string page = ws::test::simulated_source_page(
        *k, p, {{load_line, Space::Shared, Op::Load, "L1 Wavefronts Shared", factor}});
    const std::string header = fmt::format("\n\"{}\",\"...\"", load_line);
    for (std::size_t at = page.find(header); at != std::string::npos; at = page.find(header, at + 1)) {
      const std::size_t next = page.find('\n', at + 1);
      if (page.find("LDS", next) < page.find('\n', next + 1)) {  // the line's next row: a shared load
        page.replace(at, header.size(), "\n\"999\",\"...\"");
        break;
      }
    }
    return from_page(*k, p, page);
  };
  const wk::Reconciliation r = moved(1.0);
  int rows = 0;
  for (const auto& x : r.rows)
    if (x.space == Space::Shared && x.op == Op::Load && x.site.has_value() == (x.line != 999) &&
        (x.counter == "instructions" || x.counter == "wavefronts")) {
      EXPECT_EQ(x.cause, wk::NcuCause::MovedLine) << x.line.value_or(0) << " " << x.counter << ": " << x.evidence;
      ++rows;
    }
  EXPECT_EQ(rows, 4);  // instructions and wavefronts at the simulator's line and at ncu's
  int differing = 0;
  for (const auto& x : moved(2.0).rows)
    if (x.space == Space::Shared && x.op == Op::Load && x.counter == "wavefronts" && x.line == 999) {
      EXPECT_EQ(x.cause, wk::NcuCause::Unexplained) << "the sums differ";
      ++differing;
    }
  EXPECT_EQ(differing, 1);
}

// Issue 37: a Block Size or Grid Size that contradicts the launch being reconciled, and a missing
// kernel-wide metric (its rows left without ncu's value), were accepted. Each is refused, naming it.
TEST(Reconcile, AMetricsRowOfAnotherLaunchShapeOrMissingAMetricIsRefused) {
  const auto* k = wk::find_kernel("transpose_padded");
  ASSERT_NE(k, nullptr);
  const auto launch = wk::launch_config(*k, k->defaults);
  const std::string name = "void ws_kernel<" + wk::entry_name(*k, k->defaults) + ">(const float *, float *)";
  const std::string block = fmt::format("({}, {}, {})", launch.block.x, launch.block.y, launch.block.z);
  const std::string grid = fmt::format("({}, {}, {})", launch.grid.x, launch.grid.y, launch.grid.z);
  auto refusal = [&](wk::NcuKernelMetrics m) {
    wk::NcuExport e;
    e.kernels.push_back(std::move(m));
    const auto r = wk::evidence_from_export(e, *k, k->defaults, "csv");
    return r ? std::string() : r.error().message;
  };
  EXPECT_EQ(refusal({name, block, grid, every_metric()}), "");
  EXPECT_EQ(refusal({name, "", "", every_metric()}), "");  // ncu left them out: nothing to contradict
  EXPECT_NE(refusal({name, "(16, 8, 1)", grid, every_metric()})
                .find(fmt::format("\"Block Size\" '(16, 8, 1)', but transpose_padded at these parameters launches {}",
                                  block)),
            std::string::npos)
      << refusal({name, "(16, 8, 1)", grid, every_metric()});
  EXPECT_NE(refusal({name, block, "(1, 1, 1)", every_metric()}).find("\"Grid Size\" '(1, 1, 1)'"), std::string::npos);
  for (const auto& [missing, _] : every_metric()) {
    auto m = every_metric();
    m.erase(missing);
    EXPECT_NE(refusal({name, block, grid, m}).find("has no " + missing + " metric"), std::string::npos) << missing;
  }
}

// An export's kernel names are echoed escaped: a name with a newline would split the message.
TEST(Reconcile, KernelNamesOfAnotherProgramAreEchoedOnOneLine) {
  const auto* k = wk::find_kernel("copy");
  ASSERT_NE(k, nullptr);
  wk::NcuExport e;
  e.kernels.push_back({"other\nwarpscope: forged", "", "", {}});
  const auto r = wk::evidence_from_export(e, *k, k->defaults, "csv");
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find(R"(it holds: other\nwarpscope: forged)"), std::string::npos) << r.error().message;
}

// Issue 37, G4: ncu's ideal sectors per instruction are the bytes the active
// lanes ask for, packed into 32-byte sectors, but never more than the sectors
// the instruction touches. Checked on every line of every recorded Source page
// of both GPUs; matmul_naive's broadcast A[row * K + k] (2 sectors touched, 4
// asked for) is the line that told the rule apart from "the bytes over 32".
TEST(Reconcile, IdealSectorsOfEveryRecordedSourcePageAreG4s) {
  int checked = 0, capped = 0;
  std::set<std::string> kernels;
  for (const std::string& path : wk::measurement_files()) {
    const std::string gpu = fs::path(path).stem().string();
    const auto records = wk::load_ncu_records(gpu);
    ASSERT_TRUE(records.has_value()) << records.error().message;
    for (const auto& l : records->launches) {
      if (l.source_csv.empty()) continue;
      const wk::KernelDescriptor* k = wk::find_kernel(l.kernel);
      ASSERT_NE(k, nullptr) << l.kernel;
      // The page alone (one-block launches included), as --ncu-csv reads it.
      const auto page = wk::read_ncu_csv((fs::path(records->dir) / l.source_csv).string());
      ASSERT_TRUE(page.has_value()) << page.error().message;
      const auto e = wk::evidence_from_export(*page, *k, l.params, "recorded page");
      ASSERT_TRUE(e.has_value() && e->source_page) << gpu << ": " << l.source_csv;
      const wk::WholeKernel sim = simulate(*k, l.params);
      for (const auto& x : wk::reconcile(*k, l.params, sim, *e).rows) {
        if (x.counter != "ideal_sectors" || !x.line) continue;
        ASSERT_TRUE(x.ncu.has_value());
        EXPECT_EQ(*x.ncu, double(x.simulated)) << gpu << ": " << l.source_csv << " line " << *x.line << ": " << x.evidence;
        std::uint64_t asked = 0;
        for (std::size_t i = 0; i < sim.sites.size(); ++i)
          if (sim.sites[i].line == *x.line && sim.sites[i].space == x.space && sim.sites[i].op == x.op)
            asked += (sim.counters[i].bytes_requested + 31) / 32;
        capped += x.simulated < asked;
        kernels.insert(l.kernel);
        ++checked;
      }
    }
  }
  if (checked == 0) GTEST_SKIP() << "no recorded Source page";
  EXPECT_TRUE(kernels.contains("matmul_naive"));
  EXPECT_GT(capped, 0) << "no line where the sectors touched cap the ideal";
}

TEST(GlobalIdealSectors, AreTheAskedBytesPackedAtMostTheSectorsTouched) {
  auto warp = [](auto address, int bytes = 4) {
    ws::WarpAccess a;
    a.bytes = bytes;
    for (int lane = 0; lane < 32; ++lane) a.address[lane] = address(lane);
    return ws::analyze_global(a);
  };
  EXPECT_EQ(warp([](int i) { return 4u * i; }).ideal_sectors, 4);                  // a coalesced row
  EXPECT_EQ(warp([](int) { return 64u; }).ideal_sectors, 1);                        // a broadcast: one sector touched
  EXPECT_EQ(warp([](int i) { return 8192u * (i / 16); }).ideal_sectors, 2);         // matmul_naive's A: two rows
  EXPECT_EQ(warp([](int i) { return 4u * (i % 16); }).ideal_sectors, 2);            // its B: 16 floats, twice
  EXPECT_EQ(warp([](int i) { return 32768u * i; }).ideal_sectors, 4);               // a column: 32 sectors, ideal 4
  EXPECT_EQ(warp([](int i) { return 16u * i; }, 16).ideal_sectors, 16);             // float4 lanes
}

// Issue 37: ncu's kernel-wide ideal wavefronts are its wavefronts minus its bank
// conflicts. Contention raising the two by different amounts moves that
// difference a little: `derived-ideal`, with both counters as evidence; a
// counter below the simulator's, or a drift of whole percent, is not that.
TEST(Reconcile, AKernelWideIdealThatContentionMovesIsDerivedIdeal) {
  const auto* k = wk::find_kernel("transpose_padded");
  ASSERT_NE(k, nullptr);
  wk::KernelParams p = k->defaults;
  p.rows = p.cols = 256;
  const wk::WholeKernel sim = simulate(*k, p);
  wk::Counters st;
  for (std::size_t i = 0; i < sim.sites.size(); ++i)
    if (sim.sites[i].space == Space::Shared && sim.sites[i].op == Op::Store) st.add(sim.counters[i]);
  ASSERT_GT(st.wavefronts, 1000u);
  ASSERT_EQ(st.wavefronts, st.ideal_wavefronts);
  const std::string w = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
  const std::string b = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
  auto ideal_row = [&](double wavefronts, double conflicts) {
    wk::NcuEvidence e;
    e.label = "test";
    e.metrics = std::map<std::string, double>{
        {"smsp__sass_inst_executed_op_shared_st.sum", double(st.instructions)}, {w, wavefronts}, {b, conflicts}};
    return *row(wk::reconcile(*k, p, sim, e), Space::Shared, Op::Store, "ideal_wavefronts", false);
  };
  const double sw = double(st.wavefronts);
  // +300 wavefronts, +303 conflicts: the difference is 3 below the ideal.
  auto r = ideal_row(sw + 300, 303);
  EXPECT_EQ(r.cause, wk::NcuCause::DerivedIdeal) << r.evidence;
  EXPECT_NE(r.evidence.find(w), std::string::npos) << r.evidence;
  EXPECT_NE(r.evidence.find(b), std::string::npos) << r.evidence;
  EXPECT_EQ(ideal_row(sw + 300, 297).cause, wk::NcuCause::DerivedIdeal);
  // Fewer wavefronts than simulated: no contention explains it.
  EXPECT_EQ(ideal_row(sw - 3, 0).cause, wk::NcuCause::Unexplained);
  // An ideal 5% off: a rule the model would have missed, not two counters' drift.
  EXPECT_EQ(ideal_row(sw * 1.05, 0).cause, wk::NcuCause::Unexplained);
  // Equal: equal.
  EXPECT_EQ(ideal_row(sw + 300, 300).cause, wk::NcuCause::Equal);
}
