// The --expr language: C precedence and semantics, clear errors.
#include <gtest/gtest.h>

#include "ws/expr.hpp"
#include "ws/pattern_input.hpp"

namespace ws {
namespace {

std::int64_t eval(const char* text, std::int64_t lane) {
  auto parsed = Expr::parse(text);
  EXPECT_TRUE(std::holds_alternative<Expr>(parsed)) << text;
  auto v = std::get<Expr>(parsed).eval(lane);
  EXPECT_TRUE(std::holds_alternative<std::int64_t>(v)) << text;
  return std::get<std::int64_t>(v);
}

std::string parse_error(const char* text) {
  auto parsed = Expr::parse(text);
  if (auto* e = std::get_if<ExprError>(&parsed)) return e->message;
  return "";
}

TEST(Expr, PrecedenceFollowsC) {
  EXPECT_EQ(eval("1 + 2 * 3", 0), 7);
  EXPECT_EQ(eval("1 << 2 + 1", 0), 8);
  EXPECT_EQ(eval("6 & 3 ^ 1", 0), 3);  // & binds tighter than ^
  EXPECT_EQ(eval("1 | 6 ^ 2", 0), 5);
  EXPECT_EQ(eval("(lane + 1) * 4", 3), 16);
  EXPECT_EQ(eval("~0 & 0xff", 0), 255);
  EXPECT_EQ(eval("-lane + 40", 8), 32);
  EXPECT_EQ(eval("4*((lane%8)*33 + lane/8)", 9), 4 * (33 + 1));
  EXPECT_EQ(eval("lane >> 1 << 1", 7), 6);
}

TEST(Expr, DivisionTruncatesTowardZero) {
  EXPECT_EQ(eval("(0 - 7) / 2", 0), -3);
  EXPECT_EQ(eval("(0 - 7) % 2", 0), -1);
  EXPECT_EQ(eval("0X1F + 0x10", 0), 47);
}

TEST(Expr, ErrorsNameTheTokenAndColumn) {
  EXPECT_NE(parse_error("4 * foo").find("'foo' at column 5"), std::string::npos) << parse_error("4 * foo");
  EXPECT_NE(parse_error("(lane + 1").find("expected ')'"), std::string::npos);
  EXPECT_NE(parse_error("lane $ 2").find("'$' at column 6"), std::string::npos) << parse_error("lane $ 2");
  EXPECT_NE(parse_error("12abc").find("malformed number"), std::string::npos);
  EXPECT_NE(parse_error("").find("end of expression"), std::string::npos);
}

TEST(Expr, DivisionByZeroIsAnErrorNotACrash) {
  auto parsed = Expr::parse("4 / (lane - 3)");
  ASSERT_TRUE(std::holds_alternative<Expr>(parsed));
  auto v = std::get<Expr>(parsed).eval(3);
  ASSERT_TRUE(std::holds_alternative<ExprError>(v));
  EXPECT_NE(std::get<ExprError>(v).message.find("division by zero"), std::string::npos);
}

TEST(PatternInput, AddressListWithInactiveLanesAndHex) {
  auto r = parse_address_list("0x10, 4, -, 12", 4);
  ASSERT_TRUE(std::holds_alternative<LaneAddresses>(r));
  const auto& a = std::get<LaneAddresses>(r);
  EXPECT_EQ(a.address[0], 16u);
  EXPECT_EQ(a.active_mask, 0b1011u);
}

TEST(PatternInput, ErrorsNameLaneAndToken) {
  auto count = parse_address_list("0,4,8", 4);
  ASSERT_TRUE(std::holds_alternative<InputError>(count));
  EXPECT_NE(std::get<InputError>(count).message.find("3 entries"), std::string::npos);
  auto bad = parse_address_list("0,4,zz,8", 4);
  EXPECT_NE(std::get<InputError>(bad).message.find("'zz'"), std::string::npos);
  EXPECT_NE(std::get<InputError>(bad).message.find("lane 2"), std::string::npos);
  auto neg = addresses_from_expr("lane*4 - 8", 4);
  EXPECT_NE(std::get<InputError>(neg).message.find("lane 0"), std::string::npos);
  auto many = parse_address_list("0,4,8,12,16", 4);
  EXPECT_NE(std::get<InputError>(many).message.find("5 entries"), std::string::npos);
}

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// Inputs that used to overflow the stack (recursive descent): each is refused
// with a message naming the limit, however large.
TEST(ExprLimits, DeepNestingIsRefusedNamingTheLimit) {
  const std::string deep = repeat("(", 100000) + "lane" + repeat(")", 100000);
  EXPECT_NE(parse_error(deep.c_str()).find("at most 4096"), std::string::npos) << parse_error(deep.c_str());
  // Short enough for the length limit, too deep for the nesting one.
  const std::string nested = repeat("(", 300) + "lane" + repeat(")", 300);
  const std::string e = parse_error(nested.c_str());
  EXPECT_NE(e.find("deeper than 256"), std::string::npos) << e;
  EXPECT_NE(e.find("column 257"), std::string::npos) << e;
}

TEST(ExprLimits, UnaryChainsCountAsNesting) {
  for (const char* op : {"-", "~", "+", "- "}) {
    const std::string chain = repeat(op, 300) + "lane";
    EXPECT_NE(parse_error(chain.c_str()).find("deeper than 256"), std::string::npos) << op;
  }
  const std::string mixed = repeat("-(", 200) + "lane" + repeat(")", 200);
  EXPECT_NE(parse_error(mixed.c_str()).find("deeper than 256"), std::string::npos);
}

TEST(ExprLimits, LongChainsAreRefusedNamingTheLimit) {
  const std::string chain = repeat("lane+", 200000) + "lane";  // 1 MB
  EXPECT_NE(parse_error(chain.c_str()).find("1000004 characters long; at most 4096"), std::string::npos)
      << parse_error(chain.c_str());
  const std::string minus = repeat("- ", 500000) + "lane";
  EXPECT_NE(parse_error(minus.c_str()).find("at most 4096"), std::string::npos);
  // The same errors reach every caller: the window's pattern editor and screenshot --pattern use this.
  auto via_pattern = addresses_from_expr(chain, 32);
  ASSERT_TRUE(std::holds_alternative<InputError>(via_pattern));
  EXPECT_NE(std::get<InputError>(via_pattern).message.find("at most 4096"), std::string::npos);
}

TEST(ExprLimits, EverythingUpToTheLimitsStillWorks) {
  const std::string nested = repeat("(", 256) + "lane" + repeat(")", 256);
  EXPECT_EQ(eval(nested.c_str(), 5), 5);
  EXPECT_EQ(eval((repeat("-", 256) + "lane").c_str(), 3), 3);  // an even number of negations
  // The longest chain allowed: 4096 characters, 2048 additions deep on the left.
  const std::string chain = repeat("1+", 2047) + "lane*0";
  ASSERT_EQ(chain.size(), 4100u);
  EXPECT_NE(parse_error(chain.c_str()).find("at most 4096"), std::string::npos);
  const std::string fits = repeat("1+", 2045) + "lane";
  ASSERT_LE(fits.size(), kMaxExprLength);
  EXPECT_EQ(eval(fits.c_str(), 7), 2045 + 7);
}

TEST(PatternInput, LeadingZerosAreDecimal) {
  auto r = parse_address_list("010, 0x10, 08, 0", 4);
  ASSERT_TRUE(std::holds_alternative<LaneAddresses>(r));
  const auto& a = std::get<LaneAddresses>(r);
  EXPECT_EQ(a.address[0], 10u);
  EXPECT_EQ(a.address[1], 16u);
  EXPECT_EQ(a.address[2], 8u);
  EXPECT_EQ(eval("010 + 0", 0), 10);
  auto mask = parse_mask("010", 32);
  ASSERT_TRUE(std::holds_alternative<std::uint32_t>(mask));
  EXPECT_EQ(std::get<std::uint32_t>(mask), 10u);
}

}  // namespace
}  // namespace ws
