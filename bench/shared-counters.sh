#!/usr/bin/env bash
# What the shared counters cost a request: the SPA sample's users page (bench/graphql-query.lua,
# a bearer token) on PostgreSQL with the rate limits of query cost off, on with the buckets in the
# database, and on with the buckets in Redis, side by side in one run (alternating rounds, one
# instance at a time, this machine's loopback only). The page costs 64; the budgets (10,000,000
# a minute for the user, 100,000,000 for the tenant) hold about three times what one instance here
# can spend, so nothing is refused: what is measured is what the two budgets (the user's and the
# tenant's) cost each request, leases from the store included.
# Usage: bench/shared-counters.sh [seconds-per-round] [rounds]   (needs wrk, PostgreSQL, Redis)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-15}
rounds=${2:-3}
port=18080
jar=sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar
[ -f "$jar" ] || ./mvnw -B -q install -DskipTests
name="svc_bench_$$"
psql -h 127.0.0.1 -U postgres -qc "create database $name"
trap 'psql -h 127.0.0.1 -U postgres -qc "drop database if exists $name with (force)"' EXIT

run_round() { # $1 = off|database|redis -> prints requests/s and p99 latency
  local options=(--graphql.rate-limits.enabled=false)
  case "$1" in
    database) options=(--graphql.rate-limits.enabled=true --graphql.rate-limits.store=database) ;;
    redis) options=(--graphql.rate-limits.enabled=true --graphql.rate-limits.store=redis
      --spring.profiles.active=redis --spring.data.redis.database=14) ;;
  esac
  java @sample-spa-app/jvm.options -jar "$jar" --server.port=$port \
    --spring.datasource.url="jdbc:postgresql://127.0.0.1:5432/$name" --spring.datasource.username=postgres \
    --graphql.sign-in.token.signing-key=bench-signing-key-0123456789abcdef-not-a-secret \
    --graphql.rate-limits.user=10000000 --graphql.rate-limits.tenant=100000000 \
    --logging.level.root=WARN "${options[@]}" > /tmp/bench-app.log 2>&1 &
  local pid=$!
  for _ in $(seq 1 90); do curl -sf -o /dev/null "localhost:$port/actuator/health" && break; sleep 1; done
  TOKEN=$(curl -s "localhost:$port/api/TokenAuth/Authenticate" -H 'Content-Type: application/json' \
    -d '{"tenancyName":"","userNameOrEmailAddress":"admin","password":"123qwe"}' \
    | sed 's/.*"accessToken":"\([^"]*\)".*/\1/')
  export TOKEN
  wrk -t2 -c10 -d10s -s bench/graphql-query.lua "http://localhost:$port/graphql" > /dev/null   # warm-up
  wrk -t2 -c10 -d"${seconds}s" --latency -s bench/graphql-query.lua "http://localhost:$port/graphql" \
    | awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p99=$2} END {print rps, p99}'
  kill $pid; wait $pid 2>/dev/null || true
}

declare -A rps
ratios_database=()
ratios_redis=()
for round in $(seq 1 "$rounds"); do
  declare -A this_round=()
  for store in off database redis; do
    read -r r p99 < <(run_round $store)
    echo "round $round rate limits $store: $r requests/s, p99 $p99"
    rps[$store]=$(echo "${rps[$store]:-0} + $r" | bc -l)
    this_round[$store]=$r
  done
  ratios_database+=("$(echo "${this_round[database]} / ${this_round[off]}" | bc -l)")
  ratios_redis+=("$(echo "${this_round[redis]} / ${this_round[off]}" | bc -l)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
printf 'throughput on the database / off: %.3f of all requests, %.3f the median round\n' \
  "$(echo "${rps[database]} / ${rps[off]}" | bc -l)" "$(median "${ratios_database[@]}")"
printf 'throughput on Redis / off: %.3f of all requests, %.3f the median round\n' \
  "$(echo "${rps[redis]} / ${rps[off]}" | bc -l)" "$(median "${ratios_redis[@]}")"
