"""Studies from Python (csp::ablation::run_study, the grid csp ablate runs) and the search tree of one run."""

import json

import pytest

import csp

STATS = ("assignments", "backtracks", "failures", "constraint_checks", "max_depth")


def test_a_2x2_grid_on_6_and_8_queens_has_4_rows_per_instance():
    st = csp.study(model="queens", numbers=[6, 8], grid={"var": ["first", "mrv"], "inference": ["none", "fc"]},
                   node_limit=100000)
    assert len(st.rows) == 8
    for n in (6, 8):
        rows = [r for r in st.rows if r["instance"] == f"n={n}"]
        assert len(rows) == 4
        assert {(r["var"], r["inference"]) for r in rows} == {("first", "none"), ("first", "fc"), ("mrv", "none"),
                                                              ("mrv", "fc")}
        assert all(r["status"] == "solved" for r in rows)
    assert len(st.summaries) == 4 and st.summaries[0]["instances"] == 2
    # The text csp ablate writes: '#' header lines, then the column row and one line per run.
    lines = [line for line in st.csv().splitlines() if not line.startswith("#")]
    assert lines[0].startswith("group,instance,number,var,val,inference,alldiff,ac3") and len(lines) == 9
    assert len(json.loads(st.json())["rows"]) == 8


def test_the_first_none_row_has_the_statistics_of_plain_backtracking():
    st = csp.study(model="queens", numbers=[8], grid={"var": ["first", "mrv"], "val": ["natural"],
                                                      "inference": ["none", "fc"]})
    row = next(r for r in st.rows if r["var"] == "first" and r["inference"] == "none")
    r = csp.n_queens(8).solve(var="first", val="natural", inference="none")
    assert row["assignments"] == r.stats["assignments"] == 113
    assert row["backtracks"] == r.stats["backtracks"] == 105
    for key in STATS:
        assert row[key] == r.stats[key], key


def test_a_row_keeps_the_restart_strategy_and_the_restart_count():
    # The restarts dimension and the restart counter were one dict key once: the count hid the strategy.
    st = csp.study(model="queens", numbers=[8], grid={"var": ["dom-wdeg"], "restarts": ["none", "luby"]})
    assert [r["restarts"] for r in st.rows] == ["none", "luby"]
    assert all(r["restart_count"] == 0 for r in st.rows if r["restarts"] == "none")


def test_counts_of_all_solutions_of_6_and_8_queens():
    st = csp.study(model="queens", numbers=[6, 8], grid={"inference": ["fc"]}, max_solutions=0)
    assert {r["instance"]: r["solutions"] for r in st.rows} == {"n=6": 4, "n=8": 92}


def test_a_study_of_a_python_factory():
    st = csp.study(factory=lambda: csp.n_queens(5), name="five", grid={"var": ["first"], "inference": ["fc"]},
                   max_solutions=0, seeds=[0])
    [row] = st.rows
    assert row["instance"] == "five" and row["solutions"] == 10 and row["status"] == "solved"


def test_bad_study_input_raises_the_librarys_message():
    with pytest.raises(csp.Error, match="unknown study dimension 'varr'.*break-symmetry"):
        csp.study(model="queens", numbers=[4], grid={"varr": ["first"]})
    with pytest.raises(csp.Error, match="--var: unknown value 'nope'"):
        csp.study(model="queens", numbers=[4], grid={"var": ["nope"]})
    with pytest.raises(csp.Error, match="give a model"):
        csp.study(grid={"var": ["first"]})


def test_the_chart_is_the_librarys_svg():
    if not csp._csp.plot_available():
        pytest.skip("built without cairo")
    st = csp.study(model="queens", numbers=[6, 8], grid={"var": ["first", "mrv"]})
    chart = st.chart()
    assert chart._repr_svg_().lstrip().startswith(("<?xml", "<svg")) and "</svg>" in chart.svg
    assert st.chart(kind="cactus").svg.lstrip().startswith(("<?xml", "<svg"))
    with pytest.raises(csp.Error, match="valid"):
        st.chart(kind="pie")


