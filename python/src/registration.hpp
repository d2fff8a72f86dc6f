// Strategies registered from Python: by name (csp.register_*; registering a name again replaces its callable), and
// the inferences passed as callables (inference=fn), which the engine takes by name: each run leases a registry
// entry for its callable and gives it back when it ends, so the registry does not grow with every lambda.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

namespace csp::python {

namespace py = pybind11;

struct InferenceSlot;

/// The registered name of an inference callable for the life of one run: "python:<its __qualname__>" (with "#2",
/// ... when another callable of that name is in use at the same time). Each run holding the same callable shares
/// its entry; when the last lease ends the entry drops the callable and waits for the next run. Construct and
/// destroy with the GIL held; acquiring a new entry needs no search running (the registries are read by searches).
class InferenceLease {
 public:
  InferenceLease() = default;
  ~InferenceLease();
  InferenceLease(const InferenceLease&) = delete;
  InferenceLease& operator=(const InferenceLease&) = delete;
  /// The entry's name for `fn` (a callable), leased until this object ends (once per lease).
  std::string acquire(const py::object& fn);

 private:
  std::shared_ptr<InferenceSlot> slot_;
};

/// Binds register_variable_ordering, register_value_ordering, register_inference and the listings.
void bind_registration(py::module_& m);

}  // namespace csp::python
