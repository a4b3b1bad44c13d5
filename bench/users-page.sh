#!/usr/bin/env bash
# The users page benchmark (docs/benchmarks.md): builds this project and its three peers, loads the
# data set into a fresh PostgreSQL database, checks that every system returns the same rows, and
# prints req/s, latencies, SQL statements and CPU per request, start time and RSS side by side: the
# plain-MVC floor first, every other system as a share of it and against this project; then this
# project and the hand-written app with 1,000 keep-alive connections on JDK 25's virtual threads.
# Usage: bench/users-page.sh    (needs wrk, node, PostgreSQL on 127.0.0.1:5432 and, for the last
# part, a JDK 25 (JAVA25, else /usr/lib/jvm/temurin-25-*); about 30 minutes)
# ROUNDS, SECONDS_PER_ROUND, WARMUP_SECONDS and CONNECTIONS change the wrk schedule; PART=many-connections
# runs the last part alone (about 12 minutes, the data set loaded first); PART=page the floor, this project as
# shipped and the hand-written app on the users page alone (about 12 minutes with 90 s of warm-up).
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q install -DskipTests
(cd bench/users-page/spring-graphql && ../../../mvnw -B -q package -DskipTests)
(cd bench/users-page/plain-mvc && ../../../mvnw -B -q package -DskipTests)
(cd bench/users-page/postgraphile && npm ci --no-audit --no-fund --loglevel=error)
exec python3 bench/users-page/bench.py
