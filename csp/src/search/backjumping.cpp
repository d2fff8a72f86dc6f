// Conflict-directed backjumping and nogood learning as the backjumping hook of backtracking search (AIMA 4th ed.
// §6.3.3): the calls of backtracking.cpp passed to the conflict sets of conflict_sets.hpp.
#include "backjumping.hpp"

#include "conflict_sets.hpp"
#include "csp/core/errors.hpp"

namespace csp::detail {

namespace {

class ConflictDirectedBackjumping final : public BackjumpHook {
 public:
  ConflictDirectedBackjumping(Store& store, const SolverConfig& config)
      : cbj_(store, config.inference != "none", config.learning, config.observer), mac_(config.inference == "mac") {}

  void opened(int depth) override { cbj_.open(depth); }
  bool consistent(const Constraint* violated, VarId x, int i, int depth) override {
    if (violated != nullptr) {
      cbj_.rejected_by(*violated, x, depth);
      return false;
    }
    return cbj_.nogoods_allow(x, i, depth);
  }
  void assigned(VarId x, int i, int depth) override { cbj_.assign(x, i, depth); }
  // CBJ with fc or mac runs its own forward check or MAC, which records who pruned what.
  bool infer(SearchContext& ctx, const Inference& inference, VarId x, int depth) override {
    if (mac_) return cbj_.maintain_arc_consistency(x, depth, ctx.decision_shrank_domain());
    if (ctx.domains_filtered()) return cbj_.forward_check(x, depth);
    return inference(ctx, x);
  }
  void retracted(VarId x, int depth) override { cbj_.retract(x, depth); }
  void solution(int depth) override { cbj_.solution(depth); }
  int dead_end(VarId x, int depth) override { return cbj_.dead_end(x, depth); }
  void restarted() override { cbj_.restart(); }

 private:
  Backjumping cbj_;
  bool mac_;  // inference mac (else none or fc)
};

}  // namespace

std::unique_ptr<BackjumpHook> make_backjumping(Store& store, const SolverConfig& config, bool bounded) {
  if (config.backjumping != "cbj") return nullptr;
  if (bounded) throw Error("backjumping 'cbj' does not work with branch and bound (optimisation)");
  return std::make_unique<ConflictDirectedBackjumping>(store, config);
}

}  // namespace csp::detail
