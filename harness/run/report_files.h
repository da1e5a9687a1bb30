// The report folder and the files in it, which a run must be able to write however long it took:
//  - prepare_report_dir() runs before any case: it creates the folder, proves that a file can be
//    created in it, and refuses a report name taken by anything but a regular file (a symlink
//    would be followed to its target, a FIFO would block the writer until someone reads it);
//  - write_report_file() writes to a new temporary file in the folder and renames it over the
//    report's name: a planted symlink is replaced, never followed, a FIFO is never opened, and a
//    reader never sees half a report. A name taken meanwhile by a non-regular file is refused.
#pragma once

#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace ec {

// False with `error` set to a sentence naming the folder or the file and what is wrong.
bool prepare_report_dir(const std::filesystem::path& dir, const std::vector<std::string>& names,
                        std::string& error);

bool write_report_file(const std::filesystem::path& dir, const std::string& name,
                       const std::function<void(std::ostream&)>& write, std::string& error);

}  // namespace ec
