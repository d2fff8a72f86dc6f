// UsageError: a command-line mistake of any csp subcommand (printed, then exit status 2).
#pragma once

#include <stdexcept>

namespace csp::cli {

/// A command-line mistake: the program prints the message and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace csp::cli
