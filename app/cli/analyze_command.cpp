// `warpscope analyze`
//   add_analyze_command()  flags (names are a contract: tests and tools use them)
//   build_access()         flags -> WarpAccess, every bad input a UsageError
//   print_shared/global()  lane table, totals, terminal bank map
//   run_analyze()
#include "cli/analyze_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <vector>

#include "cli/command.hpp"
#include "ws/global_analysis.hpp"
#include "ws/pattern_input.hpp"
#include "ws/shared_analysis.hpp"
#include "ws/validate.hpp"

namespace ws::cli {
namespace {

template <class T>
T take(std::variant<T, InputError> v) {
  if (auto* e = std::get_if<InputError>(&v)) throw UsageError(e->message);
  return std::get<T>(std::move(v));
}

const ArchPreset& arch_named(const std::string& name) {
  const ArchPreset* arch = find_preset(name);
  if (!arch) throw UsageError(fmt::format("--arch: unknown preset '{}' (known: {})", name, preset_names()));
  return *arch;
}

WarpAccess build_access(const AnalyzeOptions& o, const ArchPreset& arch) {
  WarpAccess a;
  // Checked here, not by CLI11, so that an unknown flag is reported before a missing one.
  if (o.space.empty()) throw UsageError("--space is required (shared or global)");
  if (o.op.empty()) throw UsageError("--op is required (load or store)");
  if (o.space == "shared") a.space = Space::Shared;
  else if (o.space == "global") a.space = Space::Global;
  else throw UsageError(fmt::format("--space: '{}' is not shared or global", o.space));
  if (o.op == "load") a.op = Op::Load;
  else if (o.op == "store") a.op = Op::Store;
  else throw UsageError(fmt::format("--op: '{}' is not load or store", o.op));

  if (!o.ldmatrix.empty()) {
    if (o.ldmatrix == "x1") a.ldmatrix = Ldmatrix::X1;
    else if (o.ldmatrix == "x2") a.ldmatrix = Ldmatrix::X2;
    else if (o.ldmatrix == "x4") a.ldmatrix = Ldmatrix::X4;
    else throw UsageError(fmt::format("--ldmatrix: '{}' is not x1, x2 or x4", o.ldmatrix));
  }
  int bytes = o.bytes;
  if (bytes == 0) {
    if (a.ldmatrix == Ldmatrix::None) throw UsageError("--bytes is required (1, 2, 4, 8 or 16)");
    bytes = 16;
  }
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 16)
    throw UsageError(fmt::format("--bytes: {} is not one of 1, 2, 4, 8, 16", bytes));
  a.bytes = static_cast<std::uint8_t>(bytes);

