#!/usr/bin/env python3
"""Differential fuzzer of `csp fzn`: random small FlatZinc models, brute force decides.

Each model has 2 to 4 int or bool variables over small domains (singleton and empty ones included) and 1 to 3
constraints drawn from the builtins csp takes (int_*, int_lin_* with negative and zero coefficients, their _reif /
_imp forms, bool_*, array_*_element, set_in, fzn_all_different_int, csp_table_int), arguments chosen with repeats
(int_times(x, x, z), an element's index inside its array) and constants; some variables are hidden (no
output_var), and one model in four minimises or maximises a variable. Every model is solved by brute force (all
assignments, each builtin evaluated as MiniZinc's stdlib defines it), by `csp fzn -a` under several
configurations, clause learning among them (`--algorithm lcg`; for a satisfaction also once without -a, which must
print one of them or prove there is none), and, when the MiniZinc driver is installed, by Gecode (`minizinc --solver gecode`, every
GECODE_EVERY-th model). csp must print exactly the brute-force solutions, distinct on the output variables
(optimisation: the optimum, proved); a Gecode answer that differs from brute force is reported as Gecode's, not
as a failure (Gecode 6.2 has known bugs on int_mod and int_pow).

With --globals-share F (default 0.25, when the MiniZinc driver is installed), that share of the time budget
goes to scripts/mzn-globals-vs-std.py: random small models of each native global, with zero and negative corner
values, compared with the brute force of MiniZinc's std definition.

Usage: fzn-difffuzz.py CSP [--seconds S] [--models N] [--seed K] [--keep DIR] [--globals-share F]
Exits 1 when csp disagrees with brute force (each such model is written to DIR, default fzn-difffuzz-failures/),
0 otherwise. Reproducible: model i of seed K is the same model on every machine.
"""
import argparse
import itertools
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

CONFIGS = [
    [],
    ["-f", "--var", "first", "--inference", "none"],
    ["-f", "--var", "mrv", "--inference", "fc", "--alldiff", "binary"],
    ["-f", "--var", "dom-wdeg", "--inference", "mac", "--alldiff", "value", "--restarts", "luby",
     "--restart-base", "2"],
    ["-f", "--var", "first", "--inference", "fc", "--backjump", "cbj"],
    ["--algorithm", "lcg", "--restart-base", "1"],  # clause learning: -a by blocking clauses, branch and bound
]


def tdiv(a, b):  # MiniZinc div: truncation towards zero
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def tmod(a, b):  # MiniZinc mod: the sign of a
    return a - b * tdiv(a, b)


def ipow(x, y):  # MiniZinc 2.6 int_pow: 1 div x^|y| for y < 0, undefined (None) for x = 0 there
    if y >= 0:
        return x ** y
    if x == 0:
        return None
    return tdiv(1, x ** -y)


# name: (argument kinds, check). Kinds: i an int term, b a bool term, I an int array of terms, B a bool array,
# c an int array of constants (coefficients), k an int constant, s a set constant.
def lin(a, xs):
    return sum(p * q for p, q in zip(a, xs))


def element(i, xs, r):
    return 1 <= i <= len(xs) and xs[i - 1] == r


def pow_holds(x, y, z):
    r = ipow(x, y)
    return r is not None and r == z


