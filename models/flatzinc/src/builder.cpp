// Building a FlatZinc syntax tree onto a csp::Problem: declarations to variables (aliases merged, annotated search
// variables first), constraint items to builtins, output and solve items.
#include <algorithm>
#include <climits>
#include <unordered_map>

#include "csp/models/flatzinc/model.hpp"
#include "csp/models/flatzinc/parser.hpp"

namespace csp::models::flatzinc {

namespace {

// A term before the problem's variables exist: a FlatZinc variable index, or a constant.
struct RawTerm {
  int fvar = -1;
  long long value = 0;
};

struct FznVar {
  std::string name;
  IntSet domain;
  bool bounded = true;
  bool is_bool = false;
  int alias = -1;  // another FznVar this one equals
  int line = 0;
  bool introduced = false;  // var_is_introduced without is_defined_var: an auxiliary with free choices
};

struct Symbol {
  enum class Kind { constant, set, array, set_array, var };
  Kind kind = Kind::constant;
  bool is_bool = false;
  long long value = 0;
  IntSet set;
  std::vector<RawTerm> elements;  // arrays (of parameters or variables); var: one element
  std::vector<IntSet> sets;
  const Declaration* declaration = nullptr;
};

class Builder {
 public:
  Builder(Model& model, std::string source, const BuildOptions& options) : model_(model), options_(options) {
    out_.source = std::move(source);
  }

  FlatZincModel build() {
    for (const Declaration& d : model_.declarations) declare(d);
    merge_equal_variables();
    restrict_element_results();
    create_variables();
    resolve_outputs();
    resolve_solve();
    Poster poster(out_.problem, options_.all_different, options_.globals);
    std::size_t posted = 0;
    for (ConstraintItem& item : model_.constraints) {
      if (++posted % 4096 == 0 && options_.stop && options_.stop()) throw ReadStopped();
      Call call = resolve_call(item);
      if (!out_.unbounded.empty()) refuse_out_of_range_constants(call);
      const Builtin* b = find_builtin(call.name);
      bool holds = true;
      try {
        holds = b->post(poster, call);
      } catch (const FlatZincError&) {
        throw;
      } catch (const ModelError& e) {
        fail(item.line, e.what());
      }
      if (!holds && out_.unsatisfiable.empty())
        out_.unsatisfiable = out_.source + ":" + std::to_string(item.line) + ": " + call.name + " cannot hold";
      out_.calls.push_back(std::move(call));
      item = ConstraintItem{};  // posted: its syntax tree is freed now, so the peak is not the tree plus the model
    }
    return std::move(out_);
  }

 private:
  Model& model_;  // build_flatzinc's own copy: the constraint items are freed as they are posted
  BuildOptions options_;
  FlatZincModel out_;
  std::unordered_map<std::string, Symbol> symbols_;
  std::vector<FznVar> fvars_;
  std::vector<VarId> ids_;  // FznVar index -> VarId (roots only)

  [[noreturn]] void fail(int line, const std::string& why) const {
    throw FlatZincError(out_.source + ":" + std::to_string(line) + ": " + why);
  }

  int root(int v) const {
    while (fvars_[static_cast<std::size_t>(v)].alias >= 0) v = fvars_[static_cast<std::size_t>(v)].alias;
    return v;
  }

  const Symbol& lookup(const std::string& name, int line) const {
    const auto it = symbols_.find(name);
    if (it == symbols_.end()) fail(line, "'" + name + "' is not declared");
    return it->second;
  }

  // A scalar parameter expression or a variable reference, before variables exist.
  RawTerm raw_term(const Expr& e) const {
    switch (e.kind) {
      case Expr::Kind::integer:
      case Expr::Kind::boolean:
        return {-1, e.value};
      case Expr::Kind::identifier: {
        const Symbol& s = lookup(e.name, e.line);
        if (s.kind == Symbol::Kind::constant) return {-1, s.value};
        if (s.kind == Symbol::Kind::var) return s.elements.front();
        fail(e.line, "'" + e.name + "' is an array or a set where an int or bool is expected");
      }
      case Expr::Kind::access: {
        const Symbol& s = lookup(e.name, e.line);
        if (s.kind != Symbol::Kind::array) fail(e.line, "'" + e.name + "' is not an array");
        if (e.value < 1 || e.value > static_cast<long long>(s.elements.size()))
          fail(e.line, "index " + std::to_string(e.value) + " out of '" + e.name + "' (1.." +
                           std::to_string(s.elements.size()) + ")");
        return s.elements[static_cast<std::size_t>(e.value - 1)];
      }
      case Expr::Kind::floating:
        fail(e.line, "float value " + e.name + ": floats are not supported");
      default:
        fail(e.line, "expected an int or bool");
    }
  }

