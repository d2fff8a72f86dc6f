#!/usr/bin/env bash
# CLI tests of `csp ablate --compare A,B` (paired comparison) and `--plot-kind cactus|survival`: the text
# after the table and the JSON "comparison" object agree with the CSV rows (wins / losses / ties and the geometric
# mean recomputed here with awk), the interval is reproducible and contains the mean, bad names exit 2.
# Usage: ablate_compare_test.sh PATH/TO/csp      (run by CTest; prints "N passed, N failed")
set -u
CSP=${1:?usage: ablate_compare_test.sh PATH/TO/csp}
source "$(dirname "${BASH_SOURCE[0]}")/../support/cli_harness.sh"

GRID=(queens --n 12,16,20 --var mrv,dom-wdeg --val natural --inference fc --seed 1,2,3,4,5)

# ---- text and JSON, checked against the CSV ------------------------------------------------------------------------
run ablate "${GRID[@]}" --compare mrv,dom-wdeg --csv "$TMP/c.csv" --json "$TMP/c.json"
expect_code 0 "compare"
expect_out_text "paired comparison of A = mrv with B = dom-wdeg, search calls (assignments + 1), per instance and seed:" \
  "comparison title"
# From the CSV: per (instance, seed) the search calls of mrv and dom-wdeg (columns: instance 2, var 4, seed 9,
# status 10, assignments 12), then wins / losses / ties of mrv and the geometric mean of the ratios.
expect_eq "$(grep -v '^#' "$TMP/c.csv" | head -1 | cut -d, -f2,4,9,10,12)" "instance,var,seed,status,assignments" \
  "CSV columns used"
expected=$(grep -v '^#' "$TMP/c.csv" | tail -n +2 | awk -F, '
  $10 == "solved" { c[$2 "," $9, $4] = $12 + 1; k[$2 "," $9] = 1 }
  END { for (p in k) { a = c[p, "mrv"]; b = c[p, "dom-wdeg"]; n++; s += log(a / b)
                       if (a < b) w++; else if (a > b) l++; else t++ }
        printf "%d pairs: A wins %d, loses %d, ties %d, neither finished 0|%.4g", n, w, l, t, exp(s / n) }')
expect_out_text "  ${expected%|*}" "wins / losses / ties as in the CSV"
expect_out_text "geometric mean over the 15 pairs both finished: ${expected#*|} (95% bootstrap CI " "geometric mean as in the CSV"
expect_out_text "; 10000 resamples, seed 1)" "bootstrap resamples and seed"
cp "$TMP/out" "$TMP/first.out"
if command -v python3 >/dev/null; then
  j=$(python3 - "$TMP/c.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["comparison"]
ok = c["ci95"]["lo"] <= c["geometric_mean"] <= c["ci95"]["hi"] and c["ci95"]["lo"] < c["ci95"]["hi"]
print(c["a"], c["b"], c["metric"], ",".join(c["paired_by"]), c["pairs"], c["wins"] + c["losses"] + c["ties"],
      c["neither"], c["both_finished"], c["bootstrap"]["resamples"], c["bootstrap"]["seed"], ok)
PY
)
  expect_eq "$j" "mrv dom-wdeg assignments instance,seed 15 15 0 15 10000 1 True" "JSON comparison object"
fi

# ---- reproducible: the same --shuffle-seed gives the same interval for any --jobs; another seed moves only the CI --
run ablate "${GRID[@]}" --compare mrv,dom-wdeg -j 2
expect_eq "$(tail -3 "$TMP/out")" "$(tail -3 "$TMP/first.out")" "same comparison with -j 2"
run ablate "${GRID[@]}" --compare mrv,dom-wdeg --shuffle-seed 5
expect_eq "$(tail -3 "$TMP/out" | head -2)" "$(tail -3 "$TMP/first.out" | head -2)" "counts do not depend on the seed"
expect_out_text "resamples, seed 5)" "bootstrap seeded by --shuffle-seed"

# ---- one seed each: one pair per instance; a limit loses to a finished run ------------------------------------------
run ablate queens --n 8,12,16 --var first,mrv --val natural --inference none --seed 1,2 --node-limit 60 --compare mrv/1,first/1
expect_code 0 "compare with seeds in the names"
expect_out_text "paired comparison of A = mrv/1 with B = first/1, search calls (assignments + 1), per instance:" \
  "per instance"
# first stops at the limit on all three boards, mrv seed 1 on one of them (n=12): two wins and a pair with no winner.
expect_out_text "  3 pairs: A wins 2, loses 0, ties 0, neither finished 1" "stopped runs lose to finished ones"
expect_out_text "geometric mean over the 0 pairs both finished: none" "no ratio without a pair both finished"

# ---- bad input: exit 2 naming the valid configurations --------------------------------------------------------------
run ablate "${GRID[@]}" --compare mrv,lcv
expect_code 2 "unknown configuration"
expect_err_text "--compare: unknown configuration 'lcv' (valid: mrv, dom-wdeg; or one seed, NAME/SEED, e.g. mrv/1" \
  "valid configurations listed"
run ablate "${GRID[@]}" --compare mrv; expect_code 2 "one name"; expect_err 'expects two configurations A,B' "one name message"
run ablate "${GRID[@]}" --compare mrv,mrv; expect_code 2 "same name"; expect_err 'the same configuration' "same name message"
run ablate "${GRID[@]}" --compare mrv,dom-wdeg/1; expect_code 2 "mixed names"
run ablate "${GRID[@]}" --plot-kind violin; expect_code 2 "unknown plot kind"
expect_err_text "unknown kind 'violin' (valid: box, cactus, survival)" "plot kinds listed"
run ablate "${GRID[@]}" --plot "$TMP/chart.png"; expect_code 2 "--plot to a file that is not .svg"
expect_err_text "--plot writes an SVG chart: give a FILE.svg, not '$TMP/chart.png'" "--plot not .svg: message"
run ablate "${GRID[@]}" --plot-kind cactus; expect_code 2 "--plot-kind without --plot"
expect_err_text "--plot-kind chooses the chart of --plot FILE.svg: give --plot" "--plot-kind without --plot message"

# ---- the line charts (when built with cairo) ------------------------------------------------------------------------
for kind in cactus survival; do
  run ablate "${GRID[@]}" --plot "$TMP/$kind.svg" --plot-kind "$kind"
  if grep -q 'built without cairo' "$TMP/err"; then
    expect_code 2 "$kind without cairo"
  else
    expect_code 0 "$kind chart"
    if head -c 200 "$TMP/$kind.svg" | grep -q '<svg'; then ok; else bad "$kind chart is not an SVG"; fi
  fi
done

finish
