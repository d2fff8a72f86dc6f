// What build of csp produced a study: version and git commit (recorded in the CSV / JSON headers).
#pragma once

#include <string>

namespace csp::ablation {

/// The program version (the project version of CMakeLists.txt).
std::string program_version();
/// The git commit the build was configured from ("unknown" outside a git checkout); "-dirty" is appended when
/// the working tree had changes at configure time.
std::string git_commit();

}  // namespace csp::ablation
