// Every file warpscope reads on a user's word (lessons, decks, measurement
// files, ncu exports, the recorded index) is read through read_input_file():
// opened only if it is a regular file, and read to at most its kind's size
// limit. A FIFO named like a lesson would block the read forever, and a link
// to /dev/zero would be read until memory runs out (issue 37); both are
// refused at once with one line instead.
//
// write_chosen_file() writes a file whose name warpscope chose (export
// --deck's slides inside the --out folder, the window's Ctrl+E export in the
// working folder): such names are predictable, so a link planted at one is
// refused, never followed (issue 37).
//
// printable() is how a value from a file or the command line is echoed in a
// message: control characters escaped (\n, \x1b), long values cut, so one
// error is always one line and no value can forge another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "ws/result.hpp"

namespace ws::kernels {

// The whole file, or why not, without the path (the caller names the file):
// "is a FIFO (named pipe), not a regular file", "cannot be opened: ...", or
// too_large(bytes) for a file over max_bytes (also one that grows past it
// while it is read).
Result<std::string> read_input_file(const std::string& path, std::size_t max_bytes,
                                    const std::function<std::string(std::uintmax_t bytes)>& too_large);

// Writes `bytes` to `path`, created or truncated, without following a link at
// its last component (O_NOFOLLOW) and only if it is, or becomes, a regular
// file; the bytes written, or why not, without the path: "is a symbolic link:
// not followed", "is a FIFO (named pipe), not a regular file", "cannot be
// written: No space left on device".
Result<std::size_t> write_chosen_file(const std::string& path, std::string_view bytes);

// `value` with each control character (and DEL) written as an escape (\n, \r,
// \t, \x1b) and a backslash as "\\", cut after max_bytes with "...": what a
// message may quote of a value it did not write.
std::string printable(std::string_view value, std::size_t max_bytes = 200);

// A whole message made one line: its control characters escaped as printable()
// does, its backslashes left as they are (the values it quotes went through
// printable() already; escaping them again would double their backslashes).
std::string one_line(std::string_view message);

}  // namespace ws::kernels
