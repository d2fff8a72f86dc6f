// SIGINT / SIGTERM as a flag checked at result boundaries.
#include "batch/interrupt.hpp"

#include <csignal>

namespace csp::cli {

namespace {

volatile std::sig_atomic_t g_signal = 0;
std::atomic<bool> g_flag{false};  // lock-free (static_assert below): safe to set in a signal handler
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_signal(int signal) {
  g_signal = signal;
  g_flag.store(true, std::memory_order_relaxed);
}

}  // namespace

Interrupted::Interrupted(int signal)
    : std::runtime_error(std::string("interrupted by ").append(signal == SIGTERM ? "SIGTERM" : "SIGINT")),
      signal_(signal) {}

std::string Interrupted::signal_name() const { return signal_ == SIGTERM ? "SIGTERM" : "SIGINT"; }

void catch_interrupts() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND | SA_RESTART;  // the second signal takes the default action: the program ends
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interrupt_signal() { return g_signal; }

const std::atomic<bool>* interrupt_flag() { return &g_flag; }

void check_interrupt() {
  if (const int s = g_signal; s != 0) throw Interrupted(s);
}

}  // namespace csp::cli
