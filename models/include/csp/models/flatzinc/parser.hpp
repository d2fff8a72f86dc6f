// Reading FlatZinc (MiniZinc 2.6 "FlatZinc specification"): text to a syntax tree (ast.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "csp/models/flatzinc/ast.hpp"

namespace csp::models::flatzinc {

/// The most a FlatZinc file may hold: 256 MiB (a flattened model of 100,000 constraints takes about 10 MiB).
inline constexpr std::uint64_t kMaxFlatZincFileBytes = std::uint64_t{256} << 20;

/// Parses FlatZinc text. `source` names the input in messages. Predicate declarations are skipped; everything else
/// is kept (annotations too, unknown ones included). Throws FlatZincError "SOURCE:LINE: reason" on a syntax error,
/// a missing or second solve item, or a float or set variable ("not supported").
Model parse_flatzinc(std::string_view text, const std::string& source);

/// Reads FILE ("-" for standard input) through the project's text input layer (a byte order mark skipped, CRLF
/// taken, at most kMaxFlatZincFileBytes) and parses it. Throws FlatZincError naming the file when it cannot be
/// read, is too large or is malformed.
Model read_flatzinc_file(const std::string& path);

}  // namespace csp::models::flatzinc
