// The coalescing sweep (issue 34) as a lesson or a plot reads it: one point per
// measured configuration of strided_read (by stride), offset_read (by offset),
// aos_field (by struct bytes) and soa_field, taken from a measurement file's
// entries (assets/measurements/<gpu>.json; docs/coalescing.md has the shape),
// each beside what the simulator counts for its read and the model predicts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ws/kernels/measurements.hpp"

namespace ws::kernels {

struct SweepPoint {
  std::string kernel;          // "strided_read", "offset_read", "aos_field", "soa_field"
  std::string_view parameter;  // "stride", "offset", "bytes"; empty for soa_field
  int value = 0;               // that parameter's value (0 for soa_field)
  KernelParams params;
  // Measured: the median of the timed launches and their range, and the
  // effective bandwidth (4 bytes read and 4 written per element, over the median).
  double median_ms = 0, min_ms = 0, max_ms = 0, gbps = 0;
  // Simulated (G1, G2), per request of the read site over the whole kernel.
  double sectors_per_request = 0;
  double efficiency = 0;       // bytes the lanes use / bytes of the sectors (0..1)
  double dram_read_bytes = 0;  // what the prediction model has DRAM read (G3: 64-byte segments)
  double predicted_ms = 0;     // on the file's calibration; 0 without one
  std::string_view bound;      // the model's limiter
  // Nsight Compute's counts of the same launch, where recorded (else 0): the
  // read's sectors per request and the bytes DRAM read (dram__bytes_read).
  double ncu_sectors_per_request = 0, ncu_dram_read_bytes = 0;
};

// The sweep's points in m, by kernel (strided, offset, aos, soa) and value, each
// configuration once (its first entry). Simulates each point (one block class:
// milliseconds).
std::vector<SweepPoint> coalescing_sweep(const Measurements& m);

}  // namespace ws::kernels
