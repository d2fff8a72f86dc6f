#!/usr/bin/env bash
# The round-3 handed cases of ../shared/cases/cases.tsv (BH-55 to BH-65, MiniZinc / FlatZinc), each row
# read by id, and their siblings: MiniZinc's semantics to the letter (a variable repeated in an arithmetic call,
# int_pow with a negative exponent, -a / -n, solutions distinct on the output variables, failures under branch and
# bound). The .mzn rows compile with minizinc when it is installed (else only the .fzn rows run).
# Usage: minizinc_cases_test.sh CSP SOLVERS_DIR SHARED_DIR   (exit 77 = skipped when the cases are absent)
CSP=$1
export MZN_SOLVER_PATH=$2
CASES=$3/cases
if [[ ! -f $CASES/cases.tsv ]] || ! grep -q '^BH-56' "$CASES/cases.tsv"; then
  echo "skipped: no round-3 rows in $CASES/cases.tsv"
  exit 77
fi
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
FILES=$CASES/files
have_minizinc() { command -v minizinc >/dev/null; }
# compile MZN OUT: the model as csp's FlatZinc (csp's library of globals), output_var on what it prints.
compile() { minizinc -c --solver csp --no-output-ozn "$1" --fzn "$2" >/dev/null 2>&1; }
solutions() { grep -c -- '^----------$' "$TMP/out"; }

# BH-56: int_pow(x, -1, z) over x in 1..3 is z = 1 div x (MiniZinc 2.6): 3 solutions.
run fzn -a "$FILES/BH-56_negfixed.fzn"; expect_code 0 "BH-56"; expect_eq "$(solutions)" 3 "BH-56 solutions"
expect_out '^==========$' "BH-56 complete"
tr '\n' ' ' <"$TMP/out" | grep -q 'x = 2; z = 0;' && ok || bad "BH-56: x = 2, z = 0 missing"
# Its siblings: a mixed-sign exponent (y in -2..2, x in -2..2: 23 by brute force), 0 to a negative power undefined.
cat >"$TMP/pow_mixed.fzn" <<'FZN'
var -2..2: x :: output_var;
var -2..2: y :: output_var;
var -20..20: z :: output_var;
constraint int_pow(x, y, z);
solve satisfy;
FZN
run fzn -a "$TMP/pow_mixed.fzn"; expect_eq "$(solutions)" 23 "int_pow mixed-sign exponents"
for flags in "-f --var first --inference none" "-f --var mrv --inference fc" "-f --inference mac --restarts luby"; do
  run fzn -a $flags "$TMP/pow_mixed.fzn"; expect_eq "$(solutions)" 23 "int_pow mixed, $flags"
done
printf 'var -1..1: x :: output_var;\nconstraint int_pow(x, -3, 0);\nsolve satisfy;\n' >"$TMP/pow_zero.fzn"
run fzn -a "$TMP/pow_zero.fzn"; expect_out '^=====UNSATISFIABLE=====$' "0^-3 is undefined, (-1)^-3 = -1, 1^-3 = 1"

# BH-55 and the kind: one variable in two positions of an arithmetic call propagates (no checker over the
# product of the domains): x*x mod 1000 = 1 over 1..20000 has 160 solutions.
cat >"$TMP/square.fzn" <<'FZN'
var 1..20000: x :: output_var;
var 1..400000000: z :: output_var;
constraint int_times(x, x, z);
constraint int_mod(z, 1000, 1);
solve satisfy;
FZN
run fzn -a "$TMP/square.fzn"; expect_code 0 "x*x"; expect_eq "$(solutions)" 160 "x*x mod 1000 = 1"
for call in "int_div(x, x, z)" "int_mod(x, x, z)" "int_pow(x, x, z)" "int_min(x, x, z)" "int_max(x, x, z)"; do
  printf 'var -300000..300000: x :: output_var;\nvar -3..3: z :: output_var;\nconstraint %s;\nconstraint int_le(x, 2);\nconstraint int_le(-2, x);\nsolve satisfy;\n' "$call" >"$TMP/rep.fzn"
  run fzn -a "$TMP/rep.fzn"; expect_code 0 "$call"; expect_out '^==========$' "$call completes"
