// A Python callable kept by C++ code (a constraint's predicate, an ordering): shared, released under the GIL.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <utility>

#include "gil.hpp"

namespace csp::python {

namespace py = pybind11;

/// A Python object that C++ copies freely (std::function copies share it) and that may be dropped on a thread
/// without the GIL: the last owner takes the GIL to release it (and leaks it once the interpreter finalizes).
class SharedCallable {
 public:
  explicit SharedCallable(py::object fn) : fn_(new py::object(std::move(fn)), release) {}
  /// The callable; call only with the GIL held.
  const py::object& get() const { return *fn_; }

 private:
  static void release(py::object* fn) {
    if (Py_IsInitialized() && !interpreter_finalizing()) {
      py::gil_scoped_acquire gil;
      delete fn;
    } else {
      fn->release();  // the interpreter is gone: leak the reference rather than touch it
      delete fn;
    }
  }
  std::shared_ptr<py::object> fn_;
};

}  // namespace csp::python
