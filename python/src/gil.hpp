// Taking the GIL on a search thread for a Python callback: never while the interpreter shuts down.
#pragma once

#include <pybind11/pybind11.h>

#include <unistd.h>

namespace csp::python {

namespace py = pybind11;

/// True once the interpreter has started to finalize (the main thread left with daemon threads still running).
inline bool interpreter_finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

/// The GIL for one callback. A daemon thread that would take it while the interpreter finalizes sleeps instead
/// until the process ends: taking it then ends the thread by unwinding through the engine's frames, which aborts.
class CallbackGil {
 public:
  CallbackGil() = default;
  CallbackGil(const CallbackGil&) = delete;
  CallbackGil& operator=(const CallbackGil&) = delete;

 private:
  static bool wait_if_finalizing() {
    if (!Py_IsInitialized() || interpreter_finalizing())
      for (;;) ::pause();
    return true;
  }
  bool alive_ = wait_if_finalizing();  // declared first: checked before the GIL is taken
  py::gil_scoped_acquire gil_;
};

}  // namespace csp::python
