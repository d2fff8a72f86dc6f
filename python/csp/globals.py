"""The engine's native global constraints as Problem methods (csp/constraints/globals/, docs/globals.md).

Variable arguments take Vars, expressions (given an auxiliary variable) and ints (constants); int arguments take
ints or numpy integers. Indices and node numbers start at 0 (as Python's) unless `offset` / `first_bin` says
otherwise. `decompose=True` posts the engine's textbook decomposition instead of the native propagator (the same
solutions). A wrong type raises TypeError, a wrong size or value ValueError, each naming the argument."""

from __future__ import annotations

from . import _csp
from ._expr import Expr, as_int, flat, is_int


def _how(decompose) -> str:
    return "decompose" if decompose else "native"


class GlobalConstraints:
    """Mixed into csp.Problem: each method posts one global constraint."""

    # ---- argument checks -----------------------------------------------------------------------------------
    def _var_args(self, items, fn: str, arg: str, size=None) -> list:
        items = _list(items, fn, arg)
        for i, e in enumerate(items):
            if not (isinstance(e, Expr) or is_int(e)):
                raise TypeError(f"{fn}: {arg}[{i}] is a {type(e).__name__}, expected a variable, expression or int")
        _check_size(items, size, fn, arg)
        return [self._aux.var(e) for e in items]

    @staticmethod
    def _int_args(items, fn: str, arg: str, size=None, minimum=None) -> list:
        items = _list(items, fn, arg)
        out = [as_int(v, f"{fn}: {arg}[{i}]") for i, v in enumerate(items)]
        _check_size(out, size, fn, arg)
        if minimum is not None:
            for i, v in enumerate(out):
                if v < minimum:
                    raise ValueError(f"{fn}: {arg}[{i}] is {v}, must be >= {minimum}")
        return out

    # ---- scheduling ----------------------------------------------------------------------------------------
    def cumulative(self, starts, durations, demands, capacity, *, decompose=False):
        """Task i runs from starts[i] for durations[i] and uses demands[i] of a resource of `capacity`: at every
        time the running tasks use at most capacity."""
        s = self._var_args(starts, "cumulative", "starts")
        d = self._int_args(durations, "cumulative", "durations", ("starts", len(s)), 0)
        r = self._int_args(demands, "cumulative", "demands", ("starts", len(s)), 0)
        _csp.post_cumulative(self._p, s, d, r, as_int(capacity, "cumulative: capacity"), _how(decompose))

    def no_overlap(self, starts, durations, *, decompose=False):
        """No two tasks (start, duration) overlap: a unary resource (MiniZinc's disjunctive)."""
        s = self._var_args(starts, "no_overlap", "starts")
        d = self._int_args(durations, "no_overlap", "durations", ("starts", len(s)), 0)
        _csp.post_disjunctive(self._p, s, d, _how(decompose))

    disjunctive = no_overlap

    # ---- routing and channelling ---------------------------------------------------------------------------
    def circuit(self, successors, offset: int = 0, *, decompose=False):
        """successors[i] is the node after node i (nodes numbered from offset) and they form one circuit through
        every node."""
        xs = self._var_args(successors, "circuit", "successors")
        if not xs:
            raise ValueError("circuit: successors is empty")
        _csp.post_circuit(self._p, xs, as_int(offset, "circuit: offset"), _how(decompose))

    def subcircuit(self, successors, offset: int = 0, *, decompose=False):
        """The nodes with successors[i] != i form one circuit, the others point at themselves."""
        xs = self._var_args(successors, "subcircuit", "successors")
        if not xs:
            raise ValueError("subcircuit: successors is empty")
        _csp.post_subcircuit(self._p, xs, as_int(offset, "subcircuit: offset"), _how(decompose))

    def inverse(self, f, g, offset: int = 0, *, decompose=False):
        """f[i] = j  <->  g[j] = i (indices from offset): f and g are inverse permutations."""
        fs = self._var_args(f, "inverse", "f")
        gs = self._var_args(g, "inverse", "g", ("f", len(fs)))
        _csp.post_inverse(self._p, fs, gs, as_int(offset, "inverse: offset"), _how(decompose))

    # ---- automaton -----------------------------------------------------------------------------------------
    def regular(self, xs, transitions, start, accepting, *, decompose=False):
        """The values of xs spell a word the automaton accepts: `transitions` a dict {(state, value): state} or
        triples (state, value, state); states any hashable values, `start` one of them, `accepting` a list."""
        items = _list(xs, "regular", "xs")
        if isinstance(transitions, dict):
            triples = [(q, v, r) for (q, v), r in transitions.items()]
        else:
            triples = []
            for i, t in enumerate(_list(transitions, "regular", "transitions")):
                if not isinstance(t, (tuple, list)) or len(t) != 3:
                    raise TypeError(f"regular: transitions[{i}] must be a triple (state, value, next state)")
                triples.append(tuple(t))
        if not triples:
            raise ValueError("regular: transitions is empty")
        if isinstance(accepting, (set, frozenset)):
            accepting = sorted(accepting, key=repr)
        accepting = _list(accepting, "regular", "accepting")
        states = {}
        for q in [start] + [t[0] for t in triples] + [t[2] for t in triples] + accepting:
            states.setdefault(q, len(states) + 1)
        symbols = [as_int(t[1], f"regular: the value of transition {t!r}") for t in triples]
        shift = 1 - min(symbols) if min(symbols) < 1 else 0  # the engine reads symbols 1..S
        n_symbols = max(symbols) + shift
        table = [0] * (len(states) * n_symbols)
        for (q, _, r), v in zip(triples, symbols):
            slot = (states[q] - 1) * n_symbols + (v + shift - 1)
            if table[slot] not in (0, states[r]):
                raise ValueError(f"regular: two transitions from state {q!r} on value {v}: not deterministic")
            table[slot] = states[r]
        ids = self._var_args([x + shift if shift else x for x in items], "regular", "xs")
        _csp.post_regular(self._p, ids, len(states), n_symbols, table, states[start],
                          sorted({states[q] for q in accepting}), _how(decompose))

    # ---- counting ------------------------------------------------------------------------------------------
    def global_cardinality(self, xs, values, counts=None, *, low=None, high=None, closed=False, decompose=False):
        """counts[k] is the number of xs equal to values[k] (counts: variables, expressions or ints); or
        low[k] <= that number <= high[k]. closed=True: every x takes one of the values."""
        fn = "global_cardinality"
        ids = self._var_args(xs, fn, "xs")
        cover = self._int_args(values, fn, "values")
        if len(set(cover)) != len(cover):
            raise ValueError(f"{fn}: values holds a value twice")
        if (counts is None) == (low is None and high is None):
            raise TypeError(f"{fn}: give counts, or low and high (one of the two forms)")
        if counts is not None:
            c = self._var_args(counts, fn, "counts", ("values", len(cover)))
            _csp.post_global_cardinality(self._p, ids, cover, c, bool(closed), _how(decompose))
            return
        lo = self._int_args(low if low is not None else [0] * len(cover), fn, "low", ("values", len(cover)), 0)
        hi = self._int_args(high if high is not None else [len(ids)] * len(cover), fn, "high", ("values", len(cover)))
        _csp.post_global_cardinality_low_up(self._p, ids, cover, lo, hi, bool(closed), _how(decompose))

    # ---- ordering ------------------------------------------------------------------------------------------
    def increasing(self, xs, *, decompose=False):
        """xs[0] <= xs[1] <= ..."""
        _csp.post_increasing(self._p, self._var_args(xs, "increasing", "xs"), False, _how(decompose))

    def decreasing(self, xs, *, decompose=False):
        """xs[0] >= xs[1] >= ..."""
        _csp.post_increasing(self._p, self._var_args(xs, "decreasing", "xs"), True, _how(decompose))

    def _lex(self, fn, x, y, strict, swap, decompose):
        a, b = self._var_args(x, fn, "x"), self._var_args(y, fn, "y")
        if swap:
            a, b = b, a
        _csp.post_lex(self._p, a, b, strict, _how(decompose))

    def lex_lesseq(self, x, y, *, decompose=False):
        """x <= y lexicographically (from the first item; a shorter prefix is smaller)."""
        self._lex("lex_lesseq", x, y, False, False, decompose)

    def lex_less(self, x, y, *, decompose=False):
        """x < y lexicographically."""
        self._lex("lex_less", x, y, True, False, decompose)

    def lex_greatereq(self, x, y, *, decompose=False):
        self._lex("lex_greatereq", x, y, False, True, decompose)

    def lex_greater(self, x, y, *, decompose=False):
        self._lex("lex_greater", x, y, True, True, decompose)

    # ---- packing -------------------------------------------------------------------------------------------
    def bin_packing(self, bins, weights, *, loads=None, capacities=None, capacity=None, first_bin: int = 0,
                    decompose=False):
        """Item i (weight weights[i]) goes into bin bins[i]. One of: loads (variables: loads[b] is the weight in
        bin first_bin + b), capacities (ints: that weight is at most capacities[b]), capacity (an int: every bin,
        whatever its number, holds at most that weight)."""
        fn = "bin_packing"
        if sum(a is not None for a in (loads, capacities, capacity)) != 1:
            raise TypeError(f"{fn}: give exactly one of loads, capacities, capacity")
        b = self._var_args(bins, fn, "bins")
        w = self._int_args(weights, fn, "weights", ("bins", len(b)), 0)
        first = as_int(first_bin, f"{fn}: first_bin")
        if loads is not None:
            ls = self._var_args(loads, fn, "loads")
            if not ls:
                raise ValueError(f"{fn}: loads is empty")
            _csp.post_bin_packing_load(self._p, ls, b, w, first, _how(decompose))
        elif capacities is not None:
            cs = self._int_args(capacities, fn, "capacities")
            if not cs:
                raise ValueError(f"{fn}: capacities is empty")
            _csp.post_bin_packing_capa(self._p, cs, b, w, first, _how(decompose))
        else:
            if first_bin != 0:
                raise TypeError(f"{fn}: first_bin goes with loads or capacities, not with one capacity")
            _csp.post_bin_packing(self._p, as_int(capacity, f"{fn}: capacity"), b, w, _how(decompose))

    def diffn(self, x, y, dx, dy, *, strict=True, decompose=False):
        """Rectangles (x[i], y[i]) of size dx[i] by dy[i] (variables, expressions or ints) do not overlap;
        strict=False: a rectangle of zero width or height never conflicts."""
        xs = self._var_args(x, "diffn", "x")
        ys = self._var_args(y, "diffn", "y", ("x", len(xs)))
        dxs = self._var_args(dx, "diffn", "dx", ("x", len(xs)))
        dys = self._var_args(dy, "diffn", "dy", ("x", len(xs)))
        _csp.post_diffn(self._p, xs, ys, dxs, dys, bool(strict), _how(decompose))


def _list(items, fn: str, arg: str) -> list:
    try:
        return flat(items)
    except TypeError as e:
        raise TypeError(f"{fn}: {arg}: {e}") from None


def _check_size(items, size, fn, arg):
    if size is not None and len(items) != size[1]:
        raise ValueError(f"{fn}: {arg} has {len(items)} items, {size[0]} {size[1]}")
