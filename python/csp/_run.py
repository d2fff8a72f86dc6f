"""Runs: the keyword arguments of a run spec, the Result, and the solutions generator."""

from __future__ import annotations

import queue
import threading

from . import _csp
from ._expr import Expr, Var, check_owner, evaluate, ids, var_id


class Result:
    """The outcome of one run (csp::RunResult).

    status: "solved", "unsatisfiable", "limit-reached", "gave-up".
    stop: why it ended: "complete", "solution-cap", "node-limit", "time-limit", "step-limit", "interrupted",
        "callback", "wrong-solution".
    complete: whether the search space was exhausted or the cap reached as asked (counts exact, "unsatisfiable" a
        proof). count: solutions found. solutions: the kept ones, each a dict {name: value} (made when first
        asked for). objective: the best value (minimize / maximize). stats: the counters as a plain dict (README
        "Statistics"). calls: the seeds' recursive-call count, assignments + 1.
    """

    __slots__ = ("raw", "problem", "_solutions", "_stats", "grid")

    def __init__(self, raw, problem=None):
        self.raw = raw
        self.problem = problem
        self._solutions = None
        self._stats = None
        self.grid = None

    status = property(lambda self: self.raw.status)
    stop = property(lambda self: self.raw.stop)
    complete = property(lambda self: self.raw.complete)
    count = property(lambda self: self.raw.count)
    objective = property(lambda self: self.raw.objective)
    algorithm = property(lambda self: self.raw.algorithm)
    algorithm_counters = property(lambda self: self.raw.algorithm_counters)
    wrong = property(lambda self: self.raw.wrong)

    @property
    def stats(self) -> dict:
        if self._stats is None:
            self._stats = self.raw.stats
        return self._stats

    @property
    def solutions(self) -> list:
        if self._solutions is None:
            self._solutions = self.raw.solutions()
        return self._solutions

    @property
    def solved(self) -> bool:
        return self.raw.count > 0

    @property
    def solution(self):
        """The first solution ({name: value}), or None; after minimize / maximize the best one (whose objective is
        .objective): branch and bound keeps its improving solutions in the order found, so the last."""
        if self.raw.kept == 0:
            return None
        return self.solutions[-1 if self.raw.objective is not None else 0]

    @property
    def calls(self) -> int:
        """The call count of a recursive textbook backtracker (root included): assignments + 1."""
        return self.stats["assignments"] + 1

    def __getitem__(self, key):
        """The value of a variable (a Var or a name), or of an expression (abs(x - y) + z * w), in .solution (the
        first, or the best after minimize / maximize)."""
        if isinstance(key, Expr) and self.problem is not None:
            check_owner(key, self.problem.raw)
        if self.solution is None:
            raise KeyError(f"no solution: the run ended {self.status} ({self.stop})")
        if isinstance(key, Expr) and not isinstance(key, Var):
            if self.problem is None:
                raise KeyError("the value of an expression needs the Result of a Problem's run")
            names = self.problem.raw
            solution = self.solution
            return evaluate(key, lambda x: solution[names.name(x)])
        return self.solution[key.name if isinstance(key, Var) else key]

    def __repr__(self):
        return (f"Result(status={self.status!r}, stop={self.stop!r}, count={self.count}, "
                f"assignments={self.stats['assignments']}, elapsed_us={self.stats['elapsed_us']})")


class UnsatCore:
    """Why a problem has no solution (Problem.why_unsat): a minimal set of its constraints and givens that has none.

    verdict: "unsatisfiable" (parts is a proof), "satisfiable" (the problem has a solution; parts empty) or
        "unknown" (a limit stopped the check of the whole problem). parts: the names of the constraints and givens
        kept ("x + y <= 2", "r1c1 = 5"), in the order they were added. minimal: without any one of them the rest has
        a solution (found and checked); False when a limit stopped some checks (parts may then hold more than it
        needs). checks: how many searches it took; of: how many parts there were.
    Iterating over it, or len(), gives the parts.
    """

    __slots__ = ("verdict", "parts", "minimal", "checks", "of")

    def __init__(self, raw: dict):
        self.verdict = raw["verdict"]
        self.parts = list(raw["parts"])
        self.minimal = raw["minimal"]
        self.checks = raw["checks"]
        self.of = raw["of"]

    def __iter__(self):
        return iter(self.parts)

    def __len__(self):
        return len(self.parts)

    def __repr__(self):
        if self.verdict != "unsatisfiable":
            return f"UnsatCore({self.verdict}, {self.checks} checks)"
        how = "minimal" if self.minimal else "not shown minimal: a limit stopped some checks"
        lines = [f"UnsatCore({len(self.parts)} of {self.of} parts, {how}, {self.checks} checks)"]
        return "\n".join(lines + [f"  {name}" for name in self.parts])


