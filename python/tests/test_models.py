"""The models through the module against the C++ results (the numbers the gtest suite and the CLI pin)."""

import json
import os
import subprocess

import pytest

import csp
from conftest import SEED_EASY, shared_file

SEEDS_FIRST = [335638, 10008, 228215, 75446, 207075]
SEEDS_MRV = [4037, 543, 171, 1079, 79]

# The seeds' picture (Sudoku-01's loose grid): spaces between boxes, blank lines between bands.
SEED_PICTURE = """
7.. .2. ...
23. ... 1..
..4 .8. ..2

... ... .5.
.6. 859 ..4
... ... .1.

5.6 .3. ...
... ... ...
... ... ...
"""


def textbook(sudoku, var):
    """The seeds' recursive backtracker: static or MRV order, ascending values, no inference, binary !=."""
    return sudoku.solve(var=var, val="natural", inference="none")


def test_the_seeds_first_puzzle_and_call_count():
    s = csp.Sudoku(SEED_EASY, alldiff="binary")
    r = textbook(s, "first")
    assert r.calls == 49 and s.check(r.grid) == ""


def test_the_seeds_call_counts_on_the_five_hardest(hardest):
    for i in range(5):
        s = csp.Sudoku(hardest[i], alldiff="binary")
        assert textbook(s, "first").calls == SEEDS_FIRST[i], i
        assert textbook(s, "mrv").calls == SEEDS_MRV[i], i


def test_every_format_and_box_shape():
    picture = csp.parse_puzzle(SEED_PICTURE)
    assert picture.size == 9 and picture.given_count == 18 and picture.at(4, 3) == 8
    line = csp.parse_puzzle(picture.to_line())
    assert line == picture
    pretty = csp.parse_puzzle(picture.to_pretty())
    assert pretty == picture
    assert csp.parse_puzzle("1...\n..2.\n.3..\n...4").box == (2, 2)
    six = csp.parse_puzzle("." * 36, box="2x3")
    assert six.box == (2, 3) and six.size == 6
    for box in [(2, 2), (2, 3), (3, 3), (4, 4)]:
        n = box[0] * box[1]
        s = csp.Sudoku(csp.SudokuGrid([0] * (n * n), box))
        r = s.solve(var="mrv", inference="mac", node_limit=100000)
        assert r.solved and s.check(r.grid) == "", box
    with pytest.raises(csp.ModelError, match="80 cells"):
        csp.parse_puzzle("." * 80)
    many = csp.read_puzzles("\n".join([SEED_EASY, SEED_EASY]))
    assert len(many) == 2


def test_count_with_a_cap_explain_grade_generate():
    loose = csp.Sudoku(SEED_PICTURE)
    r = loose.count(max_solutions=2, var="mrv", inference="none")
    assert r.count == 2 and r.stop == "solution-cap"
    easy = csp.Sudoku(SEED_EASY)
    assert easy.count(var="mrv", inference="mac").count == 1
    log = easy.explain()
    assert log["outcome"] == "solved" and log["steps"] and log["solution"] is not None
    assert easy.check(log["solution"]) == ""
    grade = csp.Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......").grade()
    assert grade["solutions"] == 1
    g = csp.models.generate(box=(2, 2), seed=7)
    assert csp.Sudoku(g).count().count == 1


def test_other_models_against_known_answers():
    assert csp.n_queens(8).count().count == 92
    assert csp.n_queens(8, "all-different").count(inference="mac").count == 92
    assert csp.map_coloring("australia", 3).count().count == 18
    z = csp.zebra()
    r = z.problem.solve(var="mrv", inference="fc")
    assert z.owner(r.solution, "Zebra") == "Japanese" and z.owner(r.solution, "Water") == "Norwegian"
    c = csp.cryptarithm("SEND + MORE = MONEY")
    r = c.problem.count(inference="mac", var="mrv")
    assert r.count == 1
    assert "9567" in c.format(c.problem.solve(inference="mac").solution)


def test_killer_and_flatzinc_and_dimacs(tmp_path):
    killer_file = os.path.join(os.environ.get("CSP_SOURCE_DIR", ".."), "puzzles", "killer_4x4.txt")
    if os.path.exists(killer_file):
        k = csp.killer_sudoku(killer_file)
        r = k.problem.solve(inference="mac")
        assert r.solved and k.to_grid(r.solution).size == 4
    fzn = tmp_path / "m.fzn"
    fzn.write_text("var 1..10: x :: output_var;\nvar 1..10: y :: output_var;\n"
                   "constraint int_lin_le([1,1],[x,y],12);\nsolve maximize x;\n")
    f = csp.flatzinc(str(fzn))
    r = f.solve()
    assert f.goal == "maximize" and r.objective == 10 and r.stop == "complete"
    assert f.verify(r.solution) == "" and "x = 10;" in f.format(r.solution)
    assert f.branching == ""  # no annotation: csp's own d-way search
    # An annotated search branches as csp fzn does: indomain_split bisects 1..8 in 7 halves (the last value fixed
    # without a decision), all 8 solutions; d-way when asked: 8 nodes.
    split = tmp_path / "split.fzn"
    split.write_text("var 1..8: x :: output_var;\n"
                     "solve :: int_search([x], input_order, indomain_split, complete) satisfy;\n")
    s = csp.flatzinc(str(split))
    assert s.branching == "split"
    r = s.solve(max_solutions=0)
    assert r.count == 8 and r.stats["assignments"] == 7
    r = s.solve(max_solutions=0, branching="d-way")
    assert r.count == 8 and r.stats["assignments"] == 8
    dimacs = tmp_path / "g.col"
    dimacs.write_text("c triangle\np edge 3 3\ne 1 2\ne 2 3\ne 1 3\n")
    assert csp.graph_coloring(str(dimacs), 2).solve().status == "unsatisfiable"
    assert csp.graph_coloring(str(dimacs), 3).count().count == 6


