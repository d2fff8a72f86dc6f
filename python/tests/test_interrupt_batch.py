"""Ctrl-C (SIGINT) during csp.study and csp.solve_puzzles: they stop promptly and return the rows so far.

Each case runs in a child interpreter that the test sends SIGINT to, as a notebook's "interrupt kernel" does."""

import json
import os
import signal
import subprocess
import sys
import time

from conftest import SEED_EASY

STUDY = r"""
import json, sys, time, warnings
import csp

def pigeonhole():
    # 10 pigeons into 9 holes as 0/1 sums: far longer than the run's timeout under plain forward checking
    p = csp.Problem()
    a = [[p.var(f"a{i}_{j}", range(2)) for j in range(9)] for i in range(10)]
    for i in range(10):
        p.linear(a[i], [1] * 9, "==", 1)
    for j in range(9):
        p.linear([a[i][j] for i in range(10)], [1] * 10, "<=", 1)
    print("RUN", flush=True)
    return p

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    st = csp.study(factory=pigeonhole, name="php", grid={"var": ["first"], "val": ["natural"], "inference": ["fc"]},
                   seeds=range(1, 41), timeout=0.3)
print(json.dumps({"rows": len(st.rows), "interrupted": st.interrupted, "planned": st.planned,
                  "statuses": sorted({r["status"] for r in st.rows}), "repr": repr(st),
                  "warned": [str(w.message) for w in caught]}), flush=True)
try:
    import os, signal
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(2)
    print("NO KeyboardInterrupt", flush=True)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""

PUZZLES = r"""
import json, sys, warnings
import csp
easy = csp.parse_puzzle(sys.argv[1])
empty = csp.parse_puzzle("." * 81)
print("RUN", flush=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    rows = csp.models.solve_puzzles([easy, easy, empty, empty], max_solutions=0)
print(json.dumps({"stops": [r["stop"] for r in rows], "counts": [r["count"] for r in rows],
                  "warned": [str(w.message) for w in caught]}), flush=True)
"""


def interrupted_child(code, *args, delay):
    """Runs `code` in a child interpreter, sends it SIGINT `delay` seconds after it prints RUN, and returns its
    last output line (JSON) and the seconds it took to exit after the signal."""
    child = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=os.environ.copy())
    try:
        assert child.stdout.readline().strip() == "RUN", child.stderr.read()
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=30)
        return out.splitlines(), time.monotonic() - sent, err
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_ctrl_c_stops_a_study_and_keeps_its_finished_rows():
    lines, seconds, err = interrupted_child(STUDY, delay=1.0)
    rows = [line for line in lines if line.startswith("{")]
    assert rows, err
    got = json.loads(rows[0])
    assert got["interrupted"] is True and got["planned"] == 40
    assert 0 < got["rows"] < 40, got
    assert got["statuses"] == ["timeout"], got
    assert "interrupted after" in got["repr"]
    assert any("interrupted" in w for w in got["warned"])
    assert seconds < 5, f"stopped {seconds:.1f}s after the signal"
    assert lines[-1] == "KeyboardInterrupt"  # Python's handler is back after the call


def test_ctrl_c_stops_the_run_in_progress_of_a_study_without_a_timeout():
    # Each run alone takes minutes (no timeout): the signal stops the running search, which is no row.
    lines, seconds, err = interrupted_child(STUDY.replace("timeout=0.3", "timeout=0"), delay=1.0)
    rows = [line for line in lines if line.startswith("{")]
    assert rows, err
    got = json.loads(rows[0])
    assert got["interrupted"] is True and got["planned"] == 40
    assert got["rows"] == 0, got
    assert seconds < 5, f"stopped {seconds:.1f}s after the signal"


def test_ctrl_c_stops_solve_puzzles_in_the_running_search_and_keeps_the_rows_so_far():
    lines, seconds, err = interrupted_child(PUZZLES, SEED_EASY, delay=1.0)
    assert lines and lines[-1].startswith("{"), err
    got = json.loads(lines[-1])
    assert got["stops"] == ["complete", "complete", "interrupted"], got
    assert got["counts"][:2] == [1, 1] and got["counts"][2] > 0
    assert any("interrupted" in w for w in got["warned"])
    assert seconds < 3, f"stopped {seconds:.1f}s after the signal"
