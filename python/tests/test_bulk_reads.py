"""ctx.domain_sizes(), ctx.domains() and ctx.values(): every variable in one call, the same as the per-variable
reads."""

import csp
from conftest import SEED_EASY


def test_bulk_reads_agree_with_the_per_variable_reads_at_every_node():
    checked = []

    def compare(ctx, x):
        n = ctx.variable_count
        sizes, domains, values = ctx.domain_sizes(), ctx.domains(), ctx.values()
        assert len(sizes) == len(domains) == len(values) == n
        for y in range(n):
            assert sizes[y] == ctx.domain_size(y) and domains[y] == ctx.domain(y)
            assert values[y] == (ctx.value(y) if ctx.is_assigned(y) else None)
        checked.append(x)
        return True

    p = csp.n_queens(6)
    r = p.count(var="first", val="natural", inference=compare)
    assert r.count == 4 and len(checked) == r.stats["assignments"] + 1  # every assignment, and the root


def test_bulk_reads_after_forward_checking_of_a_sudoku():
    seen = {}

    def look(ctx):
        seen["sizes"], seen["domains"] = ctx.domain_sizes(), ctx.domains()
        return ctx.first_unassigned()

    csp.Sudoku(SEED_EASY, alldiff="binary").solve(var=look, val="natural", inference="fc", node_limit=1)
    sizes, domains = seen["sizes"], seen["domains"]
    assert len(sizes) == 81 and all(len(d) == k for d, k in zip(domains, sizes))
    assert all(sorted(d) == d for d in domains)
