// Where warpscope finds the files it reads at run time: assets/ (recorded
// measurements, SASS width summaries, lessons), kernels/include/ (the bodies the
// code view shows) and docs/. Paths are given repo-relative, as they are in the
// source tree; a data root is a folder laid out like the tree. Searched in order:
//   1. $WARPSCOPE_DATA_DIR, when set;
//   2. <exe dir>/../share/warpscope: an installed warpscope (`cmake --install`
//      puts the program in bin/ and its data there);
//   3. the source tree of a build folder: an ancestor folder of the executable
//      holding the marker warpscope-source-dir that CMake writes into every build
//      folder (build/app/warpscope, /tmp/b/tests/kernels/x_test, ...), or an
//      ancestor that is itself the source tree (build/ inside a carried copy).
// Nothing is compiled in, so a binary finds its data wherever it is moved to.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ws::kernels {

// The existing data roots, in search order, without duplicates.
std::vector<std::string> data_roots();

// Why $WARPSCOPE_DATA_DIR cannot be used ("WARPSCOPE_DATA_DIR: '/x' is not a
// folder"), empty when it is unset or names a folder. The program refuses to
// start on it (exit 2): searching on would read another data folder silently.
std::string data_dir_problem();

// root/repo_relative_path (a file or a folder) under the first data root that
// has it; an empty string when none does.
std::string find_data_file(std::string_view repo_relative_path);

}  // namespace ws::kernels