def test_to_dataframe_or_a_clear_import_error():
    st = csp.study(model="queens", numbers=[6], grid={"var": ["first"], "inference": ["none"]})
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="needs pandas"):
            st.to_dataframe()
    else:
        assert list(st.to_dataframe()["assignments"]) == [31]


def test_what_a_study_does_not_vary_is_the_models_default():
    # As csp ablate MODEL: the model's default (csp.model_defaults) for var, val, inference, alldiff and restarts
    # left out (restarts a column only for a model that restarts by default: the colourings).
    keys = ("var", "val", "inference", "alldiff")
    for model, numbers in (("queens", [6]), ("australia", [3])):
        d = csp.model_defaults(model)
        st = csp.study(model=model, numbers=numbers)
        [row] = st.rows
        assert {k: row[k] for k in keys} == {k: d[k] for k in keys}, model
        header = next(line for line in st.csv().splitlines() if line.startswith("group,"))
        dimension = ",ac3,restarts,status," if d["restarts"] != "none" else ",ac3,status,"
        assert dimension in header, (model, header)
        if d["restarts"] != "none":
            assert st.csv().splitlines()[-1].split(",")[8] == d["restarts"]
    d = csp.model_defaults("queens")
    st = csp.study(model="queens", numbers=[6], grid={"var": ["first", "mrv"]})
    assert [r["var"] for r in st.rows] == ["first", "mrv"]
    assert all((r["val"], r["inference"], r["alldiff"]) == (d["val"], d["inference"], d["alldiff"]) for r in st.rows)
    r = csp.n_queens(6).solve(var="mrv", val=d["val"], inference=d["inference"])
    assert st.rows[1]["assignments"] == r.stats["assignments"]
    # A study of one's own factory keeps the textbook baseline (first, natural, none).
    [row] = csp.study(factory=lambda: csp.n_queens(5), name="five").rows
    assert (row["var"], row["val"], row["inference"]) == ("first", "natural", "none")


# ---- the search tree of one run ---------------------------------------------------------------------------------

def test_the_search_tree_of_4_queens_with_forward_checking():
    # As tests/ablation/observers_test.cpp: 8 assignments, 4 backtracks, 2 wipe-outs; one node per assignment + root.
    t = csp.n_queens(4).solve(var="first", val="natural", inference="fc", tree=True)
    assert t.result.stats["assignments"] == 8 and t.result.stats["backtracks"] == 4
    assert t.node_count == 9 and not t.truncated
    nodes = json.loads(t.json())["nodes"]
    assert nodes[1]["var"] == "Q1" and nodes[1]["pruned_count"] == 6 and nodes[2]["wiped_out"] == "Q3"
    assert sum(n["end"] == "solution" for n in nodes) == 1
    assert t.dot().startswith("digraph")
    assert t.result.solution == {"Q1": 2, "Q2": 4, "Q3": 1, "Q4": 3}
    if csp._csp.search_tree_svg_available():
        assert t.svg.lstrip().startswith(("<?xml", "<svg")) and t._repr_svg_() is not None
    else:
        with pytest.raises(csp.Error, match="Graphviz"):
            t.svg


def test_search_tree_of_a_model_and_a_node_cap():
    t = csp.search_tree(csp.n_queens(8), max_nodes=10, var="first", val="natural", inference="none")
    assert t.node_count == 10 and t.truncated and t.result.stats["assignments"] == 113
    with pytest.raises(TypeError):
        csp.n_queens(4).solve(tree=True, on_solution=print)


def test_svg_is_a_property_of_charts_and_search_trees_alike():
    t = csp.n_queens(4).solve(var="first", val="natural", inference="fc", tree=True)
    assert isinstance(type(t).svg, property)
    assert csp.Chart("<svg/>").svg == "<svg/>"
    if not csp._csp.search_tree_svg_available():
        pytest.skip("built without Graphviz's library")
    text = t.svg
    assert isinstance(text, str) and "</svg>" in text
    with pytest.warns(DeprecationWarning, match="property"):
        assert t.svg() == text  # the old method call still works
