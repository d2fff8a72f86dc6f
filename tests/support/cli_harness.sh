# Shared by the CLI test scripts (tests/cli/*.sh, tests/ablation/*.sh): a scratch folder, pass/fail counters and
# checks on the last command's exit code, stdout and stderr. Source it after setting CSP (the program under test):
#   source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"
# then run checks and end the script with `finish` (prints "N passed, N failed"; exit status 0 iff none failed).
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; echo "--- stdout:"; head -20 "$TMP/out"; echo "--- stderr:"; head -20 "$TMP/err"; }
# run ARGS...: runs $CSP with no input; run_in TEXT ARGS...: with TEXT (printf %b escapes) on stdin. Both set
# $code and write $TMP/out and $TMP/err.
run() { "$CSP" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; code=$?; }
run_in() { local text=$1; shift; printf '%b' "$text" | "$CSP" "$@" >"$TMP/out" 2>"$TMP/err"; code=$?; }
expect_code() { if [[ $code -eq $1 ]]; then ok; else bad "$2: exit $code, expected $1"; fi; }
expect_out() { if grep -qE -- "$1" "$TMP/out"; then ok; else bad "$2: stdout lacks /$1/"; fi; }
expect_no_out() { if grep -qE -- "$1" "$TMP/out"; then bad "$2: stdout has /$1/"; else ok; fi; }
expect_err() { if grep -qE -- "$1" "$TMP/err"; then ok; else bad "$2: stderr lacks /$1/"; fi; }
# expect_out_text / expect_err_text TEXT NAME: the output holds TEXT as it is (no regular expression).
expect_out_text() { if grep -qF -- "$1" "$TMP/out"; then ok; else bad "$2: stdout lacks '$1'"; fi; }
expect_err_text() { if grep -qF -- "$1" "$TMP/err"; then ok; else bad "$2: stderr lacks '$1'"; fi; }
expect_no_err() { if grep -qE -- "$1" "$TMP/err"; then bad "$2: stderr has /$1/"; else ok; fi; }
expect_lines() { local n; n=$(wc -l <"$TMP/out"); if [[ $n -eq $1 ]]; then ok; else bad "$2: $n stdout lines, expected $1"; fi; }
expect_count() { local n; n=$(grep -cE -- "$1" "$TMP/out"); if [[ $n -eq $2 ]]; then ok; else bad "$3: $n lines /$1/, expected $2"; fi; }
expect_eq() { if [[ "$1" == "$2" ]]; then ok; else bad "$3: got '$1', expected '$2'"; fi; }
finish() {
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}
