#!/usr/bin/env bash
# csp over MPI ranks (CSP_WITH_MPI): `mpirun -np 2` and `-np 4 --oversubscribe` give the output of `--jobs 1` but
# the measured times (csp sudoku, csp ablate, csp sudoku-generate); --resume continues an interrupted study to the
# CSV of an uninterrupted one; errors end the job with a message and a non-zero status, never a hang.
# Usage: mpi_cli_test.sh PATH/TO/csp PATH/TO/mpirun REPO_ROOT sudoku|ablate|resume|errors
# (run by CTest, one test per part so that they run side by side; prints "N passed, N failed")
set -u
CSP=${1:?usage: mpi_cli_test.sh PATH/TO/csp PATH/TO/mpirun REPO_ROOT PART}
MPIRUN=${2:?}
ROOT=${3:?}
PART=${4:?}
# As root (CI containers), Open MPI refuses to start without these; shared-memory transport without CMA (containers).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
# mpirun with a deadline: a hang is a failure, not a stuck CI job.
mpi() { local np=$1; shift; timeout 120 "$MPIRUN" -np "$np" "$CSP" "$@"; }
# The measured times are the only difference: time_us / elapsed_us (line, json, --stats), the CSV's last column (us),
# the CSV header's date and command lines.
strip_times() { sed -E 's/(time_us|elapsed_us)([=":]+)[0-9]+/\1\2T/g; s/[0-9]+ us\]$/T us]/' "$1"; }
strip_csv() { grep -v '^# date:\|^# command:' "$1" | sed -E '/^#/!s/,[0-9]+$/,T/; s/"csv":"[^"]*"/"csv":F/'; }
same() {  # same WHAT FILE1 FILE2
  if cmp -s "$2" "$3"; then ok; else bad "$1: outputs differ"; diff "$2" "$3" | head -5; fi
}

PUZZLES="$ROOT/puzzles/classic.txt $ROOT/puzzles/generated_6x6.txt $ROOT/puzzles/generated_4x4.txt"
printf '12345\n' > "$TMP/bad.txt"  # an invalid puzzle: a status line, not an error

