// Issue 37: the owners chose the MIT licence. LICENSE holds it, the Debian
// package's copyright file carries the same permission text (as "Expat", its
// name there), and the README and the web page's about line say so.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string read(const std::string& relative) {
  std::ifstream in(std::string(WS_SOURCE_DIR) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The words of a text, whitespace and the copyright format's " ." blank lines aside.
std::string words(const std::string& text) {
  std::istringstream in(text);
  std::string out, w;
  while (in >> w)
    if (w != ".") out += w + " ";
  return out;
}

}  // namespace

TEST(Licence, LicenseFileIsMit) {
  const std::string licence = read("LICENSE");
  EXPECT_TRUE(licence.starts_with("MIT License\n\nCopyright (c) 2026 the warpscope authors\n")) << licence;
  EXPECT_NE(licence.find("THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND"),
            std::string::npos);
}

TEST(Licence, ThePackagesCopyrightFileCarriesTheSameText) {
  const std::string licence = read("LICENSE"), copyright = read("packaging/copyright");
  EXPECT_NE(copyright.find("Files: *\nCopyright: 2026 the warpscope authors\nLicense: Expat\n"),
            std::string::npos)
      << copyright;
  EXPECT_EQ(copyright.find("not-yet-chosen"), std::string::npos);
  const std::string permission = words(licence.substr(licence.find("Permission is hereby granted")));
  const std::size_t text = copyright.find("\nLicense: Expat\n ");
  ASSERT_NE(text, std::string::npos) << copyright;
  EXPECT_EQ(words(copyright.substr(copyright.find("Permission", text))), permission);
}

TEST(Licence, TheReadmeSaysSo) {
  const std::string readme = read("README.md");
  EXPECT_NE(readme.find("## Licence\n\nwarpscope is released under the MIT licence: see [LICENSE](LICENSE)"),
            std::string::npos);
}

// The web page's about line (web/shell.html, under the loading message).
TEST(Licence, TheWebPagesAboutLineSaysSo) {
  const std::string page = read("web/shell.html");
  EXPECT_NE(page.find("<div id=\"about\">warpscope: how GPUs serve memory. Released under the MIT licence.</div>"),
            std::string::npos);
}
