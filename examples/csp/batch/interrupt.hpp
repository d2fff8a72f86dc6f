// SIGINT / SIGTERM in the batch commands (csp sudoku, csp ablate, csp sudoku-generate): the signal only sets a
// flag; the command stops at the next result boundary, writes what is finished (whole lines), a summary saying it was
// interrupted, and exits with 128 + the signal number (130 for SIGINT, 143 for SIGTERM). csp fzn and the model commands (queens, color,
// cryptarithm, zebra, killer) pass the flag to their search instead (interrupt_flag): the search stops as at a time
// limit and what it found is printed; csp fzn then exits 0 (MiniZinc's convention), the model commands 128 + the
// signal.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

namespace csp::cli {

/// Thrown at a result boundary once a signal arrived.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }
  /// 128 + the signal number.
  int exit_status() const { return 128 + signal_; }
  /// "SIGINT" or "SIGTERM".
  std::string signal_name() const;

 private:
  int signal_;
};

/// Installs the handlers of SIGINT and SIGTERM (a second signal of the same kind ends the program at once, as
/// without them).
void catch_interrupts();

/// The signal received since catch_interrupts() (0 when none).
int interrupt_signal();

/// A flag the handlers set too, for a search's StopCondition::interrupt (csp fzn: the search stops as at its time
/// limit and the best solution found is printed).
const std::atomic<bool>* interrupt_flag();

/// Throws Interrupted when a signal was received.
void check_interrupt();

}  // namespace csp::cli
