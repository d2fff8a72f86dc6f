"""The cost of a Python inference through ctx against the same algorithm in plain Python (bench/README.md,
"The Python module").

Norvig's propagation (a cell with one value removes it from its peers; a value with one place in a unit goes
there), to a fixpoint after every assignment, with MRV and ascending values (a cell the inference fixed is
assigned without a node, assign_fixed=True, as Norvig's search never branches on it):
  plain    Norvig's solver in plain Python (a dict of sets copied per node)
  per-call the inference through ctx, one ctx.domain / ctx.is_assigned call per cell read
  bulk     the same inference reading every domain with one ctx.domains() per round
  mac      the engine's own MAC (for scale)
Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_inference_bench.py PUZZLE_FILE [COUNT] [REPEATS] [ONLY]
ONLY (one of plain, per-call, bulk, mac, load) runs one variant once, for instruction counts under
valgrind --tool=cachegrind --cache-sim=no ("load" reads the puzzles only: the baseline to subtract)."""

import sys
import time

import csp

N = 9
CELLS = range(N * N)
UNITS = ([[r * N + c for c in range(N)] for r in range(N)] + [[r * N + c for r in range(N)] for c in range(N)]
         + [[(br + i) * N + bc + j for i in range(3) for j in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)])
PEERS = [sorted({q for u in UNITS if c in u for q in u} - {c}) for c in CELLS]
UNITS_OF = [[u for u in UNITS if c in u] for c in CELLS]


# ---- plain Python ------------------------------------------------------------------------------------------
def propagate(d):
    """Norvig's two rules to a fixpoint on d (cell -> set); False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for c in CELLS:
            if len(d[c]) == 1:
                (v,) = d[c]
                for q in PEERS[c]:
                    if v in d[q]:
                        d[q].discard(v)
                        if not d[q]:
                            return False
                        changed = True
        for u in UNITS:
            for v in range(1, N + 1):
                places = [c for c in u if v in d[c]]
                if not places:
                    return False
                if len(places) == 1 and len(d[places[0]]) > 1:
                    d[places[0]] = {v}
                    changed = True
    return True


def plain_search(d, nodes):
    free = [c for c in CELLS if len(d[c]) > 1]
    if not free:
        return d
    c = min(free, key=lambda k: (len(d[k]), k))
    for v in sorted(d[c]):
        nodes[0] += 1
        e = {k: set(s) for k, s in d.items()}
        e[c] = {v}
        if propagate(e):
            r = plain_search(e, nodes)
            if r:
                return r
    return None


def plain_solve(grid):
    d = {c: ({grid[c]} if grid[c] else set(range(1, N + 1))) for c in CELLS}
    nodes = [0]
    ok = propagate(d) and plain_search(d, nodes)
    return ok, nodes[0]


# ---- through ctx --------------------------------------------------------------------------------------------
def per_call(ctx, x):
    changed = True
    while changed:
        changed = False
        for c in CELLS:
            if ctx.domain_size(c) == 1:
                v = ctx.value(c) if ctx.is_assigned(c) else ctx.domain(c)[0]
                for q in PEERS[c]:
                    if not ctx.is_assigned(q) and v in ctx.domain(q):
                        if not ctx.remove(q, v):
                            return False
                        changed = True
        for u in UNITS:
            for v in range(1, N + 1):
                places = [c for c in u if (ctx.value(c) == v if ctx.is_assigned(c) else v in ctx.domain(c))]
                if not places:
                    return False
                c = places[0]
                if len(places) == 1 and not ctx.is_assigned(c) and ctx.domain_size(c) > 1:
                    for w in ctx.domain(c):
                        if w != v:
                            ctx.remove(c, w)
                    changed = True
    return True


def bulk(ctx, x):
    values = ctx.values()
    d = [{v} if v is not None else set(dom) for v, dom in zip(values, ctx.domains())]
    changed = True
    while changed:
        changed = False
        for c in CELLS:
            if len(d[c]) == 1:
                (v,) = d[c]
                for q in PEERS[c]:
                    if v in d[q] and values[q] is None:
                        d[q].discard(v)
                        if not ctx.remove(q, v):
                            return False
                        changed = True
        for u in UNITS:
            for v in range(1, N + 1):
                places = [c for c in u if v in d[c]]
                if not places:
                    return False
                c = places[0]
                if len(places) == 1 and len(d[c]) > 1:
                    for w in d[c] - {v}:
                        ctx.remove(c, w)
                    d[c] = {v}
                    changed = True
    return True


def best(fn, repeats):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def main():
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    puzzles = csp.read_puzzles(path)[:count]
    only = sys.argv[4] if len(sys.argv) > 4 else None
    if only is not None:
        for g in puzzles:
            cells = [g.at(r, c) for r in range(N) for c in range(N)]
            if only == "plain":
                plain_solve(cells)
            elif only != "load":
                inference = {"per-call": per_call, "bulk": bulk, "mac": "mac"}[only]
                csp.Sudoku(g, alldiff="binary").solve(var="mrv", val="natural", inference=inference,
                                                      assign_fixed=True)
        return
    rows = {"plain": [0.0, 0], "per-call": [0.0, 0], "bulk": [0.0, 0], "mac": [0.0, 0]}
    for g in puzzles:
        cells = [g.at(r, c) for r in range(N) for c in range(N)]
        t, (ok, nodes) = best(lambda: plain_solve(cells), repeats)
        assert ok
        rows["plain"][0] += t
        rows["plain"][1] += nodes
        s = csp.Sudoku(g, alldiff="binary")
        for name, inference in (("per-call", per_call), ("bulk", bulk), ("mac", "mac")):
            t, r = best(lambda: s.solve(var="mrv", val="natural", inference=inference, assign_fixed=True), repeats)
            assert r.status == "solved" and s.check(r.grid) == "", name
            rows[name][0] += t
            rows[name][1] += r.stats["assignments"]
    print(f"{len(puzzles)} puzzles of {path}, best of {repeats}; per puzzle:")
    base = rows["plain"][0]
    for name, (t, nodes) in rows.items():
        print(f"  {name:9s} {1e3 * t / len(puzzles):9.2f} ms  {nodes / len(puzzles):8.1f} nodes  "
              f"{1e6 * t / max(nodes, 1):8.1f} us/node  {t / base:6.2f}x plain")


if __name__ == "__main__":
    main()
