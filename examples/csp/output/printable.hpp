// Making text from the user's input safe to print in a message: the one implementation of every reader
// (csp/models/text_input.hpp), under the CLI's names.
#pragma once

#include "csp/models/text_input.hpp"

namespace csp::cli {

/// `text` with non-printable and invisible bytes escaped as \xNN (csp::models::printable).
using models::printable;
/// `text` cut to `max_chars` characters and "...", then escaped (csp::models::shortened).
using models::shortened;

}  // namespace csp::cli
