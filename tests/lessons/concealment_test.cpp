// What a question hides until its reveal (lessons/concealment.hpp): the kinds
// of quantity its answer names, per configuration, and what follows from them.
#include <gtest/gtest.h>

#include "lessons/concealment.hpp"

namespace ws::lessons {
namespace {

Question number(const std::string& answer) {
  Question q;
  q.answer = answer;
  return q;
}

TEST(Concealment, FactsNamedByAnExpression) {
  EXPECT_EQ(facts_named("naive:whole.global_load.requests / whole.global_load.requests"),
            (std::set<std::string>{"naive:whole.global_load.requests", "whole.global_load.requests"}));
  EXPECT_EQ(facts_named("gcd(param.stride, banks) + 2.5 * max(way, 1)"),
            (std::set<std::string>{"param.stride", "banks", "way"}));
}

TEST(Concealment, EachFactIsOneKindOfQuantity) {
  EXPECT_EQ(quantity_of("wavefronts"), Quantity::SharedCost);
  EXPECT_EQ(quantity_of("at.tile_load.way"), Quantity::SharedCost);
  EXPECT_EQ(quantity_of("lane.3.wavefront"), Quantity::SharedCost);
  EXPECT_EQ(quantity_of("sectors"), Quantity::GlobalCost);
  EXPECT_EQ(quantity_of("active_lanes"), Quantity::Lanes);
  EXPECT_EQ(quantity_of("warps_per_block"), Quantity::Launch);
  EXPECT_EQ(quantity_of("whole.blocks_per_sm"), Quantity::Occupancy);
  EXPECT_EQ(quantity_of("whole.shared_bytes_per_block"), Quantity::SharedBytes);
  EXPECT_EQ(quantity_of("whole.site.tile_load.wavefronts"), Quantity::WholeKernel);
  EXPECT_EQ(quantity_of("measured.h100.median_ms"), Quantity::Time);
  EXPECT_EQ(quantity_of("at.a_load.runs"), Quantity::Runs);
  // Inputs are what the class reasons from: never concealed.
  for (const char* input : {"param.stride", "banks", "bytes", "lane.0.bank", "block_x", "threads_per_block"})
    EXPECT_FALSE(quantity_of(input).has_value()) << input;
}

TEST(Concealment, PerConfigurationAndWhatFollows) {
  const Concealment c = concealment_of(number("pad:wavefronts"));
  EXPECT_TRUE(c.hides(Quantity::SharedCost, "pad"));
  EXPECT_FALSE(c.hides(Quantity::SharedCost));  // the step's own figure keeps its cost
  EXPECT_TRUE(c.hides(Quantity::Time, "pad"));  // stride 33's time would tell the conflict
  EXPECT_TRUE(c.hides(Quantity::WholeKernel, "pad"));
  EXPECT_FALSE(c.hides_any(""));

  Question which;
  which.kind = Question::Kind::Which;
  which.options = {{"plain", "plain:whole.shared_bytes_per_block"}, {"padded", "whole.shared_bytes_per_block"}};
  const Concealment w = concealment_of(which);
  EXPECT_TRUE(w.hides(Quantity::SharedBytes, "plain"));
  EXPECT_TRUE(w.hides(Quantity::Occupancy));  // blocks per SM follow from the bytes
  EXPECT_FALSE(w.hides(Quantity::Time));

  Question listed = number("warps_per_block");
  listed.conceals = {"way"};
  EXPECT_TRUE(concealment_of(listed).hides(Quantity::SharedCost));
  EXPECT_TRUE(concealment_of(number("param.stride + banks")).empty());
}

}  // namespace
}  // namespace ws::lessons
