#!/usr/bin/env bash
# Every row of ../shared/cases/cases.tsv of kind sudoku4/6/9/16 or file, run through `csp sudoku` with the default
# configuration and --max-solutions 2: expected solution -> "<solution> unique", exit 0; solutions=N -> unique
# (N = 1) or "multiple", exit 0; error -> exit 1, every unsolved puzzle reported "invalid" with file:line, and no
# solution printed except for the good puzzles of a file.
# Usage: sudoku_cases_test.sh PATH/TO/csp SHARED_DIR   (exit 77 = skipped when the cases are absent)
set -u
CSP=${1:?usage: sudoku_cases_test.sh PATH/TO/csp SHARED_DIR}
CASES=${2:?usage: sudoku_cases_test.sh PATH/TO/csp SHARED_DIR}/cases
if [[ ! -f $CASES/cases.tsv ]]; then
  echo "skipped: no $CASES/cases.tsv"
  exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
bad() { failed=$((failed + 1)); echo "FAIL $id: $*"; sed 's/^/  | /' "$TMP/out" "$TMP/err" | head -20; }

while IFS=$'\t' read -r id kind input expected _note; do
  # Rows about sibling commands: tests/cli/sibling_cases_test.sh.
  case $id in BH-26 | BH-27 | BH-36 | BH-40) continue ;; esac
  case $kind in sudoku4 | sudoku6 | sudoku9 | sudoku16) file=$TMP/$id.txt; printf '%s\n' "$input" >"$file" ;;
    file) file=$CASES/$input ;;
    *) continue ;;
  esac
  timeout 300 "$CSP" sudoku --max-solutions 2 "$file" >"$TMP/out" 2>"$TMP/err"
  code=$?
  before=$failed
  if [[ $expected == error ]]; then
    [[ $code -eq 1 ]] || bad "exit $code, expected 1"
    grep -q '^- invalid (' "$TMP/out" || bad "no invalid status"
    # Every puzzle without a solution names the file and its line.
    grep '^- ' "$TMP/out" | grep -qv "($file:[0-9]*: " && bad "a message without file:line"
    # A single bad puzzle prints no grid at all.
    [[ $kind != file ]] && grep -q '^[^-]' "$TMP/out" && bad "a grid was printed for a rejected puzzle"
  elif [[ $expected == solutions=* ]]; then
    n=${expected#solutions=}
    want=multiple
    [[ $n -eq 1 ]] && want=unique
    [[ $code -eq 0 ]] || bad "exit $code, expected 0"
    grep -qE "^[^ ]+ $want( |$)" "$TMP/out" || bad "expected status $want"
  else
    [[ $code -eq 0 ]] || bad "exit $code, expected 0"
    [[ $(cat "$TMP/out") == "$expected unique" ]] || bad "expected '$expected unique'"
  fi
  [[ $failed -eq $before ]] && passed=$((passed + 1))
done < <(tail -n +2 "$CASES/cases.tsv")

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
