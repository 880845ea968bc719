// What the window asks of the browser when it runs as a web page (web/), and
// nothing natively: the page has no folder a user can open, so a file the
// window writes (an exported figure) is handed to the browser as a download.
#pragma once

#include <string>

namespace ws::gui {

// True when the window runs in a browser.
constexpr bool in_browser() {
#ifdef __EMSCRIPTEN__
  return true;
#else
  return false;
#endif
}

// Offers the file at `path` (the page's in-memory file system) as a download
// named after its last path component; false natively or when it cannot be read.
bool offer_download(const std::string& path, const std::string& mime);

}  // namespace ws::gui
