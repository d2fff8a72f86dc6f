// Deprecated: moved to "csp/strategy/registry.hpp" (issue 20, one-way layers); include that. This forwarding header will go.
#pragma once
#include "csp/strategy/registry.hpp"  // csp-layers: forward