BASE = {
    "int_eq": ("ii", lambda x, y: x == y),
    "int_ne": ("ii", lambda x, y: x != y),
    "int_lt": ("ii", lambda x, y: x < y),
    "int_le": ("ii", lambda x, y: x <= y),
    "int_lin_eq": ("cIk", lambda a, xs, c: lin(a, xs) == c),
    "int_lin_ne": ("cIk", lambda a, xs, c: lin(a, xs) != c),
    "int_lin_le": ("cIk", lambda a, xs, c: lin(a, xs) <= c),
    "bool_eq": ("bb", lambda x, y: x == y),
    "bool_le": ("bb", lambda x, y: x <= y),
    "bool_lt": ("bb", lambda x, y: x < y),
    "set_in": ("is", lambda x, s: x in s),
}
FUNCTIONS = {
    "int_plus": ("iii", lambda x, y, z: x + y == z),
    "int_times": ("iii", lambda x, y, z: x * y == z),
    "int_div": ("iii", lambda x, y, z: y != 0 and tdiv(x, y) == z),
    "int_mod": ("iii", lambda x, y, z: y != 0 and tmod(x, y) == z),
    "int_abs": ("ii", lambda x, z: abs(x) == z),
    "int_min": ("iii", lambda x, y, z: min(x, y) == z),
    "int_max": ("iii", lambda x, y, z: max(x, y) == z),
    "int_pow": ("iii", pow_holds),
    "bool_and": ("bbb", lambda x, y, r: (x and y) == r),
    "bool_or": ("bbb", lambda x, y, r: (x or y) == r),
    "bool_xor": ("bbb", lambda x, y, r: (x != y) == r),
    "bool_not": ("bb", lambda x, y: x != y),
    "bool2int": ("bi", lambda x, y: x == y),
    "bool_clause": ("BB", lambda p, n: any(p) or not all(n)),
    "array_bool_and": ("Bb", lambda xs, r: all(xs) == r),
    "array_bool_or": ("Bb", lambda xs, r: any(xs) == r),
    "array_bool_xor": ("B", lambda xs: sum(xs) % 2 == 1),
    "bool_lin_eq": ("cBi", lambda a, xs, c: lin(a, xs) == c),
    "bool_lin_le": ("cBk", lambda a, xs, c: lin(a, xs) <= c),
    "array_int_element": ("iCi", element),
    "array_var_int_element": ("iIi", element),
    "array_bool_element": ("iDb", element),
    "array_var_bool_element": ("iBb", element),
    "fzn_all_different_int": ("I", lambda xs: len(set(xs)) == len(xs)),
    "csp_table_int": ("It", None),  # checked by table_holds
}


def builtins():
    table = dict(FUNCTIONS)
    for name, (kinds, check) in BASE.items():
        table[name] = (kinds, check)
        table[name + "_reif"] = (kinds + "b", lambda *a, c=check: c(*a[:-1]) == a[-1])
        table[name + "_imp"] = (kinds + "b", lambda *a, c=check: (not a[-1]) or c(*a[:-1]))
    return table


TABLE = builtins()


class Model:
    """A random model: variables (name, is_bool, values, output), constraints (name, args), goal."""

    def __init__(self, rng):
        self.rng = rng
        self.vars = []
        n = rng.randint(2, 4)
        for k in range(n):
            if rng.random() < 0.25:
                self.vars.append((f"b{k}", True, [0, 1], True))
                continue
            lo = rng.randint(-3, 3)
            hi = lo + rng.choice([-1, 0]) if rng.random() < 0.08 else lo + rng.randint(1, 6)  # empty, singleton
            values = list(range(lo, hi + 1))
            if len(values) > 2 and rng.random() < 0.3:
                values.remove(rng.choice(values[1:-1]))  # a hole
            self.vars.append((f"x{k}", False, values, True))
        if rng.random() < 0.3:  # one hidden variable
            k = rng.randrange(n)
            name, is_bool, values, _ = self.vars[k]
            self.vars[k] = (name, is_bool, values, False)
        self.constraints = [self.constraint() for _ in range(rng.randint(1, 3))]
        ints = [v for v in self.vars if not v[1]]
        self.goal = ("satisfy", None)
        if ints and rng.random() < 0.25:
            self.goal = (rng.choice(["minimize", "maximize"]), rng.choice(ints)[0])

    def term(self, want_bool):
        pool = [v for v in self.vars if v[1] == want_bool]
        if pool and self.rng.random() < 0.85:
            return self.rng.choice(pool)[0]
        return self.rng.choice(["false", "true"]) if want_bool else str(self.rng.randint(-3, 3))

    def constraint(self):
        name = self.rng.choice(sorted(TABLE))
        kinds = TABLE[name][0]
        args = []
        length = self.rng.randint(1, 3)
        for kind in kinds:
            if kind in "ib":
                args.append(self.term(kind == "b"))
            elif kind in "IB":
                args.append([self.term(kind == "B") for _ in range(length)])
            elif kind == "c":
                args.append([self.rng.randint(-3, 3) for _ in range(length)])
            elif kind == "C":
                args.append([self.rng.randint(-3, 3) for _ in range(self.rng.randint(1, 4))])
            elif kind == "D":
                args.append([self.rng.choice(["false", "true"]) for _ in range(self.rng.randint(1, 4))])
            elif kind == "k":
                args.append(str(self.rng.randint(-4, 4)))
            elif kind == "s":
                args.append(sorted(set(self.rng.randint(-3, 3) for _ in range(self.rng.randint(0, 4)))))
            elif kind == "t":
                width = len(args[0])
                args.append([self.rng.randint(-2, 2) for _ in range(width * self.rng.randint(0, 5))])
        return name, args

    # ---- FlatZinc text ---------------------------------------------------------------------------------------
    @staticmethod
    def literal(a):
        if isinstance(a, list):
            return "[" + ", ".join(str(x) for x in a) + "]"
        return str(a)

    def fzn(self):
        lines = []
        for name, is_bool, values, output in self.vars:
            ann = " :: output_var" if output else ""
            if is_bool:
                lines.append(f"var bool: {name}{ann};")
            elif not values:
                lines.append(f"var 1..0: {name}{ann};")
            elif values == list(range(values[0], values[-1] + 1)):
                lines.append(f"var {values[0]}..{values[-1]}: {name}{ann};")
            else:
                lines.append(f"var {{{', '.join(map(str, values))}}}: {name}{ann};")
        for name, args in self.constraints:
            text = []
            for kind, a in zip(TABLE[name][0], args):
                text.append("{" + ", ".join(map(str, a)) + "}" if kind == "s" else self.literal(a))
            lines.append(f"constraint {name}({', '.join(text)});")
        goal, obj = self.goal
        lines.append("solve satisfy;" if goal == "satisfy" else f"solve {goal} {obj};")
        return "\n".join(lines) + "\n"

    # ---- brute force -----------------------------------------------------------------------------------------
    def holds(self, name, args, env):
        def value(a):
            if isinstance(a, list):
                return [value(x) for x in a]
            if a in env:
                return env[a]
            return {"true": 1, "false": 0}[a] if a in ("true", "false") else int(a)

        kinds = TABLE[name][0]
        vals = [a if kind in "cs" else value(a) for kind, a in zip(kinds, args)]
        if name == "csp_table_int":
            xs, flat = vals
            w = len(xs)
            return any(flat[r:r + w] == xs for r in range(0, len(flat), w)) if w else False
        if kinds[0] == "c" or name in ("bool_lin_eq", "bool_lin_le"):
            a, xs = vals[0], vals[1]
            if len(a) != len(xs):
                return False
        return bool(TABLE[name][1](*vals))

    def brute_force(self):
        """The set of solutions projected on the output variables (as sorted tuples), and the objective values."""
        names = [v[0] for v in self.vars]
        shown = [v[0] for v in self.vars if v[3]]
        out = {}
        for combo in itertools.product(*[v[2] for v in self.vars]):
            env = dict(zip(names, combo))
            if all(self.holds(n, a, env) for n, a in self.constraints):
                key = tuple(env[s] for s in shown)
                out.setdefault(key, set()).add(env[self.goal[1]] if self.goal[1] else 0)
        return shown, out


