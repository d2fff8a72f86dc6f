#!/usr/bin/env bash
# csp.msc (MiniZinc's solver configuration, both the build tree's and the one installed) shows for --var, --val,
# --inference, --restarts and --alldiff the defaults csp fzn uses: the engine's generic default (models::ModelDefaults{}), which
# the build writes into it (csp_msc_defaults). Usage: msc_defaults_test.sh PATH/TO/csp MINIZINC_SHARE_DIR
set -u
CSP=${1:?usage: msc_defaults_test.sh PATH/TO/csp MINIZINC_SHARE_DIR}
SHARE=${2:?usage: msc_defaults_test.sh PATH/TO/csp MINIZINC_SHARE_DIR}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

run fzn --help; expect_code 0 "csp fzn --help"
cp "$TMP/out" "$TMP/fzn-help"
for msc in "$SHARE/solvers/csp.msc" "$SHARE/install/csp.msc"; do
  if [[ -f $msc ]]; then ok; else bad "$msc is missing"; continue; fi
  if grep -q '{default:' "$msc"; then bad "$msc keeps a placeholder"; else ok; fi
  for option in var val inference restarts alldiff; do
    # ["--var", "help", "string", "dom-wdeg"],
    shown=$(sed -n "s/^ *\[\"--$option\", .*, \"string\", \"\([^\"]*\)\"\],\$/\1/p" "$msc")
    fzn=$(sed -n "s/^  --$option [A-Z]* (=\([^)]*\)).*/\1/p" "$TMP/fzn-help")
    [[ -n $fzn ]] || bad "csp fzn --help shows no default for --$option"
    expect_eq "$shown" "$fzn" "$msc: --$option"
  done
done
finish
