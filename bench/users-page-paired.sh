#!/usr/bin/env bash
# Two commits of this project side by side on the users page (docs/benchmarks.md): builds the SPA
# sample of each in a temporary worktree, then runs bench/users-page/paired.py on the users page
# benchmark's data set (loaded first unless the database is kept: KEEP_DATABASE=true).
# Usage: bench/users-page-paired.sh BEFORE AFTER   (commits; needs wrk and PostgreSQL on
# 127.0.0.1:5432; about 15 minutes with the build; ROUNDS, SECONDS_PER_ROUND and WARMUP_SECONDS
# change the schedule)
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'git worktree remove --force "$work/tree" 2> /dev/null || true; rm -rf "$work"' EXIT
for rev in "$1" "$2"; do
  git worktree add -q --detach "$work/tree" "$rev"
  (cd "$work/tree" && ./mvnw -B -q package -DskipTests -pl sample-spa-app -am)
  cp -r "$work/tree/sample-spa-app/target/app" "$work/$(git rev-parse --short "$rev")"
  git worktree remove --force "$work/tree"
done
exec python3 bench/users-page/paired.py "$1" "$work/$(git rev-parse --short "$1")" \
  "$2" "$work/$(git rev-parse --short "$2")"
