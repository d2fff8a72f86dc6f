// Ctrl-C during a call that runs with the GIL released: while the call runs on the main thread, a C-level SIGINT
// handler (sigaction) replaces Python's and only raises a flag (an atomic store: async-signal-safe) that the call
// polls (a search's StopCondition::interrupt, a batch's loop between two runs). Python's handler is put back when
// the scope ends, so a Ctrl-C between calls is a KeyboardInterrupt as usual.
#pragma once

#include <atomic>
#include <csignal>

namespace csp::python {

/// Remembers the main thread's ident (signal handlers run only there); called once when the module is imported.
void remember_main_thread();

/// Installs the SIGINT handler raising `flag` for the life of the scope when constructed on the main thread
/// (elsewhere it does nothing); nested scopes restore the outer one's flag.
class SigintScope {
 public:
  explicit SigintScope(std::atomic<bool>* flag);
  ~SigintScope();
  SigintScope(const SigintScope&) = delete;
  SigintScope& operator=(const SigintScope&) = delete;

 private:
  struct sigaction previous_ {};
  std::atomic<bool>* previous_flag_ = nullptr;
  bool installed_ = false;
};

}  // namespace csp::python
