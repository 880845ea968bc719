// Input files read only if regular, with a size cap (ws/kernels/input_file.hpp)
#include "ws/kernels/input_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ws::kernels {

namespace {

const char* not_regular(mode_t mode) {
  if (S_ISDIR(mode)) return "is a folder, not a file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a regular file";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device (such as /dev/zero), not a regular file";
  if (S_ISSOCK(mode)) return "is a socket, not a regular file";
  return "is not a regular file";
}

// Closes the descriptor on every path out.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

Result<std::string> read_input_file(const std::string& path, std::size_t max_bytes,
                                    const std::function<std::string(std::uintmax_t bytes)>& too_large) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
  // before fstat() could tell it is one. A link is followed, and what it
  // leads to is what must be regular (a link to /dev/zero is a device).
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
  if (file.fd < 0) {
    const int error = errno;
    if (error == ENOENT) return Error{"no such file"};
    return Error{fmt::format("cannot be opened: {}", std::strerror(error))};
  }
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) return Error{fmt::format("cannot be read: {}", std::strerror(errno))};
  if (!S_ISREG(st.st_mode)) return Error{not_regular(st.st_mode)};
  if (static_cast<std::uintmax_t>(st.st_size) > max_bytes)
    return Error{too_large(static_cast<std::uintmax_t>(st.st_size))};
  // Read to one byte past the cap: a file that grows while it is read stops there.
  std::string text(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t used = 0;
  for (;;) {
    if (used == text.size()) {
      if (text.size() > max_bytes) return Error{too_large(text.size())};
      text.resize(std::min(max_bytes + 1, std::max<std::size_t>(text.size() * 2, 4096)));
    }
    const ssize_t got = ::read(file.fd, text.data() + used, text.size() - used);
    if (got < 0) {
      if (errno == EINTR) continue;
      return Error{fmt::format("cannot be read: {}", std::strerror(errno))};
    }
    if (got == 0) break;
    used += static_cast<std::size_t>(got);
  }
  if (used > max_bytes) return Error{too_large(used)};
  text.resize(used);
  return text;
}

Result<std::size_t> write_chosen_file(const std::string& path, std::string_view bytes) {
  // O_NONBLOCK: a FIFO planted at the name fails at once (ENXIO, no reader)
  // or is refused below, instead of waiting for a reader.
  Descriptor file{::open(path.c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666)};
  if (file.fd < 0) {
    const int error = errno;
    if (error == ELOOP) return Error{"is a symbolic link: not followed"};
    if (error == ENXIO) return Error{not_regular(S_IFIFO)};
    return Error{fmt::format("cannot be written: {}", std::strerror(error))};
  }
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) return Error{fmt::format("cannot be written: {}", std::strerror(errno))};
  if (!S_ISREG(st.st_mode)) return Error{not_regular(st.st_mode)};
  // Truncated only now that it is known to be a regular file of ours to write.
  if (::ftruncate(file.fd, 0) != 0) return Error{fmt::format("cannot be written: {}", std::strerror(errno))};
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t put = ::write(file.fd, bytes.data() + done, bytes.size() - done);
    if (put < 0) {
      if (errno == EINTR) continue;
      return Error{fmt::format("cannot be written: {}", std::strerror(errno))};
    }
    done += static_cast<std::size_t>(put);
  }
  const int fd = file.fd;
  file.fd = -1;
  if (::close(fd) != 0) return Error{fmt::format("cannot be written: {}", std::strerror(errno))};
  return done;
}

std::string one_line(std::string_view message) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t i = 0; i < message.size(); ++i) {
    const auto u = static_cast<unsigned char>(message[i]);
    if (u >= 0x20 && u != 0x7f) continue;
    out += message.substr(from, i - from);
    out += printable(message.substr(i, 1));
    from = i + 1;
  }
  out += message.substr(from);
  return out;
}

std::string printable(std::string_view value, std::size_t max_bytes) {
  std::string out;
  const bool cut = value.size() > max_bytes;
  if (cut) value = value.substr(0, max_bytes);
  out.reserve(value.size() + 8);
  for (char c : value) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\\':
        out += "\\\\";
        break;
      default:
        if (u < 0x20 || u == 0x7f)
          out += fmt::format("\\x{:02x}", u);
        else
          out += c;
    }
  }
  if (cut) out += "...";
  return out;
}

}  // namespace ws::kernels
