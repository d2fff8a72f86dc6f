// A plugin built for another plugin ABI version: the csp program refuses it (exit status 2, naming both versions).
#include "csp/plugin.hpp"

extern "C" __attribute__((visibility("default"))) int csp_plugin_abi_version() { return CSP_PLUGIN_ABI_VERSION + 1; }
extern "C" __attribute__((visibility("default"))) void csp_plugin_register() {}
