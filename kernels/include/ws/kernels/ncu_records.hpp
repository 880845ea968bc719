// Nsight Compute evidence recorded on a GPU for `warpscope reconcile --gpu`
// (issue 25): assets/measurements/ncu-source/<gpu>/index.json lists each
// recorded launch (kernel, parameters, whole grid or one block, repeat) with
// its Source-page and metrics CSVs beside it (scripts/ncu-record.sh records
// them, scripts/make_ncu_sources.py writes the folder), and the one-block
// launches of scripts/probes/one-block-counters.sh. Where a launch has no
// Source page, the GPU's measurement file (assets/measurements/<gpu>.json)
// gives its kernel-wide counters.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ws/kernels/measurements.hpp"
#include "ws/kernels/reconcile.hpp"

namespace ws::kernels {

struct RecordedNcuLaunch {
  std::string kernel;
  KernelParams params;
  bool one_block = false;  // launched as one block (the contention evidence), not over its grid
  std::string source_csv, metrics_csv;  // file names in the folder; either may be empty
};

struct NcuRecords {
  std::string dir;  // the folder; empty when the GPU has none
  std::string gpu, driver, ncu, date, command;
  std::vector<RecordedNcuLaunch> launches;
  std::vector<OneBlockEvidence> one_block;
};

// measurements_dir()/ncu-source/<gpu>
std::string ncu_records_dir(std::string_view gpu);
// The folder's index; a GPU without a folder gives empty records. A bad index is an Error naming the field.
Result<NcuRecords> load_ncu_records(std::string_view gpu);

// What the recordings say about k at p on that GPU: the Source page where
// recorded (with its repeats), else the measurement file's kernel-wide
// counters, with the one-block evidence of the same block shape. Nothing when
// neither holds these parameters.
Result<std::optional<NcuEvidence>> recorded_evidence(const NcuRecords& records, const Measurements& measured,
                                                     const KernelDescriptor& k, const KernelParams& p);

}  // namespace ws::kernels
