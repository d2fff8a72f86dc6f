"""Drawings in one process: search trees (Graphviz) and study charts (cairo) in any order, again and again."""

import subprocess
import sys
import textwrap

import pytest

import csp

TREE_THEN_CHART = textwrap.dedent("""
    import csp
    st = csp.study(model="queens", numbers=[5], grid={"var": ["first", "mrv"]})
    for k in range(3):
        tree = csp.n_queens(5).solve(tree=True, max_solutions=1).svg
        box = st.chart().svg
        cactus = st.chart(kind="cactus").svg
        assert "</svg>" in tree and "</svg>" in box and "</svg>" in cactus
    print("drawn", flush=True)
""")


def test_a_search_tree_then_a_chart_several_times():
    if not (csp._csp.plot_available() and csp._csp.search_tree_svg_available()):
        pytest.skip("built without cairo or without Graphviz's library")
    # in a child process: the failure was an abort (cairo's assertion), which would end the test run itself
    r = subprocess.run([sys.executable, "-c", TREE_THEN_CHART], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == "drawn"
