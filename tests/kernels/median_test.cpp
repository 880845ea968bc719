// The one median (ws/kernels/median.hpp) that bench and the calibration report.
#include "ws/kernels/median.hpp"

#include <gtest/gtest.h>

TEST(Median, OddCountsTakeTheMiddleEvenCountsAverageTheTwoMiddle) {
  EXPECT_DOUBLE_EQ(ws::kernels::median({3.0, 1.0, 2.0}), 2.0);
  EXPECT_DOUBLE_EQ(ws::kernels::median({4.0, 1.0, 3.0, 2.0}), 2.5);  // not the upper middle, 3
  EXPECT_DOUBLE_EQ(ws::kernels::median({5.0, 5.0, 1.0, 9.0}), 5.0);
  EXPECT_DOUBLE_EQ(ws::kernels::median({7.0}), 7.0);
  EXPECT_DOUBLE_EQ(ws::kernels::median({}), 0.0);
}
