#!/usr/bin/env bash
# CLI tests of --consistency none|ac3|pc2 (PC-2, AIMA §6.2.3) and csp color --break-symmetry (value symmetry, §6.5).
# Usage: consistency_symmetry_cli_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: consistency_symmetry_cli_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

# ---- --break-symmetry: Australia with 3 colours has 18 colourings, 3 up to renaming the colours -------------------
run color --map australia -k 3 --max-solutions 0
expect_code 0 "australia count"; expect_out '^18 colourings; the first:' "australia: 18 colourings"
run color --map australia -k 3 --max-solutions 0 --break-symmetry
expect_code 0 "australia broken"; expect_out '^3 colourings; the first:' "australia: 3 up to renaming"
expect_out '^WA = red$' "the first region takes the first colour"
run color --map australia -k 3 --max-solutions 0 --break-symmetry --inference mac --val lcv
expect_out '^3 colourings; the first:' "australia: 3 under mac + lcv"
# a proof of impossibility: USA with 3 colours, with fewer assignments when the colours are interchangeable
run color --map usa -k 3 --var first --inference fc --stats
expect_code 1 "usa 3 colours impossible"; plain=$(grep -oE 'assignments=[0-9]+' "$TMP/out" | cut -d= -f2)
run color --map usa -k 3 --var first --inference fc --stats --break-symmetry
expect_code 1 "usa 3 colours impossible, broken"; broken=$(grep -oE 'assignments=[0-9]+' "$TMP/out" | cut -d= -f2)
if [[ -n "$plain" && -n "$broken" && $broken -lt $plain ]]; then ok; else bad "usa -k 3: $broken assignments with --break-symmetry, $plain without"; fi
run color --map usa --least --break-symmetry
expect_code 2 "--least refuses --break-symmetry"; expect_err 'break-symmetry works with -k K' "--least message"
run_in 'p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n' color /dev/stdin -k 3 --max-solutions 0 --break-symmetry
expect_code 0 "triangle file"; expect_out '^1 colouring; the first:' "a triangle: 6 colourings, 1 up to renaming"

# ---- --consistency: the 2-coloured triangle, proved by PC-2 before any search ------------------------------------
run_in 'p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n' color /dev/stdin -k 2 --consistency ac3 --stats
expect_code 1 "triangle ac3"; expect_out 'assignments=[1-9]' "AC-3 leaves the triangle to search"
run_in 'p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n' color /dev/stdin -k 2 --consistency pc2 --stats
expect_code 1 "triangle pc2"; expect_out 'no colouring with 2 colours' "PC-2: no colouring"
expect_out 'assignments=0 ' "PC-2 proves it before search"
run queens 6 --count --consistency pc2
expect_code 0 "queens pc2"; expect_out '^4$|4 solutions' "6-queens: 4 solutions with PC-2"
run zebra --consistency pc2 --inference fc
expect_code 0 "zebra pc2"; expect_out 'The Japanese owns the zebra' "zebra with PC-2"
run cryptarithm SEND+MORE=MONEY --consistency pc2
expect_code 0 "cryptarithm pc2 (n-ary constraints kept)"; expect_out '9567 \+ 1085 = 10652' "SEND+MORE=MONEY"
run queens 8 --consistency path
expect_code 2 "unknown level"; expect_err 'valid: none, ac3, pc2' "levels listed"
run queens 8 --ac3 --consistency none
expect_code 2 "--ac3 with none"; expect_err 'contradict' "contradiction named"
run queens 1000 --consistency pc2
expect_code 2 "too large"; expect_err 'PC-2: the problem is too large' "size limit named"
run queens 8 --algorithm min-conflicts --consistency pc2
expect_code 2 "min-conflicts refuses --consistency"
run sudoku --explain --consistency pc2
expect_code 2 "--explain refuses --consistency"
finish
