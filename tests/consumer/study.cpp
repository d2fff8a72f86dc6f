// A study of a model of one's own, built against the installed csp::ablation (docs/ablation.md, "A study of your
// own model", quotes the lines between the markers): n-queens written here, run over var {first, mrv} x
// inference {none, fc, mac} as `csp ablate queens --n 6 --var first,mrv --inference none,fc,mac` runs it; prints
// the CSV (run.sh compares its rows with csp ablate's). Exit status 0 iff all 6 runs found a solution.
// [study example]
#include <csp/ablation/study.hpp>
#include <csp/models/verify.hpp>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

// n queens, one per column: Q_c is the row of column c's queen; no two share a row or a diagonal.
csp::Problem my_queens(int n) {
  csp::Problem p;
  std::vector<csp::VarId> q;
  for (int c = 1; c <= n; ++c) q.push_back(p.add_variable(std::string("Q").append(std::to_string(c)), 1, n));
  for (std::size_t i = 0; i < q.size(); ++i)
    for (std::size_t j = i + 1; j < q.size(); ++j)
      p.add_binary(q[i], q[j], [d = int(j - i)](csp::Value a, csp::Value b) { return a != b && std::abs(a - b) != d; });
  return p;
}

int main() {
  namespace lab = csp::ablation;
  lab::StudyPlan plan;
  plan.instances.push_back(lab::instance_from_factory(
      "my-queens-6", [] { return my_queens(6); },
      [](const csp::Assignment& a) { return csp::models::verify_queens(6, a); }));
  plan.grid.var = {"first", "mrv"};
  plan.grid.inference = {"none", "fc", "mac"};
  const lab::Study study = lab::run_study(plan, [](const lab::Study& s, const lab::RunRecord& row) {
    std::cerr << s.configs[row.config].label() << ": " << lab::to_string(row.status) << '\n';
  });
  lab::write_csv(std::cout, study);
  // [study example end]
  std::size_t solved = 0;
  for (const lab::RunRecord& r : study.records) solved += r.status == lab::RunStatus::solved ? 1 : 0;
  return study.records.size() == 6 && solved == 6 ? 0 : 1;
}
