#include "run/report_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

namespace ec {
namespace {

std::string errno_text(int error) { return std::strerror(error); }

// "" when `path` is free or a regular file; else why it cannot be a report file.
std::string taken_by(const std::filesystem::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT ? "" : errno_text(errno);
  if (S_ISREG(st.st_mode)) return "";
  const char* what = S_ISLNK(st.st_mode)    ? "a symbolic link"
                     : S_ISFIFO(st.st_mode) ? "a FIFO"
                     : S_ISDIR(st.st_mode)  ? "a folder"
                     : S_ISSOCK(st.st_mode) ? "a socket"
                                            : "a device";
  return std::string("not a regular file but ") + what;
}

// A new file in `dir` that nobody else has: open with O_EXCL, never through a link.
int create_temporary(const std::filesystem::path& dir, const std::string& name, std::string& path) {
  path = (dir / ("." + name + ".XXXXXX")).string();
  const int fd = ::mkostemp(path.data(), O_CLOEXEC);
  if (fd >= 0) ::fchmod(fd, 0644);  // a report is for everyone to read, like any file we write
  return fd;
}

bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

bool prepare_report_dir(const std::filesystem::path& dir, const std::vector<std::string>& names,
                        std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir, ec)) {
    error = "cannot create --report-dir " + dir.string() + ": " + (ec ? ec.message() : "not a folder");
    return false;
  }
  std::string probe;
  const int fd = create_temporary(dir, "write-test", probe);
  if (fd < 0) {
    error = "cannot write in --report-dir " + dir.string() + ": " + errno_text(errno);
    return false;
  }
  ::close(fd);
  ::unlink(probe.c_str());
  for (const std::string& name : names) {
    if (const std::string why = taken_by(dir / name); !why.empty()) {
      error =
          "--report-dir: " + (dir / name).string() + " is " + why + "; remove it or choose another folder";
      return false;
    }
  }
  return true;
}

bool write_report_file(const std::filesystem::path& dir, const std::string& name,
                       const std::function<void(std::ostream&)>& write, std::string& error) {
  const std::filesystem::path target = dir / name;
  if (const std::string why = taken_by(target); !why.empty()) {
    error = "cannot write " + target.string() + ": it is " + why;
    return false;
  }
  std::ostringstream text;
  write(text);
  std::string temporary;
  const int fd = create_temporary(dir, name, temporary);
  if (fd < 0) {
    error = "cannot write " + target.string() + ": " + errno_text(errno);
    return false;
  }
  const bool written = write_all(fd, text.str());
  const int saved = errno;
  const bool closed = ::close(fd) == 0;
  // rename() replaces the name itself: a symlink put there meanwhile is replaced, not followed.
  if (!written || !closed || ::rename(temporary.c_str(), target.c_str()) != 0) {
    error = "cannot write " + target.string() + ": " + errno_text(written && closed ? errno : saved);
    ::unlink(temporary.c_str());
    return false;
  }
  return true;
}

}  // namespace ec
