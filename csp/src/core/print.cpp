// Printing of Domain, Assignment and Problem.
#include "csp/core/print.hpp"

#include <ostream>
#include <sstream>

namespace csp {

namespace {

constexpr int kMaxItems = 100;

// Writes the indices of d as runs of consecutive values of var (var null: the indices themselves).
void write_runs(std::ostream& os, const Domain& d, const Variable* var) {
  const bool by_index = var == nullptr || var->is_range();  // consecutive indices are consecutive values
  const auto value = [&](int i) -> long long { return var == nullptr ? i : var->value(i); };
  os << '{';
  int items = 0;
  for (int i = d.min(); i >= 0;) {
    // The run starting at i: its last index j.
    int j = i;
    if (by_index) {
      int a = i;
      int b = d.max();  // count_in(i, j) == j - i + 1 holds for j = a, maybe up to b
      while (a < b) {
        const int mid = a + (b - a + 1) / 2;
        if (d.count_in(i, mid) == mid - i + 1)
          a = mid;
        else
          b = mid - 1;
      }
      j = a;
    } else {
      for (int k = d.next(j); k >= 0 && value(k) == value(j) + 1; k = d.next(k)) j = k;
    }
    if (items == kMaxItems) {
      os << ", ... (" << d.size() << " values)";
      break;
    }
    if (items > 0) os << ", ";
    if (j - i >= 2) {
      os << value(i) << ".." << value(j);
    } else {
      os << value(i);
      if (j > i) os << ", " << value(j);
    }
    ++items;
    i = d.next(j);
  }
  os << '}';
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const Domain& d) {
  write_runs(os, d, nullptr);
  return os;
}

std::string domain_values(const Domain& d, const Variable& var) {
  std::ostringstream os;
  write_runs(os, d, &var);
  return os.str();
}

std::ostream& operator<<(std::ostream& os, const Assignment& a) {
  os << '{';
  bool first = true;
  for (VarId x = 0; x < a.variable_count(); ++x) {
    if (!a.is_assigned(x)) continue;
    os << (first ? "" : ", ") << '#' << x << '=' << a.value(x);
    first = false;
  }
  return os << '}';
}

std::ostream& operator<<(std::ostream& os, const Problem& p) {
  const int n = p.variable_count();
  const int m = p.constraint_count();
  os << n << (n == 1 ? " variable:\n" : " variables:\n");
  for (VarId x = 0; x < n; ++x)
    os << "  " << p.variable(x).name() << " in " << domain_values(p.initial_domain(x), p.variable(x)) << '\n';
  os << m << (m == 1 ? " constraint:\n" : " constraints:\n");
  for (ConstraintId c = 0; c < m; ++c) {
    const Constraint& con = p.constraint(c);
    os << "  " << con.name() << " on (";
    for (std::size_t k = 0; k < con.scope().size(); ++k)
      os << (k == 0 ? "" : ", ") << p.variable(con.scope()[k]).name();
    os << ")\n";
  }
  return os;
}

}  // namespace csp
