// A shared library without CSP_PLUGIN: the csp program says it is not a csp plugin (exit status 2).
extern "C" __attribute__((visibility("default"))) int not_a_plugin_entry() { return 1; }
