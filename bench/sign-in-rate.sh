#!/usr/bin/env bash
# The token endpoint's sign-in rate against the bare password hash rate on this machine, measured
# side by side in one run: rounds alternate between as many threads as cores checking Argon2id
# hashes of the module's default parameters in a plain JVM, and wrk signing in through
# POST /api/TokenAuth/Authenticate on the SPA sample (H2, demo data, default hashing, audit on).
# Usage: bench/sign-in-rate.sh [seconds-per-round] [rounds]    (needs wrk; builds the jar first)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
rounds=${2:-3}
port=18090
jar=sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar
[ -f "$jar" ] || ./mvnw -B -q install -DskipTests

# the hash benchmark runs on the very libraries the sample ships
libs=$(mktemp -d)
trap 'rm -rf "$libs"; [ -n "${app:-}" ] && kill "$app" 2>/dev/null || true' EXIT
(cd "$libs" && unzip -q -o "$OLDPWD/$jar" 'BOOT-INF/lib/*')
classpath=$(ls "$libs"/BOOT-INF/lib/*.jar | tr '\n' ':')

java -jar "$jar" --spring.profiles.active=dev --server.port=$port --logging.level.root=WARN \
  --graphql.audit.enabled=true --graphql.sign-in.throttle.max-attempts=100000000 > /tmp/bench-sign-in.log 2>&1 &
app=$!
for _ in $(seq 1 90); do curl -sf -o /dev/null "localhost:$port/ui/login" && break; sleep 1; done
# warm-up (120 s: the JIT compiles the sign-in path); the first sign-in also replaces the demo account's bcrypt hash with an Argon2id one
wrk -t2 -c4 -d120s -s bench/sign-in/authenticate.lua "http://localhost:$port/api/TokenAuth/Authenticate" > /dev/null

hash_total=0
endpoint_total=0
for round in $(seq 1 "$rounds"); do
  hash=$(java -cp "$classpath" bench/sign-in/HashRate.java "$seconds")
  out=$(wrk -t2 -c4 -d"${seconds}s" --latency -s bench/sign-in/authenticate.lua \
    "http://localhost:$port/api/TokenAuth/Authenticate")
  endpoint=$(awk '/Requests\/sec/ {print $2}' <<< "$out")
  p99=$(awk '/^ +99%/ {print $2}' <<< "$out")
  failures=$(awk '/non-200 answers/ {print $3}' <<< "$out")
  echo "round $round: bare hash $hash checks/s, token endpoint $endpoint sign-ins/s (p99 $p99, non-200: $failures)"
  hash_total=$(echo "$hash_total + $hash" | bc -l)
  endpoint_total=$(echo "$endpoint_total + $endpoint" | bc -l)
done
printf 'token endpoint / bare hash rate: %.3f\n' "$(echo "$endpoint_total / $hash_total" | bc -l)"
