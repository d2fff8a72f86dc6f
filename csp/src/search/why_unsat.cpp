// why_unsat: QuickXplain over the parts of a model, the solver as the oracle, then a deletion pass.
#include "csp/search/why_unsat.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "csp/core/errors.hpp"

namespace csp {

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::satisfiable:
      return "satisfiable";
    case Verdict::unsatisfiable:
      return "unsatisfiable";
    case Verdict::unknown:
      return "unknown";
  }
  return "?";
}

namespace {

using Parts = std::vector<int>;

Parts joined(const Parts& a, const Parts& b) {
  Parts out;
  out.reserve(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

// QuickXplain's search with its checks counted, and every subset found satisfiable remembered: a solution of a
// superset of core - {p} that leaves p out shows p is needed, so the deletion pass checks only the parts no such
// solution covers.
class QuickXplain {
 public:
  explicit QuickXplain(const SubsetCheck& check) : check_(check) {}

  Verdict check(const Parts& kept) {
    ++checks_;
    const Verdict v = check_(kept);
    if (v == Verdict::satisfiable) satisfiable_.push_back(kept);
    return v;
  }

  // Junker's QX(B, Δ, C): with B ∪ C unsatisfiable, the parts of C that a preferred conflict needs besides B. When Δ
  // (the parts last added to B) is not empty and B alone is unsatisfiable, C adds nothing. An unknown answer reads
  // as "maybe satisfiable": the search goes on into C, which keeps B ∪ C unsatisfiable by construction.
  Parts search(const Parts& background, bool added, const Parts& candidates) {
    if (added && check(background) == Verdict::unsatisfiable) return {};
    if (candidates.size() == 1) return candidates;
    const auto half = candidates.begin() + static_cast<std::ptrdiff_t>(candidates.size() / 2);
    const Parts first(candidates.begin(), half);
    const Parts second(half, candidates.end());
    const Parts from_second = search(joined(background, first), !first.empty(), second);
    const Parts from_first = search(joined(background, from_second), !from_second.empty(), first);
    return joined(from_first, from_second);
  }

  // Whether some satisfiable subset seen holds every part of `core` but `part` (so it leaves `part` out).
  bool shown_needed(const Parts& core, int part) const {
    return std::any_of(satisfiable_.begin(), satisfiable_.end(), [&](const Parts& solved) {
      if (std::binary_search(solved.begin(), solved.end(), part)) return false;
      return std::all_of(core.begin(), core.end(),
                         [&](int p) { return p == part || std::binary_search(solved.begin(), solved.end(), p); });
    });
  }

  std::uint64_t checks() const { return checks_; }

 private:
  const SubsetCheck& check_;
  std::vector<Parts> satisfiable_;
  std::uint64_t checks_ = 0;
};

}  // namespace

UnsatCore minimal_unsatisfiable_subset(int n, const SubsetCheck& check) {
  if (n < 0) throw Error("minimal_unsatisfiable_subset: negative number of parts " + std::to_string(n));
  if (!check) throw Error("minimal_unsatisfiable_subset: no check given");
  QuickXplain qx(check);
  UnsatCore out;
  Parts all(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) all[static_cast<std::size_t>(i)] = i;
  out.verdict = qx.check(all);
  if (out.verdict != Verdict::unsatisfiable) {
    out.checks = qx.checks();
    return out;
  }
  Parts core = n == 0 ? Parts{} : qx.search({}, true, all);
  // The deletion pass: each part is needed when the others have a solution; a part whose removal leaves the rest
  // proved unsatisfiable goes (only after an unknown answer misled the search); an unknown keeps it, not minimal.
  bool minimal = true;
  for (std::size_t i = 0; i < core.size();) {
    const int part = core[i];
    if (qx.shown_needed(core, part)) {
      ++i;
      continue;
    }
    Parts without = core;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    const Verdict v = qx.check(without);
    if (v == Verdict::unsatisfiable) {
      core = std::move(without);
      continue;
    }
    if (v == Verdict::unknown) minimal = false;
    ++i;
  }
  out.parts = std::move(core);
  out.minimal = minimal;
  out.checks = qx.checks();
  return out;
}

namespace {

// "X = v", "X in {a, b, c}", "X in lo..hi": what is left of x's values.
std::string restriction_name(const Problem& problem, VarId x) {
  const Variable& var = problem.variable(x);
  const Domain& d = problem.initial_domain(x);
  std::string out = var.name();
  if (d.size() == 1) return out + " = " + std::to_string(var.value(d.min()));
  const int first = d.min();
  const int last = d.max();
  const bool interval =
      last - first + 1 == d.size() && static_cast<long long>(var.value(last)) - var.value(first) == last - first;
  if (interval && d.size() > 8)
    return out + " in " + std::to_string(var.value(first)) + ".." + std::to_string(var.value(last));
  out += " in {";
  int shown = 0;
  for (int i = first; i >= 0; i = d.next(i)) {
    if (shown == 8) {
      out += ", ...";
      break;
    }
    out += (shown++ == 0 ? "" : ", ") + std::to_string(var.value(i));
  }
  return out + "}";
}

// Refuses a part naming an unknown constraint or variable, or one that another part names too.
void check_parts(const Problem& problem, const std::vector<ModelPart>& parts) {
  std::vector<int> constraint_part(static_cast<std::size_t>(problem.constraint_count()), -1);
  std::vector<int> variable_part(static_cast<std::size_t>(problem.variable_count()), -1);
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const ModelPart& part = parts[k];
    const auto claim = [&](std::vector<int>& owner, int id, const char* what) {
      if (id < 0 || id >= static_cast<int>(owner.size()))
        throw Error("why_unsat: part '" + part.name + "' names " + what + " " + std::to_string(id) +
                    ", which the problem does not have (it has " + std::to_string(owner.size()) + ")");
      int& o = owner[static_cast<std::size_t>(id)];
      if (o >= 0)
        throw Error("why_unsat: parts '" + parts[static_cast<std::size_t>(o)].name + "' and '" + part.name +
                    "' both name " + what + " " + std::to_string(id));
      o = static_cast<int>(k);
    };
    for (ConstraintId c : part.constraints) claim(constraint_part, c, "constraint");
    for (VarId x : part.restrictions) claim(variable_part, x, "variable");
  }
}

// The run specification of each check: the caller's search and limits, one solution, nothing reported.
RunSpec check_spec(const RunSpec& spec) {
  if (spec.algorithm == "min-conflicts")
    throw Error(
        "why_unsat: algorithm 'min-conflicts' proves nothing unsatisfiable; use a complete search "
        "(backtracking)");
  RunSpec out = spec;
  out.objective.reset();
  out.verify = nullptr;
  out.check_solutions = true;
  out.search.max_solutions = 1;
  out.search.keep_solutions = 0;
  out.search.projection.clear();
  out.search.observer = nullptr;
  out.search.on_solution = nullptr;
  out.search.on_progress = nullptr;
  return out;
}

}  // namespace

std::vector<ModelPart> model_parts(const Problem& problem, bool domains) {
  std::vector<ModelPart> parts;
  for (ConstraintId c = 0; c < problem.constraint_count(); ++c) {
    const std::string& name = problem.constraint(c).name();
    parts.push_back({name.empty() ? "constraint #" + std::to_string(c) : name, {c}, {}});
  }
  if (domains)
    for (VarId x = 0; x < problem.variable_count(); ++x)
      if (problem.is_restricted(x)) parts.push_back({restriction_name(problem, x), {}, {x}});
  return parts;
}

UnsatCore why_unsat(int n, const SubsetSearch& search, const RunSpec& spec) {
  RunSpec each = check_spec(spec);
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto budget = spec.search.limits.time_limit;
  std::uint64_t searches = 0;
  const SubsetCheck check = [&](const std::vector<int>& kept) {
    if (budget.count() > 0) {
      const auto left = budget - std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start);
      if (left.count() <= 0) return Verdict::unknown;
      each.search.limits.time_limit = left;
    }
    if (spec.search.limits.interrupt && spec.search.limits.interrupt->load(std::memory_order_relaxed))
      return Verdict::unknown;
    const SearchResult r = search(kept, each);
    if (searches++ == 0 && spec.search.limits.node_limit == 0)  // the whole model's effort sets the checks' bound
      each.search.limits.node_limit = std::max(kMinCheckNodes, kCheckNodeFactor * r.stats.assignments);
    if (r.status == Status::solved) return Verdict::satisfiable;
    if (r.status == Status::unsatisfiable && r.complete) return Verdict::unsatisfiable;
    return Verdict::unknown;
  };
  UnsatCore core = minimal_unsatisfiable_subset(n, check);
  core.checks = searches;
  return core;
}

UnsatCore why_unsat(const Problem& problem, const std::vector<ModelPart>& parts, const RunSpec& spec) {
  check_parts(problem, parts);
  check_spec(spec).validate(problem);
  const SubsetSearch search = [&](const std::vector<int>& kept, const RunSpec& each) -> SearchResult {
    Problem relaxed = problem;
    std::size_t next = 0;  // kept is ascending
    for (std::size_t k = 0; k < parts.size(); ++k) {
      if (next < kept.size() && kept[next] == static_cast<int>(k)) {
        ++next;
        continue;
      }
      for (ConstraintId c : parts[k].constraints) relaxed.relax_constraint(c);
      for (VarId x : parts[k].restrictions) relaxed.reset_domain(x);
    }
    return solve(relaxed, each);
  };
  return why_unsat(static_cast<int>(parts.size()), search, spec);
}

UnsatCore why_unsat(const Problem& problem, const RunSpec& spec) {
  return why_unsat(problem, model_parts(problem), spec);
}

}  // namespace csp
