#!/usr/bin/env bash
# CLI tests of --tree FILE (.dot, .json, .svg) and --trace (text, and JSON lines with csp sudoku --format json).
# Usage: tree_trace_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: tree_trace_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

# Australia with 2 colours, static order WA NT SA Q NSW V T, no inference. By hand: WA=0; NT=0 rejected (WA!=NT);
# NT=1; SA=0 rejected (WA!=SA), SA=1 rejected (NT!=SA); NT fails. WA=1; NT=0; SA=0 rejected (NT!=SA), SA=1
# rejected (WA!=SA); NT=1 rejected (WA!=NT). 11 nodes: the root, 4 decisions, 6 rejected values; no solution.
run color --map australia -k 2 --var first --inference none --tree "$TMP/a.json"
expect_code 1 "2-colouring Australia fails"
tree=$(python3 - "$TMP/a.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = d["nodes"]
ends = [x["end"] for x in n]
print(len(n), ends.count("rejected"), ends.count("failed"), ends.count("solution"), d["truncated"],
      n[2]["var"], n[2]["value"], n[2]["cause"], n[2]["parent"])
PY
)
expect_eq "$tree" "11 6 4 0 False NT 0 WA!=NT 1" "tree of the failed 2-colouring"

# Forward checking, 3 colours: one path of 7 decisions to a solution; WA = 0 prunes colour 0 from NT and SA.
run color --map australia -k 3 --var first --inference fc --tree "$TMP/b.dot"
expect_code 0 "3-colouring Australia"
expect_eq "$(grep -c -- '->' "$TMP/b.dot")" "7" "7 edges in the DOT tree"
if grep -qF 'n1 [label="WA = 0\n-2: NT!=0 SA!=0"]' "$TMP/b.dot"; then ok; else bad "WA's prunes in the DOT label"; fi
if grep -qE 'solution", color=darkgreen' "$TMP/b.dot"; then ok; else bad "solution node marked"; fi

# .svg: laid out by Graphviz's library, or refused clearly when csp was built without it.
run queens 4 --tree "$TMP/q.svg"
if [[ $code -eq 0 ]]; then
  if grep -q '<svg' "$TMP/q.svg"; then ok; else bad "svg tree"; fi
else
  expect_code 2 "svg without Graphviz"; expect_err "built without Graphviz" "svg refusal names the reason"
fi
run queens 4 --tree "$TMP/q.png"
expect_code 2 "unknown tree format"; expect_err "must end in \.dot" "tree format message"
run queens 4 --tree /nonexistent-dir/t.dot
expect_code 2 "unwritable tree file"; expect_err "--tree: cannot write '/nonexistent-dir/t.dot'" "unwritable tree message"
run queens 50 --algorithm min-conflicts --tree "$TMP/m.dot"
expect_code 2 "--tree with min-conflicts"; expect_err "tree" "min-conflicts refuses --tree"

# csp sudoku: --trace --format json writes one JSON object per event on standard error; standard output keeps the
# results' JSON lines (the batch summary follows on standard error). --tree takes the first puzzle searched.
run_in "1...........4..3\n1...........4..3\n" sudoku --inference fc --trace --format json --tree "$TMP/s.json" -
expect_code 0 "sudoku json trace"
bad_lines=$(python3 -c '
import json, sys
bad = 0
events = set()
for line in open(sys.argv[1]):
    if not line.startswith("{"):
        continue  # the batch summary lines
    try:
        e = json.loads(line); events.add(e["event"])
    except Exception:
        bad += 1
print(bad, " ".join(sorted(events)))' "$TMP/err")
expect_eq "$bad_lines" "0 assign prune solution" "every trace line is a JSON event"
expect_count '"status":"solved"' 2 "two JSON results on standard output"
roots=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(1 for n in d["nodes"] if n["parent"] < 0))' "$TMP/s.json")
expect_eq "$roots" "1" "one tree (the first puzzle)"
run_in "1...........4..3\n" sudoku --trace -
expect_code 0 "sudoku text trace"
expect_out '^assign r[1-4]c[1-4] = [1-4]  \(depth 1\)$' "text trace line"
finish
