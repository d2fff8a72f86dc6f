#!/usr/bin/env bash
# csp ablate fzn: FlatZinc files as ablation instances, every solution checked by the FlatZinc checker.
# Usage: ablate_fzn_test.sh CSP DATA_DIR                    hand-written .fzn files (tests/flatzinc/data)
#        ablate_fzn_test.sh CSP --minizinc SOLVER_DIR EXAMPLES_DIR   the docs' Futoshiki and Golomb ruler compiled by
#            minizinc at test time, also through scripts/mzn-ablate.sh (skips with 77 without minizinc)
CSP=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")  # absolute: the script changes directory
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

# The value of COLUMN in the CSV rows of $TMP/a.csv whose column KEY is VALUE, one a line.
csv_column() {
  awk -F, -v col="$1" -v key="$2" -v want="$3" '
    /^#/ { next }
    !header { for (i = 1; i <= NF; i++) idx[$i] = i; header = 1; next }
    $idx[key] == want { print $idx[col] }' "$TMP/a.csv"
}

if [[ $2 == --minizinc ]]; then
  command -v minizinc >/dev/null || { echo "minizinc not installed: skipped"; exit 77; }
  export MZN_SOLVER_PATH=$3
  EXAMPLES=$4
  # --no-output-ozn: MiniZinc would write futoshiki.ozn next to the model, into the source tree.
  if ! minizinc -c --solver csp --no-output-ozn "$EXAMPLES/futoshiki.mzn" "$EXAMPLES/futoshiki5.dzn" \
      --fzn "$TMP/futoshiki5.fzn" 2>"$TMP/mzn.err"; then
    cat "$TMP/mzn.err"; echo "FAIL: minizinc -c"; exit 1
  fi
  run ablate fzn "$TMP/futoshiki5.fzn" --var first,mrv,dom-wdeg --inference fc,mac --alldiff binary,gac \
      --max-solutions 0 --csv "$TMP/a.csv"
  expect_code 0 "the grid ran"
  expect_eq "$(csv_column solutions status solved | sort -u)" "151" "every configuration counts 151 solutions"
  expect_eq "$(csv_column status instance "$TMP/futoshiki5.fzn" | wc -l)" "12" "3 x 2 x 2 configurations"
  # scripts/mzn-ablate.sh: compile and ablate in one go; the Golomb ruler of 6 marks has length 17 at best.
  (cd "$TMP" && CSP=$CSP "$(dirname "${BASH_SOURCE[0]}")/../../scripts/mzn-ablate.sh" \
      "$EXAMPLES/futoshiki.mzn" "$EXAMPLES/futoshiki5.dzn" "$EXAMPLES/golomb_ruler.mzn" "$EXAMPLES/golomb6.dzn" \
      -- --var mrv --inference fc,mac --max-solutions 0 --csv a.csv >"$TMP/out" 2>"$TMP/err")
  code=$?
  expect_code 0 "mzn-ablate.sh ran"
  expect_out "^futoshiki-futoshiki5.fzn: 1 instance" "instances named MODEL-DATA.fzn"
  expect_eq "$(csv_column solutions instance futoshiki-futoshiki5.fzn | sort -u)" "151" "mzn-ablate.sh: 151"
  expect_eq "$(csv_column objective instance golomb_ruler-golomb6.fzn | sort -u)" "17" "Golomb ruler, 6 marks: 17"
  expect_eq "$(csv_column status instance golomb_ruler-golomb6.fzn | sort -u)" "solved" "optimum proved"
  finish
  exit
fi

DATA=$2
cp "$DATA/queens6.fzn" "$DATA/knapsack.fzn" "$DATA/rcpsp_small.fzn" "$TMP/"
cd "$TMP" || exit 1

# Satisfaction: 6-queens has 4 solutions (the auxiliary variable does not double them), under every configuration.
run ablate fzn queens6.fzn --var first,mrv,dom-wdeg --val natural,lcv --inference none,fc,mac --max-solutions 0 \
    --csv a.csv
expect_code 0 "the grid ran"
expect_eq "$(csv_column solutions instance queens6.fzn | sort -u)" "4" "6-queens: 4 solutions in every run"
expect_eq "$(csv_column status instance queens6.fzn | sort -u)" "solved" "every run solved"
expect_eq "$(csv_column status instance queens6.fzn | wc -l)" "18" "3 x 2 x 3 configurations"
expect_out "solutions" "the table shows the solutions column"
run ablate fzn queens6.fzn --max-solutions 3 --csv a.csv
expect_eq "$(csv_column solutions instance queens6.fzn)" "3" "--max-solutions 3 stops at 3"
expect_eq "$(csv_column status instance queens6.fzn)" "solved" "stopping at --max-solutions is solved"
run ablate fzn queens6.fzn --csv a.csv
expect_no_out "solutions" "first solution only: no solutions column"
expect_eq "$(grep -v '^#' a.csv | head -1 | tr ',' '\n' | tail -1)" "us" "the default CSV columns end with us"

