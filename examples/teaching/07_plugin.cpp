// 07 A plugin: a variable ordering and a model of your own, chosen by name in the shipped csp program (AIMA 4th ed.
// §6.3.1 for the ordering, §6.1 for the model). Build it as a shared library with CMake against the installed csp:
//   find_package(csp REQUIRED)
//   add_library(mine MODULE 07_plugin.cpp)
//   target_link_libraries(mine PRIVATE csp::plugin)
// and load it into any command:
//   csp queens 8 --count --plugin ./mine.so --var mrv-middle
//   csp ablate langford --n 3,4,7 --plugin ./mine.so --var first,mrv,mrv-middle --inference fc
//   csp graph langford 4 --plugin ./mine.so
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "csp/models/plugin.hpp"

namespace {

// MRV (fewest legal values first), ties broken towards the middle of the variable list instead of the smallest id.
// On n-queens (variable = column) this starts from the centre of the board, where a queen removes the most squares.
// It chooses among the candidates, ids [begin, end): every variable, unless a search annotation's phase (csp fzn)
// narrowed them to its own.
csp::VarId mrv_middle(csp::SearchContext& ctx) {
  const int n = ctx.problem().variable_count();
  const csp::SearchContext::Candidates& candidates = ctx.candidates();
  csp::VarId best = -1;
  int best_size = 0;
  int best_distance = 0;
  for (csp::VarId x = candidates.begin; x < candidates.end; ++x) {
    if (ctx.assignment().is_assigned(x)) continue;
    const int size = ctx.remaining_values(x);
    const int distance = std::abs(2 * x - (n - 1));  // twice the distance to the middle, in variables
    if (best < 0 || size < best_size || (size == best_size && distance < best_distance)) {
      best = x;
      best_size = size;
      best_distance = distance;
    }
  }
  return best;
}

// Langford's problem L(2,n): arrange two 1s, two 2s, ..., two ns in a row of 2n so that the two ks have k numbers
// between them. Variable k-1 is the position (0-based) of the first k, in 0 .. 2n-k-2; the second k is at that
// position + k + 1. Every two numbers' four places differ: one binary constraint per pair.
class Langford : public csp::models::BuiltModel {
 public:
  explicit Langford(int n) : n_(n) {
    for (int k = 1; k <= n; ++k)
      problem_.add_variable(std::string("first").append(std::to_string(k)), 0, 2 * n - k - 2);
    for (int i = 1; i <= n; ++i)
      for (int j = i + 1; j <= n; ++j)
        problem_.add_binary(i - 1, j - 1, [i, j](csp::Value a, csp::Value b) {
          return a != b && a != b + j + 1 && a + i + 1 != b && a + i + 1 != b + j + 1;
        });
  }
  const csp::Problem& problem() const override { return problem_; }
  // Checked on the row itself: each k twice, k numbers apart.
  std::string verify(const csp::Assignment& a) const override {
    const std::vector<int> row = sequence(a);
    for (int k = 1; k <= n_; ++k) {
      int first = -1;
      int count = 0;
      for (int p = 0; p < 2 * n_; ++p)
        if (row[static_cast<std::size_t>(p)] == k && count++ == 0) first = p;
      const int second = first + k + 1;
      if (count != 2 || second >= 2 * n_ || row[static_cast<std::size_t>(second)] != k) {
        const std::string number = std::to_string(k);
        return std::string("the two ").append(number).append("s are not ").append(number).append(" numbers apart");
      }
    }
    return "";
  }
  std::string picture(const csp::Assignment& a) const override {
    std::string out;
    for (int k : sequence(a)) out.append(out.empty() ? "" : " ").append(std::to_string(k));
    return out + "\n";
  }

 private:
  // The row the assignment makes (0 where no number was placed).
  std::vector<int> sequence(const csp::Assignment& a) const {
    std::vector<int> row(static_cast<std::size_t>(2 * n_), 0);
    for (int k = 1; k <= n_; ++k) {
      const int p = a.is_assigned(k - 1) ? a[k - 1] : -1;
      if (p < 0 || p + k + 1 >= 2 * n_) continue;
      row[static_cast<std::size_t>(p)] = k;
      row[static_cast<std::size_t>(p + k + 1)] = k;
    }
    return row;
  }

  int n_;
  csp::Problem problem_;
};

// One instance per --n value.
std::vector<csp::models::CatalogInstance> langford_instances(const csp::models::CatalogInputs& inputs) {
  std::vector<csp::models::CatalogInstance> out;
  for (int n : inputs.numbers) {
    csp::models::CatalogInstance inst;
    inst.group = "langford";
    inst.name = std::string("n=").append(std::to_string(n));
    inst.number = out.size() + 1;
    inst.build = [n](const csp::models::BuildChoices&) { return std::make_unique<Langford>(n); };
    out.push_back(std::move(inst));
  }
  return out;
}

void register_plugin() {
  csp::variable_orderings().add("mrv-middle", "MRV, ties broken towards the middle variable (plugin example 07)",
                                mrv_middle);
  csp::models::CatalogEntry langford{
      .name = "langford",
      .summary = "Langford pairings L(2,n) (plugin example 07): solutions exist for n = 3, 4, 7, 8, 11, ...",
      .number_option = "n",
      .number_help = "the numbers 1..n to pair, e.g. 3,4,7",
      .default_numbers = {4},
      .min_number = 2,
      .max_number = 16,
      .alldiff_modes = {csp::AllDifferentMode::binary},
      .model_inferences = {},
      .enumerate = langford_instances,
  };
  csp::models::add_catalog_entry(std::move(langford));
}

}  // namespace

CSP_PLUGIN(register_plugin)
