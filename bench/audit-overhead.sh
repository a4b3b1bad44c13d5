#!/usr/bin/env bash
# Throughput and latency of an authenticated query on the SPA sample, with the audit log off and on,
# measured side by side in one run (alternating, on this machine's loopback only).
# Usage: bench/audit-overhead.sh [seconds-per-round] [rounds]    (needs wrk; builds the jar first)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
rounds=${2:-2}
port=18080
jar=sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar
[ -f "$jar" ] || ./mvnw -B -q install -DskipTests

run_round() { # $1 = true|false (audit) -> prints requests/s and p99 latency
  java -jar "$jar" --spring.profiles.active=dev --server.port=$port --graphql.audit.enabled="$1" \
    --logging.level.root=WARN > /tmp/bench-app.log 2>&1 &
  local pid=$!
  for _ in $(seq 1 60); do curl -sf -o /dev/null "localhost:$port/ui/login" && break; sleep 1; done
  TOKEN=$(curl -s "localhost:$port/api/TokenAuth/Authenticate" -H 'Content-Type: application/json' \
    -d '{"tenancyName":"","userNameOrEmailAddress":"admin","password":"123qwe"}' \
    | sed 's/.*"accessToken":"\([^"]*\)".*/\1/')
  export TOKEN
  wrk -t2 -c16 -d5s -s bench/graphql-query.lua "http://localhost:$port/graphql" > /dev/null   # warm-up
  wrk -t2 -c16 -d"${seconds}s" --latency -s bench/graphql-query.lua "http://localhost:$port/graphql" \
    | awk '/Requests\/sec/ {rps=$2} /^ +99%/ {p99=$2} END {print rps, p99}'
  kill $pid; wait $pid 2>/dev/null || true
}

declare -A rps
for round in $(seq 1 "$rounds"); do
  for audit in false true; do
    read -r r p99 < <(run_round $audit)
    echo "round $round audit=$audit: $r requests/s, p99 $p99"
    rps[$audit]=$(echo "${rps[$audit]:-0} + $r" | bc -l)
  done
done
printf 'throughput with audit / without: %.3f\n' "$(echo "${rps[true]} / ${rps[false]}" | bc -l)"
