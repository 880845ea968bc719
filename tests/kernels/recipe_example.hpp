// The adding-a-kernel recipe's example (recipe_example.cpp): what WS_FAMILY(transpose)
// would push, pushed into `out` instead.
#pragma once

#include <vector>

#include "ws/kernels/catalog.hpp"

namespace ws::kernels {

void add_recipe_example(std::vector<KernelDescriptor>& out);

}  // namespace ws::kernels
