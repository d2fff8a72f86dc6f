#!/usr/bin/env bash
# csp ablate over zebra, cryptarithm and killer, and the --consistency and --break-symmetry dimensions:
# every run solved and verified by the model's own rules, the new CSV columns only when given.
# Usage: ablate_models_test.sh PATH/TO/csp PUZZLES_DIR      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: ablate_models_test.sh PATH/TO/csp PUZZLES_DIR}
PUZZLES=${2:?usage: ablate_models_test.sh PATH/TO/csp PUZZLES_DIR}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
csv_rows() { grep -v '^#' "$1" | tail -n +2; }
BASE="group,instance,number,var,val,inference,alldiff,ac3"
TAIL="status,detail,assignments,backtracks,failures,constraint_checks,revisions,values_pruned,wipeouts,backjumps,nogoods,restart_count,max_depth,us"

run ablate --help
expect_out '^  zebra ' "help lists zebra"; expect_out '^  cryptarithm \[--puzzle LIST\]' "help lists cryptarithm"
expect_out '^  killer FILE\.\.\.' "help lists killer"; expect_out 'csp ablate killer puzzles/killer_4x4.txt' "killer example"

# ---- the model commands' counts, the numbers the studies below rest on -------------------------------------------
run zebra --max-solutions 0; expect_out '^1 solution; the first:' "zebra: 1 solution"
run cryptarithm SEND+MORE=MONEY --all; expect_out '^1 solution' "SEND+MORE=MONEY: 1 solution"
run killer "$PUZZLES/killer_4x4.txt" --max-solutions 0; expect_out "^unique$" "killer_4x4: 1 solution"

# ---- zebra ---------------------------------------------------------------------------------------------------------
run ablate zebra --var first,mrv --inference none,fc,mac --alldiff binary,value --csv "$TMP/z.csv"
expect_code 0 "zebra grid"
expect_eq "$(csv_rows "$TMP/z.csv" | wc -l)" 12 "zebra CSV rows"
expect_eq "$(csv_rows "$TMP/z.csv" | grep -c ',solved,')" 12 "zebra: every run solved and verified"
expect_eq "$(grep -v '^#' "$TMP/z.csv" | head -1)" "$BASE,$TAIL" "CSV columns unchanged without the new options"

# ---- cryptarithm ---------------------------------------------------------------------------------------------------
run ablate cryptarithm --puzzle SEND+MORE=MONEY,TWO+TWO=FOUR --var mrv --inference fc,mac --alldiff all --csv "$TMP/c.csv"
expect_code 0 "cryptarithm grid"
expect_eq "$(csv_rows "$TMP/c.csv" | grep -c ',solved,')" 12 "cryptarithm: 2 puzzles x 6 configurations solved"
expect_eq "$(csv_rows "$TMP/c.csv" | grep -c '^cryptarithm,TWO+TWO=FOUR,2,')" 6 "instances named by the puzzle"
run ablate cryptarithm; expect_code 0 "default puzzle"; expect_out 'cryptarithm: 1 instance' "SEND+MORE=MONEY alone"
run ablate cryptarithm --puzzle 'SEND+MORE'; expect_code 2 "bad puzzle"; expect_err "--puzzle 'SEND\+MORE'" "bad puzzle named"
run ablate zebra --puzzle SEND+MORE=MONEY; expect_code 2 "--puzzle elsewhere"; expect_err 'only to cryptarithm' "--puzzle message"

# ---- killer --------------------------------------------------------------------------------------------------------
run ablate killer "$PUZZLES/killer_4x4.txt" --var first,mrv --inference fc,mac --alldiff value,gac --csv "$TMP/k.csv"
expect_code 0 "killer grid"
expect_eq "$(csv_rows "$TMP/k.csv" | grep -c ',solved,')" 8 "killer: every run solved and verified"
run ablate killer; expect_code 2 "killer without files"
printf 'box 2x2\nab\n' >"$TMP/bad.txt"
run ablate killer "$TMP/bad.txt"; expect_code 2 "malformed killer file"; expect_err 'bad.txt' "file named"

# ---- the new dimensions --------------------------------------------------------------------------------------------
run ablate australia --colors 2,3 --var mrv --inference fc --break-symmetry off,on --consistency none,ac3,pc2 \
  --csv "$TMP/a.csv"
expect_code 0 "australia dimensions"
# (australia restarts by default: its studies have a restarts column, with luby)
expect_eq "$(grep -v '^#' "$TMP/a.csv" | head -1)" "$BASE,consistency,break-symmetry,restarts,$TAIL" "new columns when given"
expect_eq "$(csv_rows "$TMP/a.csv" | wc -l)" 12 "2 instances x 6 configurations"
expect_eq "$(csv_rows "$TMP/a.csv" | grep '^australia,colors=2,' | grep -c ',unsatisfiable,')" 6 "2 colours: unsatisfiable"
expect_eq "$(csv_rows "$TMP/a.csv" | grep '^australia,colors=2,.*,pc2,.*,unsatisfiable,,0,' | wc -l)" 2 \
  "2 colours: PC-2 proves it with no assignment"
expect_out 'consistency' "table column"
run ablate australia --break-symmetry on --csv "$TMP/b.csv"
expect_eq "$(grep -v '^#' "$TMP/b.csv" | head -1)" "$BASE,break-symmetry,restarts,$TAIL" "one new column"
run ablate zebra --break-symmetry on; expect_code 2 "--break-symmetry on zebra"; expect_err 'only to australia' "message"
run ablate queens --ac3 on --consistency pc2; expect_code 2 "--ac3 with --consistency"
run ablate queens --consistency path; expect_code 2 "unknown level"; expect_err 'valid: none, ac3, pc2' "levels"
finish
