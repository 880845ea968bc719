// `warpscope analyze` end to end: JSON contract, terminal output, and every bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run_command.hpp"

namespace ws::test {
namespace {

nlohmann::json analyze_json(std::vector<std::string> args) {
  args.insert(args.begin(), "analyze");
  args.push_back("--json");
  const CommandResult r = run_warpscope(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

std::string repeated(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

std::string lane_list(int n, const std::function<std::string(int)>& f) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? "," : "") + f(i);
  return s;
}

TEST(AnalyzeCli, SharedJsonHasTheContractKeys) {
  const auto j = analyze_json({"--space", "shared", "--op", "load", "--bytes", "4", "--expr", "4*lane*32"});
  EXPECT_EQ(j["wavefronts"], 32);
  EXPECT_EQ(j["ideal_wavefronts"], 1);
  EXPECT_EQ(j["bank_conflicts"], 31);
  EXPECT_EQ(j["max_way"], 32);
  ASSERT_EQ(j["lanes"].size(), 32u);
  const auto& l5 = j["lanes"][5];
  EXPECT_EQ(l5["lane"], 5);
  EXPECT_EQ(l5["active"], true);
  EXPECT_EQ(l5["address"], 640);
  EXPECT_EQ(l5["bank"], 0);
  EXPECT_EQ(l5["word"], 160);
  EXPECT_EQ(l5["wavefront"], 5);
}

TEST(AnalyzeCli, AddressListWithInactiveLanesAndMask) {
  const std::string addrs = lane_list(32, [](int i) { return i == 3 ? std::string("-") : std::to_string(128 * i); });
  const auto j = analyze_json({"--space", "shared", "--op", "load", "--bytes", "4", "--addresses", addrs,
                               "--mask", "0x000000ff"});
  EXPECT_EQ(j["wavefronts"], 7);  // lanes 0-7 minus lane 3
  EXPECT_EQ(j["lanes"][3]["active"], false);
  EXPECT_EQ(j["lanes"][9]["active"], false);
}

// Efficiency is bytes used / bytes moved (Nsight Compute's sector efficiency):
// a broadcast requests 32 x 4 bytes but uses 4 of the 32 it moves. It was
// requested / moved, 400% here.
TEST(AnalyzeCli, EfficiencyCountsTheBytesUsedAndStaysWithinOne) {
  const auto j = analyze_json({"--space", "global", "--op", "load", "--bytes", "4", "--expr", "0"});
  EXPECT_EQ(j["bytes_requested"], 128);
  EXPECT_EQ(j["bytes_used"], 4);
  EXPECT_EQ(j["bytes_moved"], 32);
  EXPECT_DOUBLE_EQ(j["efficiency"].get<double>(), 4.0 / 32.0);
  EXPECT_EQ(j["efficiency_definition"], "bytes_used / bytes_moved");
  // Lanes two by two on the same word: 64 distinct bytes of 64 moved.
  const auto pairs = analyze_json({"--space", "global", "--op", "load", "--bytes", "4", "--expr", "4*(lane/2)"});
  EXPECT_EQ(pairs["bytes_used"], 64);
  EXPECT_DOUBLE_EQ(pairs["efficiency"].get<double>(), 1.0);
  const CommandResult text = run_warpscope({"analyze", "--space", "global", "--op", "load", "--bytes", "4", "--expr", "0"});
  EXPECT_NE(text.out.find("efficiency 12.5%"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("bytes used / bytes moved"), std::string::npos) << text.out;
}

// An address near 2^64 neither wraps its last sector to 0 nor overflows.
TEST(AnalyzeCli, AnAddressNearTheTopOfTheSpaceKeepsItsSectors) {
  const auto j = analyze_json({"--space", "global", "--op", "load", "--bytes", "16", "--expr", "0x7ffffffffffffff0 + 0*lane"});
  EXPECT_EQ(j["sectors"], 1);
  EXPECT_EQ(j["bytes_used"], 16);
}

TEST(AnalyzeCli, GlobalJsonHasTheContractKeys) {
  const auto j = analyze_json({"--space", "global", "--op", "store", "--bytes", "4", "--expr", "4*lane+4"});
  EXPECT_EQ(j["requests"], 1);
  EXPECT_EQ(j["sectors"], 5);
  EXPECT_EQ(j["lines"], 2);
  EXPECT_EQ(j["bytes_requested"], 128);
  EXPECT_EQ(j["bytes_moved"], 160);
  EXPECT_DOUBLE_EQ(j["efficiency"].get<double>(), 0.8);
  EXPECT_EQ(j["lanes"][31]["sectors"], nlohmann::json::array({4}));
}

TEST(AnalyzeCli, LdmatrixAndPresets) {
  const auto x4 = analyze_json({"--space", "shared", "--op", "load", "--ldmatrix", "x4", "--expr", "128*lane"});
  EXPECT_EQ(x4["wavefronts"], 32);
  EXPECT_EQ(x4["bank_conflicts"], 28);
  const auto toy = analyze_json({"--space", "shared", "--op", "load", "--bytes", "4", "--arch", "toy4",
                                 "--addresses", "0,16,32,48"});
  EXPECT_EQ(toy["wavefronts"], 4);
  EXPECT_EQ(toy["lanes"].size(), 4u);
}

TEST(AnalyzeCli, PlainOutputDrawsTheBankMap) {
  const CommandResult r =
      run_warpscope({"analyze", "--space", "shared", "--op", "load", "--bytes", "4", "--expr", "8*lane"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("wavefronts 2  ideal 1  bank conflicts 1  2-way"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bank map"), std::string::npos);
  // Lane 16 shares bank 0 with lane 0 and is served in the second wavefront row.
  EXPECT_NE(r.out.find("\n  1 16"), std::string::npos) << r.out;
}

TEST(AnalyzeCli, NumbersWithALeadingZeroAreDecimal) {
  // 08 is not octal (it used to be refused), 0x10 is hex; the README says "decimal or 0x hex".
  const auto j = analyze_json({"--space", "shared", "--op", "load", "--bytes", "08", "--expr", "8*lane"});
  EXPECT_EQ(j["bytes"], 8);
  const auto hex = analyze_json({"--space", "shared", "--op", "load", "--bytes", "0x10", "--expr", "16*lane"});
  EXPECT_EQ(hex["bytes"], 16);
  const auto list = analyze_json({"--space", "global", "--op", "load", "--bytes", "2", "--arch", "toy4",
                                  "--addresses", "0,04,010,012"});
  EXPECT_EQ(list["lanes"][2]["address"], 10);
}

// Output that cannot be written is an error: exit 1 and one line naming stdout.
TEST(AnalyzeCli, FailedOutputIsAnError) {
  const std::vector<std::string> args = {"analyze", "--space", "shared", "--op", "load", "--bytes", "4", "--expr", "4*lane"};
  auto json_args = args;
  json_args.push_back("--json");
  for (const auto& [redirect, a] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {">/dev/full", args}, {">/dev/full", json_args}, {">&-", args}, {">&-", json_args}}) {
    const CommandResult r = run_warpscope_with(a, redirect);
    EXPECT_EQ(r.exit_code, 1) << redirect << " " << r.err;
    EXPECT_NE(r.err.find("cannot write to standard output"), std::string::npos) << redirect << " " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_NE(run_warpscope_with(args, ">&-").err.find("closed"), std::string::npos);
  EXPECT_NE(run_warpscope_with(args, ">/dev/full").err.find("No space left"), std::string::npos);
  // Help is output too.
  EXPECT_EQ(run_warpscope_with({"--help"}, ">/dev/full").exit_code, 1);
}

struct BadInput {
  std::string name;
  std::vector<std::string> args;
  std::string must_mention;
};

std::vector<BadInput> bad_inputs() {
  const std::vector<std::string> base = {"analyze", "--space", "shared", "--op", "load", "--bytes", "4"};
  auto with = [&](std::vector<std::string> extra) {
    auto v = base;
    v.insert(v.end(), extra.begin(), extra.end());
    return v;
  };
  return {
      {"too_few_addresses", with({"--addresses", "0,4,8"}), "3 entries"},
      {"too_many_addresses", with({"--addresses", lane_list(33, [](int i) { return std::to_string(4 * i); })}),
       "33 entries"},
      {"bad_token", with({"--addresses", lane_list(32, [](int i) { return i == 6 ? std::string("1x2") : std::to_string(4 * i); })}),
       "'1x2'"},
      {"bad_expr_token", with({"--expr", "4*lane + @"}), "column 10"},
      {"unsupported_operator", with({"--expr", "lane == 0"}), "'=' at column 6"},
      {"unaligned_address", with({"--expr", "4*lane + (lane/9)*2"}), "lane 9"},
      {"negative_address", with({"--expr", "4*lane - 64"}), "negative"},
      {"negative_in_list", with({"--addresses", lane_list(32, [](int i) { return i == 2 ? std::string("-8") : std::to_string(4 * i); })}),
       "lane 2"},
      {"bad_width", {"analyze", "--space", "shared", "--op", "load", "--bytes", "3", "--expr", "lane"}, "--bytes"},
      {"width_preset_lacks", {"analyze", "--space", "shared", "--op", "load", "--bytes", "8", "--addresses", "0,8,16,24", "--arch", "toy4"},
       "not allowed in shared memory on preset toy4"},
      {"ldmatrix_preset_lacks", {"analyze", "--space", "shared", "--op", "load", "--ldmatrix", "x1", "--expr", "16*lane", "--arch", "sm50"},
       "sm_75"},
      {"division_by_zero", with({"--expr", "4*lane/(lane-lane)"}), "division by zero"},
      {"unknown_flag", with({"--expr", "lane", "--frobnicate"}), "--frobnicate"},
      {"unknown_preset", with({"--expr", "4*lane", "--arch", "sm42"}), "sm42"},
      {"unknown_space", {"analyze", "--space", "texture", "--op", "load", "--bytes", "4", "--expr", "lane"}, "texture"},
      {"both_inputs", with({"--expr", "lane", "--addresses", "0"}), "exactly one"},
      {"bad_mask", with({"--expr", "4*lane", "--mask", "0xg"}), "--mask"},
      {"ldmatrix_on_global", {"analyze", "--space", "global", "--op", "load", "--ldmatrix", "x2", "--expr", "16*lane"}, "ldmatrix"},
      // Used to overflow the stack. 60000 pairs: one argument may hold at most 128 KiB.
      {"deep_expr", with({"--expr", repeated("(", 60000) + "lane" + repeated(")", 60000)}), "at most 4096"},
      {"nested_expr", with({"--expr", repeated("(", 300) + "4*lane" + repeated(")", 300)}), "deeper than 256"},
      {"long_chain", with({"--expr", repeated("lane+", 25000) + "lane"}), "at most 4096"},
      {"unary_chain", with({"--expr", repeated("- ", 300) + "lane"}), "deeper than 256"},
      // Decimal, not octal: 010 is ten (not a width), where it used to be read as 8.
      {"leading_zero_is_decimal", {"analyze", "--space", "shared", "--op", "load", "--bytes", "010", "--expr", "lane"},
       "--bytes: 10 is not"},
      {"not_a_number", {"analyze", "--space", "shared", "--op", "load", "--bytes", "4x", "--expr", "lane"},
       "--bytes: '4x' is not a whole number"},
      {"huge_number", {"analyze", "--space", "shared", "--op", "load", "--bytes", "99999999999999999999", "--expr", "lane"},
       "--bytes"},
  };
}

void PrintTo(const BadInput& b, std::ostream* os) { *os << b.name; }

class AnalyzeBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(AnalyzeBadInput, ExitsWithTwoAndNamesTheProblem) {
  const BadInput& b = GetParam();
  const CommandResult r = run_warpscope(b.args);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(b.must_mention), std::string::npos) << "stderr: " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line on stderr: " << r.err;
}

INSTANTIATE_TEST_SUITE_P(Cli, AnalyzeBadInput, ::testing::ValuesIn(bad_inputs()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace ws::test
