"""The keyword arguments of solve() are the engine's run options (csp/search/run_options.hpp): one keyword per row,
each taking its example, the names of a name option read from the registries; project, minimize and maximize are
Python's own."""

import re

import pytest

import csp

OWN = {"project", "minimize", "maximize"}  # they name variables of the problem: no run option


def keywords_listed_by_the_error():
    with pytest.raises(csp.Error, match="unknown option 'bogus'") as e:
        csp.n_queens(4).solve(bogus=1)
    return set(re.search(r"\(valid: (.*)\)", str(e.value)).group(1).split(", "))


def test_solve_accepts_exactly_the_tables_keywords():
    table = {o["keyword"] for o in csp.run_options()}
    assert len(table) == len(csp.run_options())
    assert keywords_listed_by_the_error() == table | OWN
    assert {o["name"].replace("-", "_") for o in csp.run_options()} == table


def test_name_options_list_the_registries():
    options = {o["name"]: o for o in csp.run_options()}
    assert options["var"]["values"] == csp.variable_orderings()
    assert options["val"]["values"] == csp.value_orderings()
    # csp.inferences() leaves out the pooled entries of inference callables no run holds ("python:...").
    def registered(names):
        return [n for n in names if not n.startswith("python:")]

    assert registered(options["inference"]["values"]) == registered(csp.inferences())
    assert options["algorithm"]["values"] == csp.algorithms()
    assert options["restarts"]["values"] == csp.restart_strategies()
    for o in csp.run_options():
        if o["kind"] == "name":
            assert o["default"] in o["values"] and o["example"] in o["values"], o["name"]
            assert ", ".join(o["values"]) in o["help"], o["name"]


# What an option needs beside it to apply (learning records nogoods at cbj's dead ends).
NEEDS = {"learning": {"backjump": "cbj"}, "restart_factor": {"restarts": "geometric"}}


@pytest.mark.parametrize("option", csp.run_options(), ids=lambda o: o["keyword"])
def test_each_keyword_takes_its_example(option):
    value = option["example"]
    assert value != option["default"]
    kind = {"count": int, "number": float, "flag": bool, "name": str}[option["kind"]]
    assert isinstance(value, kind)
    spec = {option["keyword"]: value, **NEEDS.get(option["keyword"], {})}
    r = csp.n_queens(6).solve(**spec)
    assert r.status in ("solved", "gave up") or r.stop in ("node-limit", "step-limit"), (spec, r.status)


def test_a_bad_value_names_the_keyword_and_keeps_the_error_class():
    p = csp.n_queens(4)
    with pytest.raises(csp.Error, match="spec 'learning': expected an integer"):
        p.solve(learning="many")
    with pytest.raises(csp.Error, match="spec 'tabu': must be >= 0"):
        p.solve(tabu=-1)
    with pytest.raises(csp.Error, match="spec 'ac3': expected a bool"):
        p.solve(ac3="yes")
    with pytest.raises(csp.Error, match="spec 'timeout'"):
        p.solve(timeout=-1.0)
    with pytest.raises(csp.UnknownNameError, match="unknown branching 'ternary'.*d-way, binary"):
        p.solve(branching="ternary")
    with pytest.raises(csp.UnknownNameError, match="unknown algorithm 'annealing'.*min-conflicts"):
        p.solve(algorithm="annealing")
    assert p.solve(keep_solutions=None).solved
