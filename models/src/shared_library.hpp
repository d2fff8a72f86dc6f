// A shared library opened on first use (dlopen) rather than linked: the optional drawing libraries (cairo, Graphviz)
// pull in some twenty libraries of their own (X11, fontconfig, freetype, ...), which a linked program loads and
// relocates at every start (a third of csp's start-up) even when it draws nothing. Internal to csp's picture, plot
// and search-tree writers; header-only so that the static libraries that use it carry it.
#pragma once

#include <dlfcn.h>

#include <string>

#include "csp/core/errors.hpp"

namespace csp::detail {

/// Opens `soname` (e.g. "libcairo.so.2", the name the build found) or throws csp::Error naming it and the
/// loader's reason, "WHAT is unavailable: ...". The handle is never closed (the program keeps the library).
inline void* open_shared_library(const char* soname, const char* what) {
  void* handle = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = ::dlerror();
    throw Error(std::string(what) + " is unavailable: " + (why != nullptr ? why : soname));
  }
  return handle;
}

/// The function `name` of an open library (searched in it and the libraries it depends on), as a pointer of type F;
/// throws csp::Error when it is missing.
template <class F>
F library_function(void* handle, const char* name, const char* what) {
  void* f = ::dlsym(handle, name);
  if (f == nullptr) throw Error(std::string(what) + " is unavailable: it has no function " + name);
  return reinterpret_cast<F>(f);
}

}  // namespace csp::detail