  std::vector<RawTerm> raw_array(const Expr& e) const {
    if (e.kind == Expr::Kind::identifier) {
      const Symbol& s = lookup(e.name, e.line);
      if (s.kind != Symbol::Kind::array) fail(e.line, "'" + e.name + "' is not an array of int or bool");
      return s.elements;
    }
    if (e.kind != Expr::Kind::array) fail(e.line, "expected an array");
    std::vector<RawTerm> out;
    for (const Expr& item : e.items) out.push_back(raw_term(item));
    return out;
  }

  IntSet set_value(const Expr& e) const {
    if (e.kind == Expr::Kind::set) return e.set;
    if (e.kind == Expr::Kind::identifier) {
      const Symbol& s = lookup(e.name, e.line);
      if (s.kind == Symbol::Kind::set) return s.set;
    }
    if (e.kind == Expr::Kind::access) {
      const Symbol& s = lookup(e.name, e.line);
      if (s.kind == Symbol::Kind::set_array && e.value >= 1 && e.value <= static_cast<long long>(s.sets.size()))
        return s.sets[static_cast<std::size_t>(e.value - 1)];
    }
    fail(e.line, "expected a set of int");
  }

  int new_var(const std::string& name, const Type& t, int line) {
    FznVar v;
    v.name = name;
    v.line = line;
    v.is_bool = t.base == Type::Base::boolean;
    if (v.is_bool)
      v.domain.add(0, 1);
    else if (t.domain)
      v.domain = *t.domain;
    else
      v.bounded = false;
    fvars_.push_back(std::move(v));
    return static_cast<int>(fvars_.size()) - 1;
  }

  // x = value: an alias of a variable, or a fixed value.
  void bind(int x, const RawTerm& value, int line) {
    if (value.fvar >= 0) {
      const int a = root(value.fvar);
      const int b = root(x);
      if (a == b) return;
      FznVar& va = fvars_[static_cast<std::size_t>(a)];
      FznVar& vb = fvars_[static_cast<std::size_t>(b)];
      if (vb.bounded) va.domain = va.bounded ? intersect(va.domain, vb.domain) : vb.domain;
      va.bounded = va.bounded || vb.bounded;
      vb.alias = a;
      va.introduced = va.introduced && vb.introduced;  // auxiliary only when both were
      if (va.bounded && va.domain.empty())
        unsatisfiable(line, "'" + vb.name + "' and '" + va.name + "' share no value");
      return;
    }
    FznVar& v = fvars_[static_cast<std::size_t>(root(x))];
    if (v.bounded && !v.domain.contains(value.value))
      unsatisfiable(line, "'" + v.name + "' cannot be " + std::to_string(value.value));
    v.domain = IntSet{};
    v.domain.add(value.value, value.value);
    v.bounded = true;
  }

  // bool2int(b, i), int_eq(x, y) and bool_eq(x, y) between two variables: one variable (as `var ..: x = y;`), so
  // no constraint and no second variable for the search to carry. The call stays in the model (it then holds
  // trivially, and the check still evaluates it). A call whose arguments are malformed is left to its builtin,
  // which reports it.
  void merge_equal_variables() {
    for (const ConstraintItem& item : model_.constraints) {
      if (item.args.size() != 2 || (item.name != "bool2int" && item.name != "int_eq" && item.name != "bool_eq"))
        continue;
      try {
        const RawTerm a = raw_term(item.args[0]);
        const RawTerm b = raw_term(item.args[1]);
        if (a.fvar >= 0 && b.fvar >= 0) bind(b.fvar, a, item.line);
      } catch (const FlatZincError&) {
      }
    }
  }

  void unsatisfiable(int line, const std::string& why) {
    if (out_.unsatisfiable.empty()) out_.unsatisfiable = out_.source + ":" + std::to_string(line) + ": " + why;
  }

