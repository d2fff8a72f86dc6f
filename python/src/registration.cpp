// Strategies registered from Python (registration.hpp). The engine's registries only grow, so each name registered
// from Python holds a trampoline to a slot; registering the name again swaps the slot's callable (while no search
// reads it). Inference callables passed as inference=fn share a small pool of such slots, leased per run.
#include "registration.hpp"

#include <pybind11/stl.h>

#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"
#include "csp/search/solve.hpp"
#include "solving.hpp"
#include "spec.hpp"

namespace csp::python {

/// A registry entry made from Python: what its trampoline calls now, and the help text listed for it.
template <class Fn>
struct Slot {
  std::string name;
  std::string help;
  Fn fn;
};

struct InferenceSlot : Slot<Inference> {
  PyObject* callable = nullptr;  // the callable the slot holds while leased (identity only)
  std::string qualname;
  int users = 0;
};

namespace {

template <class Fn>
using Slots = std::map<std::string, std::shared_ptr<Slot<Fn>>>;

template <class Fn>
Slots<Fn>& named_slots() {
  static auto* slots = new Slots<Fn>();  // never destroyed: the registries' trampolines point into them
  return *slots;
}

std::vector<std::shared_ptr<InferenceSlot>>& inference_pool() {
  static auto* pool = new std::vector<std::shared_ptr<InferenceSlot>>();
  return *pool;
}

// The registry entry calling whatever the slot holds.
template <class Fn, class S>
Fn trampoline(std::shared_ptr<S> slot) {
  return [slot = std::move(slot)](auto&&... args) {
    if (!slot->fn)
      throw Error("inference '" + slot->name +
                  "' was given as a callable to a run that has ended: pass the "
                  "callable again, or register it by name (csp.register_inference)");
    return slot->fn(std::forward<decltype(args)>(args)...);
  };
}

template <class Fn>
void register_named(Registry<Fn>& registry, const std::string& name, const std::string& help, Fn fn, bool replace) {
  check_no_search_running("registering " + registry.kind() + " '" + name + "'");
  Slots<Fn>& slots = named_slots<Fn>();
  if (const auto it = slots.find(name); it != slots.end()) {
    if (!replace)
      throw Error(registry.kind() + " '" + name +
                  "' is empty or already registered (replace=True "
                  "replaces it)");
    it->second->help = help;
    it->second->fn = std::move(fn);  // the old callable is released here, under the GIL
    return;
  }
  if (registry.contains(name))
    throw Error(registry.kind() + " '" + name + "' is built in: it cannot be replaced (choose another name)");
  auto slot = std::make_shared<Slot<Fn>>(Slot<Fn>{name, help, std::move(fn)});
  registry.add(name, help, trampoline<Fn>(slot));
  slots.emplace(name, std::move(slot));
}

bool idle_lease(const std::string& name) {
  for (const auto& slot : inference_pool())
    if (slot->name == name) return slot->users == 0;
  return false;
}

template <class Fn>
py::list names_of(const Registry<Fn>& r) {
  py::list out;
  const Slots<Fn>& slots = named_slots<Fn>();
  for (const auto& e : r.entries()) {
    if constexpr (std::is_same_v<Fn, Inference>)
      if (idle_lease(e.name)) continue;  // a pooled entry no run holds: nothing to name
    const auto it = slots.find(e.name);
    out.append(py::make_tuple(e.name, it == slots.end() ? e.help : it->second->help));
  }
  return out;
}

}  // namespace

InferenceLease::~InferenceLease() {
  if (!slot_ || --slot_->users > 0) return;
  slot_->fn = nullptr;  // drops the callable (under the GIL)
  slot_->callable = nullptr;
}

std::string InferenceLease::acquire(const py::object& fn) {
  if (slot_) throw Error("internal: an inference lease is acquired once");
  std::string qualname =
      py::hasattr(fn, "__qualname__") ? py::str(fn.attr("__qualname__")).cast<std::string>() : std::string("callable");
  auto& pool = inference_pool();
  std::shared_ptr<InferenceSlot> idle;
  for (const auto& slot : pool) {
    if (slot->callable == fn.ptr() && slot->users > 0) {  // a run already holds this very callable: share it
      slot_ = slot;
      break;
    }
    if (!idle && slot->users == 0 && slot->qualname == qualname) idle = slot;
  }
  if (!slot_ && idle) {
    idle->fn = python_inference(fn);
    idle->callable = fn.ptr();
    slot_ = idle;
  }
  if (!slot_) {
    check_no_search_running("inference=" + qualname + " (a new registry entry for it)");
    std::string name = "python:" + qualname;
    for (int k = 2; inferences().contains(name); ++k) name = "python:" + qualname + "#" + std::to_string(k);
    auto slot = std::make_shared<InferenceSlot>();
    slot->name = name;
    slot->help = "a Python callable passed as inference=";
    slot->qualname = qualname;
    slot->fn = python_inference(fn);
    slot->callable = fn.ptr();
    inferences().add(name, slot->help, trampoline<Inference>(slot));
    pool.push_back(slot);
    slot_ = std::move(slot);
  }
  ++slot_->users;
  return slot_->name;
}

void bind_registration(py::module_& m) {
  m.def(
      "variable_orderings", [] { return names_of(variable_orderings()); }, "(name, help) of each ordering");
  m.def("value_orderings", [] { return names_of(value_orderings()); });
  m.def("inferences", [] { return names_of(inferences()); });
  m.def("restart_strategies", [] { return names_of(restart_strategies()); });
  m.def("algorithms", [] {
    py::list out;
    for (const auto& e : algorithms().entries()) out.append(py::make_tuple(e.name, e.help));
    return out;
  });
  m.def(
      "register_variable_ordering",
      [](const std::string& name, py::object fn, const std::string& help, bool replace) {
        register_named(variable_orderings(), name, help,
                       python_variable_ordering(std::move(fn), name).resolve(variable_orderings()), replace);
      },
      py::arg("name"), py::arg("fn"), py::arg("help") = "written in Python", py::arg("replace") = true);
  m.def(
      "register_value_ordering",
      [](const std::string& name, py::object fn, const std::string& help, bool replace) {
        register_named(value_orderings(), name, help,
                       python_value_ordering(std::move(fn), name).resolve(value_orderings()), replace);
      },
      py::arg("name"), py::arg("fn"), py::arg("help") = "written in Python", py::arg("replace") = true);
  m.def(
      "register_inference",
      [](const std::string& name, py::object fn, const std::string& help, bool replace) {
        register_named(inferences(), name, help, python_inference(std::move(fn)), replace);
      },
      py::arg("name"), py::arg("fn"), py::arg("help") = "written in Python", py::arg("replace") = true);
}

}  // namespace csp::python
