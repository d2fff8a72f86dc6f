#!/usr/bin/env bash
# The speed gate itself (bench/speed_gate) on a probe program compiled here, whose loop count and printed node
# count come from its arguments: a baseline written by --update for N iterations, then the same baseline against
# N (passes), 1.05 N (a planted 5 % slowdown: fails, naming the workload), 1.01 N (passes), a changed node count
# (fails), a failing run, a workload missing from the baseline, --update --only, a skipped workload, and the usage
# errors (exit 2). Usage: speed_gate_test.sh PATH/TO/bench/speed_gate. Skips (77) without valgrind or a C compiler.
set -u
gate=$1
command -v valgrind >/dev/null || { echo "valgrind not installed: skipped"; exit 77; }
cc=$(command -v cc || command -v gcc || command -v g++) || { echo "no C compiler: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

cat >"$tmp/probe.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
/* probe ITERATIONS NODES [EXIT]: a loop of ITERATIONS steps, then "nodes: NODES". */
int main(int argc, char **argv) {
  long n = atol(argv[1]);
  volatile unsigned long x = 0;
  for (long i = 0; i < n; ++i) x += (unsigned long)i ^ (x >> 3);
  printf("nodes: %s\nsolutions: 1\n", argv[2]);
  return argc > 3 ? atoi(argv[3]) : 0;
}
EOF
"$cc" -x c -O1 -o "$tmp/probe" "$tmp/probe.c" || { echo "FAIL: the probe does not compile"; exit 1; }

n=2000000
workloads() {  # workloads ITERATIONS_A NODES_A [EXIT_A]: probe_a as given, probe_b always N iterations, 50 nodes
  printf '# the probes\nprobe_a\t%s %s %s %s\nprobe_b\t%s %s 50\n' "$tmp/probe" "$1" "$2" "${3:-}" "$tmp/probe" "$n" \
    >"$tmp/workloads.tsv"
}
expect() {  # expect RC DESCRIPTION PATTERN... -- GATE_ARGS...: exit RC, and a line matching each PATTERN (grep -E)
  local want=$1 what=$2 patterns=() out rc p missing=0
  shift 2
  while [[ $1 != -- ]]; do patterns+=("$1"); shift; done
  shift
  out=$("$gate" "$@" 2>&1)
  rc=$?
  for p in "${patterns[@]}"; do grep -Eq -- "$p" <<<"$out" || missing=1; done
  if [[ $rc -ne $want || $missing == 1 ]]; then
    echo "FAIL: $what: exit $rc (want $want), output:"
    echo "$out"
    failures=$((failures + 1))
  else
    echo "ok   $what"
  fi
}
run=(--workloads "$tmp/workloads.tsv" --baseline "$tmp/baseline.tsv")

workloads $n 1000
expect 2 "no baseline yet" 'no baseline in .*make it with --update' -- "${run[@]}"
expect 0 "--update writes the baseline" 'wrote .*must say why in its message body' -- "${run[@]}" --update
if ! grep -Eq '^probe_a	[0-9]{7,}	1000	1$' "$tmp/baseline.tsv" ||
  ! grep -Eq '^probe_b	[0-9]{7,}	50	1$' "$tmp/baseline.tsv" ||
  ! grep -q '^# A commit that changes this file says why in its message body' "$tmp/baseline.tsv"; then
  echo "FAIL: the baseline's rows or header:"; cat "$tmp/baseline.tsv"; failures=$((failures + 1))
fi
cp "$tmp/baseline.tsv" "$tmp/baseline.orig"

expect 0 "the same run passes, ratio 1.0000" '^probe_a .* 1\.0000 .* ok$' 'passed .*2 workloads within' -- "${run[@]}"
workloads $((n * 105 / 100)) 1000
expect 1 "a 5 % slowdown fails, naming the workload" \
  '^probe_a .* 1\.0(49|50)[0-9] .*FAIL: instructions \+(4\.9|5\.0) % \(limit \+3 %\)$' '^probe_b .* 1\.0000 .* ok$' \
  '^speed gate: FAILED .*, 1 of 2 workloads:$' '^  probe_a: instructions \+(4\.9|5\.0) % \(limit \+3 %\)$' \
  -- "${run[@]}"
expect 0 "--tolerance 6 lets the 5 % pass" '^probe_a .* 1\.0(49|50)[0-9] .* ok$' -- "${run[@]}" --tolerance 6
workloads $((n * 101 / 100)) 1000
expect 0 "a 1 % slowdown passes, ratio printed" '^probe_a .* 1\.0(09|10)[0-9] .* ok$' '^speed gate: passed' \
  -- "${run[@]}"
workloads $((n * 90 / 100)) 1000
expect 0 "10 % faster passes and says so" '^probe_a .* 0\.9[0-9]+ .* ok, (9|10)\.[0-9] % faster' -- "${run[@]}" -j 1
workloads $n 1001
expect 1 "one more node fails" '^probe_a .*FAIL: nodes \+1$' -- "${run[@]}"
workloads $n 1000 3
expect 1 "a run that fails is a failure" '^probe_a .*FAIL: exit status 3' -- "${run[@]}"
expect 1 "--update refuses a failing run" 'baseline NOT written: probe_a failed to run' -- "${run[@]}" --update
cmp -s "$tmp/baseline.tsv" "$tmp/baseline.orig" || { echo "FAIL: the baseline changed"; failures=$((failures + 1)); }
printf 'probe_c\t%s %s 7\n' "$tmp/probe" "$n" >>"$tmp/workloads.tsv"
expect 1 "a workload missing from the baseline fails" '^probe_c .*new: not in the baseline \(FAIL\)$' -- "${run[@]}" \
  --only probe_c
workloads $n 1234
expect 0 "--update --only probe_a" 'wrote' -- "${run[@]}" --update --only probe_a
if ! grep -q '^probe_a	.*	1234	1$' "$tmp/baseline.tsv" ||
  ! grep -qF "$(grep '^probe_b' "$tmp/baseline.orig")" "$tmp/baseline.tsv"; then
  echo "FAIL: --update --only probe_a: want probe_a's new row and probe_b's old one:"; cat "$tmp/baseline.tsv"
  failures=$((failures + 1))
fi

expect 2 "--only an unknown name" 'unknown workload nope; the workloads: probe_a, probe_b$' -- "${run[@]}" --only nope
expect 2 "a missing build folder" 'no-build is not a configured build' -- "$tmp/no-build"
mkdir -p "$tmp/build/examples"
echo 'CMAKE_BUILD_TYPE:STRING=Debug' >"$tmp/build/CMakeCache.txt"
expect 2 "a Debug build" 'is not a Release build' -- "$tmp/build"
echo 'CMAKE_BUILD_TYPE:STRING=Release' >"$tmp/build/CMakeCache.txt"
expect 2 "a build without csp" 'no .*/build/examples/csp' -- "$tmp/build"
cp "$tmp/probe" "$tmp/build/examples/csp"
CSP_SHARED=$tmp/no-shared expect 0 "a shared file that is absent: skipped, not failed" \
  '^SKIPPED sudoku_top95: no .*/no-shared/puzzles/top95.txt$' '^speed gate: passed .*, 1 skipped$' -- \
  "$tmp/build" --only sudoku_top95
expect 2 "an unknown option" 'unrecognized arguments: --bogus' -- --bogus

echo "$failures failure(s)"
((failures == 0))
