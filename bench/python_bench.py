"""Speed of the Python module (not a timed test; results in bench/README.md, "The Python module").

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--shared DIR] [--reps R] [--cpp BENCH]

1. The 17-clue sample (17_clue_sample1000.txt) solved through the module with the C++ benchmark's configuration
   (mrv + mac + gac), per puzzle as sudoku_file_bench times it: model construction + search, reading and
   checking excluded, the minimum over R passes. Two roads: one call per puzzle (csp.Sudoku(grid).solve(...)),
   and the batch call csp.models.solve_puzzles (one call, the GIL released once). With --cpp
   build/bench/sudoku_file_bench the C++ number is measured in the same run.
2. The cost of a Python ordering callback per call: var=<a Python function> against the engine's same ordering.
3. The cost of a Python predicate per constraint check: n-queens with p.predicate against the built-in binary
   constraint.
4. The cost of a Python inference per call: forward checking written in Python (inference=<a function>, ten lines
   over ctx.neighbors / ctx.consistent / ctx.remove) against inference="fc", the same search.
5. Building a 9x9 Sudoku model from Python (81 variables, 27 all-different) against csp.Sudoku.
"""

import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

import csp

SPEC = dict(var="mrv", val="natural", inference="mac")


def per_puzzle_seconds(puzzles, reps, fn):
    best = [float("inf")] * len(puzzles)
    for _ in range(reps):
        for i, g in enumerate(puzzles):
            t = time.perf_counter()
            fn(g)
            best[i] = min(best[i], time.perf_counter() - t)
    return best


def bench_17_clue(shared, reps, cpp):
    path = shared / "puzzles" / "17_clue_sample1000.txt"
    puzzles = csp.read_puzzles(str(path))
    one = per_puzzle_seconds(puzzles, reps, lambda g: csp.Sudoku(g, alldiff="gac").solve(**SPEC))
    # The batch road: each puzzle timed inside the call as sudoku_file_bench times it, the minimum over the passes.
    batch = [float("inf")] * len(puzzles)
    for _ in range(reps):
        results = csp.models.solve_puzzles(puzzles, alldiff="gac", **SPEC)
        batch = [min(b, r["wall_us"] / 1e6) for b, r in zip(batch, results)]
    assert all(csp._csp.check_solution(p, r["grid"]) == "" for p, r in zip(puzzles, results))
    print(f"17-clue sample ({len(puzzles)} puzzles, min of {reps} passes, mrv + mac + gac):")
    print(f"  python, one call per puzzle: {statistics.mean(one) * 1e6:7.1f} us/puzzle "
          f"(median {statistics.median(one) * 1e6:.1f})")
    print(f"  python, solve_puzzles batch: {statistics.mean(batch) * 1e6:7.1f} us/puzzle "
          f"(median {statistics.median(batch) * 1e6:.1f})")
    if cpp:
        out = subprocess.run([cpp, str(path), "--reps", str(reps), "--alldiff", "gac"], capture_output=True,
                             text=True, check=True, env=dict(os.environ, SHARED_DIR=str(shared))).stdout
        us = float(re.search(r"us_per_puzzle=([0-9.]+)", out).group(1))
        median = float(re.search(r"us_median=([0-9.]+)", out).group(1))
        print(f"  C++ sudoku_file_bench:       {us:7.1f} us/puzzle (median {median:.1f})")
        print(f"  python / C++: one call per puzzle {statistics.mean(one) * 1e6 / us:.3f} (mean), "
              f"{statistics.median(one) * 1e6 / median:.3f} (median); batch {statistics.mean(batch) * 1e6 / us:.3f} "
              f"(mean), {statistics.median(batch) * 1e6 / median:.3f} (median)")


def timed(fn, reps=3):
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        r = fn()
        best = min(best, time.perf_counter() - t)
    return best, r


