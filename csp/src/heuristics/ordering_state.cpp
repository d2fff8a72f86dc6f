// The orderings' state of one run: live (weighted) degrees and the index of the unassigned variables.
#include "ordering_state.hpp"

#include <algorithm>
#include <memory>

#include "csp/heuristics/variable_ordering.hpp"

namespace csp::detail {

namespace {

__extension__ typedef __int128 Wide;  // a ratio's cross products: domain sizes times sums of weights

}  // namespace

// ---- LiveDegrees ---------------------------------------------------------------------------------------------

LiveDegrees::LiveDegrees(const Store& store, bool weighted)
    : weighted_(weighted),
      unassigned_(static_cast<std::size_t>(store.problem().constraint_count()), 0),
      sums_(static_cast<std::size_t>(store.problem().variable_count()), 0) {
  const Problem& p = store.problem();
  const Assignment& a = store.assignment();
  for (ConstraintId c = 0; c < p.constraint_count(); ++c) {
    int u = 0;
    for (const VarId y : p.constraint(c).scope()) u += a.is_assigned(y) ? 0 : 1;
    unassigned_[static_cast<std::size_t>(c)] = u;
    if (u >= 2) add_to_scope(p, c, weight(store, c), nullptr);
  }
}

void LiveDegrees::on_assignment_change(const Store& store, VarId x, bool assigned, std::vector<VarId>* touched) {
  const Problem& p = store.problem();
  for (const ConstraintId c : p.constraints_of(x)) {
    int& u = unassigned_[static_cast<std::size_t>(c)];
    if (assigned && --u == 1)
      add_to_scope(p, c, -weight(store, c), touched);  // c dies
    else if (!assigned && ++u == 2)
      add_to_scope(p, c, weight(store, c), touched);  // c comes back to life
  }
}

void LiveDegrees::on_weight_increment(const Problem& p, ConstraintId c, std::vector<VarId>* touched) {
  if (live(c)) add_to_scope(p, c, 1, touched);
}

void LiveDegrees::recompute(const Store& store) {
  const Problem& p = store.problem();
  std::fill(sums_.begin(), sums_.end(), 0);
  for (ConstraintId c = 0; c < p.constraint_count(); ++c)
    if (live(c)) add_to_scope(p, c, weight(store, c), nullptr);
}

void LiveDegrees::add_to_scope(const Problem& p, ConstraintId c, long long w, std::vector<VarId>* touched) {
  for (const VarId y : p.constraint(c).scope()) {
    sums_[static_cast<std::size_t>(y)] += w;
    if (touched != nullptr) touched->push_back(y);
  }
}

// ---- VariableHeap --------------------------------------------------------------------------------------------

VariableHeap::VariableHeap(int variables, bool ratio)
    : ratio_(ratio), pos_(static_cast<std::size_t>(variables), -1), key_(static_cast<std::size_t>(variables)) {
  heap_.reserve(static_cast<std::size_t>(variables));
}

bool VariableHeap::less(VarId x, VarId y) const {
  const OrderingKey& kx = key_[static_cast<std::size_t>(x)];
  const OrderingKey& ky = key_[static_cast<std::size_t>(y)];
  if (ratio_) {
    const Wide l = static_cast<Wide>(kx.a) * ky.b;
    const Wide r = static_cast<Wide>(ky.a) * kx.b;
    if (l != r) return l < r;
  } else {
    if (kx.a != ky.a) return kx.a < ky.a;
    if (kx.b != ky.b) return kx.b < ky.b;
  }
  return x < y;
}

void VariableHeap::set(VarId x, OrderingKey k) {
  key_[static_cast<std::size_t>(x)] = k;
  const int at = pos_[static_cast<std::size_t>(x)];
  if (at < 0) {
    heap_.push_back(x);
    pos_[static_cast<std::size_t>(x)] = static_cast<int>(heap_.size() - 1);
    sift_up(heap_.size() - 1);
    return;
  }
  const auto i = static_cast<std::size_t>(at);
  sift_up(i);
  sift_down(static_cast<std::size_t>(pos_[static_cast<std::size_t>(x)]));
}

void VariableHeap::erase(VarId x) {
  const int at = pos_[static_cast<std::size_t>(x)];
  if (at < 0) return;
  pos_[static_cast<std::size_t>(x)] = -1;
  const VarId last = heap_.back();
  heap_.pop_back();
  if (last == x) return;
  const auto i = static_cast<std::size_t>(at);
  place(i, last);
  sift_up(i);
  sift_down(static_cast<std::size_t>(pos_[static_cast<std::size_t>(last)]));
}

void VariableHeap::sift_up(std::size_t i) {
  const VarId x = heap_[i];
  while (i > 0) {
    const std::size_t parent = (i - 1) / 2;
    if (!less(x, heap_[parent])) break;
    place(i, heap_[parent]);
    i = parent;
  }
  place(i, x);
}

void VariableHeap::sift_down(std::size_t i) {
  const VarId x = heap_[i];
  const std::size_t n = heap_.size();
  for (;;) {
    std::size_t child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && less(heap_[child + 1], heap_[child])) ++child;
    if (!less(heap_[child], x)) break;
    place(i, heap_[child]);
    i = child;
  }
  place(i, x);
}

