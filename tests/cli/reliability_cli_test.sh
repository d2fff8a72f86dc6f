#!/usr/bin/env bash
# Faults and hostile inputs through every command: a full disk, a FIFO, /dev/zero under a memory limit,
# SIGINT / SIGTERM in a --jobs 2 batch, an unreadable file, a directory, a thread that cannot start, line ends and
# byte order marks in every reader, bytes escaped in messages. Each asserts the exit status and the message.
# Usage: reliability_cli_test.sh CSP PUZZLES_DIR
CSP=$1
PUZZLES=$2
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

EASY=003020600900305001001806400008102900700000008006708200002609500800203009005010300
printf '%s\n' "$EASY" >"$TMP/a.txt"
printf 'p edge 3 3\ne 1 2\ne 2 3\ne 3 1\n' >"$TMP/tri.col"

# --- A full disk: every command that writes to standard output exits 2 naming it (no silent loss). ---------------
full() { "$CSP" "$@" >/dev/full 2>"$TMP/err" </dev/null; code=$?; }
for args in "sudoku $PUZZLES/classic.txt" "sudoku --explain $TMP/a.txt" "sudoku --grade $TMP/a.txt" \
            "sudoku-generate --count 2" "queens 8" "color --map australia -k 3" "cryptarithm SEND+MORE=MONEY" \
            "zebra" "killer $PUZZLES/killer_4x4.txt" "graph queens 8" "ablate queens --n 6" "--help" "sudoku --help"; do
  # shellcheck disable=SC2086
  full $args
  expect_code 2 "/dev/full: csp $args"
  expect_err 'cannot write standard output: No space left on device' "/dev/full: csp $args"
done
# Output files: --dot, --csv, --json on a full disk name the option and the file.
"$CSP" graph queens 4 --dot /dev/full >"$TMP/out" 2>"$TMP/err"; code=$?
expect_code 2 "--dot /dev/full"; expect_err_text "--dot: cannot write '/dev/full': No space left on device" "--dot /dev/full"
run ablate queens --n 6 --csv /dev/full; expect_code 2 "--csv /dev/full"
expect_err_text "--csv: cannot write '/dev/full': No space left on device" "--csv /dev/full"
run ablate queens --n 6 --json /dev/full; expect_code 2 "--json /dev/full"
expect_err_text "--json: cannot write '/dev/full': No space left on device" "--json /dev/full"
# A full disk stops a long batch early: far fewer puzzles solved than given.
for _ in $(seq 3000); do echo "$EASY"; done >"$TMP/many.txt"
full sudoku "$TMP/many.txt"; expect_code 2 "batch to /dev/full"
n=$(sed -n 's/^summary: \([0-9]*\) puzzles.*/\1/p' "$TMP/err")
if [[ -n $n && $n -lt 3000 ]]; then ok; else bad "batch to /dev/full went on: '$n' puzzles"; fi

# --- A FIFO is opened once: all of the writer's data arrives (10 runs each, no hang). ---------------------------
mkfifo "$TMP/fifo"
for i in $(seq 10); do
  (cat "$PUZZLES/classic.txt" >"$TMP/fifo") &
  timeout 20 "$CSP" sudoku "$TMP/fifo" >"$TMP/out" 2>"$TMP/err"; code=$?
  wait
  expect_code 0 "sudoku FIFO run $i"; expect_count ' solved$' 4 "sudoku FIFO run $i"
  (cat "$TMP/tri.col" >"$TMP/fifo") &
  timeout 20 "$CSP" color "$TMP/fifo" -k 3 >"$TMP/out" 2>"$TMP/err"; code=$?
  wait
  expect_code 0 "color FIFO run $i"; expect_out '3 vertices, 3 edges' "color FIFO run $i"
done
(cat "$PUZZLES/killer_4x4.txt" >"$TMP/fifo") &
timeout 20 "$CSP" killer "$TMP/fifo" >"$TMP/out" 2>"$TMP/err"; code=$?; wait
expect_code 0 "killer FIFO"
(cat "$PUZZLES/classic.txt" >"$TMP/fifo") &
timeout 60 "$CSP" ablate sudoku "$TMP/fifo" --var mrv --inference mac >"$TMP/out" 2>"$TMP/err"; code=$?; wait
expect_code 0 "ablate FIFO (read once: hashed and parsed from one read)"; expect_err 'runs \(4 instances' "ablate FIFO"

