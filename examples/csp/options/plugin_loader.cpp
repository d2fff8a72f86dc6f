// Loading plugins with the POSIX dynamic loader (dlopen): the csp program is linked with its symbols exported
// (CMake ENABLE_EXPORTS), so a plugin's calls to csp::variable_orderings() reach the program's own registries.
#include "options/plugin_loader.hpp"

#include <dlfcn.h>

#include <exception>
#include <string>
#include <vector>

#include "csp/plugin.hpp"
#include "options/usage_error.hpp"

namespace csp::cli {
namespace {

void load_plugin(const std::string& file) {
  const std::string who = "--plugin " + file + ": ";
  // A bare name would be searched on the library path; a plugin is a file: "./mine.so" when in this folder.
  const std::string path = file.find('/') == std::string::npos ? "./" + file : file;
  // RTLD_NOW: an undefined symbol (a plugin built against other csp headers) fails here, not in the middle of a run.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    throw UsageError(who + "cannot load it (" + (why != nullptr ? why : "unknown reason") + ")");
  }
  // The library stays loaded for the life of the program: its functions are in the registries.
  auto* version = reinterpret_cast<int (*)()>(dlsym(handle, "csp_plugin_abi_version"));
  auto* registration = reinterpret_cast<void (*)()>(dlsym(handle, "csp_plugin_register"));
  if (version == nullptr || registration == nullptr)
    throw UsageError(who +
                     "not a csp plugin (it has no csp_plugin_register / csp_plugin_abi_version: define them "
                     "with CSP_PLUGIN from csp/plugin.hpp)");
  if (const int v = version(); v != CSP_PLUGIN_ABI_VERSION)
    throw UsageError(who + "built for plugin ABI version " + std::to_string(v) + ", this csp has version " +
                     std::to_string(CSP_PLUGIN_ABI_VERSION) + " (rebuild it against these csp headers)");
  try {
    registration();
  } catch (const std::exception& e) {
    throw UsageError(who + "its registration failed: " + e.what());
  }
}

}  // namespace

std::vector<std::string> load_plugins(const std::vector<std::string>& args) {
  std::vector<std::string> rest;
  const std::string eq = "--plugin=";
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") {  // everything after "--" is an operand
      rest.insert(rest.end(), args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
      break;
    }
    if (args[i] == "--plugin") {
      if (i + 1 == args.size() || args[i + 1].empty())
        throw UsageError("--plugin needs a file, e.g. --plugin ./mine.so");
      load_plugin(args[++i]);
    } else if (args[i].compare(0, eq.size(), eq) == 0) {
      if (args[i].size() == eq.size()) throw UsageError("--plugin needs a file, e.g. --plugin=./mine.so");
      load_plugin(args[i].substr(eq.size()));
    } else {
      rest.push_back(args[i]);
    }
  }
  return rest;
}

}  // namespace csp::cli
