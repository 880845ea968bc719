// `warpscope export --deck NAME|FILE --out DIR`: a deck's slides as files for a
// course site or a printed handout. For every step of every lesson in the deck,
// its figure in the question state (and, for a question step, in the reveal
// state) as PNG (the presenter figure, rendered offscreen) and SVG (the slide of
// export --format svg); then two HTML pages beside them, with the images inline
// by relative path:
//   handout.html  for students: each step's text, question and options as shown
//                 before the reveal, never an answer;
//   teacher.html  the same with each answer, its explanation and the reveal figure.
// File names: LL-<lesson>-sSS-question.png / -reveal.png (LL the lesson's place in
// the deck, SS the step, from 01); a step without a question has only -question.
#pragma once

#include <string>

namespace ws::cli {

// Exit code; bad input (unknown deck, unwritable --out) throws UsageError.
int run_deck_export(const std::string& deck, const std::string& out_dir);

}  // namespace ws::cli