  // One merge over the two sorted lists of disjoint ranges: O(|a| + |b|). The pieces come out sorted and never
  // adjacent (two adjacent values in both sets lie in one range of each).
  static IntSet intersect(const IntSet& a, const IntSet& b) {
    IntSet out;
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < a.ranges.size() && j < b.ranges.size()) {
      const auto& [lo1, hi1] = a.ranges[i];
      const auto& [lo2, hi2] = b.ranges[j];
      const long long lo = std::max(lo1, lo2);
      const long long hi = std::min(hi1, hi2);
      if (lo <= hi) out.ranges.emplace_back(lo, hi);
      if (hi1 < hi2) {
        ++i;
      } else {
        ++j;
      }
    }
    return out;
  }

  // array_int_element(i, [c1, ..., cn], r) / array_bool_element over constants: r is one of the c_k whose index k
  // i may take (1..n, within i's declared domain), so r's domain becomes those values (intersected with its own),
  // and then i's the indices k whose c_k is left in r's, before the variables are made: the search and every other
  // constraint on r and i see no value the element rules out. A call whose arguments are malformed, or whose
  // array holds a variable, is left to its builtin.
  void restrict_element_results() {
    for (const ConstraintItem& item : model_.constraints) {
      if (item.args.size() != 3 || (item.name != "array_int_element" && item.name != "array_bool_element")) continue;
      try {
        const RawTerm index = raw_term(item.args[0]);
        const std::vector<RawTerm> array = raw_array(item.args[1]);
        const RawTerm result = raw_term(item.args[2]);
        if (result.fvar < 0) continue;
        if (std::any_of(array.begin(), array.end(), [](const RawTerm& t) { return t.fvar >= 0; })) continue;
        const FznVar* index_var = index.fvar >= 0 ? &fvars_[static_cast<std::size_t>(root(index.fvar))] : nullptr;
        std::vector<long long> values;
        for (std::size_t k = 0; k < array.size(); ++k) {
          const auto i = static_cast<long long>(k) + 1;
          const bool possible =
              index_var == nullptr ? i == index.value : !index_var->bounded || index_var->domain.contains(i);
          if (possible) values.push_back(array[k].value);
        }
        std::sort(values.begin(), values.end());
        IntSet allowed;
        for (long long v : values) {
          const long long last = allowed.ranges.empty() ? 0 : allowed.ranges.back().second;
          if (!allowed.ranges.empty() && (v <= last || (last < LLONG_MAX && v == last + 1))) {
            allowed.ranges.back().second = std::max(allowed.ranges.back().second, v);
          } else {
            allowed.ranges.emplace_back(v, v);
          }
        }
        FznVar& r = fvars_[static_cast<std::size_t>(root(result.fvar))];
        r.domain = r.bounded ? intersect(r.domain, allowed) : allowed;
        r.bounded = true;
        if (r.domain.empty())
          unsatisfiable(item.line, "'" + r.name + "' can take no value of the array of " + item.name);
        if (index.fvar < 0) continue;
        // The index, in turn, to the positions whose value r may take (so `var int` indices get bounds too).
        IntSet positions;
        for (std::size_t k = 0; k < array.size(); ++k) {
          if (!r.domain.contains(array[k].value)) continue;
          const auto i = static_cast<long long>(k) + 1;
          if (!positions.ranges.empty() && positions.ranges.back().second + 1 == i) {
            positions.ranges.back().second = i;
          } else {
            positions.ranges.emplace_back(i, i);
          }
        }
        FznVar& iv = fvars_[static_cast<std::size_t>(root(index.fvar))];
        iv.domain = iv.bounded ? intersect(iv.domain, positions) : positions;
        iv.bounded = true;
      } catch (const FlatZincError&) {
      }
    }
  }

