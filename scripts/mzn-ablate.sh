#!/usr/bin/env bash
# Ablates MiniZinc models with csp: compiles each MODEL.mzn + DATA.dzn pair to FlatZinc with csp's library of
# global constraints (minizinc -c --solver csp), then runs `csp ablate fzn` on the .fzn files (docs/minizinc.md).
# Usage: scripts/mzn-ablate.sh MODEL.mzn DATA.dzn [MODEL.mzn DATA.dzn ...] [-- CSP-ABLATE-OPTIONS...]
#   e.g. scripts/mzn-ablate.sh docs/examples/futoshiki.mzn docs/examples/futoshiki5.dzn -- --var first,mrv
# The instances are named MODEL-DATA.fzn. Environment: CSP (default build/examples/csp of this checkout),
# MZN_SOLVER_PATH (default build/share/minizinc/solvers, where the build writes csp.msc). Exit status: that of
# csp ablate; 2 for a usage error or a model minizinc cannot compile (its message is shown).
set -u
usage() { echo "usage: scripts/mzn-ablate.sh MODEL.mzn DATA.dzn [MODEL.mzn DATA.dzn ...] [-- CSP-ABLATE-OPTIONS...]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
csp=$(realpath "${CSP:-$root/build/examples/csp}") && [ -x "$csp" ] ||
  { echo "mzn-ablate.sh: no csp program at ${CSP:-$root/build/examples/csp} (build it, or set CSP)" >&2; exit 2; }
MZN_SOLVER_PATH=$(realpath "${MZN_SOLVER_PATH:-$root/build/share/minizinc/solvers}") ||
  { echo "mzn-ablate.sh: no solver folder (build csp, or set MZN_SOLVER_PATH)" >&2; exit 2; }
export MZN_SOLVER_PATH
command -v minizinc >/dev/null || { echo "mzn-ablate.sh: minizinc is not installed (scripts/install-deps.sh)" >&2; exit 2; }
pairs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do pairs+=("$1"); shift; done
[ $# -gt 0 ] && shift  # the --
[ ${#pairs[@]} -gt 0 ] && [ $((${#pairs[@]} % 2)) -eq 0 ] || usage
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
files=()
for ((i = 0; i < ${#pairs[@]}; i += 2)); do
  model=${pairs[i]} data=${pairs[i + 1]}
  name="$(basename "$model" .mzn)-$(basename "$data" .dzn).fzn"
  # --no-output-ozn: minizinc would otherwise write MODEL.ozn next to the model.
  minizinc -c --solver csp --no-output-ozn "$model" "$data" --fzn "$work/$name" ||
    { echo "mzn-ablate.sh: minizinc could not compile $model with $data" >&2; exit 2; }
  files+=("$name")
done
# csp runs in the scratch folder (so the instances have short names): output files are made absolute first.
options=()
here=$(pwd)
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$here/$1" ;; esac; }
while [ $# -gt 0 ]; do
  case "$1" in
    --csv | --json | --plot) options+=("$1"); [ $# -gt 1 ] && { options+=("$(absolute "$2")"); shift; } ;;
    --csv=* | --json=* | --plot=*) options+=("${1%%=*}=$(absolute "${1#*=}")") ;;
    *) options+=("$1") ;;
  esac
  shift
done
cd "$work" && "$csp" ablate fzn "${files[@]}" "${options[@]}"
