#!/usr/bin/env bash
# The acceptance check: `csp ablate queens --n 6 --var first,mrv --inference none,fc` exits 0 and writes
# one CSV row per (instance, configuration): 1 x 4, and its table has 4 configuration rows.
set -u
CSP=${1:?usage: ablate_queens_test.sh PATH/TO/csp}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$CSP" ablate queens --n 6 --var first,mrv --inference none,fc --csv "$TMP/q.csv" >"$TMP/out" 2>"$TMP/err"
code=$?
rows=$(grep -v '^#' "$TMP/q.csv" | tail -n +2 | wc -l)
table=$(grep -cE '^(first|mrv) +(none|fc) +1/1 ' "$TMP/out")
echo "exit $code, $rows CSV rows, $table table rows"
[[ $code -eq 0 && $rows -eq 4 && $table -eq 4 ]]
