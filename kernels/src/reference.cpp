// CPU references, written independently of the kernel bodies (plain loops over
// the matrices), so a wrong index in a body cannot hide in its own reference.
//   plan_arrays()              arrays from a trace of block 0, warp 0
//   check_against_reference()  per kernel family: copy, transpose, matmul (sampled), patterns
#include "reference.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <random>

#include "catalog_internal.hpp"
#include "ws/kernels/smem_patterns.hpp"

namespace ws::kernels {
namespace {

template <class T>
T read(const HostArray& a, std::size_t i) {
  T v;
  std::memcpy(&v, a.bytes.data() + i * sizeof(T), sizeof(T));
  return v;
}

// out[i] must equal in[src(i)] bit for bit, element size e bytes.
template <class Src>
std::optional<std::string> check_moved(const HostArray& in, const HostArray& out, int e, Src src) {
  const std::size_t n = out.bytes.size() / static_cast<std::size_t>(e);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = src(i);
    if (std::memcmp(out.bytes.data() + i * e, in.bytes.data() + j * e, static_cast<std::size_t>(e)) != 0)
      return fmt::format("{}[{}][{}] differs from {}[{}][{}]", out.info.name, i / out.info.pitch,
                         i % out.info.pitch, in.info.name, j / in.info.pitch, j % in.info.pitch);
  }
  return std::nullopt;
}

std::optional<std::string> check_matmul(const Shape& s, const std::vector<HostArray>& a) {
  const int M = s.rows, N = s.cols, K = s.inner;
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

}  // namespace

std::vector<HostArray> plan_arrays(const KernelInfo& k, const KernelParams& p, std::uint64_t seed) {
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
    const std::size_t n = std::size_t(h.info.rows) * h.info.pitch;
    h.bytes.assign(n * h.info.elem_bytes, 0xff);
    if (h.input) {
      for (std::size_t j = 0; j < n; ++j) {
        if (h.info.elem_bytes == 2) {
          const std::uint16_t v = static_cast<std::uint16_t>(1 + rng() % 65535);
          std::memcpy(h.bytes.data() + 2 * j, &v, 2);
        } else {  // 4-byte elements: non-zero floats of either sign (ints see their bits)
          const float v = (rng() & 1 ? -1.0f : 1.0f) * mag(rng);
          std::memcpy(h.bytes.data() + 4 * j, &v, 4);
        }
      }
    }
    arrays.push_back(std::move(h));
  }
  return arrays;
}

std::optional<std::string> check_against_reference(const KernelInfo& k, const KernelParams& p,
                                                   const std::vector<HostArray>& a) {
  const Shape s = shape_of(k, p);
  const KernelId id = kernel_id(k);
  switch (id) {
    case KernelId::Copy:
    case KernelId::LdmatrixSwizzle:
      return check_moved(a[0], a[1], a[0].info.elem_bytes, [](std::size_t i) { return i; });
    case KernelId::TransposeNaive:
    case KernelId::TransposeShared:
    case KernelId::TransposePadded:
    case KernelId::TransposeRotated:
    case KernelId::TransposeXor:
    case KernelId::TransposeNonsquareInt:
    case KernelId::TransposeFast:
      // out is cols x rows: out[c][r] = in[r][c].
      return check_moved(a[0], a[1], 4, [&](std::size_t i) {
        const std::size_t c = i / s.rows, r = i % s.rows;
        return r * s.cols + c;
      });
    case KernelId::MatmulNaive:
    case KernelId::MatmulTiled: return check_matmul(s, a);
    case KernelId::SmemStride:
      return check_moved(a[0], a[1], s.bytes, [](std::size_t i) { return i; });
    case KernelId::SmemBroadcast:
      return check_moved(a[0], a[1], 4, [&](std::size_t i) { return i / 32 * 32 + (i % 32) % s.stride; });
    case KernelId::Count: break;
  }
  return "no reference for this kernel";
}

}  // namespace ws::kernels