  if (o.addresses.empty() == o.expr.empty())
    throw UsageError("give exactly one of --addresses and --expr");
  const LaneAddresses lanes = o.expr.empty() ? take(parse_address_list(o.addresses, arch.warp_lanes))
                                             : take(addresses_from_expr(o.expr, arch.warp_lanes));
  a.address = lanes.address;
  a.active_mask = lanes.active_mask;
  if (o.mask_given) a.active_mask &= take(parse_mask(o.mask, arch.warp_lanes));
  if (auto err = validate_access(a, arch)) throw UsageError(*err);
  return a;
}

nlohmann::json shared_json(const WarpAccess& a, const SharedResult& r, const ArchPreset& arch) {
  nlohmann::json lanes = nlohmann::json::array();
  for (int i = 0; i < arch.warp_lanes; ++i) {
    const SharedLane& L = r.lanes[i];
    nlohmann::json l = {{"lane", i}, {"active", L.active}, {"address", a.address[i]}};
    if (L.active) {
      l["bank"] = L.bank[0];
      l["word"] = L.word[0];
      l["wavefront"] = L.wavefront[0];
      l["group"] = L.group;
      l["banks"] = std::vector<std::uint32_t>(L.bank.begin(), L.bank.begin() + L.num_words);
      l["wavefronts"] = std::vector<std::uint16_t>(L.wavefront.begin(), L.wavefront.begin() + L.num_words);
      l["shares_word_with"] = L.sharers - 1;
    } else {
      l["bank"] = l["word"] = l["wavefront"] = nullptr;
    }
    lanes.push_back(std::move(l));
  }
  return {{"space", "shared"},          {"op", std::string(to_string(a.op))},
          {"bytes", a.bytes},           {"arch", std::string(arch.name)},
          {"wavefronts", r.wavefronts}, {"ideal_wavefronts", r.ideal_wavefronts},
          {"bank_conflicts", r.bank_conflicts}, {"max_way", r.max_way},
          {"group_lanes", r.group_lanes}, {"lanes", std::move(lanes)}};
}

nlohmann::json global_json(const WarpAccess& a, const GlobalResult& r, const ArchPreset& arch) {
  nlohmann::json lanes = nlohmann::json::array();
  for (int i = 0; i < arch.warp_lanes; ++i) {
    const GlobalLane& L = r.lanes[i];
    nlohmann::json sectors = nlohmann::json::array();
    if (L.active)
      for (auto s = L.first_sector; s <= L.last_sector; ++s) sectors.push_back(s);
    lanes.push_back({{"lane", i}, {"active", L.active}, {"address", a.address[i]}, {"sectors", sectors}});
  }
  return {{"space", "global"},
          {"op", std::string(to_string(a.op))},
          {"bytes", a.bytes},
          {"requests", r.requests},
          {"sectors", r.sectors},
          {"lines", r.lines},
          {"bytes_requested", r.bytes_requested},
          {"bytes_used", r.bytes_used},
          {"bytes_moved", r.bytes_moved},
          {"efficiency", r.efficiency},
          {"efficiency_definition", "bytes_used / bytes_moved"},
          {"lanes", std::move(lanes)}};
}

void print_shared(const WarpAccess& a, const SharedResult& r, const ArchPreset& arch) {
  fmt::print("shared {} of {} bytes per lane on {} ({} banks x {} bytes), groups of {} lanes{}\n\n",
             to_string(a.op), a.bytes, arch.name, arch.num_banks, arch.bank_bytes, r.group_lanes,
             r.paired ? " (S3 pairing doubled them)" : "");
  fmt::print("{:>4}  {:>12}  {:>5}  {:>8}  {:>9}  {:>5}\n", "lane", "address", "bank", "word", "wavefront", "group");
  for (int i = 0; i < arch.warp_lanes; ++i) {
    const SharedLane& L = r.lanes[i];
    if (!L.active) {
      fmt::print("{:>4}  {:>12}\n", i, "inactive");
      continue;
    }
    std::string share = L.sharers > 1 ? fmt::format("  shares its word with {} lane(s)", L.sharers - 1) : "";
    fmt::print("{:>4}  {:>#12x}  {:>5}  {:>8}  {:>9}  {:>5}{}\n", i, a.address[i], L.bank[0], L.word[0],
               L.wavefront[0], L.group, share);
  }
  fmt::print("\nwavefronts {}  ideal {}  bank conflicts {}  {}-way\n\n", r.wavefronts, r.ideal_wavefronts,
             r.bank_conflicts, r.max_way);

  // Bank map: one row per wavefront, one column per bank, the lane served there.
  // A '+' marks a word broadcast to several lanes.
  const int banks = arch.num_banks;
  std::vector<std::string> cells(static_cast<std::size_t>(r.wavefronts) * banks);
  for (int i = 0; i < arch.warp_lanes; ++i) {
    const SharedLane& L = r.lanes[i];
    if (!L.active || L.broadcast_leader != i) continue;
    for (int k = 0; k < L.num_words; ++k) {
      std::string& c = cells[static_cast<std::size_t>(L.wavefront[k]) * banks + L.bank[k]];
      if (c.empty()) c = fmt::format("{}{}", i, L.sharers > 1 ? "+" : "");
    }
  }
  fmt::print("bank map (rows: wavefronts; '+': word broadcast to several lanes)\n   ");
  for (int b = 0; b < banks; ++b) fmt::print("{:>3}", b);
  fmt::print("\n");
  for (int w = 0; w < r.wavefronts; ++w) {
    fmt::print("{:>3}", w);
    for (int b = 0; b < banks; ++b) {
      const std::string& c = cells[static_cast<std::size_t>(w) * banks + b];
      fmt::print("{:>3}", c.empty() ? "." : c);
    }
    fmt::print("\n");
  }
}

void print_global(const WarpAccess& a, const GlobalResult& r, const ArchPreset& arch) {
  fmt::print("global {} of {} bytes per lane\n\n{:>4}  {:>14}  {}\n", to_string(a.op), a.bytes, "lane", "address",
             "sector");
  for (int i = 0; i < arch.warp_lanes; ++i) {
    const GlobalLane& L = r.lanes[i];
    if (!L.active) fmt::print("{:>4}  {:>14}\n", i, "inactive");
    else if (L.first_sector == L.last_sector) fmt::print("{:>4}  {:>#14x}  {}\n", i, a.address[i], L.first_sector);
    else fmt::print("{:>4}  {:>#14x}  {}-{}\n", i, a.address[i], L.first_sector, L.last_sector);
  }
  fmt::print("\nrequests {}  sectors {}  lines {}  bytes requested {}  used {}  moved {}  efficiency {:.1f}%\n"
             "(efficiency: bytes used / bytes moved, as Nsight Compute's sector efficiency; lanes that share bytes "
             "use them once)\n\n",
             r.requests, r.sectors, r.lines, r.bytes_requested, r.bytes_used, r.bytes_moved, 100.0 * r.efficiency);
  fmt::print("sectors by 128-byte line:\n");
  for (int i = 0; i < r.sectors;) {
    const std::uint64_t line = r.sector_ids[i] / 4;
    std::string marks = "....";
    while (i < r.sectors && r.sector_ids[i] / 4 == line) marks[r.sector_ids[i++] % 4] = '#';
    fmt::print("  line {:>#10x}  [{}]\n", line * kLineBytes, marks);
  }
}

}  // namespace

