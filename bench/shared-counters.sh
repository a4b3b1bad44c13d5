#!/usr/bin/env bash
# What the shared counters cost a request: the SPA sample's users page (bench/graphql-query.lua,
# a bearer token) on PostgreSQL with the rate limits of query cost off, on with the buckets in the
# database, and on with the buckets in Redis, side by side in one run (alternating rounds, one
# instance at a time, this machine's loopback only). The page costs 64; the budgets (10,000,000
# a minute for the user, 100,000,000 for the tenant) hold more than one instance here can spend
# (about 2,000 pages a second, 7,700,000 a minute), so nothing is refused (a round that saw other
# answers than 200 says so): what is measured is what the two budgets cost each request, leases
# from the store included. Also printed: the whole machine's CPU per request, steadier than rates.
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

# the whole machine's busy CPU (app, PostgreSQL, Redis and wrk alike), in clock ticks
busy_jiffies() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8}' /proc/stat; }

run_round() { # $1 = off|database|redis -> prints requests/s, p99 latency and CPU ms per request
  local options=(--graphql.rate-limits.enabled=false)
  case "$1" in
    database) options=(--graphql.rate-limits.enabled=true --graphql.shared-store=database) ;;
    redis) options=(--graphql.rate-limits.enabled=true --graphql.shared-store=redis
      --spring.profiles.active=redis --spring.data.redis.database=14) ;;
  esac
  java @sample-spa-app/jvm.options -jar "$jar" --server.port=$port \
    --spring.datasource.url="jdbc:postgresql://127.0.0.1:5432/$name" --spring.datasource.username=postgres \
    --graphql.sign-in.token.signing-key=bench-signing-key-0123456789abcdef-not-a-secret --graphql.identity.demo-data=true \
    --graphql.rate-limits.user=10000000 --graphql.rate-limits.tenant=100000000 \
    --logging.level.root=WARN "${options[@]}" > /tmp/bench-app.log 2>&1 &
  local pid=$!
  for _ in $(seq 1 90); do curl -sf -o /dev/null "localhost:$port/actuator/health" && break; sleep 1; done
  TOKEN=$(curl -s "localhost:$port/api/TokenAuth/Authenticate" -H 'Content-Type: application/json' \
    -d '{"tenancyName":"","userNameOrEmailAddress":"admin","password":"123qwe"}' \
    | sed 's/.*"accessToken":"\([^"]*\)".*/\1/')
  export TOKEN
  wrk -t2 -c10 -d10s -s bench/graphql-query.lua "http://localhost:$port/graphql" > /dev/null   # warm-up
  local busy_before busy_after
  busy_before=$(busy_jiffies)
  wrk -t2 -c10 -d"${seconds}s" --latency -s bench/graphql-query.lua "http://localhost:$port/graphql" \
    > /tmp/bench-wrk.out
  busy_after=$(busy_jiffies)
  awk -v busy=$((busy_after - busy_before)) -v hz="$(getconf CLK_TCK)" \
    '/requests in/ {n=$1} /Non-2xx/ {print "refused:", $NF > "/dev/stderr"} /Requests\/sec/ {rps=$2}
     /^ +99%/ {p99=$2} END {printf "%s %s %.3f\n", rps, p99, busy / hz * 1000 / n}' \
    /tmp/bench-wrk.out
  kill $pid; wait $pid 2>/dev/null || true
}

declare -A rps cpus
ratios_database=()
ratios_redis=()
for round in $(seq 1 "$rounds"); do
  declare -A this_round=()
  # each round in another order, so that no store always follows another's writes
  order=(off database redis off database)
  for store in "${order[@]:$(( (round - 1) % 3 )):3}"; do
    read -r r p99 cpu < <(run_round $store)
    echo "round $round rate limits $store: $r requests/s, p99 $p99, $cpu ms of CPU a request"
    cpus[$store]="${cpus[$store]:-} $cpu"
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
printf 'CPU a request, median round: off %.3f ms, database %.3f ms, Redis %.3f ms\n' \
  "$(median ${cpus[off]})" "$(median ${cpus[database]})" "$(median ${cpus[redis]})"
