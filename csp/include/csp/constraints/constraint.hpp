// Deprecated: moved to "csp/core/constraint.hpp" (issue 20, one-way layers); include that. This forwarding header will go.
#pragma once
#include "csp/core/constraint.hpp"  // csp-layers: forward
