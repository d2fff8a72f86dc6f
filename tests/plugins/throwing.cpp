// A plugin whose register function throws: the csp program reports the file and the reason (exit status 2).
#include <stdexcept>

#include "csp/plugin.hpp"

namespace {

void register_nothing() { throw std::runtime_error("the licence file mine.key is missing"); }

}  // namespace

CSP_PLUGIN(register_nothing)