# --- /dev/zero under a memory limit (1 GB of address space): a clear message, no bad_alloc, no GB read. -----------
# Under AddressSanitizer (CSP_SANITIZED=1, set by the asan test preset) no address-space limit: ASan reserves
# terabytes of shadow memory at start-up and cannot run under one. The size caps are checked all the same.
vlimit() { if [[ -z "${CSP_SANITIZED:-}" ]]; then ulimit -v "$1"; fi; }
limited() { (vlimit 1000000; timeout 60 "$CSP" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null); code=$?; }
limited killer /dev/zero; expect_code 2 "killer /dev/zero"
expect_err_text "csp killer: /dev/zero: larger than 1 MiB, the most this reader takes: not read past it" "killer /dev/zero"
limited color /dev/zero -k 3; expect_code 2 "color /dev/zero"
expect_err "^csp color: /dev/zero:1: a line longer than 65536 bytes: '(\\\\x00)+\.\.\.'$" "color /dev/zero"
limited graph color /dev/zero; expect_code 2 "graph color /dev/zero"; expect_err 'a line longer than 65536 bytes' "graph"
limited ablate graph /dev/zero --colors 3; expect_code 2 "ablate graph /dev/zero"
expect_err_text "/dev/zero: larger than 64 MiB, the most this reader takes: not read past it" "ablate graph /dev/zero"
limited sudoku /dev/zero; expect_code 2 "sudoku /dev/zero"
expect_err_text "csp sudoku: /dev/zero: larger than 1 GiB, the most this reader takes: not read past it" "sudoku /dev/zero"
expect_out 'invalid \(/dev/zero:1: line longer than 65536 characters\)' "sudoku /dev/zero: the long line"
# Out of memory anyway: a message and exit 2, never an abort.
(vlimit 200000; "$CSP" ablate queens --n 1000 --timeout 10 >"$TMP/out" 2>"$TMP/err"); code=$?
if [[ $code -eq 0 || $code -eq 2 ]]; then ok; else bad "ablate queens 1000 in 200 MB: exit $code"; fi
run ablate queens --n 100000; expect_code 2 "ablate queens --n 100000"
expect_err_text "--n: 100000 is more than 1000, the most csp queens takes" "ablate queens --n 100000"
run ablate australia --colors 100000; expect_code 2 "ablate --colors 100000"; expect_err 'more than 10000' "colors"

