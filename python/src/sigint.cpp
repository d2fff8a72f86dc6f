// The SIGINT scope of the calls that run with the GIL released (sigint.hpp).
#include "sigint.hpp"

#include <pybind11/pybind11.h>

namespace csp::python {
namespace {

namespace py = pybind11;

// The flag the SIGINT handler raises: the one of the call running on the main thread, if any.
std::atomic<std::atomic<bool>*> g_sigint_flag{nullptr};

extern "C" void on_sigint(int) {
  if (std::atomic<bool>* flag = g_sigint_flag.load()) flag->store(true);
}

unsigned long g_main_thread = 0;

bool on_main_thread() { return PyThread_get_thread_ident() == g_main_thread; }

}  // namespace

void remember_main_thread() {
  g_main_thread = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

SigintScope::SigintScope(std::atomic<bool>* flag) {
  if (!on_main_thread()) return;
  struct sigaction action {};
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  previous_flag_ = g_sigint_flag.exchange(flag);  // a call inside a callback of another: restored after
  installed_ = sigaction(SIGINT, &action, &previous_) == 0;
  if (!installed_) g_sigint_flag.store(previous_flag_);
}

SigintScope::~SigintScope() {
  if (!installed_) return;
  sigaction(SIGINT, &previous_, nullptr);
  g_sigint_flag.store(previous_flag_);
}

}  // namespace csp::python
