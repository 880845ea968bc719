// "Why does Nsight Compute say otherwise?" (issue 25, docs/ncu.md): the
// simulator's whole-kernel counts beside ncu's for the same launch, per access
// site (source line) where ncu's Source page is available, else per space and
// operation from its kernel-wide metrics, each difference with a named cause
// and the evidence that decides it.
//   NcuCause, cause_id/phrase/meaning   the fixed list of causes
//   NcuEvidence                         what ncu said about one launch (+ one-block launches, repeats)
//   reconcile()                         the rows
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/ncu_csv.hpp"
#include "ws/result.hpp"

namespace ws::kernels {

// Why ncu's number is what it is. Equal counts are `Equal` (the row's evidence
// names the rule of docs/hardware-model.md behind a count that is not the naive
// one, if any); every other cause names what makes a difference, or `Unexplained`.
enum class NcuCause : std::uint8_t {
  Equal,
  L1Contention,   // other blocks' traffic in the L1 data pipe replays wavefronts (whole kernel only)
  InactiveLanes,  // rounding per instruction, warps issuing with every lane predicated off (S6)
  RunToRun,       // within the spread of repeated ncu runs of this launch
  DerivedIdeal,   // kernel-wide ideal wavefronts = ncu's wavefronts - bank conflicts, moved by contention
  MovedLine,      // the compiler attributes these instructions to another line of the body: the sums agree
  Unexplained,
};
inline constexpr NcuCause kAllNcuCauses[] = {NcuCause::Equal,        NcuCause::L1Contention, NcuCause::InactiveLanes,
                                             NcuCause::RunToRun,     NcuCause::DerivedIdeal, NcuCause::MovedLine,
                                             NcuCause::Unexplained};
std::string_view cause_id(NcuCause c);       // "l1-contention": the JSON/CSV identifier
std::string_view cause_phrase(NcuCause c);   // "L1 contention": the window's short phrase
std::string_view cause_meaning(NcuCause c);  // one sentence: what it means (help, docs)

// A kernel launched as one block beside the same block shape over its whole
// grid (scripts/probes/one-block-counters.sh): shared wavefronts per instruction.
struct OneBlockEvidence {
  std::string kernel;
  KernelParams params;         // the whole-grid launch's
  int rows = 0, cols = 0;      // the one-block launch's matrix
  double load_alone = 0, load_whole = 0, store_alone = 0, store_whole = 0;  // 0: not recorded
  std::string source;          // the committed run it comes from
};

// What ncu said about one launch of the kernel at these parameters.
struct NcuEvidence {
  std::string label;                                // "recorded h100", "csv FILE", "live"
  std::optional<NcuSourceLaunch> source_page;       // per source line, when exported
  std::optional<std::map<std::string, double>> metrics;  // kernel-wide
  std::vector<std::map<std::string, double>> repeats;    // other runs of the same launch (spread)
  std::vector<OneBlockEvidence> one_block;          // this kernel's block shape launched alone
  std::string source_file;  // the body's file (descriptor source_path): which Source-page file holds the sites
};

struct ReconcileRow {
  std::optional<std::string> site;  // "tile_load"; "Mds_load+Nds_load" when a line holds two; none: kernel-wide
  std::optional<int> line;
  Space space = Space::Shared;
  Op op = Op::Load;
  std::string counter;  // instructions, ldmatrix_instructions, wavefronts, ideal_wavefronts, bank_conflicts,
                        // requests (kernel-wide), l1_tag_lookups (per line), sectors, ideal_sectors
  std::uint64_t simulated = 0;
  std::optional<double> ncu;  // none: ncu gave no value for it
  NcuCause cause = NcuCause::Equal;
  std::string evidence;
  double difference() const { return ncu ? *ncu - double(simulated) : 0.0; }
};

struct Reconciliation {
  std::string kernel;
  KernelParams params;
  std::string ncu_source;   // NcuEvidence::label
  std::string granularity;  // "site" or "space-op"
  std::string note;         // what the granularity means here (e.g. why not per site)
  std::vector<ReconcileRow> rows;
};

// The simulator's side: every site's whole-kernel counters (simulate_whole_kernel()).
Reconciliation reconcile(const KernelDescriptor& k, const KernelParams& p, const WholeKernel& simulated,
                         const NcuEvidence& ncu);

// The launch of k at p in an export: its Source-page launch and its metrics
// (ws_kernel<entry> by name; a file with one launch of another name is refused,
// naming what it holds). Neither present: an Error.
Result<NcuEvidence> evidence_from_export(const NcuExport& e, const KernelDescriptor& k, const KernelParams& p,
                                         std::string label);

// The same block shape as p, for one-block evidence: every parameter k reads but rows and cols equal.
// Nsight Compute's metric for one of the simulator's counters ("instructions",
// "wavefronts", "bank_conflicts", "requests", "sectors", "ldmatrix_instructions")
// of a space and op: "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum".
std::string ncu_metric(Space s, Op o, std::string_view counter);

bool same_block_shape(const KernelDescriptor& k, const KernelParams& a, const KernelParams& b);

}  // namespace ws::kernels