def parse_csp(text, shown, bools):
    """Solutions printed by csp fzn (a list of tuples over `shown`) and the final status line."""
    solutions, current, status = [], {}, None
    for line in text.splitlines():
        line = line.strip()
        if line == "----------":
            solutions.append(tuple(current.get(s) for s in shown))
            current = {}
        elif line.startswith("====="):
            status = line
        elif line == "==========":
            status = line
        elif " = " in line and line.endswith(";"):
            k, v = line[:-1].split(" = ", 1)
            current[k] = (1 if v == "true" else 0) if k in bools else int(v)
    return solutions, status


def judge(model, shown, truth, solutions, status):
    """'' when the answer agrees with brute force, else why not."""
    goal, obj = model.goal
    if goal == "satisfy":
        if not truth:
            return "" if status == "=====UNSATISFIABLE=====" and not solutions else f"expected UNSAT, got {status}"
        if len(solutions) != len(set(solutions)):
            return f"a solution printed twice: {solutions}"
        if set(solutions) != set(truth) or status != "==========":
            return f"expected {sorted(truth)}, got {solutions} {status}"
        return ""
    if not truth:
        return "" if status == "=====UNSATISFIABLE=====" else f"expected UNSAT, got {status}"
    best = (min if goal == "minimize" else max)(v for vals in truth.values() for v in vals)
    if status != "==========" or not solutions:
        return f"expected optimum {best} proved, got {status}"
    for s in solutions:
        if s not in truth:
            return f"printed a non-solution {s}"
    last = solutions[-1]
    got = last[shown.index(obj)] if obj in shown else None
    if obj in shown and got != best:
        return f"expected optimum {best}, got {got}"
    if best not in truth[last]:
        return f"the last solution {last} does not reach the optimum {best}"
    return ""


def judge_one(truth, solutions, status):
    """'' when a one-solution answer (csp fzn --algorithm lcg, satisfaction) agrees with brute force, else why not."""
    if not truth:
        return "" if status == "=====UNSATISFIABLE=====" and not solutions else f"expected UNSAT, got {status}"
    if len(solutions) != 1 or solutions[0] not in truth:
        return f"expected one of {sorted(truth)}, got {solutions} {status}"
    return ""