done
run fzn -a "$TMP/rep.fzn"; expect_eq "$(solutions)" 5 "int_max(x, x, z) over -2..2"
printf 'var 1..3: i :: output_var;\nvar 0..5: z :: output_var;\nconstraint array_var_int_element(i, [2, i, 0], z);\nsolve satisfy;\n' >"$TMP/elem.fzn"
run fzn -a "$TMP/elem.fzn"; expect_eq "$(solutions)" 3 "element with the index in its array"
if have_minizinc; then
  run_mzn() { minizinc --solver csp "$@" >"$TMP/out" 2>"$TMP/err"; code=$?; }
  start=$SECONDS
  run_mzn -a "$FILES/BH-55.mzn"; expect_code 0 "BH-55"; expect_eq "$(solutions)" 160 "BH-55 solutions"
  [[ $((SECONDS - start)) -lt 20 ]] && ok || bad "BH-55 took $((SECONDS - start)) s"
  # BH-58: -n is an upper bound also with -a; -n 0 is no bound.
  run_mzn -a -n 2 "$FILES/BH-58_n.mzn"; expect_eq "$(solutions)" 2 "BH-58 -a -n 2"; expect_no_out '^==========$' "BH-58 capped"
  run_mzn -n 0 "$FILES/BH-58_n.mzn"; expect_code 0 "BH-58 -n 0"; expect_eq "$(solutions)" 3 "BH-58 -n 0 is no bound"
  expect_out '^==========$' "BH-58 -n 0 complete"
  run_mzn -n 5 "$FILES/BH-58_n.mzn"; expect_eq "$(solutions)" 3 "BH-58 -n 5"; expect_out '^==========$' "BH-58 -n 5 complete"
  # BH-65: solutions distinct on the output variables.
  run_mzn -n 2 "$FILES/BH-65b.mzn"; expect_eq "$(solutions)" 2 "BH-65 -n 2"
  run_mzn -a "$FILES/BH-65b.mzn"; expect_eq "$(solutions)" 2 "BH-65 -a"; expect_out '^==========$' "BH-65 complete"
  compile "$FILES/BH-65b.mzn" "$TMP/bh65.fzn"
  for flags in "" "--backjump cbj --inference fc" "--restarts luby"; do
    run fzn -a -s $flags "$TMP/bh65.fzn"; expect_eq "$(solutions)" 2 "BH-65 csp fzn -a $flags"
    expect_out '^%%%mzn-stat: solutions=2$' "BH-65 counts 2 ($flags)"
  done
fi
# -n and -a on csp fzn directly.
printf 'var 1..3: x :: output_var;\nsolve satisfy;\n' >"$TMP/three.fzn"
run fzn -a -n 2 "$TMP/three.fzn"; expect_eq "$(solutions)" 2 "-a -n 2"; expect_no_out '^==========$' "-a -n 2 not complete"
run fzn -n 0 "$TMP/three.fzn"; expect_code 0 "-n 0"; expect_eq "$(solutions)" 3 "-n 0"
# A hidden variable (no output_var): x = 1 and x = 2 once each, whatever h is.
printf 'var 1..2: x :: output_var;\nvar 0..3: h;\nsolve satisfy;\n' >"$TMP/hidden.fzn"
run fzn -a -s "$TMP/hidden.fzn"; expect_eq "$(solutions)" 2 "hidden variable"; expect_out 'solutions=2$' "hidden count"
# The sibling command: csp ablate fzn counts the same 2 (its solutions column, on the output variables).
run ablate fzn "$TMP/hidden.fzn" --max-solutions 0 --csv "$TMP/hidden.csv"; expect_code 0 "ablate fzn hidden"
expect_out ' 1/1 +2 ' "ablate fzn counts 2 solutions"

# Failures under branch and bound: a node the bound wipes out is a failure (was: failures=0 next to wipeouts).
cat >"$TMP/bb.fzn" <<'FZN'
var 0..6: x :: output_var;
var 0..6: y :: output_var;
var 0..12: s :: output_var;
constraint int_lin_eq([1, 1, -1], [x, y, s], 0);
constraint int_ne(x, y);
solve maximize s;
FZN
run fzn -s -f --var first --inference mac "$TMP/bb.fzn"; expect_out '^s = 11;$' "B&B optimum"
# The final statistics block's failures (-s prints a block per improved bound too).
f=$(sed -n 's/^%%%mzn-stat: failures=//p' "$TMP/out" | tail -1); w=$(sed -n 's/^%%%mzn-stat: wipeouts=//p' "$TMP/out")
[[ -n $f && -n $w && $f -ge $w && $w -gt 0 ]] && ok || bad "B&B failures=$f wipeouts=$w (every bound wipe-out is a failure)"
finish