  void declare(const Declaration& d) {
    if (symbols_.count(d.name) != 0) fail(d.line, "'" + d.name + "' is declared twice");
    Symbol s;
    s.declaration = &d;
    s.is_bool = d.type.base == Type::Base::boolean;
    const bool is_set = d.type.base == Type::Base::set_of_int;
    if (d.type.base == Type::Base::floating) {  // float parameters: kept out of the symbol table
      symbols_.emplace(d.name, Symbol{Symbol::Kind::set, false, 0, {}, {}, {}, &d});
      floats_.push_back(d.name);
      return;
    }
    if (d.type.array_size < 0) {
      if (!d.type.is_var) {
        if (is_set) {
          s.kind = Symbol::Kind::set;
          s.set = set_value(*d.value);
        } else {
          s.kind = Symbol::Kind::constant;
          const RawTerm t = raw_term(*d.value);
          if (t.fvar >= 0) fail(d.line, "parameter '" + d.name + "' set to a variable");
          s.value = t.value;
        }
      } else {
        s.kind = Symbol::Kind::var;
        const int x = new_var(d.name, d.type, d.line);
        fvars_[static_cast<std::size_t>(x)].introduced =
            find_annotation(d.annotations, "var_is_introduced") != nullptr &&
            find_annotation(d.annotations, "is_defined_var") == nullptr &&
            find_annotation(d.annotations, "output_var") == nullptr;
        if (d.value) bind(x, raw_term(*d.value), d.line);
        s.elements.push_back({x, 0});
      }
    } else if (is_set) {
      s.kind = Symbol::Kind::set_array;
      if (d.value->kind != Expr::Kind::array) fail(d.line, "expected an array of sets");
      for (const Expr& item : d.value->items) s.sets.push_back(set_value(item));
    } else {
      s.kind = Symbol::Kind::array;
      if (d.value) {
        s.elements = raw_array(*d.value);
        if (static_cast<long long>(s.elements.size()) != d.type.array_size)
          fail(d.line, "array '" + d.name + "' declared with " + std::to_string(d.type.array_size) + " elements has " +
                           std::to_string(s.elements.size()));
        if (d.type.is_var && d.type.domain)  // array [..] of var 1..5: x = [...]: each element within 1..5
          for (const RawTerm& t : s.elements) {
            if (t.fvar < 0) continue;
            FznVar& v = fvars_[static_cast<std::size_t>(root(t.fvar))];
            v.domain = v.bounded ? intersect(v.domain, *d.type.domain) : *d.type.domain;
            v.bounded = true;
            if (v.domain.empty()) unsatisfiable(d.line, "'" + v.name + "' has no value left in '" + d.name + "'");
          }
      } else if (d.type.is_var) {
        for (long long i = 1; i <= d.type.array_size; ++i)
          s.elements.push_back({new_var(d.name + "[" + std::to_string(i) + "]", d.type, d.line), 0});
      }
      for (const RawTerm& t : s.elements)
        if (!d.type.is_var && t.fvar >= 0) fail(d.line, "parameter array '" + d.name + "' holds a variable");
    }
    symbols_.emplace(d.name, std::move(s));
  }
  std::vector<std::string> floats_;

  // One int_search / bool_search of the annotation: where its variables end in the annotated order, and its
  // variable selection and value choice as MiniZinc names them.
  struct PhaseMark {
    std::size_t end = 0;
    std::string selection, choice, split;
  };

  // The variables of the search annotations, in order (int_search, bool_search, seq_search), one mark per phase.
  void annotated_variables(const Expr& a, std::vector<int>& order, std::vector<PhaseMark>& marks) const {
    if (a.kind != Expr::Kind::call) return;
    if (a.name == "seq_search" && !a.items.empty() && a.items[0].kind == Expr::Kind::array) {
      for (const Expr& inner : a.items[0].items) annotated_variables(inner, order, marks);
      return;
    }
    if ((a.name == "int_search" || a.name == "bool_search") && !a.items.empty()) {
      for (const RawTerm& t : raw_array(a.items[0]))
        if (t.fvar >= 0) order.push_back(root(t.fvar));
      PhaseMark m;
      m.end = order.size();
      if (a.items.size() >= 3) {
        if (a.items[1].kind == Expr::Kind::identifier) m.selection = a.items[1].name;
        if (a.items[2].kind == Expr::Kind::identifier) m.choice = a.items[2].name;
      }
      marks.push_back(std::move(m));
    }
  }

  // csp's names for a MiniZinc variable selection / value choice ("" when unknown), with a note when csp has no
  // exact equivalent.
  std::string map_selection(const std::string& name) {
    static const std::unordered_map<std::string, std::string> variable = {
        {"input_order", "first"},           {"first_fail", "mrv"},    {"dom_w_deg", "dom-wdeg"},
        {"most_constrained", "mrv-degree"}, {"occurrence", "degree"}, {"anti_first_fail", "anti-mrv"},
        {"smallest", "smallest"},           {"largest", "largest"},   {"max_regret", "max-regret"}};
    const auto it = variable.find(name);
    if (it == variable.end()) {
      note("unknown variable selection '" + name + "' ignored");
      return "";
    }
    return it->second;
  }

