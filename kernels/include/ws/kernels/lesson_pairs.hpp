// Lesson pairs: a baseline and a variant a lesson compares ("padding the tile
// makes the transpose 1.7x faster"), found among a measurement file's entries
// by their parameters, never by the text of their keys. Two kinds, both catalog
// data (LessonHints in catalog.hpp):
//   - a kernel against its `baseline` kernel, both at their defaults and the same sizes;
//   - a kernel against itself with one parameter changed (`contrasts`).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/measurements.hpp"

namespace ws::kernels {

struct LessonPair {
  const MeasuredKernel* baseline = nullptr;
  const MeasuredKernel* variant = nullptr;
};

// Every pair both of whose sides were measured, in catalog order of the variant.
std::vector<LessonPair> lesson_pairs(const Measurements& m);

// Each (kernel, parameters) once: the first entry of each, in file order.
std::vector<const MeasuredKernel*> distinct_entries(const Measurements& m);

// What a lesson pair compares, for a GPU without recorded timings: each
// kernel's defaults and each contrast applied to them.
std::vector<std::pair<const KernelDescriptor*, KernelParams>> lesson_runs();

// The parameters a kernel reads that differ from its defaults: "stride=2 bytes=8", or "defaults".
std::string params_label(const KernelDescriptor& k, const KernelParams& p);

}  // namespace ws::kernels
