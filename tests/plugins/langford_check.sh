#!/bin/sh
# The model of plugin example 07 (examples/teaching/07_plugin.cpp) in the csp program: `csp ablate langford` over
# n = 3, 4, 5, 7, 8 with two orderings must find, and verify, every solution of L(2,n), as many as a brute-force
# count here (2, 2, 0, 52, 300: both mirror images); each row is solved (or unsatisfiable when the count is 0).
# `csp graph langford 4` must print its constraint graph: 4 variables, 6 edges.
# Usage: langford_check.sh CSP PLUGIN.so   (exit status 0 iff all of this holds)
set -eu
csp=$1
plugin=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/csp-langford.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

"$csp" ablate langford --plugin "$plugin" --n 3,4,5,7,8 --var first,mrv --inference fc --max-solutions 0 \
  --csv "$work/rows.csv" >"$work/table.txt"
# Each row's n, var, status and solutions against the brute-force count of L(2,n) (placing n, n-1, ..., 1 in turn).
grep -v '^#' "$work/rows.csv" | awk -F, '
  function place(k,   p, t) {
    if (k == 0) return 1
    for (p = 0; p + k + 1 < 2 * n; ++p)
      if (!row[p] && !row[p + k + 1]) { row[p] = row[p + k + 1] = k; t += place(k - 1); row[p] = row[p + k + 1] = 0 }
    return t
  }
  NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
  {
    n = substr($col["instance"], 3) + 0
    split("", row)
    expected = place(n)
    status = expected > 0 ? "solved" : "unsatisfiable"
    printf "n=%d %-6s %-13s %4d solutions (brute force: %d)\n", n, $col["var"], $col["status"], $col["solutions"], expected
    if ($col["status"] != status || $col["solutions"] != expected) bad = 1
    ++rows
  }
  END { if (rows != 10) { print "expected 10 rows, got " rows; exit 1 } exit bad }' ||
  { echo "langford: the rows above differ from the brute-force counts"; cat "$work/table.txt"; exit 1; }

"$csp" graph langford 4 --plugin "$plugin" >"$work/graph.txt"
head -n 1 "$work/graph.txt"
grep -q '^constraint graph of langford 4: 4 variables, 6 edges' "$work/graph.txt" ||
  { echo "langford: csp graph printed another graph"; cat "$work/graph.txt"; exit 1; }
echo "langford: every count equals the brute-force one; csp graph takes the model"
