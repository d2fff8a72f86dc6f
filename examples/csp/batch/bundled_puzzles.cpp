// Locating the bundled puzzle files.
#include "batch/bundled_puzzles.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace csp::cli {

std::vector<std::string> bundled_puzzle_candidates(const std::string& name) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) out.push_back((exe.parent_path().parent_path() / "share" / "csp" / "puzzles" / name).string());
#ifdef CSP_PUZZLES_DIR
  out.push_back((fs::path(CSP_PUZZLES_DIR) / name).string());
#endif
  return out;
}

std::optional<std::string> find_bundled_puzzles(const std::string& name) {
  for (const std::string& path : bundled_puzzle_candidates(name))
    if (std::ifstream(path)) return path;
  return std::nullopt;
}

}  // namespace csp::cli