def bench_ordering_callback():
    calls = {"n": 0}

    def first(ctx):
        calls["n"] += 1
        return ctx.first_unassigned()

    def my_mrv(ctx):
        calls["n"] += 1
        return min(ctx.unassigned(), key=lambda x: (ctx.remaining_values(x), x), default=None)

    p = csp.n_queens(10)
    for name, fn, native in (("first", first, "first"), ("mrv", my_mrv, "mrv")):
        t_native, r_native = timed(lambda: p.count(var=native, inference="fc"))
        calls["n"] = 0
        t_py, r_py = timed(lambda: p.count(var=fn, inference="fc"))
        n = calls["n"] // 3  # three timed runs
        assert r_py.stats["assignments"] == r_native.stats["assignments"]

        print(f"ordering callback ({name}, 10-queens count with fc): {n} calls, native {t_native * 1e3:.1f} ms, "
              f"python {t_py * 1e3:.1f} ms -> {(t_py - t_native) / n * 1e6:.2f} us per call")


def bench_predicate():
    n = 8
    native = csp.n_queens(n)
    p = csp.Problem()
    qs = p.vars([f"Q{i + 1}" for i in range(n)], range(1, n + 1))
    for i in range(n):
        for j in range(i + 1, n):
            p.predicate(lambda a, b, d=j - i: a != b and abs(a - b) != d, [qs[i], qs[j]])
    t_native, r_native = timed(lambda: native.count(var="first", inference="none"))
    t_py, r_py = timed(lambda: p.count(var="first", inference="none"))
    assert r_py.count == r_native.count == 92
    checks = r_py.stats["constraint_checks"]
    print(f"python predicate (8-queens count, inference none): {checks} checks, native {t_native * 1e3:.1f} ms, "
          f"python {t_py * 1e3:.1f} ms -> {(t_py - t_native) / checks * 1e6:.2f} us per check")


def bench_inference():
    calls = {"n": 0}

    def python_fc(ctx, x):
        calls["n"] += 1
        sources = [x] if x >= 0 else [g for g in range(ctx.variable_count) if ctx.is_assigned(g)]
        for s in sources:
            for y in ctx.neighbors(s):
                if not ctx.is_assigned(y):
                    for v in ctx.domain(y):
                        if not ctx.consistent(y, v) and not ctx.remove(y, v):
                            return False
        return True

    p = csp.n_queens(10)
    spec = dict(var="first", val="natural")
    t_native, r_native = timed(lambda: p.count(inference="fc", **spec))
    calls["n"] = 0
    t_py, r_py = timed(lambda: p.count(inference=python_fc, **spec))
    n = calls["n"] // 3
    assert r_py.count == r_native.count == 724
    assert r_py.stats["backtracks"] == r_native.stats["backtracks"]
    print(f"python inference (forward checking, 10-queens count, var first): {n} calls, native "
          f"{t_native * 1e3:.1f} ms, python {t_py * 1e3:.1f} ms -> {(t_py - t_native) / n * 1e6:.2f} us per call")


def build_9x9():
    p = csp.Problem()
    cells = [[p.var(f"r{r + 1}c{c + 1}", range(1, 10)) for c in range(9)] for r in range(9)]
    for i in range(9):
        p.all_different(cells[i])
        p.all_different([cells[r][i] for r in range(9)])
        br, bc = 3 * (i // 3), 3 * (i % 3)
        p.all_different([cells[br + r][bc + c] for r in range(3) for c in range(3)])
    return p


def bench_build():
    reps = 200
    t = time.perf_counter()
    for _ in range(reps):
        build_9x9()
    python_us = (time.perf_counter() - t) / reps * 1e6
    grid = csp.parse_puzzle("." * 81)
    t = time.perf_counter()
    for _ in range(reps):
        csp.Sudoku(grid)
    model_us = (time.perf_counter() - t) / reps * 1e6
    p = build_9x9()
    assert len(p) == 81 and p.constraint_count == 27
    print(f"building a 9x9 model: from Python {python_us:.0f} us (81 variables, 27 all-different); "
          f"csp.Sudoku {model_us:.1f} us (the shared blank grid)")


def main():
    here = pathlib.Path(__file__).resolve().parent
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=os.environ.get("CSP_SHARED_DIR", here.parent.parent / "shared"))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--cpp", help="path of sudoku_file_bench, to time the C++ side in the same run")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    shared = pathlib.Path(args.shared)
    if (shared / "puzzles" / "17_clue_sample1000.txt").exists():
        bench_17_clue(shared, args.reps, args.cpp)
    else:
        print(f"no {shared}/puzzles/17_clue_sample1000.txt: 17-clue part skipped", file=sys.stderr)
    bench_ordering_callback()
    bench_predicate()
    bench_inference()
    bench_build()
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
