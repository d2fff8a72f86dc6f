#!/usr/bin/env python3
"""csp's MiniZinc library against MiniZinc's own std definitions, global by global, on random small instances.

For each global that csp's library (models/flatzinc/mznlib/) redefines, random small models are generated with the
corner cases the field's trackers report (zero durations and resources, capacities of any sign, empty arrays,
offset index sets, fixed and variable arguments, arrays of different lengths). Each model is solved twice with
`minizinc -a`:
  - csp: compiled with csp's library (`--solver csp`: csp's native propagators and its own decompositions);
  - std: compiled with `-G std` (MiniZinc's std definitions, decomposed into plain int/bool builtins) and
    enumerated by csp's plain backtracking (`--preset textbook`), the brute force of the std definition.
Both must print the same set of solutions (or both refuse the model). With csp's builtins themselves checked
against brute force by scripts/fzn-difffuzz.py, a difference is a fault of csp's library or of a native
propagator.

Usage: mzn-globals-vs-std.py SOLVERS_DIR [--per-global N] [--seed K] [--seconds S] [--only NAME,...]
                             [--config "FLAGS"] [--keep DIR] [--list]
SOLVERS_DIR holds csp.msc (the build tree's share/minizinc/solvers). Exits 1 on any difference (each model is
written to DIR), 77 when minizinc is not installed, 0 otherwise. Reproducible: instance i of global G under seed
K is the same model on every machine.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time


def ints(xs):
    return "[" + ",".join(str(x) for x in xs) + "]"


class Gen:
    """Declarations of one random model: arrays of variables with small domains, and helpers."""

    def __init__(self, rng):
        self.rng = rng
        self.decls = []

    def domain(self, lo=-2, hi=3, width=(0, 3)):
        a = self.rng.randint(lo, hi)
        return a, a + self.rng.randint(*width)

    def array(self, name, n, lo=-2, hi=3, width=(0, 3), first=1, bool_=False):
        """`array[first..first+n-1] of var lo..hi: name` with one domain per element (declared one by one)."""
        elems = []
        for i in range(n):
            e = f"{name}_{i}"
            if bool_:
                self.decls.append(f"var bool: {e};")
            else:
                a, b = self.domain(lo, hi, width)
                self.decls.append(f"var {a}..{b}: {e};")
            elems.append(e)
        kind = "bool" if bool_ else "int"
        self.decls.append(f"array[{first}..{first + n - 1}] of var {kind}: {name} = [{','.join(elems)}];")
        return name

    def var(self, name, lo=-2, hi=3, width=(0, 3)):
        a, b = self.domain(lo, hi, width)
        self.decls.append(f"var {a}..{b}: {name};")
        return name

    def fixed_or_var(self, name, values, lo, hi):
        """A constant array (written inline) or an array of variables around those values."""
        if self.rng.random() < 0.5:
            return ints(values)
        elems = []
        for i, v in enumerate(values):
            e = f"{name}_{i}"
            a = max(lo, v - self.rng.randint(0, 1))
            self.decls.append(f"var {a}..{max(a, min(hi, v + self.rng.randint(0, 1)))}: {e};")
            elems.append(e)
        return "[" + ",".join(elems) + "]"

    def model(self, constraint):
        return 'include "globals.mzn";\n' + "\n".join(self.decls) + f"\nconstraint {constraint};\nsolve satisfy;\n"


def g_all_different(g):
    return f"all_different({g.array('x', g.rng.randint(0, 4))})"


def g_among(g):
    x = g.array("x", g.rng.randint(0, 4))
    v = sorted(g.rng.sample(range(-2, 5), g.rng.randint(0, 3)))
    return f"among({g.var('n', -1, 3)}, {x}, {{{','.join(map(str, v))}}})"


def g_arg_max(g):
    x = g.array("x", g.rng.randint(1, 4), first=g.rng.choice([1, 0, 3]))
    return f"{g.var('z', -1, 5, (2, 5))} = {g.rng.choice(['arg_max', 'arg_min'])}({x})"


def g_at_least_most_exactly(g):
    x = g.array("x", g.rng.randint(0, 4))
    return f"{g.rng.choice(['at_least', 'at_most', 'exactly'])}({g.rng.randint(-1, 3)}, {x}, {g.rng.randint(-1, 3)})"


def g_bin_packing(g):
    n = g.rng.randint(0, 4)
    bins = g.array("bin", n, 0, 3, (0, 2))
    w = [g.rng.randint(0, 3) for _ in range(n)]
    form = g.rng.randint(0, 2)
    if form == 0:
        return f"bin_packing({g.rng.randint(-1, 5)}, {bins}, {ints(w)})"
    first = g.rng.choice([0, 1, 2])
    m = g.rng.randint(1, 3)
    if form == 1:
        c = [g.rng.randint(-1, 5) for _ in range(m)]
        return f"bin_packing_capa(array1d({first}..{first + m - 1}, {ints(c)}), {bins}, {ints(w)})"
    load = g.array("load", m, 0, 4, (0, 3), first=first)
    return f"bin_packing_load({load}, {bins}, {ints(w)})"


def g_circuit(g):
    n = g.rng.randint(1, 5)
    first = g.rng.choice([1, 0, 2])
    x = g.array("x", n, first - 1, first + n - 1, (0, n), first=first)
    return f"{g.rng.choice(['circuit', 'subcircuit'])}({x})"


def g_count(g):
    x = g.array("x", g.rng.randint(0, 4))
    y = str(g.rng.randint(-1, 3)) if g.rng.random() < 0.5 else g.var("y", -1, 3, (0, 2))
    c = str(g.rng.randint(-1, 3)) if g.rng.random() < 0.4 else g.var("c", -1, 4, (0, 3))
    rel = g.rng.choice(["eq", "neq", "lt", "leq", "gt", "geq"])
    return f"count_{rel}({x}, {y}, {c})"


def g_cumulative(g):
    n = g.rng.randint(0, 4)
    s = g.array("s", n, 0, 2, (0, 2))
    d = g.fixed_or_var("d", [g.rng.randint(0, 2) for _ in range(n)], 0, 3)
    r = g.fixed_or_var("r", [g.rng.randint(0, 2) for _ in range(n)], 0, 3)
    b = str(g.rng.randint(-1, 3)) if g.rng.random() < 0.7 else g.var("b", -1, 2, (0, 2))
    return f"cumulative({s}, {d}, {r}, {b})"


def g_disjunctive(g):
    n = g.rng.randint(0, 4)
    s = g.array("s", n, 0, 3, (0, 3))
    d = g.fixed_or_var("d", [g.rng.randint(0, 2) for _ in range(n)], 0, 3)
    return f"disjunctive({s}, {d})"


def g_diffn(g):
    n = g.rng.randint(0, 3)
    x, y = g.array("x", n, 0, 2, (0, 2)), g.array("y", n, 0, 2, (0, 2))
    dx = g.fixed_or_var("dx", [g.rng.randint(0, 2) for _ in range(n)], 0, 2)
    dy = g.fixed_or_var("dy", [g.rng.randint(0, 2) for _ in range(n)], 0, 2)
    return f"{g.rng.choice(['diffn', 'diffn_nonstrict'])}({x}, {y}, {dx}, {dy})"


def g_gcc(g):
    x = g.array("x", g.rng.randint(0, 4), -1, 3, (0, 2))
    m = g.rng.randint(0, 3)
    cover = sorted(g.rng.sample(range(-1, 4), m))
    form = g.rng.choice(["global_cardinality", "global_cardinality_closed", "global_cardinality_low_up",
                         "global_cardinality_low_up_closed"])
    if "low_up" in form:
        lo = [g.rng.randint(-1, 2) for _ in range(m)]
        up = [a + g.rng.randint(-1, 2) for a in lo]
        return f"{form}({x}, {ints(cover)}, {ints(lo)}, {ints(up)})"
    return f"{form}({x}, {ints(cover)}, {g.array('counts', m, -1, 2, (0, 3))})"


def g_increasing(g):
    return f"{g.rng.choice(['increasing', 'decreasing'])}({g.array('x', g.rng.randint(0, 4))})"


def g_inverse(g):
    n = g.rng.randint(1, 4)
    ff, fi = g.rng.choice([1, 0, 2]), g.rng.choice([1, 0, 2])
    f = g.array("f", n, fi - 1, fi + n - 1, (0, n), first=ff)
    inv = g.array("invf", n, ff - 1, ff + n - 1, (0, n), first=fi)
    return f"inverse({f}, {inv})"


def g_lex(g):
    bool_ = g.rng.random() < 0.3
    x = g.array("x", g.rng.randint(0, 3), 0, 2, (0, 2), bool_=bool_)
    y = g.array("y", g.rng.randint(0, 3), 0, 2, (0, 2), bool_=bool_)
    return f"{g.rng.choice(['lex_less', 'lex_lesseq'])}({x}, {y})"


def g_nvalue(g):
    return f"nvalue({g.var('n', -1, 3)}, {g.array('x', g.rng.randint(0, 4), -1, 2, (0, 2))})"


def g_regular(g):
    q, s = g.rng.randint(1, 3), g.rng.randint(1, 3)
    d = [g.rng.randint(0, q) for _ in range(q * s)]
    final = sorted(g.rng.sample(range(1, q + 1), g.rng.randint(0, q)))
    x = g.array("x", g.rng.randint(0, 4), 0, s, (0, s))
    return (f"regular({x}, {q}, {s}, array2d(1..{q}, 1..{s}, {ints(d)}), {g.rng.randint(1, q)}, "
            f"{{{','.join(map(str, final))}}})")


def g_table(g):
    n = g.rng.randint(1, 3)
    x = g.array("x", n, -1, 2, (0, 2))
    rows = [[g.rng.randint(-1, 3) for _ in range(n)] for _ in range(g.rng.randint(0, 5))]
    return f"table({x}, array2d(1..{len(rows)}, 1..{n}, {ints([v for r in rows for v in r])}))"


GLOBALS = {
    "all_different": g_all_different, "among": g_among, "arg_max": g_arg_max,
    "at_least_most_exactly": g_at_least_most_exactly, "bin_packing": g_bin_packing, "circuit": g_circuit,
    "count": g_count, "cumulative": g_cumulative, "disjunctive": g_disjunctive, "diffn": g_diffn,
    "global_cardinality": g_gcc, "increasing": g_increasing, "inverse": g_inverse, "lex": g_lex,
    "nvalue": g_nvalue, "regular": g_regular, "table": g_table,
}


def solve(model_path, solvers_dir, std, config, timeout=60):
    """(status, solutions): status "ok", "error" (the model refused) or "timeout"; solutions a sorted list."""
    cmd = ["minizinc", "--solver", "csp", "-a", model_path]
    cmd += ["-G", "std", "--preset", "textbook"] if std else config
    env = dict(os.environ, MZN_SOLVER_PATH=solvers_dir)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return "timeout", []
    if p.returncode != 0 or "=====ERROR=====" in p.stdout:
        first = (p.stderr.strip() or p.stdout.strip()).splitlines()[:1]
        # std cannot evaluate some corner cases (min, max or bounds of an empty array): no verdict.
        return ("undefined" if "evaluation error" in p.stderr else "error"), first
    if "=====UNKNOWN=====" in p.stdout:
        return "timeout", []
    sols, cur = [], []
    for line in p.stdout.splitlines():
        if line == "----------":
            sols.append("; ".join(cur))
            cur = []
        elif line in ("==========", "=====UNSATISFIABLE====="):
            pass
        else:
            cur.append(line)
    return "ok", sorted(sols)


def compare(solvers_dir, names, per_global, seed, seconds=0.0, config=(), log=print):
    """Runs the comparison; returns [(tag, why, model text)] of the models where csp and std differ."""
    start = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="mzn-globals-vs-std-")
    failures, count = [], 0
    try:
        for i in range(per_global):
            for name in names:  # round robin: a time budget covers every global
                if seconds and time.monotonic() - start > seconds:
                    break
                g = Gen(random.Random(f"{seed}/{name}/{i}"))
                text = g.model(GLOBALS[name](g))
                path = os.path.join(tmp, f"{name}_{i}.mzn")
                with open(path, "w") as f:
                    f.write(text)
                csp = solve(path, solvers_dir, False, list(config))
                std = solve(path, solvers_dir, True, [])
                count += 1
                if "timeout" in (csp[0], std[0]) or std[0] == "undefined":
                    log(f"{name} #{i}: not judged (csp {csp[0]}, std {std[0]})")
                    continue
                if csp[0] == "error" and std[0] == "error":
                    continue  # both refuse (e.g. std's asserts on negative weights)
                if csp != std:
                    why = (f"csp {csp[0]}, {len(csp[1])} solutions; std {std[0]}, {len(std[1])} solutions"
                           + (f"; csp says {csp[1][0]}" if csp[0] == "error" else "")
                           + (f"; std says {std[1][0]}" if std[0] == "error" else ""))
                    failures.append((f"{name}_{i}", why, text))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    log(f"mzn-globals-vs-std: seed {seed}: {count} models of {len(names)} globals in "
        f"{time.monotonic() - start:.0f} s; {len(failures)} differ from std")
    return failures


def write_failures(failures, keep, log=print):
    os.makedirs(keep, exist_ok=True)
    for tag, why, text in failures:
        with open(os.path.join(keep, tag + ".mzn"), "w") as f:
            f.write(f"% {why}\n{text}")
        log(f"DIFFERS {tag}: {why}")
    log(f"models written to {keep}/")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("solvers_dir")
    ap.add_argument("--per-global", type=int, default=6, help="instances of each global (default 6)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=0, help="stop starting new instances after S s (0: no limit)")
    ap.add_argument("--only", default="", help="comma-separated globals (default: all; --list names them)")
    ap.add_argument("--config", default="", help="csp flags for the csp side, e.g. \"--globals decompose\"")
    ap.add_argument("--keep", default="mzn-globals-vs-std-failures")
    ap.add_argument("--list", action="store_true")
    o = ap.parse_args()
    if o.list:
        print("\n".join(GLOBALS))
        return 0
    if shutil.which("minizinc") is None:
        print("skipped: minizinc is not installed")
        return 77
    names = o.only.split(",") if o.only else list(GLOBALS)
    unknown = [n for n in names if n not in GLOBALS]
    if unknown:
        print(f"mzn-globals-vs-std: unknown global {unknown[0]!r} (--list names them)", file=sys.stderr)
        return 2
    failures = compare(o.solvers_dir, names, o.per_global, o.seed, o.seconds, o.config.split())
    if failures:
        write_failures(failures, o.keep)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
