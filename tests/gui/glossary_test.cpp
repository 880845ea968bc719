// The glossary (assets/glossary.json): the terms the lessons use, one to three
// sentences each, docs/glossary.md equal to it, and bad files named precisely.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "gui/glossary.hpp"
#include "ws/kernels/assets.hpp"

namespace ws::gui {
namespace {

int sentences(const std::string& text) {
  int n = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '.' && (i + 1 == text.size() || text[i + 1] == ' ')) ++n;
  return n;
}

TEST(Glossary, HoldsTheLessonsTermsInOneToThreeSentences) {
  const auto g = load_glossary();
  ASSERT_TRUE(g) << g.error().message;
  for (const char* term : {"wavefront", "sector", "line", "bank", "broadcast", "multicast", "L1 line lookup",
                           "latency/occupancy", "ideal wavefronts"}) {
    const GlossaryEntry* e = g->find(term);
    ASSERT_NE(e, nullptr) << term;
    EXPECT_GE(sentences(e->text), 1) << term;
    EXPECT_LE(sentences(e->text), 3) << term << ": " << e->text;
  }
  EXPECT_NE(g->find("Wavefront"), nullptr) << "terms are found whatever their case";
}

TEST(Glossary, DocsPageSaysWhatTheWindowSays) {
  const auto g = load_glossary();
  ASSERT_TRUE(g) << g.error().message;
  const std::string path = kernels::find_data_file("docs/glossary.md");
  ASSERT_FALSE(path.empty());
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string page = ss.str();
  for (const GlossaryEntry& e : g->entries) {
    EXPECT_NE(page.find("## " + e.term + "\n"), std::string::npos) << e.term;
    EXPECT_NE(page.find(e.text), std::string::npos) << e.term << ": docs/glossary.md differs from assets/glossary.json";
  }
}

TEST(Glossary, BadFilesNameTheEntryAtFault) {
  struct Case {
    const char* json;
    const char* says;
  };
  for (const Case& c : {Case{"[]", "x.json: not a JSON object"},
                        Case{R"({"terms": []})", "x.json: 'terms' must be a list"},
                        Case{R"({"terms": [{"term": "bank"}]})", "x.json: terms[0]: no 'text'"},
                        Case{R"({"terms": [{"term": "bank", "text": "A."}, {"term": "Bank", "text": "B."}]})",
                             "terms[1]: 'Bank' is given twice"},
                        Case{R"({"terms": [{"term": "bank", "text": "A.", "see": ["sector"]}]})",
                             "terms[0]: 'see' names 'sector', which is not a term"}}) {
    const auto g = parse_glossary(c.json, "x.json");
    ASSERT_FALSE(g) << c.json;
    EXPECT_NE(g.error().message.find(c.says), std::string::npos) << g.error().message;
  }
}

}  // namespace
}  // namespace ws::gui
