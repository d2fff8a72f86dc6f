#!/usr/bin/env bash
# gecode_anchor.sh: sourced by the Sudoku comparisons (compare_gecode.sh, compare_sudoku.sh). Defines
#   build_gecode_anchor SRC OUT   builds the Gecode Sudoku anchor SRC (SHARED_DIR/anchors/gecode_sudoku.cpp) into
#                                 the program OUT with the build line at the top of that file, when OUT is missing or
#                                 older than SRC (needs libgecode-dev: scripts/install-deps.sh --bench).
build_gecode_anchor() {
  local src=$1 out=$2
  [[ -x $out && ! $src -nt $out ]] && return 0
  mkdir -p "$(dirname "$out")"
  echo "building $out" >&2
  g++ -O2 -std=c++17 -o "$out" "$src" \
    -lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport -lpthread
}
