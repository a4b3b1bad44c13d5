#!/usr/bin/env bash
# The users page on MariaDB beside PostgreSQL (docs/benchmarks.md): builds the SPA sample, loads the
# users page data set into a fresh database on each (PostgreSQL 127.0.0.1:5432, MariaDB
# 127.0.0.1:3306), checks that both answer the same JSON, and prints the tenant of 1,000 under wrk
# and the million-user tenant's cases side by side. About 25 minutes; needs wrk (apt-get install wrk).
# REUSE_DATABASE=true keeps loaded databases from an earlier KEEP_DATABASE=true run;
# ROUNDS, SECONDS_PER_ROUND and WARMUP_SECONDS change the wrk schedule.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q install -DskipTests
exec python3 bench/users-page/mariadb.py
