#!/usr/bin/env bash
# CLI tests: "every chapter-6 choice on every command and in the grid": --stats of min-conflicts and
# cutset (their own counters), csp sudoku --format json (backjumps, nogoods, restarts; the backjump / learning /
# restart / seed configuration), csp fzn's shared search options (--seed with -r, --restarts, --restart-base,
# --restart-factor, --backjump, --learning, --ac3, --consistency, --trace on stderr, --tree) and its -s lines, and
# csp ablate's min-conflicts dimensions (--walk, --tabu, --weighting, --restart-after), --restart-base /
# --restart-factor, the failures / backjumps / nogoods / restarts columns and --resume with optional columns.
# Usage: algorithm_options_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PUZZLES="$HERE/../../puzzles"
FZN="$HERE/../flatzinc/data"

# The value of KEY=N on the line of $TMP/out that starts with PREFIX ("statistics:", "min-conflicts:", ...).
value() { grep "^$1" "$TMP/out" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# The value of COLUMN in the data rows of CSV file $1 (one a line), by the column's name.
column() { awk -F, -v col="$2" '/^#/ { next } !h { for (i = 1; i <= NF; i++) idx[$i] = i; h = 1; next } { print $idx[col] }' "$1"; }

# ---- 1. --stats of min-conflicts and cutset: the algorithm's own counters -------------------------------------------
run queens 8 --algorithm min-conflicts --stats
expect_code 0 "queens min-conflicts"
expect_out '^min-conflicts: steps=[0-9]+ restarts=0 walk_moves=0 tabu_rejections=0 weight_increases=0$' \
  "min-conflicts counters (the book's algorithm: no variant counts)"
expect_eq "$(value min-conflicts: steps)" "$(value statistics: assignments)" "steps = assignments"
# Every model command prints it (gave up or solved: the counters are there either way).
for args in "color --map usa -k 4" "cryptarithm SEND+MORE=MONEY --max-steps 300" "zebra --max-steps 300" \
    "killer $PUZZLES/killer_4x4.txt"; do
  # shellcheck disable=SC2086
  run $args --algorithm min-conflicts --stats
  expect_out '^min-conflicts: steps=[0-9]+ restarts=[0-9]+ walk_moves=[0-9]+ tabu_rejections=[0-9]+ weight_increases=[0-9]+$' \
    "$args: min-conflicts counters"
done
run queens 30 --algorithm min-conflicts --walk 0.5 --seed 2 --stats
expect_code 0 "queens walk"
w=$(value min-conflicts: walk_moves); s=$(value min-conflicts: steps)
[[ -n $w && $w -gt 0 && $w -le $s ]] && ok || bad "walk 0.5: walk_moves ($w) in 1..steps ($s)"
# The magic-square-like stall of the book's algorithm: 2 colours on a 5-cycle has no solution, so min-conflicts
# uses all its steps; with --restart-after 10 and 200 steps it restarts at least 200/(10+1) times... at most 200/10.
printf 'p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n' >"$TMP/c5.col"
run color "$TMP/c5.col" -k 2 --algorithm min-conflicts --max-steps 200 --restart-after 10 --tabu 2 --weighting --stats
expect_code 1 "odd cycle, 2 colours: gave up"
expect_out 'gave up after 200 steps' "gave up message"
r=$(value min-conflicts: restarts)
[[ -n $r && $r -ge 1 && $r -le 20 ]] && ok || bad "restarts $r not in 1..20 (200 steps, a restart after 10 without progress)"
expect_eq "$(value statistics: restarts)" "$r" "the statistics line carries the same restarts"
wi=$(value min-conflicts: weight_increases)
[[ -n $wi && $wi -gt 0 ]] && ok || bad "weighting on an unsolvable instance raises weights (got '$wi')"
run color --map australia -k 3 --algorithm cutset --stats
expect_code 0 "australia cutset"
expect_out '^cutset: cutset_size=1 cutset_assignments=1$' "cutset {SA}, its first colour extends (AIMA 6.5.1)"
run color --map australia -k 3 --algorithm tree --stats
expect_code 2 "tree on a cycle"  # refused: the map has cycles
run color --map australia -k 3 --stats
expect_no_out '^(min-conflicts|cutset):' "backtracking prints no algorithm line"

# ---- 2. csp sudoku --format json: the statistics and configuration objects ------------------------------------------
run sudoku --format json --inference fc --backjump cbj --learning 10 --alldiff gac "$PUZZLES/classic.txt"
expect_code 0 "sudoku json cbj"
# nlohmann::json writes the keys in alphabetical order; each pair is checked on its own.
for pair in '"backjumps":[0-9]+' '"nogoods":[0-9]+' '"restarts":0' '"backjump":"cbj"' '"learning":10' \
    '"restarts":"none"' '"seed":0' '"pc2":false'; do
  expect_out "$pair" "sudoku JSON has $pair"
done
# The puzzle needing search (line 23, 155 assignments) backjumps and learns with cbj + learning 10.
expect_out '"backjumps":[1-9][0-9]*,.*"nogoods":[1-9]' "cbj on a puzzle with dead ends: backjumps and nogoods"
run sudoku --format json --var dom-wdeg --restarts geometric --restart-base 7 --restart-factor 2 --seed 5 \
  "$PUZZLES/classic.txt"
expect_code 0 "sudoku json restarts"
for pair in '"restarts":"geometric"' '"restart_base":7' '"restart_factor":2.0' '"seed":5' '"var":"dom-wdeg"'; do
  expect_out "$pair" "sudoku JSON has $pair"
done
if command -v python3 >/dev/null; then
  n=$(python3 -c 'import json,sys
for line in open(sys.argv[1]):
    j = json.loads(line); s = j["statistics"]; c = j["configuration"]
    print(sorted(k for k in ("backjumps", "nogoods", "restarts") if k in s), c["seed"], c["backjump"], c["pc2"])
    break' "$TMP/out")
  expect_eq "$n" "['backjumps', 'nogoods', 'restarts'] 5 none False" "JSON parses, fields typed"
fi

# ---- 3. csp fzn: the shared search options ---------------------------------------------------------------------------
run fzn "$FZN/queens6.fzn" -a -s
expect_code 0 "fzn -a -s"
expect_out '^%%%mzn-stat: solutions=4$' "6-queens: 4 solutions"
for k in backjumps nogoods restarts; do expect_out "^%%%mzn-stat: $k=0\$" "-s prints $k"; done
run fzn "$FZN/queens6.fzn" -a -s -f --inference fc --backjump cbj --learning 4
expect_code 0 "fzn cbj"; expect_out '^%%%mzn-stat: solutions=4$' "cbj keeps the count"
expect_out '^%%%mzn-stat: backjumps=[0-9]+$' "cbj: backjumps line"
run fzn "$FZN/queens6.fzn" -s -f --var first --inference fc --restarts luby --restart-base 1 --seed 3
expect_code 0 "fzn restarts"; expect_out '^----------$' "a solution with restarts"
rs=$(sed -n 's/^%%%mzn-stat: restarts=//p' "$TMP/out")
[[ -n $rs && $rs -gt 0 ]] && ok || bad "fzn --restarts luby --restart-base 1: restarts ($rs) > 0"
run fzn "$FZN/queens6.fzn" -s --seed 3 -r 3; expect_code 0 "--seed and -r agree"
run fzn "$FZN/queens6.fzn" --seed 3 -r 4; expect_code 2 "--seed and -r disagree"
expect_err 'disagree' "disagree message"
run fzn "$FZN/queens6.fzn" --random-seed 9 --seed 9 --restarts geometric --restart-factor 2 --ac3 --consistency ac3
expect_code 0 "fzn --random-seed, geometric, --ac3 with --consistency ac3"
run fzn "$FZN/queens6.fzn" --consistency pc2 -a -s; expect_code 0 "fzn pc2"; expect_out 'solutions=4' "pc2 count"
run fzn "$FZN/queens6.fzn" --trace
expect_code 0 "fzn --trace"
expect_no_out '^(assign|prune|backtrack|wipeout)' "--trace keeps stdout for MiniZinc"
expect_err '^assign q1 = 1  \(depth 1\)$' "--trace: the first decision on stderr"
expect_err '^  prune q[0-9] = [0-9]  by int_' "--trace: prunes with their constraint on stderr"
grep -q '^----------$' "$TMP/out" && [[ $(grep -vc '^\(----------\|==========\|.* = .*;\)$' "$TMP/out") -eq 0 ]] \
  && ok || bad "--trace: stdout holds only the MiniZinc output"
run fzn "$FZN/queens6.fzn" --tree "$TMP/t.json"; expect_code 0 "fzn --tree"
[[ -s $TMP/t.json ]] && ok || bad "--tree file written"
run fzn "$FZN/knapsack.fzn" --tree "$TMP/k.dot" --trace; expect_code 0 "fzn --tree on optimisation"
[[ -s $TMP/k.dot ]] && ok || bad "--tree file written (optimisation)"
for bad_args in "--restarts sometimes" "--restart-base 5" "--restarts luby --restart-base 0" \
    "--restarts luby --restart-factor 2" "--restarts geometric --restart-factor 1" \
    "--learning 3" "--backjump maybe" "--consistency pc3" "--ac3 --consistency none" "--tree t.txt" \
    "--seed x" "-r -1"; do
  # shellcheck disable=SC2086
  run fzn "$FZN/queens6.fzn" $bad_args; expect_code 2 "fzn $bad_args"
done
run fzn "$FZN/queens6.fzn" -a -s --backjump cbj --learning 4 --restarts luby --seed 2
expect_code 0 "fzn cbj with mac (the default) and restarts"
expect_out '^%%%mzn-stat: solutions=4$' "cbj + mac + restarts keeps the count"
run fzn "$FZN/queens6.fzn" --tree "$TMP/no/such/dir/t.json"; expect_code 2 "fzn --tree in a missing folder"
expect_err "--tree: cannot write" "fzn --tree in a missing folder: message"
[[ $(grep -c -- '----------' "$TMP/out") -eq 0 ]] && ok || bad "fzn --tree in a missing folder: refused before solving"
run queens 6 --tree "$TMP/no/such/dir/t.dot"; expect_code 2 "queens --tree in a missing folder"
run fzn "$FZN/knapsack.fzn" --backjump cbj; expect_code 2 "fzn cbj on an optimisation"
expect_err "does not work with solve maximize .branch and bound." "fzn cbj on an optimisation: message"
run fzn --help; expect_code 0 "fzn --help"
for o in --seed --restarts --restart-base --restart-factor --backjump --learning --ac3 --consistency --trace --tree; do
  expect_out "^  $o " "fzn --help lists $o"
done

# ---- 4. csp ablate: min-conflicts dimensions, restart base / factor, counter columns, --resume -----------------------
run ablate queens --n 8 --algorithm backtracking,min-conflicts --walk 0,0.3 --tabu 0,5 --seed 1,2 --csv "$TMP/a.csv"
expect_code 0 "ablate walk x tabu"
# backtracking x 2 seeds (once: the local dimensions do not apply) + min-conflicts x 2 walks x 2 tabus x 2 seeds
expect_eq "$(column "$TMP/a.csv" status | wc -l)" 10 "rows: 2 backtracking + 8 min-conflicts"
expect_eq "$(grep -v '^#' "$TMP/a.csv" | head -1 | cut -d, -f9-13)" "algorithm,seed,walk,tabu,status" \
  "walk and tabu columns after seed"
expect_eq "$(column "$TMP/a.csv" status | sort -u)" "solved" "every run solves 8 queens"
expect_eq "$(paste -d/ <(column "$TMP/a.csv" algorithm) <(column "$TMP/a.csv" walk) <(column "$TMP/a.csv" tabu) \
  | sort -u | tr '\n' ' ')" \
  "backtracking/-/- min-conflicts/0.3/0 min-conflicts/0.3/5 min-conflicts/0/0 min-conflicts/0/5 " \
  "backtracking gets '-', min-conflicts every value"
expect_eq "$(grep -v '^#' "$TMP/a.csv" | head -1 | cut -d, -f15-)" \
  "assignments,backtracks,failures,constraint_checks,revisions,values_pruned,wipeouts,backjumps,nogoods,restart_count,max_depth,us" \
  "counter columns"
printf 'p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n' >"$TMP/c5.col"
run ablate graph "$TMP/c5.col" --colors 2 --algorithm min-conflicts --weighting off,on --restart-after 0,10 \
  --node-limit 200 --csv "$TMP/w.csv" --json "$TMP/w.json"
expect_code 0 "ablate weighting x restart-after"
expect_eq "$(column "$TMP/w.csv" status | sort -u)" "node-limit" "2 colours on an odd cycle: min-conflicts gives up"
expect_eq "$(paste -d/ <(column "$TMP/w.csv" restart-after) <(column "$TMP/w.csv" restart_count) | awk -F/ \
  '$1 == 0 && $2 != 0 || $1 == 10 && $2 == 0' | wc -l)" 0 "restart_count: 0 without --restart-after, > 0 with 10"
grep -q '"weighting":"on"' "$TMP/w.json" && grep -q '"restart_count":' "$TMP/w.json" && ok || bad "JSON rows hold them"
# The restarts dimension (the strategy) and the restart counter are two columns and two JSON keys: neither hides
# the other (a JSON row or a Python dict keeps one value per key).
run ablate queens --n 8 --var dom-wdeg --restarts none,luby --restart-base 1 --json "$TMP/rs.json"
expect_code 0 "ablate --restarts none,luby --json"
grep -q '"restarts":"luby"' "$TMP/rs.json" && grep -q '"restarts":"none"' "$TMP/rs.json" && ok \
  || bad "JSON rows keep the restart strategy"
grep -q '"restart_count":[1-9]' "$TMP/rs.json" && ok || bad "JSON rows keep the restart count"
run ablate queens --n 8 --restarts luby,geometric --restart-base 5 --restart-factor 3 --var dom-wdeg --csv "$TMP/rb.csv"
expect_code 0 "ablate --restart-base --restart-factor"
grep -q '"restart_base":5,"restart_factor":3.0' "$TMP/rb.csv" && ok || bad "restart base/factor in the options header"
run ablate queens --n 8 --walk 0.1; expect_code 2 "--walk without min-conflicts"
expect_err 'add min-conflicts to --algorithm' "--walk without min-conflicts message"
run ablate queens --n 8 --algorithm backtracking,tree --tabu 3; expect_code 2 "--tabu without min-conflicts"
for bad_args in "--walk 1.5" "--walk x" "--tabu -1" "--tabu 2000000" "--weighting maybe" "--restart-after x" \
    "--walk ," ; do
  # shellcheck disable=SC2086
  run ablate queens --n 8 --algorithm min-conflicts $bad_args; expect_code 2 "ablate $bad_args"
done
run ablate queens --n 8 --restart-base 5; expect_code 2 "--restart-base without --restarts"
run ablate queens --n 8 --restarts none,luby --restart-factor 2; expect_code 2 "--restart-factor without geometric"
run ablate queens --n 8 --restarts geometric --restart-factor 1; expect_code 2 "--restart-factor 1"
run ablate queens --n 8 --restarts luby --restart-base 0; expect_code 2 "--restart-base 0"

# --resume with optional columns (algorithm, seed, walk): stop after 5 rows, resume, compare with a full run.
Q=(ablate queens --n 6,8,10 --algorithm backtracking,min-conflicts --walk 0,0.2 --seed 1,2)
"$CSP" "${Q[@]}" --csv "$TMP/full.csv" >/dev/null 2>&1
CSP_TEST_ABLATE_STOP_AFTER=5 "$CSP" "${Q[@]}" --csv "$TMP/r.csv" >/dev/null 2>"$TMP/err"; code=$?
expect_code 143 "stopped study"
expect_eq "$(column "$TMP/r.csv" status | wc -l)" 5 "5 rows before the stop"
"$CSP" "${Q[@]}" --resume --csv "$TMP/r.csv" >/dev/null 2>"$TMP/err"; code=$?
expect_code 0 "resumed study with optional columns"
expect_err_text "18 runs (3 instances x 6 configurations, 5 of them resumed from" "resume summary"
# The CSV without its date, command and output-file name, and without the us column (the times).
strip() {
  grep -v '^# date:\|^# command:' "$1" | sed -E 's/"csv":"[^"]*"/"csv":F/' |
    awk -F, -v OFS=, '/^#/ { print; next } !h { for (i = 1; i <= NF; i++) if ($i == "us") u = i; h = 1 } { $u = "T"; print }'
}
expect_eq "$(strip "$TMP/r.csv")" "$(strip "$TMP/full.csv")" "resumed CSV = uninterrupted CSV (but the times)"
# and with --max-solutions (the solutions column after the counters)
Q=(ablate queens --n 5,6 --inference fc,mac --restarts none,luby --max-solutions 0)
"$CSP" "${Q[@]}" --csv "$TMP/full2.csv" >/dev/null 2>&1
CSP_TEST_ABLATE_STOP_AFTER=3 "$CSP" "${Q[@]}" --csv "$TMP/r2.csv" >/dev/null 2>&1
"$CSP" "${Q[@]}" --resume --csv "$TMP/r2.csv" >/dev/null 2>"$TMP/err"; code=$?
expect_code 0 "resumed counting study"
expect_eq "$(strip "$TMP/r2.csv")" "$(strip "$TMP/full2.csv")" "resumed counting CSV = uninterrupted CSV"
expect_eq "$(column "$TMP/r2.csv" solutions | sort -u | tr '\n' ' ')" "10 4 " "5 queens: 10, 6 queens: 4 solutions"
# a CSV written when the restart counter's column was named "restarts" resumes the same
CSP_TEST_ABLATE_STOP_AFTER=3 "$CSP" "${Q[@]}" --csv "$TMP/r4.csv" >/dev/null 2>&1
sed -i 's/,nogoods,restart_count,max_depth,/,nogoods,restarts,max_depth,/' "$TMP/r4.csv"
"$CSP" "${Q[@]}" --resume --csv "$TMP/r4.csv" >/dev/null 2>"$TMP/err"; code=$?
expect_code 0 "resumed study with the old counter name"
expect_eq "$(grep -vc '^#' "$TMP/r4.csv")" "$(grep -vc '^#' "$TMP/full2.csv")" "old-name CSV: every row after resume"
# a CSV saved with CRLF line ends (a spreadsheet) resumes the same
CSP_TEST_ABLATE_STOP_AFTER=3 "$CSP" "${Q[@]}" --csv "$TMP/r3.csv" >/dev/null 2>&1
sed -i 's/$/\r/' "$TMP/r3.csv"
"$CSP" "${Q[@]}" --resume --csv "$TMP/r3.csv" >/dev/null 2>"$TMP/err"; code=$?
expect_code 0 "resumed CRLF study"
expect_eq "$(strip "$TMP/r3.csv")" "$(strip "$TMP/full2.csv")" "resumed CRLF CSV = uninterrupted CSV"

# The backtracking dimensions do not apply to min-conflicts, tree, cutset: those run once, not once per value.
run ablate queens --n 8 --algorithm backtracking,min-conflicts --var mrv,dom-wdeg --inference fc,mac \
  --restarts none,luby --csv "$TMP/m.csv"
expect_code 0 "mixed algorithms with backtracking dimensions"
expect_eq "$(column "$TMP/m.csv" algorithm | sort | uniq -c | awk '{print $1 "x" $2}' | tr '\n' ' ')" \
  "8xbacktracking 1xmin-conflicts " "backtracking 2 x 2 x 2, min-conflicts once"
run ablate queens --n 8 --algorithm backtracking,min-conflicts --max-solutions 0; expect_code 2 "counting with min-conflicts"
expect_err "algorithm min-conflicts finds one solution" "counting with min-conflicts message"
run ablate queens --n 8 --algorithm cutset --max-solutions 5; expect_code 2 "--max-solutions 5 with cutset"
run ablate queens --n 8 --algorithm min-conflicts --walk 0.10,0.1,1e-1,0 --csv "$TMP/wk.csv"
expect_code 0 "--walk with one value spelt three ways"
expect_eq "$(column "$TMP/wk.csv" walk | tr '\n' ' ')" "0.1 0 " "--walk: 0.10, 0.1 and 1e-1 are one value, 0.1"
run ablate queens --n 8 --learning 5,10; expect_code 2 "a grid with no configuration left"
expect_err "no configuration left" "a grid with no configuration left: message"

finish
