// Version and commit of the build, from compile definitions set by CMake at configure time.
#include "csp/ablation/build_info.hpp"

#ifndef CSP_VERSION
#define CSP_VERSION "unknown"
#endif
#ifndef CSP_GIT_COMMIT
#define CSP_GIT_COMMIT "unknown"
#endif

namespace csp::ablation {

std::string program_version() { return CSP_VERSION; }
std::string git_commit() { return CSP_GIT_COMMIT; }

}  // namespace csp::ablation