  // The value choices that bisect (x <= mid, else x > mid) or exclude a value (x != v, else x = v) are enumerated in
  // the order their branching tries the values (ascending for split, descending for reverse_split, ...): exact
  // while the phase's selection keeps the variable (input_order); a dynamic selection may re-select between the
  // halves, which this enumeration does not (noted).
  std::string map_choice(const std::string& name) {
    static const std::unordered_map<std::string, std::string> value = {
        {"indomain_min", "natural"},         {"indomain", "natural"},           {"indomain_max", "max"},
        {"indomain_median", "median"},       {"indomain_middle", "middle"},     {"indomain_random", "random"},
        {"indomain_split", "natural"},       {"indomain_reverse_split", "max"}, {"indomain_interval", "natural"},
        {"indomain_split_random", "random"}, {"outdomain_min", "max"},          {"outdomain_max", "natural"},
        {"outdomain_random", "random"}};
    const auto it = value.find(name);
    if (it == value.end()) {
      note("unknown value choice '" + name + "' ignored");
      return "";
    }
    if (name == "indomain_split" || name == "indomain_reverse_split")
      note(name + " enumerated as " + it->second +
           " (the order its branching tries the values; with --branching "
           "binary it bisects the domain, when every phase of the annotation does)");
    else if (name.find("split") != std::string::npos || name == "indomain_interval" || name.rfind("outdomain", 0) == 0)
      note(name + " enumerated as " + it->second + " (the order its branching tries the values)");
    return it->second;
  }

  void note(const std::string& text) {
    std::vector<std::string>& notes = out_.search.notes;
    if (std::find(notes.begin(), notes.end(), text) == notes.end()) notes.push_back(text);
  }

  void create_variables() {
    std::vector<int> order;
    std::vector<PhaseMark> marks;
    if (options_.use_annotations) {
      for (const Expr& a : model_.solve.annotations) annotated_variables(a, order, marks);
      for (PhaseMark& m : marks) {  // the names of the first phase are the annotation's (SearchAnnotation)
        m.split = m.choice == "indomain_split" ? "split" : m.choice == "indomain_reverse_split" ? "reverse-split" : "";
        m.selection = map_selection(m.selection);
        m.choice = map_choice(m.choice);
      }
      if (!marks.empty()) {
        out_.search.variable_ordering = marks.front().selection;
        out_.search.value_ordering = marks.front().choice;
      }
    }
    // Then the other variables, the auxiliary ones (introduced, not defined, not output) last: they are not part
    // of what tells two solutions apart.
    std::vector<char> in_output(fvars_.size(), 0);
    for (const Declaration& d : model_.declarations) {
      if (find_annotation(d.annotations, "output_array") == nullptr) continue;
      for (const RawTerm& t : symbols_.at(d.name).elements)
        if (t.fvar >= 0) in_output[static_cast<std::size_t>(root(t.fvar))] = 1;
    }
    for (int v : order) in_output[static_cast<std::size_t>(v)] = 1;  // annotated: a search variable too
    const auto auxiliary = [&](int v) {
      return fvars_[static_cast<std::size_t>(v)].introduced && in_output[static_cast<std::size_t>(v)] == 0;
    };
    std::vector<int> aux;
    for (int v = 0; v < static_cast<int>(fvars_.size()); ++v) {
      if (fvars_[static_cast<std::size_t>(v)].alias >= 0) continue;
      if (auxiliary(v))
        aux.push_back(v);
      else
        order.push_back(v);
    }
    std::vector<char> seen(fvars_.size(), 0);
    for (int v : order) seen[static_cast<std::size_t>(v)] = 1;
    out_.search_variable_count = 0;
    for (int v = 0; v < static_cast<int>(fvars_.size()); ++v)
      out_.search_variable_count += seen[static_cast<std::size_t>(v)];
    order.insert(order.end(), aux.begin(), aux.end());
    ids_.assign(fvars_.size(), -1);
    out_.problem.reserve(static_cast<int>(fvars_.size()), static_cast<int>(model_.constraints.size()));
    std::size_t next_mark = 0;
    const auto close_phases = [&](std::size_t position) {  // phases ending before order[position]
      for (; next_mark < marks.size() && marks[next_mark].end <= position; ++next_mark) {
        SearchPhase phase;
        phase.begin = out_.search.phases.empty() ? 0 : out_.search.phases.back().end;
        phase.end = out_.problem.variable_count();
        phase.variable_ordering = marks[next_mark].selection;
        phase.value_ordering = marks[next_mark].choice;
        phase.split = marks[next_mark].split;
        out_.search.phases.push_back(std::move(phase));
      }
    };
    for (std::size_t position = 0; position < order.size(); ++position) {
      close_phases(position);
      const int v = order[position];
      if (ids_[static_cast<std::size_t>(v)] >= 0) continue;
      const FznVar& f = fvars_[static_cast<std::size_t>(v)];
      IntSet domain = f.domain;
      if (!f.bounded) domain = IntSet{{{-kWidestDomain, kWidestDomain}}};  // an interval: no value list is built
      if (domain.empty()) {  // proved unsatisfiable while declaring: keep a value so the model can be built
        domain.add(0, 0);
        unsatisfiable(f.line, "'" + f.name + "' has an empty domain");
      }
      const long long lo = domain.ranges.front().first;
      const long long hi = domain.ranges.back().second;
      if (lo < -kWidestDomain || hi > kWidestDomain)
        fail(f.line, "variable '" + f.name + "': domain " + domain.to_string() +
                         " is wider than csp takes (-1073741823..1073741823)");
      VarId x = -1;
      if (domain.ranges.size() == 1) {
        x = out_.problem.add_variable(f.name, static_cast<Value>(lo), static_cast<Value>(hi));
      } else {
        if (domain.size() > 10'000'000)
          fail(f.line, "variable '" + f.name + "': a domain with holes of more than 10,000,000 values");
        std::vector<Value> values;
        for (const auto& [a, b] : domain.ranges)
          for (long long w = a; w <= b; ++w) values.push_back(static_cast<Value>(w));
        x = out_.problem.add_variable(f.name, std::move(values));
      }
      ids_[static_cast<std::size_t>(v)] = x;
      if (!f.bounded) out_.unbounded.push_back(x);
    }
    close_phases(order.size());
  }

