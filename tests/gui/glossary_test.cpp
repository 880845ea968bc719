// The glossary (assets/glossary.json): the terms the lessons use, one or two
// sentences each, each linked from the slides that use it, docs/glossary.md
// equal to it, and bad files named precisely.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "../kernels/special_files.hpp"
#include "gui/glossary.hpp"
#include "lessons/lesson_facts.hpp"
#include "lessons/lesson_library.hpp"
#include "ws/kernels/assets.hpp"

namespace ws::gui {
namespace {

int sentences(const std::string& text) {
  int n = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '.' && (i + 1 == text.size() || text[i + 1] == ' ')) ++n;
  return n;
}

// For students alone: every term in one or two sentences, and the words a class
// of the lessons meets all there (issue 34).
TEST(Glossary, EveryTermInOneOrTwoSentences) {
  const auto g = load_glossary();
  ASSERT_TRUE(g) << g.error().message;
  for (const char* term : {"warp", "lane", "bank", "wavefront", "ideal wavefronts", "bank conflict", "broadcast",
                           "multicast", "phase", "barrier interval", "request", "sector", "sector efficiency", "line",
                           "coalescing", "L1 line lookup", "latency/occupancy"})
    EXPECT_NE(g->find(term), nullptr) << term;
  for (const GlossaryEntry& e : g->entries) {
    EXPECT_GE(sentences(e.text), 1) << e.term;
    EXPECT_LE(sentences(e.text), 2) << e.term << ": " << e.text;
  }
  EXPECT_NE(g->find("Wavefront"), nullptr) << "terms are found whatever their case";
}

// The definitions say what the simulator counts: a wavefront is a sum over the
// instruction's groups (a stride-1 LDS.128 is 4), a line names its 128-byte
// alignment, and sector efficiency is bytes used over bytes moved, never above 100%.
TEST(Glossary, DefinitionsAgreeWithTheSimulator) {
  const auto g = load_glossary();
  ASSERT_TRUE(g) << g.error().message;
  const std::string& wavefront = g->find("wavefront")->text;
  EXPECT_NE(wavefront.find("sum over its groups"), std::string::npos) << wavefront;
  EXPECT_NE(wavefront.find("16 bytes per lane takes 4"), std::string::npos) << wavefront;
  EXPECT_NE(g->find("line")->text.find("start at a multiple of 128"), std::string::npos);
  EXPECT_NE(g->find("sector")->text.find("start at a multiple of 32"), std::string::npos);
  const std::string& efficiency = g->find("sector efficiency")->text;
  EXPECT_NE(efficiency.find("distinct byte"), std::string::npos) << efficiency;
  EXPECT_NE(efficiency.find("never exceeds 100%"), std::string::npos) << efficiency;
  for (const GlossaryEntry& e : g->entries)
    EXPECT_EQ(e.text.find("bytes the lanes asked for"), std::string::npos) << e.term << ": 200% for shared bytes";
}

// A slide's sentences name terms singular or plural, in any case; a term inside
// a longer one is that longer term.
TEST(Glossary, TermsInATextAreFoundAsWords) {
  const auto g = load_glossary();
  ASSERT_TRUE(g) << g.error().message;
  using V = std::vector<std::string>;
  EXPECT_EQ(g->terms_in("2 Wavefronts, a 2-way bank conflict."), (V{"wavefront", "bank conflict"}));
  EXPECT_EQ(g->terms_in("the ideal wavefronts of 16 banks"), (V{"bank", "ideal wavefronts"}));
  EXPECT_EQ(g->terms_in("How many phases? Shift steps barrier intervals."), (V{"phase", "barrier interval"}));
  EXPECT_EQ(g->terms_in("lanes, warps, requests, sectors, lines"), (V{"warp", "lane", "request", "sector", "line"}));
  EXPECT_EQ(g->terms_in("sector efficiency"), (V{"sector efficiency"}));
  EXPECT_TRUE(g->terms_in("banking on warped outlines; linear").empty());
}

// Every glossary term a lesson slide's sentences use is a link on that slide:
// the glossary window opened over it lists it (GlossaryPanel, terms_in). Each
// term is checked on its own here, by its own words, against what the window lists.
TEST(Glossary, EveryTermAStepUsesIsLinkedFromItsSlide) {
  const auto g = load_glossary();
  ASSERT_TRUE(g) << g.error().message;
  const lessons::LessonLibrary lib = lessons::load_library();
  ASSERT_FALSE(lib.lessons.empty());
  std::set<std::string> reached;
  for (const lessons::Lesson& l : lib.lessons)
    for (std::size_t i = 0; i < l.steps.size(); ++i) {
      auto r = lessons::resolve_step(l.steps[i]);
      ASSERT_TRUE(r) << r.error().message;
      std::string text = l.steps[i].title + "\n" + r->text;
      if (r->question) text += "\n" + r->question->prompt + "\n" + r->question->reveal;
      const std::vector<std::string> linked = g->terms_in(text);
      std::string lower = text;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      for (const GlossaryEntry& e : g->entries) {
        std::string term = e.term;
        for (char& c : term) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const std::regex word("(^|[^a-z0-9_])" + term + "(s|es)?([^a-z0-9_]|$)");
        if (!std::regex_search(lower, word)) continue;
        // Inside a longer term that is linked ("bank" in "bank conflicts") it is that term.
        bool inside_linked = false;
        for (const std::string& t : linked)
          if (t.size() > e.term.size() && g->find(t) && std::regex_search(t, std::regex("(^| )" + term + "( |$)")))
            inside_linked = true;
        const bool is_linked = std::find(linked.begin(), linked.end(), e.term) != linked.end();
        EXPECT_TRUE(is_linked || inside_linked) << l.id << " step " << i + 1 << " uses '" << e.term << "' unlinked";
        if (is_linked) reached.insert(e.term);
      }
    }
  // The words the class meets on the slides are all reachable from one.
  for (const char* term : {"warp", "lane", "bank", "wavefront", "ideal wavefronts", "bank conflict", "broadcast",
                           "multicast", "phase", "request", "sector", "line"})
    EXPECT_TRUE(reached.count(term)) << term << " is used on no slide";
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

// Issue 37: the glossary was read with a plain std::ifstream: a FIFO named
// assets/glossary.json in WARPSCOPE_DATA_DIR blocked the window for ever, and
// a file of any size was read whole. Now a regular file of at most
// kMaxGlossaryBytes, refused at once with one line otherwise.
TEST(Glossary, AFifoOrAnOversizedFileInItsPlaceIsRefusedAtOnce) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("ws_glossary_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "assets");
  const fs::path file = root / "assets" / "glossary.json";
  const std::string old_dir = std::getenv("WARPSCOPE_DATA_DIR") ? std::getenv("WARPSCOPE_DATA_DIR") : "";
  ::setenv("WARPSCOPE_DATA_DIR", root.c_str(), 1);
  test::make_fifo(file);
  EXPECT_TRUE(test::returns_in_time([] {
    const auto g = load_glossary();
    return !g && g.error().message.find("is a FIFO (named pipe), not a regular file") != std::string::npos;
  }));
  fs::remove(file);
  std::ofstream(file) << R"({"terms": [{"term": "bank", "text": ")" << std::string(kMaxGlossaryBytes, 'a') << "\"}]}";
  const auto big = load_glossary();
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("over the glossary's 256 KiB limit"), std::string::npos) << big.error().message;
  if (old_dir.empty())
    ::unsetenv("WARPSCOPE_DATA_DIR");
  else
    ::setenv("WARPSCOPE_DATA_DIR", old_dir.c_str(), 1);
  fs::remove_all(root);
}

}  // namespace
}  // namespace ws::gui
