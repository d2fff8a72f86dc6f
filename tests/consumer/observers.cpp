// The installed trace observer and search-tree writer on a Problem of one's own: 4-queens written here,
// solved by csp::solve with forward checking, a TraceObserver and a SearchTreeObserver attached. Checks that the
// trace has one "assign" line per counted assignment and the tree's JSON one decision node per assignment plus the
// root, and writes the tree as SVG (Graphviz, when csp::observers was built with it) or DOT.
// Exit status 0 iff all of this holds.
#include <csp/csp.hpp>
#include <csp/observers/search_tree.hpp>
#include <csp/observers/trace_observer.hpp>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

csp::Problem queens(int n) {
  csp::Problem p;
  std::vector<csp::VarId> q;
  for (int c = 1; c <= n; ++c) q.push_back(p.add_variable(std::string("Q").append(std::to_string(c)), 1, n));
  for (std::size_t i = 0; i < q.size(); ++i)
    for (std::size_t j = i + 1; j < q.size(); ++j)
      p.add_binary(q[i], q[j], [d = int(j - i)](csp::Value a, csp::Value b) { return a != b && std::abs(a - b) != d; });
  return p;
}

std::uint64_t assign_lines(const std::string& trace) {
  std::istringstream in(trace);
  std::uint64_t n = 0;
  for (std::string line; std::getline(in, line);) n += line.find("assign ") == line.find_first_not_of(' ') ? 1 : 0;
  return n;
}

int fail(const std::string& why) {
  std::cerr << "observers: FAILED: " << why << '\n';
  return 1;
}

}  // namespace

int main() {
  const csp::Problem problem = queens(4);
  const auto text = [](csp::Value v) { return std::to_string(v); };
  std::ostringstream trace_text;
  csp::TraceObserver trace(trace_text, text);
  csp::SearchTreeObserver tree(text);
  csp::FanOutObserver both({&trace, &tree});
  csp::RunSpec spec;
  spec.search.variable_ordering = "first";
  spec.search.inference = "fc";
  spec.search.observer = &both;
  const csp::RunResult result = csp::solve(problem, spec);
  const std::uint64_t assignments = result.stats.assignments;
  if (result.status != csp::Status::solved || assignments == 0) return fail("4-queens was not solved");
  if (assign_lines(trace_text.str()) != assignments)
    return fail(std::to_string(assign_lines(trace_text.str()))
                    .append(" assign lines, not ")
                    .append(std::to_string(assignments)));
  const nlohmann::json nodes = nlohmann::json::parse(tree.json())["nodes"];
  std::uint64_t decisions = 0;
  for (const nlohmann::json& node : nodes) decisions += node.contains("var") ? 1 : 0;
  if (decisions != assignments || nodes.size() != assignments + 1)
    return fail(
        std::to_string(nodes.size()).append(" tree nodes, ").append(std::to_string(decisions)).append(" decisions"));
  const std::string name = std::string("csp-consumer-tree-")
                               .append(std::to_string(::getpid()))
                               .append(csp::search_tree_svg_available() ? ".svg" : ".dot");
  const std::filesystem::path file = std::filesystem::temp_directory_path() / name;
  csp::write_search_tree(tree, file.string());  // throws SearchTreeError naming the file
  const std::uintmax_t bytes = std::filesystem::file_size(file);
  std::filesystem::remove(file);
  std::cout << "observers: " << assignments << " assign lines = " << assignments << " assignments; the tree's JSON has "
            << nodes.size() << " nodes = the root + " << decisions << " decisions; written as "
            << file.extension().string() << ": " << bytes << " bytes\n";
  return bytes > 0 ? 0 : fail("the tree file is empty");
}
