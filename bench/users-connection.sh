#!/usr/bin/env bash
# The users connection benchmark (docs/benchmarks.md): cursor pages against skipCount and PostGraphile's
# connection on the tenant of 1,000,000 users, every sorting, through HTTP.
# Usage: bench/users-connection.sh    (needs node and PostGraphile's PostgreSQL on 127.0.0.1:5432; about 10 minutes)
# REUSE_DATABASE=true keeps the data set of an earlier run made with KEEP_DATABASE=true.
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q install -DskipTests
(cd bench/users-page/postgraphile && npm ci --no-audit --no-fund --loglevel=error)
exec python3 bench/users-page/connection.py
