"""The models from Python: Sudoku of every box shape, n-queens, map and graph colouring, cryptarithm, Zebra, Killer
Sudoku and FlatZinc files. Each builds a csp.Problem; Sudoku also reads every puzzle format the CLI reads, explains
and grades puzzles like a person, and generates them."""

from __future__ import annotations

import os
import warnings

from . import _csp
from ._csp import SudokuGrid
from ._run import Result, spec_of

__all__ = ["Sudoku", "SudokuGrid", "parse_puzzle", "read_puzzles", "generate", "solve_puzzles", "n_queens", "map_coloring",
           "graph_coloring", "cryptarithm", "zebra", "killer_sudoku", "flatzinc", "techniques", "model_defaults"]


def model_defaults(model: str | None = None) -> dict:
    """The default run of a catalogue model ("sudoku", "queens", "australia", "usa", "graph", "zebra", "cryptarithm",
    "killer"), declared once by its catalogue entry (csp/models/catalog.hpp): {"var", "val", "inference", "restarts",
    "alldiff"},
    what its csp command, csp ablate's baseline and csp.Sudoku use when none is named. None: the engine's generic
    default, which csp.Problem.solve uses. Raises UnknownNameError for an unknown model."""
    return _csp.model_defaults(model or "")


def _with_defaults(model: str, spec: dict) -> dict:
    """`spec` with the model's default var, val, inference and restarts where it names none."""
    defaults = model_defaults(model)
    spec = dict(spec)
    for key in ("var", "val", "inference", "restarts"):
        if spec.get(key) is None:
            spec[key] = defaults[key]
    return spec


def _model_inference(spec: dict):
    """`spec` with a model inference ("techniques": mac plus the human techniques as a propagator; "probe": mac plus
    failed-literal probing of every two-candidate cell over the grid's rules; as csp.study and csp sudoku take them)
    replaced by the engine inference it runs with, and its name ("" when it was none)."""
    inference = spec.get("inference")
    engines = _csp.model_inferences()
    if isinstance(inference, str) and inference in engines:
        return dict(spec, inference=engines[inference]), inference
    return spec, ""


def _alldiff(model: str, alldiff):
    return model_defaults(model)["alldiff"] if alldiff is None else alldiff


def _problem(raw):
    from . import Problem  # the package imports this module at its end
    return Problem(raw)


def _box(box):
    if box is None or isinstance(box, str):
        return box
    rows, cols = box
    return (int(rows), int(cols))


def parse_puzzle(text: str, box=None) -> SudokuGrid:
    """One puzzle in any format the CLI reads (a line of N*N symbols, a picture with '|', '+', '-' borders, spaces
    and blank lines between bands, blanks as empty cells...). box: "3x3", (2, 3) or None (from the cell count).
    Raises ModelError with the reader's reason."""
    return _csp.parse_puzzle(text, _box(box))


def read_puzzles(source: str, box=None, strict: bool = True) -> list:
    """Every puzzle of a file (a path) or of a text. strict: a bad puzzle raises ModelError naming its line;
    otherwise it is skipped."""
    if "\n" not in source and os.path.exists(source):
        return _csp.read_puzzle_file(source, _box(box), strict)
    return _csp.read_puzzles(source, _box(box), "<string>", strict)


def generate(box=None, seed: int = 1, symmetry: str = "none") -> SudokuGrid:
    """A minimal puzzle with one solution (symmetry "none" or "rotational")."""
    return _csp.generate(_box(box), seed, symmetry)


def solve_puzzles(puzzles, alldiff: str | None = None, **spec) -> list:
    """Solves every puzzle in one call (the GIL released once, for files): a dict per puzzle with grid (the
    solution, or None), status, stop, count and stats. The spec is the keyword arguments of Problem.solve; alldiff,
    var, val, inference and restarts not given are the Sudoku model's (csp.model_defaults("sudoku"), as csp sudoku);
    inference="techniques" adds the human techniques as a propagator, inference="probe" failed-literal probing of
    every two-candidate cell (as csp.study). Ctrl-C (interrupt kernel) stops the puzzle being solved (its row has stop "interrupted") and returns the rows
    so far, with a RuntimeWarning."""
    puzzles = list(puzzles)
    spec, inference = _model_inference(_with_defaults("sudoku", spec))
    rows = _csp.solve_puzzles(puzzles, _alldiff("sudoku", alldiff), spec_of(spec), inference)
    if rows and rows[-1]["stop"] == "interrupted":
        warnings.warn(f"csp.solve_puzzles interrupted: {len(rows)} of {len(puzzles)} puzzles (the last one "
                      "stopped)", RuntimeWarning, stacklevel=2)
    return rows