# Optimisation: branch and bound to the proved optimum, 7, whatever the search.
run ablate fzn knapsack.fzn queens6.fzn --var first,mrv --val natural,max --inference none,fc,mac --csv a.csv \
    --json a.json
expect_code 0 "optimisation and satisfaction in one study"
expect_eq "$(csv_column objective instance knapsack.fzn | sort -u)" "7" "the optimum 7 in every run"
expect_eq "$(csv_column status instance knapsack.fzn | sort -u)" "solved" "every optimisation run solved"
expect_eq "$(csv_column objective instance queens6.fzn | sort -u)" "" "no objective for a satisfaction instance"
expect_out "objective" "the table shows the objective"
grep -q '"objective":7' a.json && ok || bad "the JSON rows hold the objective"

# Parallel runs (the runs of one all-different mode share a build): the same rows for -j 1 and -j 2 but the time
# (us, column 22).
run ablate fzn queens6.fzn knapsack.fzn --var all --inference fc,mac --alldiff all --max-solutions 0 -j 1 --csv j1.csv
run ablate fzn queens6.fzn knapsack.fzn --var all --inference fc,mac --alldiff all --max-solutions 0 -j 2 --csv j2.csv
expect_code 0 "-j 2"
expect_eq "$(grep -v '^#' j2.csv | cut -d, -f1-21,23-)" "$(grep -v '^#' j1.csv | cut -d, -f1-21,23-)" "-j 2 = -j 1"

# Other models count too: 8-queens has 92 solutions.
run ablate queens --n 8 --inference fc --max-solutions 0 --csv a.csv
expect_eq "$(csv_column solutions instance n=8)" "92" "csp ablate queens --max-solutions 0: 92"

# Bad input: FILE:LINE: reason, exit 2, as csp fzn.
printf 'var 1..3: x;\nconstraint int_frob(x, 1);\nsolve satisfy;\n' >bad.fzn
run ablate fzn queens6.fzn bad.fzn
expect_code 2 "unknown builtin"
expect_err_text "bad.fzn:2: unknown constraint 'int_frob'" "names the file, line and constraint"
printf 'var 1..3: x;\nsolve satisfy\n' >syntax.fzn
run ablate fzn syntax.fzn
expect_code 2 "syntax error"
expect_err "syntax.fzn:[0-9]+: " "FILE:LINE"
: >empty.fzn
run ablate fzn empty.fzn
expect_code 2 "empty file"
expect_err_text "empty.fzn: empty file" "names the empty file, as csp fzn"
run ablate fzn missing.fzn
expect_code 2 "missing file"
expect_err "missing.fzn" "names the missing file"
run ablate fzn
expect_code 2 "no file"
run ablate fzn queens6.fzn --max-solutions x
expect_code 2 "bad --max-solutions"
expect_err "max-solutions" "names the option"

# --globals native,decompose, a column of its own; the small RCPSP (csp_cumulative) has makespan 11 both
# ways, and the decomposition needs more assignments. --globals applies to fzn only.
run ablate fzn rcpsp_small.fzn --var mrv --inference fc,mac --globals native,decompose --csv a.csv
expect_code 0 "the globals grid ran"
expect_eq "$(csv_column objective status solved | sort -u)" "11" "makespan 11 under every configuration"
expect_eq "$(csv_column globals instance rcpsp_small.fzn | sort | uniq -c | awk '{print $1 $2}' | tr '\n' ' ')" \
    "2decompose 2native " "two runs each way, named in the globals column"
# --resume of an optimisation study (its CSV has the objective column, which a study knows only once it has run).
head -n 13 a.csv >part.csv
run ablate fzn rcpsp_small.fzn --var mrv --inference fc,mac --globals native,decompose --csv part.csv --resume
expect_code 0 "an optimisation study resumes"
expect_err "2 of them resumed from part.csv" "the two runs kept are not rerun"
expect_eq "$(awk '!/^#/' part.csv | wc -l)" "5" "the column row and four runs"
run ablate fzn rcpsp_small.fzn --globals native,bogus
expect_code 2 "unknown --globals value"
expect_err "decompose" "lists the valid values"
run ablate queens --n 6 --globals native,decompose
expect_code 2 "--globals with a model without globals"
expect_err_text "--globals does not apply to queens" "says why"

# A model proved unsatisfiable while building is an unsatisfiable run, not an error.
printf 'var 1..3: x;\nconstraint int_le(4, 3);\nsolve satisfy;\n' >unsat.fzn
run ablate fzn unsat.fzn --csv a.csv
expect_code 0 "unsatisfiable is a result"
expect_eq "$(csv_column status instance unsat.fzn)" "unsatisfiable" "status unsatisfiable"
finish
