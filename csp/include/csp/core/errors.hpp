// The one exception family of the library: API misuse and bad input (never a search dead end).
#pragma once

#include <stdexcept>
#include <string>

namespace csp {

/// Base of every exception the library throws. A contradiction found by search or propagation is a
/// return value, never an exception; this family is for misuse a caller can fix.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A problem was built wrongly: unknown variable, empty domain, duplicate name, empty scope, arity mismatch,
/// a value outside a variable's domain, or a change to a problem that is already being solved.
/// The message names the culprit (variable or constraint name).
class ModelError : public Error {
 public:
  using Error::Error;
};

/// A strategy or option name that no registry knows; the message lists the valid names.
class UnknownNameError : public Error {
 public:
  using Error::Error;
};

}  // namespace csp
