// What a family file (kernels/src/families/*.cpp) is written with. A family
// file is compiled twice: by the host compiler (descriptors, host traces) and by
// nvcc through a generated .cu that includes it (GPU entries). Its kernels are
// "launch adapters": a struct with
//     template <class Mem> WS_BODY static void run(Mem& m, const KernelParams& p)
// that declares the global arrays (input/output, in argument order) and calls
// the body, exactly what the host code around a CUDA kernel launch would pass.
//   Variant sets   which compile-time variants exist and which one p selects
//   code_for<Set>  the descriptor's KernelCode for either compiler
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "ws/kernels/catalog.hpp"
#include "ws/kernels/cuda_like.hpp"

#if defined(__CUDACC__)
#include "gpu_entry.cuh"
#else
#include "host_trace.hpp"
#endif

namespace ws::kernels {

template <class V>
struct Variant {
  using type = V;
};

// ---- Variant sets: Set::visit(p, f) calls f(Variant<V>{}) for the variant p selects.

template <class K>
struct OneVariant {
  template <class F>
  static bool visit(const KernelParams&, F&& f) {
    f(Variant<K>{});
    return true;
  }
};

// Every tile T x rows-per-block BR shape the tiled kernels accept: T a power of
// two from 2 to 64, BR a power of two up to T, T x BR <= 1024 threads.
struct TileShape {
  int tile, rows;
};
inline constexpr TileShape kTileShapes[] = {
    {2, 1},   {2, 2},   {4, 1},   {4, 2},   {4, 4},   {8, 1},   {8, 2},   {8, 4},   {8, 8},
    {16, 1},  {16, 2},  {16, 4},  {16, 8},  {16, 16}, {32, 1},  {32, 2},  {32, 4},  {32, 8},
    {32, 16}, {32, 32}, {64, 1},  {64, 2},  {64, 4},  {64, 8},  {64, 16}};
inline constexpr int kTileShapeCount = sizeof(kTileShapes) / sizeof(kTileShapes[0]);

template <template <int, int> class K>
struct TileShapes {
  template <class F>
  static bool visit(const KernelParams& p, F&& f) {
    return visit_from<0>(p, f);
  }
  template <int I, class F>
  static bool visit_from(const KernelParams& p, F& f) {
    if constexpr (I == kTileShapeCount) {
      return false;
    } else {
      constexpr TileShape s = kTileShapes[I];
      if (p.tile == s.tile && p.block_rows == s.rows) {
        f(Variant<K<s.tile, s.rows>>{});
        return true;
      }
      return visit_from<I + 1>(p, f);
    }
  }
};

// TILE_WIDTH 2, 4, 8, 16, 32.
template <template <int> class K>
struct TileWidths {
  template <class F>
  static bool visit(const KernelParams& p, F&& f) {
    switch (p.tile) {
      case 2: f(Variant<K<2>>{}); return true;
      case 4: f(Variant<K<4>>{}); return true;
      case 8: f(Variant<K<8>>{}); return true;
      case 16: f(Variant<K<16>>{}); return true;
      case 32: f(Variant<K<32>>{}); return true;
      default: return false;
    }
  }
};

// Access widths 4, 8, 16 bytes: float, float2, float4 elements.
template <template <class> class K>
struct AccessWidths {
  template <class F>
  static bool visit(const KernelParams& p, F&& f) {
    switch (p.bytes) {
      case 4: f(Variant<K<float>>{}); return true;
      case 8: f(Variant<K<float2>>{}); return true;
      case 16: f(Variant<K<float4>>{}); return true;
      default: return false;
    }
  }
};

// Two kernels chosen by p.swizzle (0 or 1).
template <class Plain, class Swizzled>
struct BySwizzle {
  template <class F>
  static bool visit(const KernelParams& p, F&& f) {
    if (p.swizzle) f(Variant<Swizzled>{});
    else f(Variant<Plain>{});
    return true;
  }
};

// ---- The descriptor's code for this compiler.

template <class Set>
int gpu_launch(const GpuLaunch& launch);  // gpu_entry.cuh

template <class Set>
KernelCode code_for() {
#if defined(__CUDACC__)
  return {nullptr, &gpu_launch<Set>, nullptr};
#elif defined(WS_HAVE_CUDA)
  return {&host_run<Set>, &gpu_launch<Set>, &variant_name<Set>};
#else
  return {&host_run<Set>, nullptr, &variant_name<Set>};
#endif
}

// ---- Geometry shared by the families.

constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

// A message from pieces: strings and integers (family files are also read by
// nvcc, so they keep to the standard library).
inline void append_piece(std::string& s, std::string_view v) { s += v; }
inline void append_piece(std::string& s, int v) { s += std::to_string(v); }
template <class... Pieces>
std::string text(const Pieces&... pieces) {
  std::string s;
  (append_piece(s, pieces), ...);
  return s;
}
constexpr bool is_power_of_two(int v) { return v > 0 && (v & (v - 1)) == 0; }

}  // namespace ws::kernels

// The function that registers a family's descriptors (catalog.cpp calls it).
// Under nvcc the same code is a function nobody calls, kept external so that
// the launchers the descriptors point to (gpu_launch<Set>, and through them
// every ws_kernel<V> entry) are emitted for the host build's references.
#if defined(__CUDACC__)
#define WS_FAMILY(name) void ws_gpu_entries_of_##name(std::vector<::ws::kernels::KernelDescriptor>& out)
#else
#define WS_FAMILY(name) void add_##name##_family(std::vector<::ws::kernels::KernelDescriptor>& out)
#endif
