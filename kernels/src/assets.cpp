#include "ws/kernels/assets.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "ws/kernels/input_file.hpp"

namespace ws::kernels {
namespace {

namespace fs = std::filesystem;

// Written by the top-level CMakeLists.txt into each build folder: one line, the
// source tree that folder was configured from. An installed tree has none.
constexpr const char* kSourceMarker = "warpscope-source-dir";

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return !p.empty() && fs::is_directory(p, ec);
}

// A folder laid out like the source tree (the folders the program reads from it).
bool looks_like_source_tree(const fs::path& p) {
  return is_dir(p / "assets" / "measurements") && is_dir(p / "kernels" / "include" / "ws" / "kernels");
}

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);  // symlinks to it resolved
  return ec ? fs::path() : exe.parent_path();
}

fs::path source_dir_from_marker(const fs::path& dir) {
  // Read only if a regular file of at most 4 KiB: a FIFO planted there would block every start.
  const auto text = read_input_file((dir / kSourceMarker).string(), 4096, [](std::uintmax_t) { return std::string(); });
  if (!text) return {};
  std::string line = text->substr(0, text->find('\n'));
  if (line.empty()) return {};
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  return line;
}

}  // namespace

std::vector<std::string> data_roots() {
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("WARPSCOPE_DATA_DIR"); env && *env) candidates.emplace_back(env);
  if (const fs::path exe_dir = executable_dir(); !exe_dir.empty()) {
    candidates.push_back((exe_dir / ".." / "share" / "warpscope").lexically_normal());
    // A build folder sits anywhere (build/ in the tree, /tmp/b, ...), its binaries
    // a few levels down: the nearest ancestor with the marker names the tree.
    for (fs::path p = exe_dir;; p = p.parent_path()) {
      if (fs::path src = source_dir_from_marker(p); looks_like_source_tree(src)) candidates.push_back(src);
      if (looks_like_source_tree(p)) candidates.push_back(p);
      if (p == p.root_path() || p.parent_path() == p) break;
    }
  }
  std::vector<std::string> roots;
  for (const fs::path& c : candidates) {
    if (!is_dir(c)) continue;
    std::error_code ec;
    fs::path key = fs::weakly_canonical(c, ec);
    const std::string s = (ec ? c : key).string();
    if (std::find(roots.begin(), roots.end(), s) == roots.end()) roots.push_back(s);
  }
  return roots;
}

std::string data_dir_problem() {
  const char* env = std::getenv("WARPSCOPE_DATA_DIR");
  if (!env || !*env || is_dir(env)) return {};
  std::error_code ec;
  return std::string("WARPSCOPE_DATA_DIR: '") + env + "' " + (fs::exists(env, ec) ? "is not a folder" : "does not exist") +
         " (unset it to use the installed data)";
}

std::string find_data_file(std::string_view repo_relative_path) {
  const fs::path rel{std::string(repo_relative_path)};
  for (const std::string& root : data_roots()) {
    std::error_code ec;
    const fs::path candidate = fs::path(root) / rel;
    if (fs::exists(candidate, ec)) return candidate.string();
  }
  return {};
}

}  // namespace ws::kernels
