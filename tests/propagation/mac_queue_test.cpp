// MAC's constraint queue: cheap constraints before expensive ones, each queued once, the same fixpoint.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "csp/csp.hpp"

namespace csp {
namespace {

// x != y that logs each propagate call by name and declares the cost it is given.
class LoggedNotEqual final : public Constraint {
 public:
  LoggedNotEqual(VarId x, VarId y, std::string name, PropagationCost cost, std::vector<std::string>& log)
      : Constraint({x, y}, std::move(name)), cost_(cost), log_(&log) {}
  bool is_satisfied_by(std::span<const Value> v) const override { return v[0] != v[1]; }
  bool propagate(Store& store) const override {
    log_->push_back(name());
    return Constraint::propagate(store);
  }
  PropagationCost propagation_cost() const override { return cost_; }

 private:
  PropagationCost cost_;
  std::vector<std::string>* log_;
};

TEST(MacQueue, ExpensiveConstraintsRunWhenNoCheapOneWaits) {
  std::vector<std::string> log;
  Problem p;
  const VarId x = p.add_variable("x", 1, 3);
  const VarId y = p.add_variable("y", 1, 3);
  const VarId z = p.add_variable("z", 1, 3);
  // Posted expensive first, so a single FIFO queue would run it first.
  p.add_constraint(std::make_unique<LoggedNotEqual>(x, y, "E", PropagationCost::expensive, log));
  p.add_constraint(std::make_unique<LoggedNotEqual>(x, z, "C1", PropagationCost::cheap, log));
  p.add_constraint(std::make_unique<LoggedNotEqual>(y, z, "C2", PropagationCost::cheap, log));

  Statistics stats;
  Store store(p, stats);
  SearchContext ctx(store, true);
  ASSERT_TRUE(store.assign(x, 0, nullptr));  // x = 1
  store.assignment().assign(x, 1);
  ctx.set_decision_shrank_domain(true);
  ASSERT_TRUE(inferences().get("mac").fn(ctx, x));
  // x's constraints are E and C1; C1 runs first and shrinks z, which queues C2 (cheap) before E gets its turn.
  ASSERT_GE(log.size(), 3U);
  EXPECT_EQ(log[0], "C1");
  EXPECT_EQ(log[1], "C2");
  EXPECT_EQ(log[2], "E");
  // The fixpoint: x = 1, y and z in {2, 3} (nothing more follows from x != y, x != z, y != z).
  EXPECT_EQ(store.domain(y).indices(), (std::vector<int>{1, 2}));
  EXPECT_EQ(store.domain(z).indices(), (std::vector<int>{1, 2}));
}

TEST(MacQueue, EveryConstraintIsQueuedOnceAndTheQueueEmpties) {
  std::vector<std::string> log;
  Problem p;
  const VarId a = p.add_variable("a", 1, 2);
  const VarId b = p.add_variable("b", 1, 2);
  p.add_constraint(std::make_unique<LoggedNotEqual>(a, b, "ab", PropagationCost::cheap, log));
  Statistics stats;
  Store store(p, stats);
  store.schedule(0);
  store.schedule(0);  // already queued: no second entry
  EXPECT_EQ(store.next_scheduled(), 0);
  EXPECT_EQ(store.next_scheduled(), -1);
  store.schedule(0);
  store.clear_schedule();
  EXPECT_EQ(store.next_scheduled(), -1);
}

TEST(MacQueue, BoundsConstraintsRunFirstInRoundsThatAlternateDirection) {
  std::vector<std::string> log;
  Problem p;
  std::vector<VarId> v;
  for (const char* name : {"a", "b", "c", "d", "e"}) v.push_back(p.add_variable(name, 1, 2));
  p.add_constraint(std::make_unique<LoggedNotEqual>(v[0], v[1], "K", PropagationCost::cheap, log));   // 0
  p.add_constraint(std::make_unique<LoggedNotEqual>(v[1], v[2], "A", PropagationCost::bounds, log));  // 1
  p.add_constraint(std::make_unique<LoggedNotEqual>(v[2], v[3], "B", PropagationCost::bounds, log));  // 2
  p.add_constraint(std::make_unique<LoggedNotEqual>(v[3], v[4], "C", PropagationCost::bounds, log));  // 3
  Statistics stats;
  Store store(p, stats);
  for (ConstraintId c : {0, 1, 2, 3}) store.schedule(c);
  EXPECT_EQ(store.next_scheduled(), 3);  // round 1: the bounds ones, newest first; the cheap one waits
  store.schedule(1);                     // still queued in this round: no second entry
  store.schedule(3);                     // already run: queued for the next round
  EXPECT_EQ(store.next_scheduled(), 2);
  store.schedule(2);
  EXPECT_EQ(store.next_scheduled(), 1);
  // Round 2 runs what round 1 scheduled, newest first: B (scheduled last), then C.
  EXPECT_EQ(store.next_scheduled(), 2);
  EXPECT_EQ(store.next_scheduled(), 3);
  EXPECT_EQ(store.next_scheduled(), 0);
  EXPECT_EQ(store.next_scheduled(), -1);
}

}  // namespace
}  // namespace csp
