#include "gui/browser.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// clang-format off
// The file's bytes become a Blob, and a link to it is clicked: the browser saves
// it as it saves any download. window.warpscopeTest.downloads records it for the tests.
EM_JS(int, ws_js_download, (const char* path, const char* mime), {
  const p = UTF8ToString(path), name = p.split('/').pop();
  let bytes;
  try { bytes = FS.readFile(p); } catch (e) { return 0; }
  const url = URL.createObjectURL(new Blob([bytes], {type: UTF8ToString(mime)}));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  if (window.warpscopeTest) window.warpscopeTest.downloads.push({name: name, bytes: bytes.length});
  return 1;
});
// The page's address without its fragment.
EM_JS(char*, ws_js_page_address, (), {
  return stringToNewUTF8(location.origin + location.pathname + location.search);
});
// The clipboard API wants a secure page (https or localhost) and a recent user
// gesture, which the key or click that asked for it is. The tests read the text back.
EM_JS(int, ws_js_copy, (const char* text), {
  const t = UTF8ToString(text);
  if (window.warpscopeTest) window.warpscopeTest.copied = t;
  if (!navigator.clipboard) return 0;
  navigator.clipboard.writeText(t).catch(() => {});
  return 1;
});
// clang-format on
#else
#include <imgui.h>
#endif

#include <cstdlib>

namespace ws::gui {

bool offer_download(const std::string& path, const std::string& mime) {
#ifdef __EMSCRIPTEN__
  return ws_js_download(path.c_str(), mime.c_str()) != 0;
#else
  (void)path;
  (void)mime;
  return false;
#endif
}

std::string shareable_link(const std::string& state) {
#ifdef __EMSCRIPTEN__
  char* address = ws_js_page_address();
  std::string link = std::string(address) + "#" + state;
  std::free(address);
  return link;
#else
  return state.empty() ? "warpscope" : "warpscope --open '" + state + "'";
#endif
}

bool copy_to_clipboard(const std::string& text) {
#ifdef __EMSCRIPTEN__
  return ws_js_copy(text.c_str()) != 0;
#else
  ImGui::SetClipboardText(text.c_str());
  return true;
#endif
}

}  // namespace ws::gui
