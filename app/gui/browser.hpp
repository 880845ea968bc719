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

// What a teacher pastes to share the view-state string `state` (view_state.hpp):
// in a browser the page's address with it as the fragment; natively the
// command that opens it, `warpscope --open 'STATE'` (the string's encoding
// leaves no quote in it).
std::string shareable_link(const std::string& state);

// Puts `text` on the system clipboard (the browser's, through its clipboard
// API; natively GLFW's through ImGui); false where the browser refuses.
bool copy_to_clipboard(const std::string& text);

}  // namespace ws::gui
