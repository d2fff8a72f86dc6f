// Registry: strategies addressable by a stable name (for SolverConfig, the command line and the benchmarks).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "csp/core/errors.hpp"

namespace csp {

/// A table of named strategies of one kind (variable orderings, value orderings, inferences).
/// Registering is meant for program start-up; lookups may then run from many threads.
template <class Fn>
class Registry {
 public:
  struct Entry {
    std::string name;  ///< stable name used by configs, flags and reports, e.g. "mrv"
    std::string help;  ///< one line for --help
    Fn fn;
  };

  /// `kind` names the strategy family in error messages, e.g. "variable ordering".
  explicit Registry(std::string kind) : kind_(std::move(kind)) {}

  /// Adds a strategy. Throws Error when the name is empty or already taken.
  void add(std::string name, std::string help, Fn fn) {
    if (name.empty() || contains(name)) throw Error(kind_ + " '" + name + "' is empty or already registered");
    entries_.push_back({std::move(name), std::move(help), std::move(fn)});
  }
  /// True iff a strategy called `name` is registered.
  bool contains(std::string_view name) const {
    for (const Entry& e : entries_)
      if (e.name == name) return true;
    return false;
  }
  /// The entry called `name`. Throws UnknownNameError listing the valid names.
  const Entry& get(std::string_view name) const {
    for (const Entry& e : entries_)
      if (e.name == name) return e;
    throw UnknownNameError("unknown " + kind_ + " '" + std::string(name) + "' (valid: " + names_joined() + ")");
  }
  /// The registered names, in registration order.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const Entry& e : entries_) out.push_back(e.name);
    return out;
  }
  /// "a, b, c" (for messages and --help).
  std::string names_joined(std::string_view sep = ", ") const {
    std::string out;
    for (const Entry& e : entries_) out += (out.empty() ? "" : std::string(sep)) + e.name;
    return out;
  }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
  std::vector<Entry> entries_;
};

}  // namespace csp
