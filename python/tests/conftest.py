"""Shared fixtures: the reference data folder (../shared, skipped when absent) and the seeds' puzzles."""

import os
import pathlib

import pytest

SHARED = pathlib.Path(os.environ.get("CSP_SHARED_DIR",
                                     pathlib.Path(__file__).resolve().parents[2] / ".." / "shared"))
SEED_EASY = "902005403100063025508407060026309001057010290090670530240530600705200304080041950"


def shared_file(relative: str) -> pathlib.Path:
    path = SHARED / relative
    if not path.exists():
        pytest.skip(f"no {path}")
    return path


@pytest.fixture
def hardest():
    import csp
    return csp.read_puzzles(str(shared_file("puzzles/CoursIA/Sudoku_hardest.txt")))
