#!/usr/bin/env bash
# Page weight of a Crows table with a long log (issue 23, items 10 and 12), in headless
# Chromium through chromedriver: the first load's transferred bytes (target ≤ 150 KB whatever
# the log's length), the requests a repeat visit sends to the network, and the time from a
# command to its line in the log with the CPU slowed 4× (target ≤ 50 ms; Chrome DevTools'
# Emulation.setCPUThrottlingRate through chromedriver's goog/cdp/execute).
#
# It runs the browser test `table::page_weight_of_a_long_table` (crates/server/tests/browser/)
# and prints its MEASURE lines. Needs /usr/bin/chromium and /usr/bin/chromedriver (or
# DELVE_CHROMIUM / DELVE_CHROMEDRIVER). DELVE_BENCH_EVENTS sets the log's length (default 400).
#
#   bench/page-weight.sh            # 400 events
#   DELVE_BENCH_EVENTS=2000 bench/page-weight.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DELVE_E2E=require cargo test -q -p delve-server --test browser -- \
  --exact table::page_weight_of_a_long_table --nocapture 2>&1 | grep -E "^MEASURE|panicked|test result" 
