// Registry: strategies addressable by a stable name (for SolverConfig, the command line and the benchmarks).
#pragma once

#include <concepts>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
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

/// One strategy chosen for a run: a name registered in a `Registry<Fn>` ("mrv"), or a callable given directly
/// (a function, a lambda, a std::function with Fn's signature), named "custom" unless a name is given with it.
/// `SolverConfig::variable_ordering = "mrv"` and `= my_heuristic` both work; reports print `name()`. Search
/// checks what a callable returns exactly as it checks a registered strategy.
template <class Fn>
class Strategy {
 public:
  /// A registered strategy, looked up by name when the run starts (UnknownNameError then if it is not there).
  Strategy(std::string name) : name_(std::move(name)) {}  // NOLINT(google-explicit-constructor): config = "mrv"
  Strategy(const char* name) : name_(name) {}             // NOLINT(google-explicit-constructor)
  Strategy(std::string_view name) : name_(name) {}        // NOLINT(google-explicit-constructor)
  /// A callable with Fn's signature, reported as `name`. Throws Error when `fn` is empty (a null function
  /// pointer or std::function) or `name` is empty.
  template <class F>
  requires(!std::convertible_to<F, std::string_view> && std::constructible_from<Fn, F>)
      Strategy(F fn, std::string name = "custom")  // NOLINT(google-explicit-constructor): config = my_heuristic
      : name_(std::move(name)), fn_(std::move(fn)), callable_(true) {
    if (!fn_) throw Error("strategy '" + name_ + "': the callable given is empty");
    if (name_.empty()) throw Error("strategy: a callable needs a non-empty name");
  }

  /// The registered name, or the name given with the callable ("custom" by default).
  const std::string& name() const { return name_; }
  /// True when given as a callable, false when it names a registered strategy.
  bool is_callable() const { return callable_; }
  /// The function to run: the callable, or the strategy registered under name() in `registry` (throws
  /// UnknownNameError listing the valid names when there is none).
  const Fn& resolve(const Registry<Fn>& registry) const { return callable_ ? fn_ : registry.get(name_).fn; }

  /// True iff this names the registered strategy `name` (a callable never equals a name, even its own).
  template <class S>
  requires std::convertible_to<const S&, std::string_view>
  friend bool operator==(const Strategy& s, const S& name) { return !s.callable_ && s.name_ == std::string_view(name); }
  /// Same registered name, or callables given with the same name (callables themselves cannot be compared).
  friend bool operator==(const Strategy& a, const Strategy& b) {
    return a.callable_ == b.callable_ && a.name_ == b.name_;
  }
  /// Prints name() (for reports and test messages).
  friend std::ostream& operator<<(std::ostream& os, const Strategy& s) { return os << s.name_; }

 private:
  std::string name_;
  Fn fn_{};
  bool callable_ = false;
};

}  // namespace csp