  Term term(const RawTerm& t) const {
    if (t.fvar < 0) return Term{-1, t.value};
    return Term{ids_[static_cast<std::size_t>(root(t.fvar))], 0};
  }

  void resolve_outputs() {
    for (const Declaration& d : model_.declarations) {
      const Expr* var_ann = find_annotation(d.annotations, "output_var");
      const Expr* array_ann = find_annotation(d.annotations, "output_array");
      if (var_ann == nullptr && array_ann == nullptr) continue;
      const Symbol& s = symbols_.at(d.name);
      OutputItem o;
      o.name = d.name;
      o.is_bool = d.type.base == Type::Base::boolean;
      if (array_ann != nullptr) {
        if (s.kind != Symbol::Kind::array) fail(d.line, "output_array on '" + d.name + "', which is not an array");
        o.is_array = true;
        if (array_ann->kind != Expr::Kind::call || array_ann->items.size() != 1 ||
            array_ann->items[0].kind != Expr::Kind::array)
          fail(d.line, "output_array of '" + d.name + "' needs a list of index sets, e.g. output_array([1..3])");
        long long cells = 1;
        for (const Expr& dim : array_ann->items[0].items) {
          o.dimensions.push_back(set_value(dim));
          const IntSet& set = o.dimensions.back();
          if (set.ranges.size() > 1)
            fail(d.line, "output_array of '" + d.name + "': index set " + set.to_string() + " is not a range lo..hi");
          if (__builtin_mul_overflow(cells, set.size(), &cells)) cells = -1;
        }
        if (cells != static_cast<long long>(s.elements.size()))
          fail(d.line, "output_array of '" + d.name + "': its index sets hold " +
                           (cells < 0 ? std::string("too many") : std::to_string(cells)) + " elements, the array has " +
                           std::to_string(s.elements.size()));
        for (const RawTerm& t : s.elements) o.terms.push_back(term(t));
      } else {
        if (s.kind != Symbol::Kind::var && s.kind != Symbol::Kind::constant)
          fail(d.line, "output_var on '" + d.name + "', which is not a variable");
        o.terms.push_back(s.kind == Symbol::Kind::var ? term(s.elements.front()) : Term{-1, s.value});
      }
      out_.outputs.push_back(std::move(o));
    }
  }

