// `warpscope --version`: three lines, "warpscope VERSION" first (help2man reads
// it for the man page), the commit (git describe, or "unknown" outside a git
// checkout) and whether CUDA is compiled in, which must be what this build did.
#include <gtest/gtest.h>

#include <regex>

#include "run_command.hpp"

namespace ws {
namespace {

TEST(Version, PrintsVersionCommitAndCuda) {
  const auto r = test::run_warpscope({"--version"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::regex shape(R"(warpscope (\d+\.\d+(\.\d+)?)\ncommit: ([0-9A-Za-z._-]+)\ncuda: (yes \(nvcc [0-9.]+\)|no)\n)");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(r.out, m, shape)) << r.out;
  EXPECT_EQ(m[1], WS_EXPECT_VERSION);
  EXPECT_EQ(m[4].str().rfind(WS_EXPECT_CUDA ? "yes" : "no", 0), 0u) << m[4];
}

}  // namespace
}  // namespace ws
