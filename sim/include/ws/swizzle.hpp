// Swizzles shared by kernels (device and host) and by user patterns. Each maps a
// logical position to the physical one; see "Swizzles worth knowing" in
// docs/hardware-model.md. All are constexpr and compile for host and device alike.
#pragma once

#include <cstdint>

#include "ws/hd.hpp"

namespace ws::swizzle {

// Padding: tile[rows][cols + pad]; element (r, c) at word r * (cols + pad) + c.
struct Padded {
  int cols;
  int pad;
  WS_HD constexpr int index(int r, int c) const { return r * (cols + pad) + c; }
  WS_HD constexpr int row_pitch() const { return cols + pad; }
};

// Rotation without padding: tile[r][(c + r) % n]. Same banks as padding by one.
struct Rotated {
  int n;
  WS_HD constexpr int column(int r, int c) const { return (c + r) % n; }
  WS_HD constexpr int index(int r, int c) const { return r * n + column(r, c); }
};

// XOR: tile[r][c ^ r] for a power-of-two n; conflict-free rows and columns.
struct Xor {
  int n;
  WS_HD constexpr int column(int r, int c) const { return c ^ (r % n); }
  WS_HD constexpr int index(int r, int c) const { return r * n + column(r, c); }
};

// CuTe Swizzle<B, M, S>: bits [M, M+B) ^= bits [M+S, M+S+B) of offset o.
struct Cute {
  int bits;   // B
  int base;   // M
  int shift;  // S
  WS_HD constexpr std::uint32_t operator()(std::uint32_t o) const {
    const std::uint32_t mask = ((1u << bits) - 1u) << (base + shift);
    return o ^ ((o & mask) >> shift);
  }
};

// Hopper TMA swizzle modes on a byte address: the 16-byte chunk index XOR the
// 128-byte row index mod 8 (128B), 4 (64B) or 2 (32B).
enum class TmaMode : std::uint8_t { None = 0, B32 = 1, B64 = 3, B128 = 7 };

WS_HD constexpr std::uint32_t tma(std::uint32_t byte_address, TmaMode mode) {
  return byte_address ^ (((byte_address >> 7) & static_cast<std::uint32_t>(mode)) << 4);
}

}  // namespace ws::swizzle
