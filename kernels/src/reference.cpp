// Host arrays for a GPU run and the CPU references.
//   plan_arrays()        arrays from a trace of block 0, warp 0; random non-zero inputs
//   expect_moved()       element-wise moves: copy, transpose, broadcast
//   expect_matmul()      sampled float64 reference
#include "reference.hpp"

#include <fmt/format.h>

#include <cmath>
#include <random>

namespace ws::kernels {
namespace {

template <class T>
T read(const HostArray& a, std::size_t i) {
  T v;
  std::memcpy(&v, a.bytes.data() + i * sizeof(T), sizeof(T));
  return v;
}

}  // namespace

std::vector<HostArray> plan_arrays(const KernelDescriptor& k, const KernelParams& p, std::uint64_t seed) {
  const WarpTrace w = trace_warp(k, p, Dim3{0, 0, 0}, 0);
  std::vector<HostArray> arrays;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> mag(0.5f, 1.5f);
  for (std::size_t i = 0; i < w.arrays.size(); ++i) {
    if (w.arrays[i].space != Space::Global) continue;
    HostArray h;
    h.info = w.arrays[i];
    for (const SiteInfo& s : w.sites)
      if (s.array == static_cast<int>(i) && s.op == Op::Load) h.input = true;
    const std::size_t bytes = std::size_t(h.info.rows) * h.info.pitch * h.info.elem_bytes;
    h.bytes.assign(bytes, 0xff);
    if (h.input) {
      if (h.info.elem_bytes == 2) {
        for (std::size_t j = 0; j < bytes / 2; ++j) {
          const std::uint16_t v = static_cast<std::uint16_t>(1 + rng() % 65535);
          std::memcpy(h.bytes.data() + 2 * j, &v, 2);
        }
      } else {  // 4-byte words: non-zero floats of either sign (ints see their bits)
        for (std::size_t j = 0; j < bytes / 4; ++j) {
          const float v = (rng() & 1 ? -1.0f : 1.0f) * mag(rng);
          std::memcpy(h.bytes.data() + 4 * j, &v, 4);
        }
      }
    }
    arrays.push_back(std::move(h));
  }
  return arrays;
}

std::optional<std::string> check_against_reference(const KernelDescriptor& k, const KernelParams& p,
                                                   const std::vector<HostArray>& a) {
  if (!k.reference) return fmt::format("{} has no CPU reference", k.name);
  return k.reference(p, a);
}

std::optional<std::string> expect_moved(const std::vector<HostArray>& a, int e,
                                        const std::function<std::size_t(std::size_t)>& source) {
  const HostArray &in = a.at(0), &out = a.at(1);
  const std::size_t n = out.bytes.size() / static_cast<std::size_t>(e);
  const std::size_t out_pitch = std::size_t(out.info.pitch) * out.info.elem_bytes / e;
  const std::size_t in_pitch = std::size_t(in.info.pitch) * in.info.elem_bytes / e;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = source(i);
    if (std::memcmp(out.bytes.data() + i * e, in.bytes.data() + j * e, static_cast<std::size_t>(e)) != 0)
      return fmt::format("{}[{}][{}] differs from {}[{}][{}]", out.info.name, i / out_pitch, i % out_pitch,
                         in.info.name, j / in_pitch, j % in_pitch);
  }
  return std::nullopt;
}

std::optional<std::string> expect_copy(const KernelParams&, const std::vector<HostArray>& a) {
  return expect_moved(a, a.at(0).info.elem_bytes, [](std::size_t i) { return i; });
}

std::optional<std::string> expect_transpose(const KernelParams& p, const std::vector<HostArray>& a) {
  const std::size_t rows = static_cast<std::size_t>(p.rows), cols = static_cast<std::size_t>(p.cols);
  return expect_moved(a, 4, [&](std::size_t i) { return (i % rows) * cols + i / rows; });  // out[c][r] = in[r][c]
}

std::optional<std::string> expect_matmul(const KernelParams& p, const std::vector<HostArray>& a) {
  const int M = p.rows, N = p.cols, K = inner_or_cols(p);
  std::mt19937_64 rng(7);
  std::vector<std::pair<int, int>> points = {{0, 0}, {M - 1, N - 1}, {0, N - 1}, {M - 1, 0}};
  for (int i = 0; i < 4096; ++i) points.emplace_back(int(rng() % M), int(rng() % N));
  for (auto [r, c] : points) {
    double ref = 0, scale = 0;
    for (int k = 0; k < K; ++k) {
      const double x = read<float>(a[0], std::size_t(r) * K + k), y = read<float>(a[1], std::size_t(k) * N + c);
      ref += x * y;
      scale += std::fabs(x * y);
    }
    const double got = read<float>(a[2], std::size_t(r) * N + c);
    if (!(std::fabs(got - ref) <= 1e-5 * scale + 1e-6))  // float sums of K products: ~K eps relative
      return fmt::format("C[{}][{}] = {} but the float64 reference is {}", r, c, got, ref);
  }
  return std::nullopt;
}

}  // namespace ws::kernels
