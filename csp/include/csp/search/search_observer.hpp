// Deprecated: moved to "csp/core/search_observer.hpp" (issue 20, one-way layers); include that. This forwarding header will go.
#pragma once
#include "csp/core/search_observer.hpp"  // csp-layers: forward
