// `warpscope lessons --figure ID --step N [--reveal] --json`: a slide's
// elements as JSON, so tests and reviewers read what a slide shows without pixels.
#pragma once

#include <nlohmann/json.hpp>

#include "slides/slide.hpp"

namespace ws::slides {

nlohmann::json to_json(const Slide& s);

}  // namespace ws::slides