_VARIABLE_KEYS = frozenset(("minimize", "maximize", "project"))


def spec_of(kwargs: dict, owner=None) -> dict:
    """The keyword arguments as the engine's spec: Vars (of the engine problem `owner`) as ids."""
    if _VARIABLE_KEYS.isdisjoint(kwargs):
        return kwargs
    spec = {}
    for key, value in kwargs.items():
        key = key.replace("-", "_")
        if key in ("minimize", "maximize") and value is not None:
            value = var_id(value, owner)
        elif key == "project" and value is not None:
            value = ids(value, owner)
        spec[key] = value
    return spec


class LearnedClause:
    """A clause learned by clause learning (Problem.learned_clauses, algorithm "lcg"): at least one of its literals
    holds in every solution of the problem.

    literals: (variable name, value, equal) triples, the asserting literal first (equal False: "!="). text:
    "x = 3 or y != 2". conflict_level: the decision level of the failure it was learned from; backjump_level: the
    level the search went back to. graph: the failure's implication graph in Graphviz DOT (the literals of the
    conflict level the analysis resolved, each with arrows from its reason's literals, labelled with the
    constraint; the first UIP drawn double; the clause's literals of lower levels dashed; the failed constraint as
    a red octagon). str() is the text.
    """

    __slots__ = ("literals", "text", "conflict_level", "backjump_level", "graph")

    def __init__(self, raw: dict):
        self.literals = [tuple(t) for t in raw["literals"]]
        self.text = raw["text"]
        self.conflict_level = raw["conflict_level"]
        self.backjump_level = raw["backjump_level"]
        self.graph = raw["graph"]

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"LearnedClause({self.text!r}, conflict level {self.conflict_level}, back to {self.backjump_level})"


def learned_clauses(raw_problem, kwargs: dict, limit: int, interrupt=None) -> list:
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise _csp.Error(f"learned_clauses: limit must be a whole number >= 1, got {limit!r}")
    raw = _csp.learned_clauses(raw_problem, spec_of(kwargs, raw_problem), limit, interrupt)
    return [LearnedClause(d) for d in raw["clauses"]]


def run(raw_problem, kwargs: dict, on_solution=None, interrupt=None, wrap=None) -> Result:
    return Result(_csp.solve(raw_problem, spec_of(kwargs, raw_problem), on_solution, interrupt), wrap)


def why_unsat(raw_problem, kwargs: dict, givens: bool = True, interrupt=None, background=()) -> UnsatCore:
    """background: ids of constraints kept in every check and never named (the definitions of auxiliary variables)."""
    return UnsatCore(_csp.why_unsat(raw_problem, spec_of(kwargs, raw_problem), givens, interrupt, list(background)))


def solutions(raw_problem, kwargs: dict):
    """Yields the solutions one at a time, as the search finds them (the search runs on a thread, paused while a
    solution waits to be taken). Closing the generator (break, Ctrl-C, or garbage collection) stops the search
    within milliseconds, also while it is between two solutions."""
    kwargs = dict(kwargs)
    kwargs.setdefault("max_solutions", 0)
    kwargs.setdefault("keep_solutions", 0)
    handoff = queue.Queue(maxsize=1)
    stop = threading.Event()
    interrupt = _csp.Interrupt()  # set when the generator closes: stops the search between two solutions too
    done = object()
    outcome = {}

    def on_solution(solution):
        if stop.is_set():
            return False
        handoff.put(solution)
        return not stop.is_set()

    def search():
        try:
            outcome["result"] = run(raw_problem, kwargs, on_solution, interrupt)
        except BaseException as e:  # re-raised by the consumer
            outcome["error"] = e
        handoff.put(done)

    worker = threading.Thread(target=search, daemon=True)
    worker.start()
    try:
        while True:
            item = handoff.get()
            if item is done:
                break
            yield item
    finally:
        stop.set()
        interrupt.set()
        while worker.is_alive():
            try:
                handoff.get(timeout=0.05)
            except queue.Empty:
                pass
        worker.join()
    if "error" in outcome:
        raise outcome["error"]
