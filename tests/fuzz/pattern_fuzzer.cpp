// libFuzzer harness: the address-list / expression / mask parsers of
// ws/pattern_input.hpp, followed the way `warpscope analyze` and the window's
// pattern editor follow them: validate_access(), then the shared or global analysis.
// Input, as text:
//   line 1: words picking the instruction, in any order, defaults in brackets:
//           a preset name [sm90], shared|global [shared], load|store [load],
//           a width 1|2|4|8|16 [4], x1|x2|x4 (ldmatrix) [none], list|expr [list]
//   line 2: the addresses ("0,4,-,0x20,...") or the expression in `lane`
//   line 3: optional active mask ("0xffff0000")
// Findings: crashes, sanitizer reports, escaping exceptions, an error without a
// message, and count_shared() disagreeing with analyze_shared() (the whole-kernel
// fast path against the detailed analysis).
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "fuzz_check.hpp"
#include "ws/access.hpp"
#include "ws/arch.hpp"
#include "ws/global_analysis.hpp"
#include "ws/pattern_input.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/validate.hpp"

namespace {

std::string_view next_line(std::string_view& rest) {
  const std::size_t nl = rest.find('\n');
  const std::string_view line = rest.substr(0, nl);
  rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
  return line;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace ws;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  std::string_view header = next_line(rest);
  const std::string_view text = next_line(rest);
  const bool has_mask = !rest.empty();
  const std::string_view mask_text = next_line(rest);

  const ArchPreset* arch = &default_preset();
  WarpAccess a;
  int bytes = 0;
  bool use_expr = false;
  while (!header.empty()) {
    const std::size_t sp = header.find(' ');
    const std::string_view w = header.substr(0, sp);
    header = sp == std::string_view::npos ? std::string_view{} : header.substr(sp + 1);
    if (const ArchPreset* p = find_preset(w)) arch = p;
    else if (w == "shared") a.space = Space::Shared;
    else if (w == "global") a.space = Space::Global;
    else if (w == "load") a.op = Op::Load;
    else if (w == "store") a.op = Op::Store;
    else if (w == "x1") a.ldmatrix = Ldmatrix::X1;
    else if (w == "x2") a.ldmatrix = Ldmatrix::X2;
    else if (w == "x4") a.ldmatrix = Ldmatrix::X4;
    else if (w == "expr") use_expr = true;
    else if (w == "list") use_expr = false;
    else std::from_chars(w.data(), w.data() + w.size(), bytes);
  }
  // As `analyze` does: ldmatrix defaults to 16 bytes; other widths are refused before parsing.
  if (bytes == 0) bytes = a.ldmatrix == Ldmatrix::None ? 4 : 16;
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16) return 0;
  a.bytes = static_cast<std::uint8_t>(bytes);

  auto lanes = use_expr ? addresses_from_expr(text, arch->warp_lanes) : parse_address_list(text, arch->warp_lanes);
  if (const auto* e = std::get_if<InputError>(&lanes)) {
    fuzz::require_message(e->message, use_expr ? "addresses_from_expr: error without a message"
                                               : "parse_address_list: error without a message");
    return 0;
  }
  const LaneAddresses& la = std::get<LaneAddresses>(lanes);
  fuzz::require(arch->warp_lanes >= 32 || (la.active_mask >> arch->warp_lanes) == 0,
                "active lanes beyond the warp");
  a.address = la.address;
  a.active_mask = la.active_mask;
  if (has_mask) {
    auto m = parse_mask(mask_text, arch->warp_lanes);
    if (const auto* e = std::get_if<InputError>(&m)) {
      fuzz::require_message(e->message, "parse_mask: error without a message");
      return 0;
    }
    const std::uint32_t mask = std::get<std::uint32_t>(m);
    fuzz::require(arch->warp_lanes >= 32 || (mask >> arch->warp_lanes) == 0, "parse_mask: lanes beyond the warp");
    a.active_mask &= mask;
  }
  if (auto err = validate_access(a, *arch)) {
    fuzz::require_message(*err, "validate_access: error without a message");
    return 0;
  }
  if (a.space == Space::Shared) {
    const SharedResult detailed = analyze_shared(a, *arch);
    const SharedCounts fast = count_shared(a, *arch);
    fuzz::require(fast.wavefronts == detailed.wavefronts && fast.ideal_wavefronts == detailed.ideal_wavefronts &&
                      fast.bank_conflicts == detailed.bank_conflicts && fast.max_way == detailed.max_way,
                  "count_shared disagrees with analyze_shared");
  } else {
    const GlobalResult r = analyze_global(a, arch->warp_lanes);
    fuzz::require(r.sectors >= 0 && r.sectors <= 2 * kMaxWarpLanes, "analyze_global: sector count out of range");
    fuzz::require(r.bytes_moved == kSectorBytes * static_cast<std::uint64_t>(r.sectors),
                  "analyze_global: bytes moved is not 32 x sectors");
    for (int lane = 0; lane < arch->warp_lanes; ++lane)
      fuzz::require(!r.lanes[lane].active || r.lanes[lane].first_sector <= r.lanes[lane].last_sector,
                    "analyze_global: a lane's last sector before its first");
  }
  return 0;
}
