// The reasons of the literal trail's events (reasons.hpp).
#include "reasons.hpp"

namespace csp::detail::lcg {

namespace {

// The past domains of a propagate call that started when the trail held `t` events (Constraint::explain).
class PastAt final : public PastDomains {
 public:
  PastAt(const Problem& p, const LiteralTrail& trail, int t) : p_(p), trail_(trail), t_(t) {}
  const Problem& problem() const override { return p_; }
  bool contains(VarId x, int i) const override { return trail_.contained(x, i, t_); }
  int fixed_index(VarId x) const override { return trail_.fixed_index(x, t_); }

 private:
  const Problem& p_;
  const LiteralTrail& trail_;
  int t_;
};

// A constraint's reason as trail events; a literal that did not hold then makes the reason invalid (the search
// then takes the scope's domains, so a constraint's mistake costs strength, never a wrong clause).
class EventReason final : public Explanation {
 public:
  EventReason(const LiteralTrail& trail, int t, std::vector<int>& out) : trail_(trail), t_(t), out_(out) {}
  void fixed(VarId x) override {
    if (trail_.fixed_index(x, t_) < 0) valid_ = false;
    trail_.domain_events(x, t_, out_);
  }
  void removed(VarId x, int i) override {
    const int r = trail_.removal(x, i);
    if (r == LiteralTrail::kPresent || r >= t_)
      valid_ = false;
    else if (r >= 0)
      out_.push_back(r);
  }
  void domain(VarId x) override { trail_.domain_events(x, t_, out_); }
  bool valid() const { return valid_; }

 private:
  const LiteralTrail& trail_;
  int t_;
  std::vector<int>& out_;
  bool valid_ = true;
};

}  // namespace

// The constraint's own reason for the removal ev when it gives a valid one, else its scope's domains then.
void Reasons::constraint_reason(const Event& ev, std::vector<int>& out, bool count) {
  const Constraint& c = p_.constraint(ev.ref);
  const std::size_t mark = out.size();
  const PastAt then(p_, trail_, ev.start);
  EventReason why(trail_, ev.start, out);
  if (c.explain(then, c.position_of(ev.var), ev.index, why) && why.valid()) {
    if (count) ++counters_.own_explanations;
    return;
  }
  out.resize(mark);
  if (count) ++counters_.scope_explanations;
  scope_reason(c, ev.start, out);
}

// The earlier events that imply event e.
void Reasons::antecedents(int e, std::vector<int>& out, bool count) {
  const Event& ev = trail_.event(e);
  switch (ev.reason) {
    case Reason::decision:
    case Reason::bound:  // level 0 only, which analysis never resolves
      return;
    case Reason::by_decision:
      out.push_back(ev.ref);
      return;
    case Reason::fixed:
      trail_.removals_before(ev.var, e, out);
      return;
    case Reason::constraint:
      constraint_reason(ev, out, count);
      return;
    case Reason::clause: {
      const std::span<const Lit> lits = clauses_.literals(ev.ref);
      for (std::size_t m = 1; m < lits.size(); ++m) trail_.falsifying_events(lits[m], e, out);
      return;
    }
  }
}

// The events that together contradict the model (the failure's explanation).
void Reasons::conflict_events(const Conflict& failure, std::vector<int>& out) const {
  if (failure.reason == Reason::constraint) {
    scope_reason(p_.constraint(failure.ref), failure.start, out);
    return;
  }
  for (const Lit& l : clauses_.literals(failure.ref)) trail_.falsifying_events(l, trail_.size(), out);
}

}  // namespace csp::detail::lcg
