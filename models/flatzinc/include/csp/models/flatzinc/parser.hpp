// Reading FlatZinc (MiniZinc 2.6 "FlatZinc specification"): text to a syntax tree (ast.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "csp/models/flatzinc/ast.hpp"

namespace csp::models::flatzinc {

/// The most a FlatZinc file may hold: 256 MiB (a flattened model of 100,000 constraints takes about 10 MiB).
inline constexpr std::uint64_t kMaxFlatZincFileBytes = std::uint64_t{256} << 20;

/// Asked between items while reading and building (every few thousand): true stops the work with ReadStopped.
/// csp fzn passes "a signal arrived or the time limit passed", so SIGINT / SIGTERM and -t stop a read as a search.
using StopCheck = std::function<bool()>;

/// Thrown when a StopCheck said stop: nothing was read or built to the end.
class ReadStopped : public std::runtime_error {
 public:
  ReadStopped() : std::runtime_error("reading stopped before the end") {}
};

/// Parses FlatZinc text. `source` names the input in messages. Predicate declarations are skipped; everything else
/// is kept (annotations too, unknown ones included). Linear in the text: a set literal is sorted once, and
/// expressions nest at most 200 levels deep (no stack overflow on hostile input). Throws FlatZincError
/// "SOURCE:LINE: reason" on a syntax error, a nesting too deep, a missing or second solve item, or a float or set
/// variable ("not supported"); ReadStopped when `stop` says so.
Model parse_flatzinc(std::string_view text, const std::string& source, const StopCheck& stop = {});

/// Reads FILE ("-" for standard input) through the project's text input layer (a byte order mark skipped, CRLF
/// taken, at most kMaxFlatZincFileBytes) and parses it. Throws FlatZincError naming the file when it cannot be
/// read, is too large or is malformed; ReadStopped when `stop` says so.
Model read_flatzinc_file(const std::string& path, const StopCheck& stop = {});

}  // namespace csp::models::flatzinc
