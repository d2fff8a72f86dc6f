#!/usr/bin/env bash
# Installs the Debian packages csp needs, only those missing (idempotent; fast when all are there).
# Run as root (apt-get). Usage: scripts/install-deps.sh [--bench] [--fuzz]
#   --bench adds the Gecode library and clang (bench/compare_gecode.sh, compare_sudoku.sh, compare_scale.sh);
#   minizinc (with its Gecode back end) is in the default set, for the tests of csp as a MiniZinc solver; csp
#   builds without it.
#   --fuzz adds clang and its libFuzzer runtime (scripts/fuzz.sh).
#   Boost.MPI and Open MPI are in the default set: csp then builds with CSP_WITH_MPI (csp sudoku / ablate /
#   sudoku-generate over mpirun ranks, docs/scale.md) and the suite runs its MPI tests; csp builds without them.
set -euo pipefail
packages=(cmake g++ make ccache libboost-graph-dev libboost-program-options-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev pkgconf libcairo2-dev
          minizinc    # tests only (flatzinc.minizinc_corpus runs minizinc --solver csp); csp builds without it
          libgraphviz-dev   # csp --tree FILE.svg (optional: without it --tree writes .dot and .json)
          pybind11-dev python3-dev   # the Python module (python/; optional: CSP_BUILD_PYTHON)
          python3-pytest python3-nbclient python3-nbconvert python3-ipykernel python3-matplotlib  # its tests, notebooks
          libboost-mpi-dev openmpi-bin libopenmpi-dev   # CSP_WITH_MPI (optional, docs/scale.md)
          clang-format-14   # scripts/check-format (CI: every C++ file formatted by .clang-format)
          valgrind)   # bench/speed_gate (CI's speed gate: instruction counts) and its test
for flag in "$@"; do
  case "$flag" in
    --bench) packages+=(libgecode-dev clang) ;;  # clang: tdoku is built as its published runs were
    --fuzz) packages+=(clang libclang-rt-14-dev) ;;
    *) echo "usage: scripts/install-deps.sh [--bench] [--fuzz]" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then exit 0; fi
echo "installing: ${missing[*]}" >&2
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
