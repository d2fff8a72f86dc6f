// Deprecated: moved to "csp/strategy/search_context.hpp" (issue 20, one-way layers); include that. This forwarding header will go.
#pragma once
#include "csp/strategy/search_context.hpp"  // csp-layers: forward