def cli_statistics(*args):
    """The counters the csp program prints with --stats ("statistics: status=solved assignments=... ...")."""
    out = subprocess.run([os.environ["CSP_CLI"], *args, "--stats"], capture_output=True, text=True, check=True)
    line = next(l for l in (out.stdout + out.stderr).splitlines() if l.startswith("statistics:"))
    pairs = dict(field.split("=", 1) for field in line.split()[1:])
    return {k: (v if k == "status" else int(v)) for k, v in pairs.items()}


@pytest.mark.skipif("CSP_CLI" not in os.environ, reason="the csp program is not built")
@pytest.mark.parametrize("var,inference", [("first", "none"), ("mrv", "fc"), ("dom-wdeg", "mac")])
def test_the_same_statistics_as_the_csp_program(var, inference):
    cli = cli_statistics("queens", "8", "--count", "--var", var, "--val", "natural", "--inference", inference)
    r = csp.n_queens(8).count(var=var, val="natural", inference=inference)
    assert r.count == cli["solutions"] == 92
    for key in ("assignments", "backtracks", "failures", "constraint_checks", "revisions", "values_pruned",
                "wipeouts", "max_depth"):
        assert r.stats[key] == cli[key], key


# ---- defaults: each model's, declared once by its catalogue entry (csp.model_defaults) -----------------------------

# Three of the seeds' hardest puzzles: each needs search, so a different model or search shows in the counts.
HARDEST = ["85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
           "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
           "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4"]
COUNTERS = ("assignments", "backtracks", "failures", "constraint_checks", "revisions", "values_pruned", "max_depth")


def cli_sudoku(puzzles, *args):
    """csp sudoku's JSON line per puzzle (its configuration and statistics)."""
    out = subprocess.run([os.environ["CSP_CLI"], "sudoku", "--format", "json", *args, "-"], input="\n".join(puzzles),
                         capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.skipif("CSP_CLI" not in os.environ, reason="the csp program is not built")
def test_sudoku_searches_as_csp_sudoku_by_default():
    defaults = csp.model_defaults("sudoku")
    rows = cli_sudoku(HARDEST + [SEED_EASY])
    c = rows[0]["configuration"]
    assert {k: c[k] for k in ("var", "val", "inference", "restarts", "alldiff")} == defaults
    batch = csp.models.solve_puzzles([csp.parse_puzzle(p) for p in HARDEST + [SEED_EASY]])
    for puzzle, row, solved in zip(HARDEST + [SEED_EASY], rows, batch):
        r = csp.Sudoku(puzzle).solve()
        assert r.grid.to_line() == row["solution"]
        for key in COUNTERS:
            assert r.stats[key] == row["statistics"][key] == solved["stats"][key], (puzzle, key)
    # Counting two solutions: the same tree as --max-solutions 2.
    rows = cli_sudoku(HARDEST[:1], "--max-solutions", "2")
    r = csp.Sudoku(HARDEST[0]).count(max_solutions=2)
    assert r.count == rows[0]["solution_count"] == 1
    assert r.stats["assignments"] == rows[0]["statistics"]["assignments"]


def test_what_is_given_overrides_the_sudoku_default():
    textbook = csp.Sudoku(HARDEST[0], alldiff="binary").solve(var="first", val="natural", inference="none")
    assert textbook.calls == SEEDS_FIRST[0]
    d = csp.model_defaults("sudoku")
    ours = csp.Sudoku(HARDEST[0]).solve(var="first")
    spelled = csp.Sudoku(HARDEST[0], alldiff=d["alldiff"]).solve(var="first", val=d["val"], inference=d["inference"],
                                                                  restarts=d["restarts"])
    for key in COUNTERS:
        assert ours.stats[key] == spelled.stats[key], key


def test_a_problem_keeps_the_engines_generic_default():
    generic = csp.model_defaults()
    assert set(generic) == {"var", "val", "inference", "restarts", "alldiff"}
    r = csp.n_queens(8).count()
    g = csp.n_queens(8).count(var=generic["var"], val=generic["val"], inference=generic["inference"],
                              restarts=generic["restarts"])
    for key in COUNTERS:
        assert r.stats[key] == g.stats[key], key
    with pytest.raises(csp.UnknownNameError, match="unknown model 'mars'"):
        csp.model_defaults("mars")


def test_sudoku_learned_clauses_hold_in_its_solution():
    # hardest.txt's first puzzle has one solution: every clause learned on it is implied by the rules and the givens,
    # so it holds in that solution.
    puzzle = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    s = csp.Sudoku(puzzle, alldiff="value")
    solution = s.solve().solution
    clauses = s.learned_clauses(10)
    assert 2 <= len(clauses) < 10  # the search solves the puzzle after a few conflicts
    for c in clauses:
        assert any((solution[name] == value) == equal for name, value, equal in c.literals), c.text
        assert c.text.startswith("r") and "digraph conflict" in c.graph

