// The one median of timings, which `bench` (its launches) and the calibration
// (its launches and clock samples) report. An even count averages the two
// middle values, as statistics defines it; nothing gives 0.
#pragma once

#include <algorithm>
#include <vector>

namespace ws::kernels {

inline double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  const std::size_t n = v.size(), mid = n / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
  if (n % 2) return v[mid];
  const double upper = v[mid];
  const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid));
  return 0.5 * (lower + upper);
}

}  // namespace ws::kernels