# --- An unreadable file and a directory: each command names the file and the reason. -----------------------------
printf '%s\n' "$EASY" >"$TMP/secret.txt"; chmod 000 "$TMP/secret.txt"
as_user() {  # runs CSP without root's right to read anything
  if [[ $(id -u) -ne 0 ]]; then "$CSP" "$@"; else setpriv --reuid=65534 --regid=65534 --clear-groups "$CSP" "$@"; fi
}
if [[ $(id -u) -ne 0 ]] || command -v setpriv >/dev/null; then
  chmod 755 "$TMP"
  unreadable() { as_user "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; code=$?; }
  for cmd in "sudoku" "sudoku --grade" "killer" "graph sudoku" "ablate sudoku" "color -k 3"; do
    # shellcheck disable=SC2086
    unreadable $cmd "$TMP/secret.txt"
    expect_code 2 "unreadable: $cmd"
    expect_err_text "cannot read '$TMP/secret.txt': Permission denied" "unreadable: $cmd"
  done
fi
for args in "sudoku" "killer" "graph sudoku" "ablate sudoku" "color"; do
  # shellcheck disable=SC2086
  run $args "$TMP" $([[ $args == color ]] && echo -k 3); expect_code 2 "directory: $args"
  expect_err_text "cannot read '$TMP': it is a directory" "directory: $args"
done
# A read error (standard input is a directory): named, the batch still ends with a summary.
"$CSP" sudoku - <"$TMP" >"$TMP/out" 2>"$TMP/err"; code=$?
expect_code 2 "stdin read error"; expect_err '^csp sudoku: <stdin>: read error \(Is a directory\)' "stdin read error"
expect_err '^summary: 0 puzzles' "stdin read error summary"

# --- A thread that cannot start (simulated): fewer threads, the same results, a message. -------------------------
run sudoku --jobs 2 "$PUZZLES/classic.txt"; cp "$TMP/out" "$TMP/jobs2.out"
CSP_TEST_THREAD_LIMIT=0 "$CSP" sudoku --jobs 2 "$PUZZLES/classic.txt" >"$TMP/out" 2>"$TMP/err"; code=$?
expect_code 0 "no thread starts"; expect_lines 4 "no thread starts: every puzzle"
expect_err_text "csp sudoku: could start only 0 of 2 threads (Resource temporarily unavailable); going on with the main thread alone" "no thread starts"
if cmp -s "$TMP/out" "$TMP/jobs2.out"; then ok; else bad "no thread starts: other results than --jobs 2"; fi
CSP_TEST_THREAD_LIMIT=2 "$CSP" sudoku --jobs 4 "$PUZZLES/classic.txt" >"$TMP/out" 2>"$TMP/err"; code=$?
expect_code 0 "2 of 4 threads"; expect_err_text "could start only 2 of 4 threads" "2 of 4 threads"
if cmp -s "$TMP/out" "$TMP/jobs2.out"; then ok; else bad "2 of 4 threads: other results"; fi
CSP_TEST_THREAD_LIMIT=1 "$CSP" ablate queens --n 6,8 --jobs 3 >"$TMP/out" 2>"$TMP/err"; code=$?
expect_code 0 "ablate thread failure"; expect_err "could start only 1 of 3 threads" "ablate thread failure"
expect_err 'in [0-9.]+ s on 1 thread$' "ablate thread failure: threads used"

# --- SIGINT / SIGTERM in a --jobs 2 batch: whole lines, a summary saying so, exit 130 / 143. ---------------------
# A background job of a script starts with SIGINT ignored, so a signal sent before csp installs its handler (while it
# still reads its input: seconds under a sanitizer on a loaded machine) would be lost. Wait until the handler is in
# place (the signal's bit in SigCgt of /proc/PID/status; at most 120 s), let some work happen (DELAY s, default
# 0.5), then send it.
send_when_caught() {  # PID SIG [DELAY]
  local number; number=$(kill -l "$2")
  local bit=$((1 << (number - 1)))
  for _ in $(seq 1200); do
    local caught; caught=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
    [[ -n $caught && $(( 16#$caught & bit )) -ne 0 ]] && break
    sleep 0.1
  done
  sleep "${3:-0.5}"
  kill -s "$2" "$1"
}
for _ in $(seq 100); do cat "$TMP/many.txt"; done >"$TMP/huge.txt"  # 300000 puzzles: seconds of work
for sig in INT TERM; do
  "$CSP" sudoku --jobs 2 "$TMP/huge.txt" >"$TMP/out" 2>"$TMP/err" &
  pid=$!
  send_when_caught "$pid" "$sig"
  wait "$pid"; code=$?
  expect_code "$([[ $sig == INT ]] && echo 130 || echo 143)" "SIG$sig exit status"
  expect_err "^interrupted by SIG$sig: [0-9]+ puzzles done, the rest not solved$" "SIG$sig summary"
  expect_err '^summary: [0-9]+ puzzles: [0-9]+ solved$' "SIG$sig counts"
  done_count=$(sed -n "s/^interrupted by SIG$sig: \([0-9]*\) puzzles.*/\1/p" "$TMP/err")
  expect_lines "${done_count:--1}" "SIG$sig: one line per puzzle done"
  if [[ -z $(grep -cvE "^[1-9]{81} solved$" "$TMP/out" | grep -v '^0$') ]]; then ok; else bad "SIG$sig: a partial line"; fi
  if [[ ${done_count:-0} -gt 0 && ${done_count:-0} -lt 300000 ]]; then ok; else bad "SIG$sig: $done_count done"; fi
done
"$CSP" sudoku --grade "$TMP/huge.txt" >"$TMP/out" 2>"$TMP/err" &
pid=$!; send_when_caught "$pid" INT; wait "$pid"; code=$?
expect_code 130 "--grade SIGINT"; expect_err '^interrupted by SIGINT: graded [0-9]+ puzzles' "--grade SIGINT"
for _ in $(seq 10); do cat "$TMP/many.txt"; done >"$TMP/big.txt"  # 30000 puzzles
"$CSP" ablate sudoku "$TMP/big.txt" --jobs 2 --var first,mrv >"$TMP/out" 2>"$TMP/err" &
# (0.05 s: the 60000 runs take about a second on 2 idle cores, so a later signal could come after the last one)
pid=$!; send_when_caught "$pid" INT 0.05; wait "$pid"; code=$?
expect_code 130 "ablate SIGINT"; expect_err '^csp ablate: interrupted by SIGINT after [0-9]+ of 60000 runs' "ablate SIGINT"

# --- SIGINT / SIGTERM in a model command's search: it stops as at a limit, prints what it found, exits 130 / 143. --
# A count of the 14,772,512 solutions of 16 queens (many seconds), and --least on a random graph of 70 vertices
# (density 0.5: chromatic number at least the clique of 8, a proof far beyond a second).
for sig in INT TERM; do
  "$CSP" queens 16 --count >"$TMP/out" 2>"$TMP/err" &
  pid=$!; send_when_caught "$pid" "$sig"; wait "$pid"; code=$?
  expect_code "$([[ $sig == INT ]] && echo 130 || echo 143)" "queens --count SIG$sig exit status"
  expect_out '^[0-9]+ solutions? before the limit reached \(interrupted\)$' "queens --count SIG$sig: the count so far"
done
awk 'BEGIN { srand(7); n = 70; m = 0
  for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (rand() < 0.5) e[m++] = i " " j
  print "p edge " n " " m; for (k = 0; k < m; k++) print "e " e[k] }' >"$TMP/r70.col"
"$CSP" color "$TMP/r70.col" --least >"$TMP/out" 2>"$TMP/err" &
pid=$!; send_when_caught "$pid" INT; wait "$pid"; code=$?
expect_code 130 "color --least SIGINT exit status"
expect_out '^limit reached \(interrupted\)$' "color --least SIGINT: why it stopped"
expect_out '^least number of colours: unknown \(at least [0-9]+, at most [0-9]+\)$' "color --least SIGINT: the bounds"
expect_out 'colours \(checked: no edge joins two vertices of one colour\)$' "color --least SIGINT: the best colouring"
expect_count '^v[0-9]+ = ' 70 "color --least SIGINT: every vertex's colour"
# sudoku-generate stops before its next puzzle: whole lines, the count on standard error, 130 / 143.
for sig in INT TERM; do
  "$CSP" sudoku-generate --count 100000 >"$TMP/out" 2>"$TMP/err" &
  pid=$!; send_when_caught "$pid" "$sig"; wait "$pid"; code=$?
  expect_code "$([[ $sig == INT ]] && echo 130 || echo 143)" "sudoku-generate SIG$sig exit status"
  expect_err "^csp sudoku-generate: interrupted by SIG$sig: [0-9]+ of 100000 puzzles? made$" "sudoku-generate SIG$sig"
  made=$(sed -n "s/^csp sudoku-generate: interrupted by SIG$sig: \([0-9]*\) of.*/\1/p" "$TMP/err")
  expect_lines "${made:--1}" "sudoku-generate SIG$sig: one line per puzzle made"
  if [[ -z $(grep -cvE '^[1-9.]{81}$' "$TMP/out" | grep -v '^0$') ]]; then ok; else bad "sudoku-generate SIG$sig: a partial line"; fi
done

# --- Line ends and byte order marks: every reader (sudoku, .col, killer) takes LF, CRLF, CR and a BOM. -----------
printf '\xEF\xBB\xBFp edge 3 3\re 1 2\re 2 3\r\ne 3 1' >"$TMP/mixed.col"
run color "$TMP/mixed.col" -k 3; expect_code 0 "color BOM + CR + CRLF"; expect_out '3 vertices, 3 edges' "color mixed"
run graph "$TMP/mixed.col"; expect_code 0 "graph BOM .col"
run ablate graph "$TMP/mixed.col" --colors 3; expect_code 0 "ablate graph BOM .col"
tr '\n' '\r' <"$PUZZLES/killer_4x4.txt" | sed '1s/^/\xEF\xBB\xBF/' >"$TMP/killer_cr.txt"
run killer "$TMP/killer_cr.txt"; expect_code 0 "killer BOM + CR"; expect_out '^2 3 \| 1 4$' "killer BOM + CR"
printf '\xEF\xBB\xBF%s\r%s\r\n' "$EASY" "$EASY" >"$TMP/cr.txt"
run sudoku "$TMP/cr.txt"; expect_code 0 "sudoku BOM + CR"; expect_count ' solved$' 2 "sudoku BOM + CR"
run ablate sudoku "$TMP/cr.txt"; expect_code 0 "ablate sudoku BOM + CR"
# A BOM elsewhere is not taken: it is named, escaped, never printed raw.
printf 'p edge 3 3\n\xEF\xBB\xBFe 1 2\n' >"$TMP/bom2.col"
run color "$TMP/bom2.col" -k 3; expect_code 2 "BOM on line 2"
expect_err_text "unknown line type '\\xef\\xbb\\xbfe'" "BOM escaped (.col)"
if grep -q $'\xEF\xBB\xBF' "$TMP/err"; then bad "raw BOM bytes in a .col message"; else ok; fi
printf 'box 2x2\n\xEF\xBB\xBFabb\n' >"$TMP/bom2.txt"
run killer "$TMP/bom2.txt"; expect_code 2 "killer BOM on line 2"
if grep -q $'\xEF\xBB\xBF' "$TMP/err"; then bad "raw BOM bytes in a killer message"; else ok; fi
printf '%s\xEF\xBB\xBF\n' "${EASY:0:80}" >"$TMP/bom3.txt"
run sudoku "$TMP/bom3.txt"; expect_code 1 "sudoku BOM inside"; expect_out_text "bad character '\\xef\\xbb\\xbf'" "BOM escaped (sudoku)"
if grep -q $'\xEF\xBB\xBF' "$TMP/out" "$TMP/err"; then bad "raw BOM bytes in a sudoku message"; else ok; fi

# --- Killer messages, as csp sudoku says them. --------------------------------------------------------------------
printf 'box 1x1\na\na 1\n' >"$TMP/k1.txt"
run killer "$TMP/k1.txt"; expect_code 2 "killer box 1x1"; expect_err "box 1x1 is too small: R\*C must be at least 2" "1x1"
printf 'box 2x2\naabb\naabb\ncccc\ndddd\na 9999999 b 3 c 10 d 10\n' >"$TMP/k2.txt"
run killer "$TMP/k2.txt"; expect_code 2 "killer sum 9999999"
expect_err_text "the sum 9999999 of cage 'a' is more than any cage of a 4x4 grid holds (its digits differ: at most 1 + ... + 4 = 10)" "killer 9999999"

# --- Counts stopped by --max-solutions are marked as capped in every model command (BH-36 kind). -----------------
run cryptarithm TWO+TWO=FOUR --max-solutions 3; expect_code 0 "cryptarithm capped"
expect_out '^3 solutions \(stopped at --max-solutions 3\)$' "cryptarithm capped"
run color --map australia -k 3 --max-solutions 2; expect_out '^2 colourings \(stopped at --max-solutions 2\); the first:$' "color capped"
run color "$TMP/tri.col" -k 3 --max-solutions 0; expect_out '^6 colourings; the first:$' "color exact"
run zebra --max-solutions 1000; expect_out '^1 solution; the first:$' "zebra exact under the cap"
printf 'box 2x2\naabb\nccdd\neeff\ngghh\na 3 b 7 c 7 d 3 e 3 f 7 g 7 h 3\n' >"$TMP/kmany.txt"
run killer "$TMP/kmany.txt" --max-solutions 2; expect_out '^2 solutions \(stopped at --max-solutions 2\)$' "killer capped"
run queens 8 --max-solutions 5; expect_out '^5 solutions \(stopped at --max-solutions 5\)$' "queens capped"

# --- Plurals and help. ---------------------------------------------------------------------------------------------
printf 'p edge 2 1\ne 1 2\n' >"$TMP/one.col"
run color "$TMP/one.col" -k 2; expect_out ': 2 vertices, 1 edge$' "1 edge"
run graph "$TMP/one.col"; expect_out '2 variables, 1 edge \(1 constraint\)$' "graph 1 edge"
# Place values past 2^31: words of 11 letters and more are well-formed and solved (column model).
run cryptarithm --help; expect_out 'words of any length' "cryptarithm help: any length"
run cryptarithm CHEGACEJJBIJ+AFHGGEDBDDCC=IBIAEJJAJBGD; expect_code 0 "12-letter words"
expect_out '^[0-9]{12} \+ [0-9]{12} = [0-9]{12,13}$' "12-letter words solved"
run cryptarithm ABCDEFGHIJ+A=ABCDEFGHIJK; expect_code 1 "11 letters, no solution"; expect_no_err 'more than 10 letters' "11 letters"
run cryptarithm AAAAAAAAAAAAAAAAAAAAAAAAA+B=AAAAAAAAAAAAAAAAAAAAAAAAC --max-solutions 0
expect_code 0 "25 letters"; expect_out 'solutions' "25 letters counted"

finish
