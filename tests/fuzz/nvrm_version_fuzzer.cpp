// libFuzzer harness: parse_nvrm_version(), the reader of
// /proc/driver/nvidia/version that names the driver in bench results.
// Input: the file's text. The answer is empty or one token of digits and dots
// from the "NVRM version:" line; anything else, or a crash, is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "ws/kernels/bench.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string v = ws::kernels::parse_nvrm_version(text);
  if (v.empty()) return 0;
  ws::fuzz::require(v.find_first_not_of("0123456789.") == std::string::npos, "version is not digits and dots");
  ws::fuzz::require(v.find('.') != std::string::npos, "version has no dot");
  ws::fuzz::require(text.find(v) != std::string_view::npos, "version is not a substring of the input");
  ws::fuzz::require(text.find("NVRM version:") != std::string_view::npos, "version without an NVRM line");
  return 0;
}