  void resolve_solve() {
    out_.goal = model_.solve.goal;
    if (model_.solve.objective) out_.objective = term(raw_term(*model_.solve.objective));
  }

  // A constraint on a variable without bounds (read as -kWidestDomain..kWidestDomain) must not need a value outside
  // that range: a constant there is refused, with the limit named, rather than answered "unsatisfiable".
  void refuse_out_of_range_constants(const Call& call) const {
    bool touches_unbounded = false;
    for (const Arg& a : call.args)
      for (const Term& t : a.terms)
        if (t.is_var() && std::binary_search(out_.unbounded.begin(), out_.unbounded.end(), t.var))
          touches_unbounded = true;
    if (!touches_unbounded) return;
    for (const Arg& a : call.args)
      for (const Term& t : a.terms)
        if (!t.is_var() && (t.value < -kWidestDomain || t.value > kWidestDomain))
          fail(call.line, call.name + ": value " + std::to_string(t.value) + " is outside -" +
                              std::to_string(kWidestDomain) + ".." + std::to_string(kWidestDomain) +
                              ", the range csp gives a variable without bounds (var int)");
  }

  Call resolve_call(const ConstraintItem& item) const {
    Call c;
    c.name = item.name;
    c.line = item.line;
    if (c.name == "bool_xor" && item.args.size() == 3) c.name = "bool_xor_reif";  // r <-> a xor b
    const Builtin* b = find_builtin(c.name);
    if (b == nullptr)
      fail(item.line, "unknown constraint '" + item.name + "': csp has no builtin of that name (see 'csp fzn --help')");
    if (b->signature.size() != item.args.size())
      fail(item.line, item.name + " takes " + std::to_string(b->signature.size()) + " arguments, not " +
                          std::to_string(item.args.size()));
    for (std::size_t i = 0; i < item.args.size(); ++i) {
      const Expr& e = item.args[i];
      if (e.kind == Expr::Kind::identifier && std::find(floats_.begin(), floats_.end(), e.name) != floats_.end())
        fail(item.line, item.name + ": float argument '" + e.name + "': floats are not supported");
      Arg a;
      switch (b->signature[i]) {
        case 'v':
          a.kind = Arg::Kind::term;
          a.terms.push_back(term(raw_term(e)));
          break;
        case 'a':
          a.kind = Arg::Kind::array;
          for (const RawTerm& t : raw_array(e)) a.terms.push_back(term(t));
          break;
        default:
          a.kind = Arg::Kind::set;
          a.sets.push_back(set_value(e));
          break;
      }
      c.args.push_back(std::move(a));
    }
    return c;
  }
};

}  // namespace

FlatZincModel build_flatzinc(Model model, const std::string& source, const BuildOptions& options) {
  return Builder(model, source, options).build();
}

std::string FlatZincModel::verify(const Assignment& a) const {
  const ValueOf value = [&a](VarId x) { return static_cast<long long>(a.value(x)); };
  for (const Call& c : calls) {
    const Builtin* b = find_builtin(c.name);
    if (b == nullptr || !b->check(c, value)) return source + ":" + std::to_string(c.line) + ": " + c.name + " violated";
  }
  return "";
}

std::string FlatZincModel::format(const Assignment& a) const {
  std::string out;
  const auto text = [&](const OutputItem& o, const Term& t) {
    const long long v = value(t, a);
    return o.is_bool ? std::string(v != 0 ? "true" : "false") : std::to_string(v);
  };
  for (const OutputItem& o : outputs) {
    out += o.name + " = ";
    if (!o.is_array) {
      out += text(o, o.terms.front()) + ";\n";
      continue;
    }
    out += "array" + std::to_string(o.dimensions.size()) + "d(";
    for (const IntSet& d : o.dimensions) {
      if (d.empty())
        out += "1..0, ";
      else
        out += std::to_string(d.ranges.front().first) + ".." + std::to_string(d.ranges.back().second) + ", ";
    }
    out += "[";
    for (std::size_t i = 0; i < o.terms.size(); ++i) out += (i == 0 ? "" : ", ") + text(o, o.terms[i]);
    out += "]);\n";
  }
  return out;
}

}  // namespace csp::models::flatzinc
