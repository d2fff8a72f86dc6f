"""Studies (the grid `csp ablate` runs, from Python) and the search tree of one run, shown inline by Jupyter."""

from __future__ import annotations

import csv
import io
import json
import warnings

from . import _csp


def _number(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


class _SvgText(str):
    """SVG text that may still be called as the method it once was (SearchTree.svg()), with a DeprecationWarning."""

    def __call__(self):
        warnings.warn("SearchTree.svg is a property now, as Chart.svg: write tree.svg, not tree.svg()",
                      DeprecationWarning, stacklevel=2)
        return str(self)


class Chart:
    """An SVG picture (a study's chart): `.svg` the text (a property, as SearchTree.svg); Jupyter shows it inline."""

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg

    def __str__(self):
        return self.svg


class Study:
    """The records of a study (csp::ablation::Study).

    rows: one dict per run, keyed by the CSV's column names (group, instance, number, var, val, inference,
    alldiff, ac3, ..., status, detail, the counters); numbers as int or float. summaries: one dict per (group,
    configuration), as in the JSON (grid order). csv() / json(): the text csp ablate writes (write_csv, write_json).
    chart(metric, kind): the library's SVG chart. to_dataframe(): the rows as a pandas DataFrame.
    interrupted: Ctrl-C stopped the study (the run in progress at once): the rows are the runs finished, `planned`
    the number of runs the grid has.
    """

    def __init__(self, raw, interrupted: bool = False, planned: int | None = None):
        self.raw = raw
        self.interrupted = interrupted
        self.planned = raw.record_count if planned is None else planned
        self._rows = None
        self._json = None

    def csv(self) -> str:
        return self.raw.csv()

    def json(self) -> str:
        return self.raw.json()

    @property
    def rows(self) -> list:
        if self._rows is None:
            lines = [line for line in self.csv().splitlines() if not line.startswith("#")]
            self._rows = [{k: _number(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO("\n".join(lines)))]
        return self._rows

    @property
    def summaries(self) -> list:
        if self._json is None:
            self._json = json.loads(self.json())
        return self._json["summary"]

    def to_dataframe(self):
        try:
            import pandas
        except ImportError as e:
            raise ImportError("Study.to_dataframe needs pandas (pip install pandas, or Debian python3-pandas); "
                              "Study.rows has the same records as a list of dicts") from e
        return pandas.DataFrame(self.rows)

    def chart(self, metric: str = "assignments", kind: str = "box") -> Chart:
        """The chart of csp ablate --plot: metric "assignments" (search calls) or "time"; kind "box", "cactus" or
        "survival". Needs the library built with cairo."""
        return Chart(self.raw.chart(metric, kind))

    def __len__(self):
        return self.raw.record_count

    def __repr__(self):
        stopped = f", interrupted after {self.raw.record_count} of {self.planned} runs" if self.interrupted else ""
        return (f"Study(model={self.raw.model!r}, instances={self.raw.instance_count}, "
                f"configurations={self.raw.config_count}, rows={self.raw.record_count}{stopped})")


def study(model: str | None = None, *, numbers=(), files=(), factory=None, name: str = "own", grid=None,
          seeds=None, node_limit: int = 0, timeout: float = 0.0, repeat: int = 1, max_solutions: int = 1,
          shuffle_seed: int = 0) -> Study:
    """Runs every instance with every configuration of `grid`, as `csp ablate` does (one thread, grid order).

    model: a catalogue model of csp ablate ("queens", "sudoku", "map", ...) with its `numbers` (queens: n) or
    `files`; factory: a function returning a csp.Problem (built afresh for each run), named `name`; both may be
    given. grid: {dimension: [values]} with csp ablate's option names ("var", "val", "inference", "alldiff", "ac3",
    "backjump", "restarts", "break-symmetry" or break_symmetry, ...); var, val, inference, alldiff (and restarts)
    left out take
    the model's default (csp.model_defaults(model), as csp ablate MODEL), or with a factory alone the textbook
    baseline (first, natural, none, binary); seeds: the seed dimension. node_limit:
    assignments per run; timeout: seconds per run; max_solutions: 1 the first, 0 all. Raises csp.Error with the
    library's message for an unknown dimension, name or model. Ctrl-C (interrupt kernel) stops it, the run in
    progress at once, and returns the rows finished, with .interrupted True (and a RuntimeWarning)."""
    grid = dict(grid or {})
    if seeds is not None:
        grid["seed"] = list(seeds)
    raw_factory = None
    if factory is not None:
        def raw_factory():
            p = factory()
            return p.raw if hasattr(p, "raw") else p
    raw, interrupted, planned = _csp.run_study(model or "", [str(f) for f in files], list(numbers), raw_factory,
                                               name, grid, node_limit, float(timeout), repeat, max_solutions,
                                               shuffle_seed)
    if interrupted:
        warnings.warn(f"csp.study interrupted: {raw.record_count} of {planned} runs done (Study.interrupted)",
                      RuntimeWarning, stacklevel=2)
    return Study(raw, interrupted, planned)


class SearchTree:
    """The search tree of one run (csp::SearchTreeObserver): one node per assignment plus the root.

    result: the run's csp.Result. node_count, truncated (more than max_nodes nodes: only the first drawn).
    dot(): Graphviz DOT; json(): the nodes as JSON text; svg: the SVG text laid out by Graphviz (a property, as
    Chart.svg; raises csp.Error when built without Graphviz); Jupyter shows the SVG inline."""

    def __init__(self, raw, problem=None):
        from ._run import Result
        self.raw = raw
        self.result = Result(raw.result, problem)

    node_count = property(lambda self: self.raw.node_count)
    truncated = property(lambda self: self.raw.truncated)

    def dot(self) -> str:
        return self.raw.dot()

    def json(self) -> str:
        return self.raw.json()

    @property
    def svg(self) -> str:
        return _SvgText(self.raw.svg())

    def _repr_svg_(self):
        return str(self.svg) if _csp.search_tree_svg_available() else None

    def __repr__(self):
        return f"SearchTree(nodes={self.node_count}, status={self.result.status!r})"


def search_tree(problem, max_nodes: int = 2000, **spec) -> SearchTree:
    """Solves `problem` (a csp.Problem or a model with .problem) with the spec's keywords, recording the tree."""
    p = problem if hasattr(problem, "raw") or not hasattr(problem, "problem") else problem.problem
    raw = p.raw if hasattr(p, "raw") else p
    from ._run import spec_of
    return SearchTree(_csp.search_tree(raw, spec_of(spec, raw), max_nodes), p)