def run(cmd, timeout=20):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"


def globals_vs_std():
    """scripts/mzn-globals-vs-std.py as a module (its file name has dashes)."""
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "mzn-globals-vs-std.py")
    spec = importlib.util.spec_from_file_location("mzn_globals_vs_std", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_globals(o):
    """The globals against std for globals_share of the budget, from csp's build tree (share/minizinc/solvers)."""
    solvers = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(o.csp))), "share", "minizinc", "solvers")
    if not os.path.isfile(os.path.join(solvers, "csp.msc")):
        print(f"fzn-difffuzz: no {solvers}/csp.msc: the globals against std are skipped")
        return []
    g = globals_vs_std()
    return g.compare(solvers, list(g.GLOBALS), 10 ** 6, o.seed, o.seconds * o.globals_share,
                     log=lambda line: None if "not judged" in line else print(line))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csp")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--models", type=int, default=0, help="stop after N models (0: the time budget only)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", default="fzn-difffuzz-failures")
    ap.add_argument("--gecode-every", type=int, default=4)
    ap.add_argument("--globals-share", type=float, default=0.25,
                    help="share of --seconds for the globals against std (0: none; needs minizinc)")
    o = ap.parse_args()
    globals_started = time.monotonic()
    global_failures = run_globals(o) if o.globals_share > 0 and o.models == 0 and shutil.which("minizinc") else []
    budget = o.seconds - (time.monotonic() - globals_started)  # what the globals left of the time
    gecode = shutil.which("minizinc") is not None and o.gecode_every > 0
    start = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="fzn-difffuzz-")
    failures, gecode_disagreements, count, runs = [], [], 0, 0
    rng = random.Random(o.seed)
    while time.monotonic() - start < budget and (o.models == 0 or count < o.models):
        model = Model(random.Random(rng.getrandbits(64)))
        shown, truth = model.brute_force()
        bools = {v[0] for v in model.vars if v[1]}
        path = os.path.join(tmp, f"m{count}.fzn")
        with open(path, "w") as f:
            f.write(model.fzn())
        for config in CONFIGS:
            if "--backjump" in config and model.goal[0] != "satisfy":
                continue  # csp fzn refuses cbj with branch and bound
            rc, out, err = run([o.csp, "fzn", "-a", path] + config)
            runs += 1
            why = f"exit {rc}: {err.strip()}" if rc != 0 else judge(model, shown, truth, *parse_csp(out, shown, bools))
            if why:
                failures.append((count, config, why, model.fzn()))
                break
        if not failures or failures[-1][0] != count:  # clause learning: one solution, or the proof
            if model.goal[0] == "satisfy":
                rc, out, err = run([o.csp, "fzn", "--algorithm", "lcg", path])
                runs += 1
                why = f"exit {rc}: {err.strip()}" if rc != 0 else judge_one(truth, *parse_csp(out, shown, bools))
                if why:
                    failures.append((count, ["--algorithm", "lcg"], why, model.fzn()))
        if gecode and count % o.gecode_every == 0 and all(v[2] for v in model.vars):
            rc, out, err = run(["minizinc", "--solver", "gecode", "-a", path])
            if rc == 0:
                why = judge(model, shown, truth, *parse_csp(out, shown, bools))
                if why:
                    gecode_disagreements.append((count, why, model.fzn()))
        count += 1
    shutil.rmtree(tmp, ignore_errors=True)
    elapsed = time.monotonic() - start
    print(f"fzn-difffuzz: seed {o.seed}: {count} models, {runs} csp runs in {elapsed:.0f} s; "
          f"csp disagreed with brute force on {len(failures)}; Gecode on {len(gecode_disagreements)}")
    for k, why, text in gecode_disagreements[:5]:
        print(f"-- Gecode, model {k}: {why}\n{text}")
    if global_failures:
        globals_vs_std().write_failures(global_failures, o.keep)
    if failures:
        os.makedirs(o.keep, exist_ok=True)
        for k, config, why, text in failures:
            with open(os.path.join(o.keep, f"seed{o.seed}_model{k}.fzn"), "w") as f:
                f.write(f"% csp fzn -a {' '.join(config)}: {why}\n" + text)
            print(f"-- csp {' '.join(config) or '(default)'}, model {k}: {why}\n{text}")
        print(f"fzn-difffuzz: the models are in {o.keep}/")
        return 1
    return 1 if global_failures else 0


if __name__ == "__main__":
    sys.exit(main())
