// Why a FlatZinc model has no solution: its items grouped into parts, each subset built again and searched.
#include "csp/models/flatzinc/why_unsat.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "csp/models/flatzinc/parser.hpp"

namespace csp::models::flatzinc {

namespace {

// The string argument of annotation `name` on `item`, or "" when it has none.
std::string annotation_text(const ConstraintItem& item, const std::string& name) {
  const Expr* a = find_annotation(item.annotations, name);
  if (a == nullptr || a->items.empty() || a->items.front().kind != Expr::Kind::string) return "";
  return a->items.front().name;
}

// "FILE:LINE" of a MiniZinc path "FILE|LINE|COL|LINE|COL|...;...", or the path itself when it has another form.
std::string path_location(const std::string& path) {
  const std::size_t bar = path.find('|');
  if (bar == std::string::npos) return path;
  const std::size_t next = path.find('|', bar + 1);
  return path.substr(0, bar) + ":" + path.substr(bar + 1, next == std::string::npos ? next : next - bar - 1);
}

}  // namespace

std::vector<FlatZincPart> flatzinc_parts(const Model& ast, const std::string& source) {
  std::vector<FlatZincPart> parts;
  std::map<std::string, std::size_t> named;  // an annotation's name -> its part
  for (std::size_t i = 0; i < ast.constraints.size(); ++i) {
    const ConstraintItem& item = ast.constraints[i];
    std::string name = annotation_text(item, "mzn_constraint_name");
    if (name.empty()) name = path_location(annotation_text(item, "mzn_path"));
    if (name.empty()) {
      parts.push_back({source + ":" + std::to_string(item.line) + ": " + item.name, {i}});
      continue;
    }
    const auto [it, added] = named.try_emplace(name, parts.size());
    if (added)
      parts.push_back({name, {i}});
    else
      parts[it->second].items.push_back(i);
  }
  return parts;
}

UnsatCore flatzinc_why_unsat(const Model& ast, const std::string& source, const BuildOptions& options,
                             const std::vector<FlatZincPart>& parts, const RunSpec& spec) {
  const SubsetSearch search = [&](const std::vector<int>& kept, const RunSpec& each) -> SearchResult {
    std::vector<std::size_t> items;  // in file order, as the whole model posts them
    for (int p : kept)
      for (std::size_t i : parts[static_cast<std::size_t>(p)].items) items.push_back(i);
    std::sort(items.begin(), items.end());
    Model subset;
    subset.declarations = ast.declarations;
    subset.solve = ast.solve;
    for (std::size_t i : items) subset.constraints.push_back(ast.constraints[i]);
    FlatZincModel model;
    try {
      model = build_flatzinc(std::move(subset), source, options);
    } catch (const ReadStopped&) {  // options.stop said stop: as a search stopped by a limit
      SearchResult stopped;
      stopped.status = Status::limit_reached;
      stopped.stop = StopReason::interrupted;
      return stopped;
    }
    if (!model.unsatisfiable.empty()) {  // the build proved it
      SearchResult none;
      none.status = Status::unsatisfiable;
      none.complete = true;
      return none;
    }
    return solve(model.problem, each);
  };
  return why_unsat(static_cast<int>(parts.size()), search, spec);
}

}  // namespace csp::models::flatzinc
