// Run by install_runs_from_prefix.sh from an installed prefix's bin/: the data
// look-up warpscope uses (ws/kernels/assets.hpp) must find the recorded
// measurements and the kernel sources in that prefix's share/warpscope (argv[1]),
// and every measurement file there must load.
#include <cstdio>
#include <filesystem>
#include <string>

#include "ws/kernels/assets.hpp"
#include "ws/kernels/measurements.hpp"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s EXPECTED_DATA_ROOT\n", argv[0]);
    return 2;
  }
  const std::string want = fs::weakly_canonical(argv[1]).string();
  int failures = 0;
  auto check = [&](bool ok, const std::string& what) {
    if (!ok) {
      std::fprintf(stderr, "FAILED: %s\n", what.c_str());
      ++failures;
    }
  };
  auto under_want = [&](const std::string& path) { return path.rfind(want + "/", 0) == 0; };

  const auto roots = ws::kernels::data_roots();
  for (const auto& r : roots) std::printf("data root: %s\n", r.c_str());
  check(!roots.empty() && roots.front() == want, "first data root is " + want);

  const std::string dir = ws::kernels::measurements_dir();
  check(under_want(dir), "measurements_dir() " + dir + " is under " + want);
  const auto files = ws::kernels::measurement_files(dir);
  check(!files.empty(), "measurement files in " + dir);
  for (const std::string& f : files) {
    const auto loaded = ws::kernels::load_measurements(f);
    check(loaded.has_value(), loaded ? f : loaded.error().message);
    if (loaded) std::printf("loaded %s: %s, %zu entries\n", f.c_str(), loaded->gpu.c_str(), loaded->kernels.size());
  }
  for (const char* rel : {"assets/measurements/h100-sass-widths.txt", "kernels/include/ws/kernels", "docs"}) {
    const std::string found = ws::kernels::find_data_file(rel);
    check(under_want(found), std::string(rel) + " found under " + want + " (got '" + found + "')");
  }
  return failures == 0 ? 0 : 1;
}
