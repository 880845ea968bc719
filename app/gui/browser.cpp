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
// clang-format on
#endif

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

}  // namespace ws::gui
