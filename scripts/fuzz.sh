#!/usr/bin/env bash
# Runs every libFuzzer harness of tests/fuzz/ (the readers and option parsers, under ASan + UBSan) for SECONDS each,
# one after the other, starting from the seed corpora written from puzzles/ and the docs at build time. Builds
# them first (cmake --preset fuzz: clang). Prints one line per harness (executions, executions per second, corpus
# size, result) and exits 1 when any harness found a crash (the input is kept in build/fuzz/fuzz-artifacts/ and
# the report in build/fuzz/fuzz-logs/NAME.log); 2 for a usage error or when clang is missing.
# Usage: scripts/fuzz.sh SECONDS [HARNESS...]      e.g. scripts/fuzz.sh 30, scripts/fuzz.sh 600 sudoku_reader
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -lt 1 || ! "$1" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: scripts/fuzz.sh SECONDS [HARNESS...]   (SECONDS: a whole number >= 1, per harness)" >&2
  exit 2
fi
seconds=$1
shift
if ! command -v clang++ >/dev/null; then
  echo "scripts/fuzz.sh: clang++ not found (Debian: apt-get install clang); libFuzzer comes with it" >&2
  exit 2
fi
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(cd .. && pwd)}"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j2 >/dev/null
dir=build/fuzz/tests/fuzz
harnesses=("$@")
if ((${#harnesses[@]} == 0)); then
  for f in "$dir"/fuzz_*; do harnesses+=("${f##*/fuzz_}"); done
fi
work=build/fuzz/fuzz-corpus     # grows from run to run; the seeds are read from $dir/corpus
artifacts=build/fuzz/fuzz-artifacts
logs=build/fuzz/fuzz-logs
mkdir -p "$artifacts" "$logs"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
printf '%-16s %12s %10s %8s  %s\n' harness executions exec/s corpus result
failed=0
for name in "${harnesses[@]}"; do
  binary="$dir/fuzz_$name"
  if [[ ! -x "$binary" ]]; then
    echo "scripts/fuzz.sh: no harness '$name' (in $dir)" >&2
    exit 2
  fi
  mkdir -p "$work/$name"
  log="$logs/$name.log"
  status=0
  # -timeout: an input running 10 s is a hang (a crash); -rss_limit_mb: memory per process.
  "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$artifacts/$name-" "$work/$name" "$dir/corpus/$name" >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  corpus=$(find "$work/$name" -type f | wc -l)
  if ((status == 0)); then
    result=ok
  else
    result="CRASH (exit $status): $(grep -m1 -E 'ERROR: |runtime error|invariant broken|deadly signal|Test unit written' "$log" || true)"
    failed=1
  fi
  printf '%-16s %12s %10s %8s  %s\n' "$name" "${runs:-?}" "${rate:-?}" "$corpus" "$result"
done
if ((failed)); then
  echo "scripts/fuzz.sh: a harness crashed: the reports are in $logs/, the inputs in $artifacts/" >&2
  exit 1
fi
