"""csp.Sudoku's pencil marks (candidates), inference="techniques" and "probe" as csp.study takes them, and
on_solution with minimize / maximize."""

import pytest

import csp
from conftest import SEED_EASY

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def peers_of(r, c):
    box = [(r // 3 * 3 + i, c // 3 * 3 + j) for i in range(3) for j in range(3)]
    return {(r, k) for k in range(9)} | {(k, c) for k in range(9)} | set(box)


def test_candidates_are_the_domains_after_root_propagation():
    s = csp.Sudoku(HARD)
    marks = s.candidates(inference="fc")
    assert len(marks) == 9 and all(len(row) == 9 for row in marks)
    grid = s.grid
    solution = s.solve().grid
    for r in range(9):
        for c in range(9):
            given = grid.at(r, c)
            if given:
                assert marks[r][c] == {given}
            else:
                # never more than the values no given peer holds, always the solution's value
                free = set(range(1, 10)) - {grid.at(i, j) for i, j in peers_of(r, c)}
                assert marks[r][c] <= free and solution.at(r, c) in marks[r][c]
    mac = s.candidates()  # the model's default inference (mac): at most fc's marks
    assert all(mac[r][c] <= marks[r][c] for r in range(9) for c in range(9))
    assert sum(map(len, sum(mac, []))) < sum(map(len, sum(marks, [])))


def test_candidates_of_an_easy_puzzle_are_its_solution_and_of_a_clash_an_error():
    s = csp.Sudoku(SEED_EASY)
    solution = s.solve().grid
    assert s.candidates() == [[{solution.at(r, c)} for c in range(9)] for r in range(9)]
    with pytest.raises(csp.Error, match="empties a cell"):
        csp.Sudoku("11" + "." * 79).candidates()


def test_candidates_of_a_6x6_grid():
    s = csp.Sudoku("." * 36, box=(2, 3))
    marks = s.candidates()
    assert len(marks) == 6 and marks[0][0] == set(range(1, 7))


def test_sudoku_solve_takes_the_techniques_inference_as_a_study_does(tmp_path):
    s = csp.Sudoku(HARD)
    r = s.solve(inference="techniques")
    assert r.status == "solved" and s.check(r.grid) == ""
    puzzles = tmp_path / "hard.txt"
    puzzles.write_text(HARD + "\n")
    row = csp.study(model="sudoku", files=[puzzles], grid={"inference": ["techniques"]}).rows[0]
    for key in ("assignments", "backtracks", "constraint_checks", "revisions", "values_pruned"):
        assert row[key] == r.stats[key], key
    assert r.stats["revisions"] != s.solve(inference="mac").stats["revisions"]
    assert s.count(inference="techniques").count == 1
    assert next(s.solutions(inference="techniques")) == r.grid
    batch = csp.models.solve_puzzles([csp.parse_puzzle(HARD)], inference="techniques")
    assert batch[0]["stats"]["assignments"] == r.stats["assignments"]
    tree = s.solve(inference="techniques", tree=True)
    assert tree.result.grid == r.grid


def test_sudoku_solve_takes_the_probe_inference_as_a_study_does(tmp_path):
    s = csp.Sudoku(HARD)
    r = s.solve(inference="probe")
    assert r.status == "solved" and s.check(r.grid) == ""
    puzzles = tmp_path / "hard.txt"
    puzzles.write_text(HARD + "\n")
    row = csp.study(model="sudoku", files=[puzzles], grid={"inference": ["probe"]}).rows[0]
    for key in ("assignments", "backtracks", "constraint_checks", "revisions", "values_pruned"):
        assert row[key] == r.stats[key], key
    assert r.stats["backtracks"] <= s.solve(inference="mac").stats["backtracks"]
    assert s.count(inference="probe").count == 1
    assert next(s.solutions(inference="probe")) == r.grid
    batch = csp.models.solve_puzzles([csp.parse_puzzle(HARD)], inference="probe")
    assert batch[0]["stats"]["assignments"] == r.stats["assignments"]
    # the marks after probing: within mac's, and the solution's among them
    mac = s.candidates()
    probe = s.candidates(inference="probe")
    assert all(probe[i][j] <= mac[i][j] and r.grid.at(i, j) in probe[i][j] for i in range(9) for j in range(9))
    several = csp.Sudoku("." * 36, box=(2, 3))
    assert several.count(inference="probe", max_solutions=50).count == several.count(max_solutions=50).count


def test_minimize_and_maximize_call_on_solution_with_each_improving_solution():
    p = csp.Problem()
    x = p.var("x", 0, 9)
    y = p.var("y", 0, 9)
    p += x + y <= 12
    seen = []
    r = p.maximize(2 * x + y, on_solution=seen.append)
    assert r.objective == 21 and r.stop == "complete"
    assert [s["x"] * 2 + s["y"] for s in seen] == [s["x"] * 2 + s["y"] for s in r.solutions]
    assert seen[-1]["x"] == 9 and seen[-1]["y"] == 3
    stopped = p.minimize(x - y, on_solution=lambda s: False)
    assert stopped.stop == "callback" and stopped.count == 1
