// The message of a Boost.Program_options error, safe for any argument.
#pragma once

#include <boost/program_options/errors.hpp>
#include <string>

namespace csp::cli {

/// The message of `e`. Use it instead of `e.what()`: Boost 1.74's what() loops forever when an argument holds a
/// placeholder of its own message (e.g. `csp sudoku --x%original_token%`, found by tests/fuzz/fuzz_sudoku_options).
/// A '%' in the quoted arguments is written \x25.
inline std::string program_options_message(boost::program_options::error& e) {
  if (auto* named = dynamic_cast<boost::program_options::error_with_option_name*>(&e)) {
    // The quoted arguments are a protected member: reach it through a member pointer taken in a derived class.
    struct Access : boost::program_options::error_with_option_name {
      using boost::program_options::error_with_option_name::m_substitutions;
    };
    for (auto& [placeholder, value] : named->*(&Access::m_substitutions)) {
      std::string escaped;
      for (char c : value) escaped += c == '%' ? std::string("\\x25") : std::string(1, c);
      value = escaped;
    }
  }
  return e.what();
}

}  // namespace csp::cli