CLI::App* add_analyze_command(CLI::App& root, AnalyzeOptions& o) {
  CLI::App* cmd = root.add_subcommand("analyze", "Analyse one warp memory instruction");
  cmd->add_option("--space", o.space, "shared or global (required)");
  cmd->add_option("--op", o.op, "load or store (required)");
  cmd->add_option("--bytes", o.bytes, "width per lane: 1, 2, 4, 8 or 16");
  cmd->add_option("--addresses", o.addresses, "one byte address per lane, comma-separated; '-' = inactive");
  cmd->add_option("--expr", o.expr, "address as an expression in lane, e.g. '4*(lane*33)'");
  cmd->add_option_function<std::string>(
      "--mask", [&o](const std::string& v) { o.mask = v, o.mask_given = true; }, "active lanes as hex, e.g. 0x000000ff");
  cmd->add_option("--ldmatrix", o.ldmatrix, "x1, x2 or x4: an ldmatrix instruction (16-byte rows)");
  cmd->add_option("--arch", o.arch, "architecture preset")->default_val("sm90");
  cmd->add_flag("--json", o.json, "print one JSON object");
  return cmd;
}

int run_analyze(const AnalyzeOptions& o) {
  const ArchPreset& arch = arch_named(o.arch);
  const WarpAccess a = build_access(o, arch);
  if (a.space == Space::Shared) {
    const SharedResult r = analyze_shared(a, arch);
    if (o.json) fmt::print("{}\n", shared_json(a, r, arch).dump());
    else print_shared(a, r, arch);
  } else {
    const GlobalResult r = analyze_global(a, arch.warp_lanes);
    if (o.json) fmt::print("{}\n", global_json(a, r, arch).dump());
    else print_global(a, r, arch);
  }
  return kOk;
}

}  // namespace ws::cli
