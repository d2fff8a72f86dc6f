// The SearchContext handed to Python callbacks: a handle that is cleared when the callback returns, so a context
// kept after its call raises instead of reading the search's freed state.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <stdexcept>

#include "csp/strategy/search_context.hpp"

namespace csp::python {

namespace py = pybind11;

/// What Python holds as csp.SearchContext: the running search's context while its callback runs, null after.
class ContextRef {
 public:
  explicit ContextRef(SearchContext* ctx) : ctx_(ctx) {}
  SearchContext& get() const {
    if (ctx_ == nullptr)
      throw std::runtime_error(
          "this SearchContext is only valid inside its callback (it was kept after the callback returned)");
    return *ctx_;
  }
  void clear() { ctx_ = nullptr; }

 private:
  SearchContext* ctx_;
};

/// The Python object of `ctx` for one callback call; the destructor invalidates it (also when the call raises).
class ContextArg {
 public:
  explicit ContextArg(SearchContext& ctx) : ref_(std::make_shared<ContextRef>(&ctx)), object_(py::cast(ref_)) {}
  ~ContextArg() { ref_->clear(); }
  ContextArg(const ContextArg&) = delete;
  ContextArg& operator=(const ContextArg&) = delete;
  const py::object& object() const { return object_; }

 private:
  std::shared_ptr<ContextRef> ref_;
  py::object object_;
};

}  // namespace csp::python
