// csp_msc_defaults TEMPLATE OUTPUT: writes csp.msc from TEMPLATE (models/flatzinc/solver/csp.msc.in, its paths
// already configured by CMake) with the engine's generic default, models::ModelDefaults{} (what csp fzn searches a
// FlatZinc file without an annotation with), in place of {default:var}, {default:val}, {default:inference},
// {default:restarts} and {default:alldiff}. The build runs it, so the defaults MiniZinc shows for csp never differ
// from csp fzn's.
// Exit status: 0 written, 1 a placeholder is missing from TEMPLATE or a file cannot be read or written.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>

#include "csp/models/model_defaults.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: csp_msc_defaults TEMPLATE OUTPUT\n";
    return 1;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) {
    std::cerr << "csp_msc_defaults: cannot read '" << argv[1] << "'\n";
    return 1;
  }
  std::string msc = text.str();
  const csp::models::ModelDefaults generic;
  const std::pair<std::string, std::string> fields[] = {{"{default:var}", generic.variable_ordering},
                                                        {"{default:val}", generic.value_ordering},
                                                        {"{default:inference}", generic.inference},
                                                        {"{default:restarts}", generic.restarts},
                                                        {"{default:alldiff}", csp::to_string(generic.alldiff)}};
  for (const auto& [placeholder, value] : fields) {
    std::size_t at = msc.find(placeholder);
    if (at == std::string::npos) {
      std::cerr << "csp_msc_defaults: " << argv[1] << " has no " << placeholder << "\n";
      return 1;
    }
    for (; at != std::string::npos; at = msc.find(placeholder, at + value.size()))
      msc.replace(at, placeholder.size(), value);
  }
  std::ofstream out(argv[2], std::ios::binary);
  out << msc;
  if (!out.flush()) {
    std::cerr << "csp_msc_defaults: cannot write '" << argv[2] << "'\n";
    return 1;
  }
  return 0;
}
