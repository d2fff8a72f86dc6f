#!/usr/bin/env bash
# The layer check (scripts/check_layers.py) itself: passes a tree that keeps the order, and fails, naming file and
# line, on each kind of planted bad include. Usage: check_layers_test.sh PATH/TO/check_layers.py
set -u
check=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fresh_tree() {
  rm -rf "$tmp/repo"
  mkdir -p "$tmp/repo/csp/include/csp/"{core,search,strategy} "$tmp/repo/csp/src/core"
  printf '#pragma once\n' > "$tmp/repo/csp/include/csp/core/store.hpp"
  printf '#pragma once\n#include "csp/core/store.hpp"\n' > "$tmp/repo/csp/include/csp/strategy/registry.hpp"
  printf '#pragma once\n#include "csp/strategy/registry.hpp"  // csp-layers: forward\n' \
    > "$tmp/repo/csp/include/csp/search/registry.hpp"
  printf '#pragma once\n#include <vector>\n#include "csp/strategy/registry.hpp"\n' \
    > "$tmp/repo/csp/include/csp/search/solve.hpp"
  printf '#include "csp/core/store.hpp"\n#include "store_detail.hpp"\n' > "$tmp/repo/csp/src/core/store.cpp"
  printf '#pragma once\n#include "csp/search/solve.hpp"\n' > "$tmp/repo/csp/include/csp/csp.hpp"
}

expect() {  # expect RC PATTERN DESCRIPTION
  local out rc
  out=$(python3 "$check" "$tmp/repo" 2>&1)
  rc=$?
  if [[ $rc -ne $1 ]] || ! grep -q -- "$2" <<<"$out"; then
    echo "FAIL: $3: exit $rc (want $1), output:"
    echo "$out"
    failures=$((failures + 1))
  fi
}

fresh_tree
expect 0 '' "a tree in order passes"

fresh_tree
printf '#include "csp/search/solve.hpp"\n' >> "$tmp/repo/csp/src/core/store.cpp"
expect 1 'csp/src/core/store.cpp:3: core includes .csp/search/solve.hpp. of the higher layer search' "core including search"

fresh_tree
printf '#include "csp/search/registry.hpp"\n' >> "$tmp/repo/csp/include/csp/search/solve.hpp"
expect 1 'solve.hpp:4: .csp/search/registry.hpp. is an old path' "engine code using a forwarding header"

fresh_tree
printf '#include "csp/observers/trace_observer.hpp"\n' >> "$tmp/repo/csp/include/csp/search/solve.hpp"
expect 1 'solve.hpp:4: search includes .csp/observers/trace_observer.hpp. of the higher layer observers' \
  "search including an observer"

fresh_tree
printf '#include "csp/models/sudoku/sudoku.hpp"\n' >> "$tmp/repo/csp/include/csp/core/store.hpp"
expect 1 'store.hpp:2: .csp/models/sudoku/sudoku.hpp. is in no engine layer' "engine including a model"

fresh_tree
printf '#include "../search/x.hpp"\n' >> "$tmp/repo/csp/src/core/store.cpp"
expect 1 'store.cpp:3: .../search/x.hpp. climbs out' "a relative include"

fresh_tree
printf '#include "csp/csp.hpp"\n' >> "$tmp/repo/csp/include/csp/strategy/registry.hpp"
expect 1 'registry.hpp:3: strategy includes the umbrella header' "a layer including the umbrella header"

fresh_tree
mkdir -p "$tmp/repo/csp/src/searhc" && printf '\n' > "$tmp/repo/csp/src/searhc/x.cpp"
expect 1 "the folder 'searhc' is no layer" "a folder that is no layer"

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "check_layers: all planted includes caught"