if [[ $PART == sudoku ]]; then
# ---- csp sudoku ----------------------------------------------------------------------------------------------------
# shellcheck disable=SC2086
for case in "2|line --stats" "4|json" "2|pretty --jobs 2" "4|candidates"; do
  np=${case%%|*}; options=${case#*|}
  # shellcheck disable=SC2086
  "$CSP" sudoku --format $options $PUZZLES "$TMP/bad.txt" > "$TMP/one" 2> "$TMP/one.err"; want=$?
  strip_times "$TMP/one" > "$TMP/one.s"
  # shellcheck disable=SC2086
  CSP_MPI_CHUNK=$((np == 4 ? 1 : 16)) mpi $np sudoku --format $options $PUZZLES "$TMP/bad.txt" > "$TMP/many" \
    2> "$TMP/many.err"; got=$?
  [[ $got -eq $want ]] && ok || bad "sudoku --format $options -np $np: exit $got, expected $want"
  strip_times "$TMP/many" > "$TMP/many.s"
  same "sudoku --format $options -np $np" "$TMP/one.s" "$TMP/many.s"
  grep -q '^summary: 105 puzzles: 104 solved, 1 invalid$' "$TMP/many.err" && ok || bad "sudoku -np $np summary"
done

# ---- csp sudoku-generate -------------------------------------------------------------------------------------------
"$CSP" sudoku-generate --box 3x2 --count 12 --seed 5 > "$TMP/one"
mpi 4 sudoku-generate --box 3x2 --count 12 --seed 5 > "$TMP/many"; same "sudoku-generate -np 4" "$TMP/one" "$TMP/many"
[[ $(wc -l < "$TMP/many") -eq 13 ]] && ok || bad "sudoku-generate -np 4: '# box 3x2' and 12 puzzles"
fi

if [[ $PART == errors ]]; then
# A file that cannot be read: reported once, the others solved, exit 2 (as without MPI).
mpi 2 sudoku "$TMP/missing.txt" "$ROOT/puzzles/classic.txt" > "$TMP/many" 2> "$TMP/many.err"; code=$?
[[ $code -eq 2 ]] && ok || bad "sudoku -np 2 missing file: exit $code, expected 2"
[[ $(grep -c "missing.txt" "$TMP/many.err") -eq 1 ]] && ok || bad "sudoku -np 2 missing file: one message"
[[ $(wc -l < "$TMP/many") -eq 4 ]] && ok || bad "sudoku -np 2 missing file: the other file solved"
# A usage error: said once (rank 0), exit 2.
mpi 2 sudoku --var nonsense > /dev/null 2> "$TMP/many.err"; code=$?
[[ $code -eq 2 ]] && ok || bad "sudoku -np 2 usage error: exit $code, expected 2"
[[ $(grep -c "nonsense" "$TMP/many.err") -eq 1 ]] && ok || bad "sudoku -np 2 usage error said once"
# An input error on rank 0 of csp ablate: one message, exit 2, no hang.
mpi 2 ablate sudoku "$TMP/missing.txt" > /dev/null 2> "$TMP/many.err"; code=$?
[[ $code -eq 2 ]] && ok || bad "ablate -np 2 missing file: exit $code, expected 2"
[[ $(grep -c "missing.txt" "$TMP/many.err") -eq 1 ]] && ok || bad "ablate -np 2 missing file: said once"
fi

if [[ $PART == ablate ]]; then
# ---- csp ablate ----------------------------------------------------------------------------------------------------
GRID=(--var first,mrv --inference fc,mac --alldiff binary,value)
"$CSP" ablate sudoku "$ROOT/puzzles/generated_6x6.txt" "$ROOT/puzzles/classic.txt" "${GRID[@]}" --csv "$TMP/one.csv" \
  > /dev/null 2>&1; want=$?
strip_csv "$TMP/one.csv" > "$TMP/one.s"
for np in 2 4; do
  mpi $np ablate sudoku "$ROOT/puzzles/generated_6x6.txt" "$ROOT/puzzles/classic.txt" "${GRID[@]}" \
    --csv "$TMP/many.csv" > "$TMP/many" 2> "$TMP/many.err"; got=$?
  [[ $got -eq $want ]] && ok || bad "ablate sudoku -np $np: exit $got, expected $want"
  strip_csv "$TMP/many.csv" > "$TMP/many.s"
  same "ablate sudoku -np $np CSV" "$TMP/one.s" "$TMP/many.s"
  [[ $(grep -vc '^#' "$TMP/many.csv") -eq 433 ]] && ok || bad "ablate -np $np: 54 puzzles x 8 configurations + columns"
done
mpi 2 ablate queens --n 4,5,6,8 --jobs 2 --csv "$TMP/many.csv" > /dev/null 2>&1
"$CSP" ablate queens --n 4,5,6,8 --csv "$TMP/one.csv" > /dev/null 2>&1
strip_csv "$TMP/one.csv" > "$TMP/one.s"; strip_csv "$TMP/many.csv" | sed 's/"jobs":2/"jobs":1/' > "$TMP/many.s"
same "ablate queens -np 2 --jobs 2 CSV" "$TMP/one.s" "$TMP/many.s"
fi

if [[ $PART == resume ]]; then
# ---- --resume: stop after some rows (as SIGTERM would), cut the last row, resume over MPI ---------------------------
Q=(ablate queens --n 4,5,6,7,8,9,10 --var first,mrv --inference none,fc,mac)
"$CSP" "${Q[@]}" --csv "$TMP/full.csv" > "$TMP/full.out" 2>/dev/null
CSP_TEST_ABLATE_STOP_AFTER=10 "$CSP" "${Q[@]}" --csv "$TMP/r.csv" > /dev/null 2> "$TMP/r.err"; code=$?
[[ $code -eq 143 ]] && ok || bad "stopped study: exit $code, expected 143"
grep -q "holds the 10 runs done: continue with --resume" "$TMP/r.err" && ok || bad "stopped study: message"
[[ $(grep -vc '^#' "$TMP/r.csv") -eq 11 ]] && ok || bad "stopped study: columns and 10 rows in the CSV"
printf 'queens,n=9,9,mrv,natural,m' >> "$TMP/r.csv"  # killed while writing a row
CSP_TEST_ABLATE_STOP_AFTER=7 mpi 2 "${Q[@]}" --resume --csv "$TMP/r.csv" > /dev/null 2>&1; code=$?
[[ $code -ne 0 ]] && ok || bad "stopped resumed study over MPI: exit $code, expected non-zero"
[[ $(grep -vc '^#' "$TMP/r.csv") -gt 17 ]] && ok || bad "stopped resumed study: more rows"
mpi 2 "${Q[@]}" --resume --csv "$TMP/r.csv" > "$TMP/r.out" 2> "$TMP/r.err"; code=$?
[[ $code -eq 0 ]] && ok || bad "resumed study: exit $code, expected 0"
grep -q "42 runs (7 instances x 6 configurations, [0-9]* of them resumed from" "$TMP/r.err" && ok || bad "resume: summary"
strip_csv "$TMP/full.csv" > "$TMP/one.s"; strip_csv "$TMP/r.csv" > "$TMP/many.s"
same "resumed CSV = uninterrupted CSV" "$TMP/one.s" "$TMP/many.s"
# Nothing left to run: the same file again, no run made.
"$CSP" "${Q[@]}" --resume --csv "$TMP/r.csv" > /dev/null 2> "$TMP/r.err"
grep -q "42 of them resumed" "$TMP/r.err" && ok || bad "resume of a finished study runs nothing"
# A different study: refused, naming the file, the line and what differs; the file is left as it was.
cp "$TMP/r.csv" "$TMP/before.csv"
"$CSP" "${Q[@]}" --node-limit 5 --resume --csv "$TMP/r.csv" > /dev/null 2> "$TMP/r.err"; code=$?
[[ $code -eq 2 ]] && ok || bad "resume with other options: exit $code, expected 2"
grep -q "r.csv:8: options differ from this run: node_limit is 0 in the file, 5 now" "$TMP/r.err" && ok ||
  bad "resume with other options: message"
cmp -s "$TMP/r.csv" "$TMP/before.csv" && ok || bad "a refused resume leaves the file"
"$CSP" ablate sudoku "$ROOT/puzzles/classic.txt" --resume --csv "$TMP/r.csv" > /dev/null 2> "$TMP/r.err"; code=$?
[[ $code -eq 2 ]] && ok || bad "resume of another model: exit $code"
grep -q "r.csv:7: model differs from this run: 'queens' in the file, 'sudoku' now" "$TMP/r.err" && ok ||
  bad "resume of another model: message"; 
"$CSP" "${Q[@]}" --resume > /dev/null 2> "$TMP/r.err"; code=$?
[[ $code -eq 2 ]] && grep -q -- "--resume continues the study of a --csv FILE" "$TMP/r.err" && ok || bad "--resume without --csv"
# --resume on a file that does not exist yet starts the study.
"$CSP" "${Q[@]}" --resume --csv "$TMP/new.csv" > /dev/null 2>&1
strip_csv "$TMP/new.csv" > "$TMP/many.s"; strip_csv "$TMP/full.csv" > "$TMP/one.s"
same "--resume of a new file" "$TMP/one.s" "$TMP/many.s"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
