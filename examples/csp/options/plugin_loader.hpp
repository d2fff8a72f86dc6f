// --plugin FILE.so: loads strategy plugins (csp/plugin.hpp) before a command reads its options.
#pragma once

#include <string>
#include <vector>

namespace csp::cli {

/// Removes every `--plugin FILE` and `--plugin=FILE` from `args` (anywhere after the command name) and loads each
/// FILE in order: dlopen, the ABI check, then its registration function. Returns the remaining arguments. Throws
/// UsageError naming the file and the reason (cannot be opened, not a csp plugin, built for another plugin ABI
/// version, its registration failed, e.g. a name already taken) and when `--plugin` has no file.
std::vector<std::string> load_plugins(const std::vector<std::string>& args);

}  // namespace csp::cli