def techniques() -> list:
    """The human techniques, from simplest to hardest."""
    return _csp.techniques()


class Sudoku:
    """The Sudoku CSP of one puzzle (any box shape), the model csp sudoku solves: variable r*N+c is the cell in row
    r, column c, named "r1c1".."rNcN". alldiff: "grid" (every unit in one propagator over bitmasks: singles,
    box-line, pairs; the default), "grid-cells" (the same rules on one word per cell: the same search, another
    cost), "gac" (Régin's matching), "value", "binary" (pairwise !=, the textbook's); the old names "matching",
    "global", "pairwise" are accepted. What is not given is the Sudoku
    model's default (csp.model_defaults("sudoku"), declared once for csp sudoku too): alldiff here, var, val,
    inference and restarts in solve, count and solutions (its .problem.solve() keeps the engine's generic default)."""

    def __init__(self, puzzle, box=None, alldiff: str | None = None):
        alldiff = _alldiff("sudoku", alldiff)
        if isinstance(puzzle, SudokuGrid):
            self.grid = puzzle
        elif isinstance(puzzle, str):
            self.grid = parse_puzzle(puzzle, box)
        else:
            self.grid = SudokuGrid(list(puzzle), _box(box))
        self.model = _csp.SudokuModel(self.grid, alldiff)
        self._alldiff = alldiff
        self._problem = None
        self._with_inference = {}  # model inference -> (model, Problem) with its propagator, made when first asked for
        self.size = self.grid.size

    @property
    def problem(self):
        """The csp.Problem (the model's own, made when first asked for)."""
        if self._problem is None:
            self._problem = _problem(self.model.problem)
        return self._problem

    def _run_model(self, spec: dict):
        """The model, its csp.Problem and the spec a run of `spec` uses: with inference="techniques" or "probe", the
        model with that propagator posted, searched with the engine inference it runs with (mac)."""
        spec, inference = _model_inference(_with_defaults("sudoku", spec))
        if not inference:
            return self.model, self.problem, spec
        if inference not in self._with_inference:
            model = _csp.SudokuModel(self.grid, self._alldiff, inference)
            self._with_inference[inference] = (model, _problem(model.problem))
        return (*self._with_inference[inference], spec)

    def solve(self, tree=False, **spec):
        """A run of the CSP (csp::solve, the CLI's keyword names); the result has .grid, the solution's grid.
        inference="techniques": mac plus the human techniques as a propagator; inference="probe": mac plus
        failed-literal probing of every two-candidate cell (as csp.study and csp sudoku). tree=True: the run's csp.SearchTree (its .result has .grid)."""
        model, problem, spec = self._run_model(spec)
        if tree:
            from .study import search_tree
            t = search_tree(problem, **spec)
            t.result.grid = model.result_grid(t.raw.result, 0)
            return t
        raw = model.problem
        result = Result(_csp.solve(raw, spec_of(spec, raw), None, None), problem)
        result.grid = model.result_grid(result.raw, 0)
        return result

    def count(self, max_solutions: int = 0, **spec):
        _, problem, spec = self._run_model(spec)
        return problem.count(max_solutions=max_solutions, **spec)

    def solutions(self, **spec):
        model, problem, spec = self._run_model(spec)
        for s in problem.solutions(**spec):
            yield model.to_grid(s)

    def candidates(self, inference: str | None = None) -> list:
        """The pencil marks: the values left in each cell's domain after the model's propagation at the root (its
        default inference, mac, unless `inference` names another: "fc" removes the givens' values from their
        peers, "techniques" also applies the human techniques, "probe" the probing of two-candidate cells). A size x
        size list of sets, row by row; a given or a cell propagation fixed has one value. Raises csp.Error when propagation empties a cell (no solution)."""
        model, problem, spec = self._run_model({"inference": inference})
        n = self.size
        marks = []

        class _Seen(Exception):
            pass

        def look(ctx):  # called once, after the root's propagation: read every domain, then stop the search
            marks.extend({v} if v is not None else set(d) for v, d in zip(ctx.values(), ctx.domains()))
            raise _Seen

        try:
            r = problem.solve(var=look, val="natural", inference=spec["inference"], restarts="none")
        except _Seen:
            r = None
        if r is not None:  # no decision was needed: every cell was fixed at the root, or a cell emptied
            if r.solution is None:
                from . import Error
                raise Error("no candidates: propagation at the root empties a cell (the puzzle has no solution)")
            grid = model.to_grid(r.solution)
            marks = [{grid.at(x // n, x % n)} for x in range(n * n)]
        return [marks[r * n:(r + 1) * n] for r in range(n)]

    def to_grid(self, solution) -> SudokuGrid:
        return self.model.to_grid(solution)

    def why_unsat(self, interrupt=None, **spec):
        """Why the puzzle has no solution: a minimal set of its units ("row 2", "box 1") and givens ("r1c1 = 5")
        that has none, while without any one of them the rest has one (a csp.UnsatCore, as csp sudoku --why-unsat
        prints it). Asked of the model with one all-different per unit, whatever alldiff this one has (the grid's
        one propagator would be a single part); spec as in solve, its engine inference used."""
        spec, _ = _model_inference(_with_defaults("sudoku", spec))
        return Sudoku(self.grid, alldiff="value").problem.why_unsat(interrupt=interrupt, **spec)

    def learned_clauses(self, limit: int = 1, interrupt=None, **spec) -> list:
        """The first `limit` clauses clause learning (algorithm "lcg", docs/learning.md) learns on this puzzle's model,
        each a csp.LearnedClause over the cells ("r1c1 != 5 or r2c3 = 9") with its implication graph; fewer when the
        search ends first (Problem.learned_clauses; spec: its limits). The grid propagator (alldiff "grid") explains
        a removal by every cell of the grid, "value" and "gac" by the cells of one unit: shorter clauses."""
        return self.problem.learned_clauses(limit, interrupt=interrupt, **spec)

    def check(self, solution) -> str:
        """"" when `solution` (a grid or a solution dict) solves the puzzle, else why not (checked by the rules)."""
        grid = solution if isinstance(solution, SudokuGrid) else self.model.to_grid(solution)
        return _csp.check_solution(self.grid, grid)

    def explain(self, techniques=None, node_limit: int = 0) -> dict:
        """Solves like a person: outcome ("solved", "searched", "stuck", "contradiction"), steps (each with its
        technique and its text, e.g. "Pointing: in box 3, 7 lies only in row 2, ..."), hardest, fired, solution."""
        return _csp.human_solve(self.grid, _techniques(techniques), node_limit)

    def grade(self, techniques=None, node_limit: int = 0) -> dict:
        """solutions (0, 1, 2 = several), hardest technique needed, needs_search, the human solve."""
        return _csp.grade(self.grid, _techniques(techniques), node_limit)

    def units(self):
        return self.model.units()

    def peers(self, cell: int):
        return self.model.peers(cell)

    def plot(self, solution=None, **kwargs):
        """The grid with matplotlib: givens black, found values blue (csp.plot.plot_grid)."""
        from .plot import plot_sudoku
        grid = solution if solution is None or isinstance(solution, SudokuGrid) else self.model.to_grid(solution)
        return plot_sudoku(self.grid, grid, **kwargs)


def _techniques(techniques):
    if techniques is None or isinstance(techniques, str):
        return techniques
    return ",".join(techniques)


def n_queens(n: int, formulation: str | None = None):
    """n variables Q1..Qn (the row of the queen in column c), values 1..n; formulation "binary" (the textbook's)
    or "all-different"; by default the queens model's (csp queens --formulation)."""
    if formulation is None:
        formulation = "binary" if _alldiff("queens", None) == "binary" else "all-different"
    return _problem(_csp.n_queens(n, formulation))


def map_coloring(map: str = "australia", colors: int = 3, break_symmetry: bool = False):
    """AIMA's Australia (Fig. 6.1) or the USA's 50 states; values 1..colors (csp._csp.color_name names them)."""
    return _problem(_csp.map_coloring(map, colors, break_symmetry))


def graph_coloring(graph, colors: int, break_symmetry: bool = False):
    """Colouring of a Graph, or of a DIMACS file (a path)."""
    if isinstance(graph, str):
        graph = _csp.read_dimacs_file(graph)
        for message in graph.warnings:
            warnings.warn(message, stacklevel=2)
    return _problem(_csp.graph_coloring(graph, colors, break_symmetry))


class cryptarithm:
    """A cryptarithm such as "SEND + MORE = MONEY": .problem, and .format(solution). alldiff: by default the
    model's (csp.model_defaults("cryptarithm"), as csp cryptarithm)."""

    def __init__(self, text: str, alldiff: str | None = None):
        self.puzzle = _csp.parse_cryptarithm(text)
        self.problem = _problem(_csp.cryptarithm(self.puzzle, _alldiff("cryptarithm", alldiff)))

    def format(self, solution) -> str:
        return self.puzzle.format(self.problem.raw, solution)


class zebra:
    """Einstein's Zebra puzzle (AIMA Ex. 6.7): .problem, .format(solution), .owner(solution, "Zebra"). alldiff: by
    default the model's (csp.model_defaults("zebra"), as csp zebra)."""

    def __init__(self, alldiff: str | None = None):
        self.problem = _problem(_csp.zebra(_alldiff("zebra", alldiff)))

    def format(self, solution) -> str:
        return _csp.format_zebra(self.problem.raw, solution)

    def owner(self, solution, attribute: str) -> str:
        return _csp.zebra_owner(self.problem.raw, solution, attribute)


class killer_sudoku:
    """A Killer Sudoku in the CLI's text format: .problem, .to_grid(solution). alldiff: by default the model's
    (csp.model_defaults("killer"), as csp killer)."""

    def __init__(self, text: str, alldiff: str | None = None):
        alldiff = _alldiff("killer", alldiff)
        if "\n" not in text and os.path.exists(text):
            with open(text, encoding="utf-8") as f:
                text = f.read()
        self.puzzle = _csp.parse_killer_sudoku(text)
        self.problem = _problem(_csp.killer_sudoku(self.puzzle, alldiff))

    def to_grid(self, solution) -> SudokuGrid:
        return self.puzzle.to_grid(self.problem.raw, solution)


class flatzinc:
    """A FlatZinc file (a path; or text=...) built onto a Problem: .problem, .goal, .objective, .branching,
    .solve(**spec) (as csp fzn: the file's goal, its search annotation and the annotation's branching, fixed variables
    assigned without a decision; spec overrides any of them), .format(solution), .verify(solution)."""

    def __init__(self, path: str = None, text: str = None, alldiff: str = "gac"):
        self.model = _csp.read_flatzinc_file(path, alldiff) if text is None else _csp.parse_flatzinc(text, alldiff)
        self.problem = _problem(self.model.problem.copy())
        self.goal = self.model.goal
        self.objective = self.model.objective
        self.branching = self.model.branching

    def solve(self, **spec):
        # The annotation's branching too, as `csp fzn` follows it: binary (split where every phase says
        # indomain_split), unless the spec names a branching, a value ordering, cbj or a tree (binary then).
        branching = self.branching
        if branching and "branching" not in spec and spec.get("backjump", "none") == "none":
            split = branching in ("split", "reverse-split")
            spec["branching"] = "binary" if split and ("val" in spec or spec.get("tree")) else branching
        spec.setdefault("assign_fixed", True)  # nodes are decisions, as csp fzn and MiniZinc's solvers count them
        if self.model.var:
            spec.setdefault("var", self.model.var)
        if self.model.val:
            spec.setdefault("val", self.model.val)
        if self.goal != "satisfy" and "minimize" not in spec and "maximize" not in spec:
            spec[self.goal] = self.objective
        return self.problem.solve(**spec)

    def format(self, solution) -> str:
        return self.model.format(solution)

    def verify(self, solution) -> str:
        return self.model.verify(solution)
