// Swizzle functions: each is a bijection on its tile, and maps as documented.
#include <gtest/gtest.h>

#include <set>

#include "ws/swizzle.hpp"

namespace ws::swizzle {
namespace {

TEST(Swizzle, PaddedBankIsRowPlusColumn) {
  const Padded p{32, 1};
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) EXPECT_EQ(p.index(r, c) % 32, (r + c) % 32);
  EXPECT_EQ(p.row_pitch(), 33);
}

TEST(Swizzle, RotationMatchesPaddingBanksWithoutExtraMemory) {
  const Rotated rot{32};
  const Padded pad{32, 1};
  std::set<int> used;
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      EXPECT_EQ(rot.index(r, c) % 32, pad.index(r, c) % 32);
      used.insert(rot.index(r, c));
    }
  EXPECT_EQ(used.size(), 1024u);
  EXPECT_EQ(*used.rbegin(), 1023);
}

TEST(Swizzle, XorIsAPermutationOfEachRow) {
  const Xor x{32};
  for (int r = 0; r < 32; ++r) {
    std::set<int> cols;
    for (int c = 0; c < 32; ++c) cols.insert(x.column(r, c));
    EXPECT_EQ(cols.size(), 32u);
    EXPECT_EQ(x.column(r, 0), r);
  }
}

TEST(Swizzle, CuteSwizzleXorsHighBitsIntoLow) {
  constexpr Cute s{3, 4, 3};  // Swizzle<3,4,3>: bits [4,7) ^= bits [7,10)
  static_assert(s(0) == 0);
  EXPECT_EQ(s(1u << 7), (1u << 7) | (1u << 4));
  EXPECT_EQ(s(0x3ffu), 0x3ffu ^ (0x7u << 4));
  std::set<std::uint32_t> image;
  for (std::uint32_t o = 0; o < 1024; ++o) image.insert(s(o));
  EXPECT_EQ(image.size(), 1024u);
}

TEST(Swizzle, TmaModesXorChunkWithRowIndex) {
  // Row 5 (bytes 640..767), chunk 2 (bytes 32..47 of the row).
  const std::uint32_t a = 5 * 128 + 2 * 16 + 4;
  EXPECT_EQ(tma(a, TmaMode::B128), 5u * 128 + ((2u ^ 5u) << 4) + 4);
  EXPECT_EQ(tma(a, TmaMode::B64), 5u * 128 + ((2u ^ (5u & 3)) << 4) + 4);
  EXPECT_EQ(tma(a, TmaMode::B32), 5u * 128 + ((2u ^ (5u & 1)) << 4) + 4);
  EXPECT_EQ(tma(a, TmaMode::None), a);
}

}  // namespace
}  // namespace ws::swizzle