// ---- OrderingState -------------------------------------------------------------------------------------------

OrderingState& OrderingState::of(SearchContext& ctx) {
  std::shared_ptr<void>& slot = ctx.strategy_state();
  if (!slot) slot = std::shared_ptr<OrderingState>(new OrderingState(ctx));
  return *static_cast<OrderingState*>(slot.get());
}

OrderingState::OrderingState(SearchContext& ctx)
    : mirror_(ctx.assignment().assigned_flags()), stamp_(static_cast<std::size_t>(ctx.problem().variable_count()), 0) {
  ctx.store().assignment().set_change_log(true);
}

const LiveDegrees& OrderingState::degrees(SearchContext& ctx, bool weighted) {
  std::optional<LiveDegrees>& d = weighted ? weighted_ : unit_;
  sync(ctx);
  if (!d) {  // made from the flags and weights as they are now (sync has just brought the mirror to them)
    if (weighted) ctx.store().take_weight_changes(weight_changes_);
    d.emplace(ctx.store(), weighted);
  }
  return *d;
}

VarId OrderingState::select(SearchContext& ctx, Measure measure) {
  if (!heap_ || measure_ != measure)
    build_index(ctx, measure);
  else
    sync(ctx);
  return heap_->top();
}

void OrderingState::build_index(SearchContext& ctx, Measure measure) {
  if (measure == Measure::degree || measure == Measure::mrv_degree) degrees(ctx, false);
  if (measure == Measure::dom_wdeg) degrees(ctx, true);
  sync(ctx);
  measure_ = measure;
  const Problem& p = ctx.problem();
  heap_.emplace(p.variable_count(), measure == Measure::dom_wdeg);
  cursor_ = Store::ChangeCursor{};
  ctx.store().domain_changes(cursor_, changes_);  // reads the whole trail: later undos below here are seen
  changes_.clear();
  const Assignment& a = ctx.assignment();
  for (VarId x = 0; x < p.variable_count(); ++x)
    if (!a.is_assigned(x)) heap_->set(x, key(ctx, x));
}

void OrderingState::sync(SearchContext& ctx) {
  Store& store = ctx.store();
  const Problem& p = store.problem();
  next_generation();
  dirty_.clear();
  touched_.clear();
  std::vector<VarId>* touched = heap_ ? &touched_ : nullptr;
  // Weights first, by the liveness of the last sync: the assignment changes below then add or take away each
  // constraint's weight as it is now (the other order would take away weight a dying constraint never added).
  if (weighted_) {
    if (store.take_weight_changes(weight_changes_)) {
      for (const ConstraintId c : weight_changes_) weighted_->on_weight_increment(p, c, touched);
    } else {
      weighted_->recompute(store);
      if (touched != nullptr)
        for (VarId x = 0; x < p.variable_count(); ++x) touched->push_back(x);
    }
  }
  store.assignment().take_changes(changes_);
  const std::vector<char>& flags = store.assignment().assigned_flags();
  for (const VarId x : changes_) {
    const auto i = static_cast<std::size_t>(x);
    if (flags[i] == mirror_[i]) continue;  // assigned and unassigned again since, or logged twice
    mirror_[i] = flags[i];
    const bool assigned = flags[i] != 0;
    if (touched != nullptr) touched->push_back(x);
    if (weighted_) weighted_->on_assignment_change(store, x, assigned, touched);
    if (unit_) unit_->on_assignment_change(store, x, assigned, touched);
  }
  if (!heap_) return;
  store.domain_changes(cursor_, touched_);
  for (const VarId x : touched_) mark(x);
  const Assignment& a = store.assignment();
  for (const VarId x : dirty_) {
    if (a.is_assigned(x))
      heap_->erase(x);
    else
      heap_->set(x, key(ctx, x));
  }
}

OrderingKey OrderingState::key(SearchContext& ctx, VarId x) const {
  const Store& s = ctx.store();
  const Domain& d = s.domain(x);
  const long long size = d.size();
  const auto i = static_cast<std::size_t>(x);
  switch (measure_) {
    case Measure::mrv:
      return {size, 0};
    case Measure::anti_mrv:
      return {-size, 0};
    case Measure::smallest:
      return {size == 0 ? 0 : static_cast<long long>(s.value(x, d.min())), 0};
    case Measure::largest:
      return {size == 0 ? 0 : -static_cast<long long>(s.value(x, d.max())), 0};
    case Measure::max_regret:
      return {-regret(s, x), 0};
    case Measure::degree:
      return {-unit_->sums()[i], 0};
    case Measure::mrv_degree:
      return {size, -unit_->sums()[i]};
    case Measure::dom_wdeg:
      return {size, std::max(1LL, weighted_->sums()[i])};
  }
  return {size, 0};
}

}  // namespace csp::detail
