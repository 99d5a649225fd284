#!/usr/bin/env bash
# `npm run bench:ci-under-load`: runs `bash .ci/run` RUNS times in a row (default 3), each on a fresh clone
# of this checkout's HEAD, while a second clone runs production builds back to back alongside, the
# "machine loaded" condition under which CI must stay green. Prints each run's result and time, and exits
# 1 when any run fails. Needs ../shared beside the checkout, as CI has it. Logs: $WORK/run-N.log.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
RUNS=${RUNS:-3}
WORK=${WORK:-/tmp/ci-under-load}
rm -rf "$WORK" && mkdir -p "$WORK"

# The load: another clone building the site in a loop until the runs are over.
git clone -q "$ROOT" "$WORK/load"
(cd "$WORK/load" && npm install --no-audit --no-fund >"$WORK/load-install.log" 2>&1)
(
  cd "$WORK/load" || exit 1
  builds=0
  while [ ! -e "$WORK/stop" ]; do
    GATSBY_TELEMETRY_DISABLED=1 npx gatsby build >"$WORK/load-build.log" 2>&1
    builds=$((builds + 1))
    echo "$builds" >"$WORK/load-builds"
  done
) &
load_pid=$!

failed=0
for run in $(seq 1 "$RUNS"); do
  dir="$WORK/run-$run"
  mkdir -p "$dir"
  git clone -q "$ROOT" "$dir/main"
  cp -r "$ROOT/../shared" "$dir/shared"
  started=$(date +%s)
  if bash "$dir/main/.ci/run" >"$WORK/run-$run.log" 2>&1; then result=green; else result=RED; failed=1; fi
  seconds=$(($(date +%s) - started))
  echo "run $run: $result in $((seconds / 60)) min $((seconds % 60)) s ($(cat "$WORK/load-builds" 2>/dev/null || echo 0) load builds so far)"
  rm -rf "$dir"
done

touch "$WORK/stop"
wait "$load_pid"
exit "$failed"
