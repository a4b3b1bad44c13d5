#!/usr/bin/env bash
# What the request limits cost: each attack shape of the limits issue sent with wrk to the SPA
# sample (release mode, audit log on, loopback only), next to a normal signed-in query, all in one
# run. Reports requests/s and the app's CPU time per request (from /proc, user + system), so the
# refusals' cost reads as a ratio to a normal query's.
# Usage: bench/request-limits.sh [seconds-per-shape]    (needs wrk and python3; builds the jar first)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
port=${PORT:-18090}
. bench/spa-sample.sh
spa_sample_signed_in "$port"

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
def chain(n):
    return "{ ...F0 }" + "".join(f" fragment F{i} on Query {{ ...F{i+1} }}" for i in range(n)) + f" fragment F{n} on Query {{ __typename }}"
def fan_out(n):
    return "{ ...F0 }" + "".join(f" fragment F{i} on Query {{ ...F{i+1} ...F{i+1} }}" for i in range(n)) + f" fragment F{n} on Query {{ __typename }}"
shapes = {
    "normal: roles and a page of 10 users with roles": "{ roles { id name } users(maxResultCount: 10) { totalCount items { name surname roles { name } } } }",
    "780 nested fragment spreads": chain(780),
    "fan-out of 2^30 fragment spreads": fan_out(30),
    "860 aliases of users(maxResultCount: 1000)": "{" + "".join(f" u{i}:users(maxResultCount:1000){{items{{name}}}}" for i in range(860)) + " }",
    "15 aliases of users(1000) with nested lists": "{" + "".join(f" u{i}:users(maxResultCount:1000){{items{{roles{{id}} organizationUnits{{id}}}}}}" for i in range(15)) + " }",
    "400 directives": "{ __typename" + " @skip(if:false)" * 400 + " }",
    "fields nested 600 deep": "{ users { items " * 300,
    "7,000 tokens": "{" + " a" * 7000 + " }",
}
with open(f"{work}/shapes.tsv", "w") as index:
    for i, (name, query) in enumerate(shapes.items()):
        path = f"{work}/shape{i}.json"
        with open(path, "w") as body:
            json.dump({"query": query}, body)
        index.write(f"{name}\t{path}\n")
PY

cat > "$work/post.lua" <<'LUA'
local f = io.open(os.getenv("BODY"), "r")
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
LUA

cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }   # clock ticks
ticks=$(getconf CLK_TCK)
printf '%-50s %8s %10s %14s %8s\n' shape status req/s "CPU ms/req" ratio
baseline=""
while IFS=$'\t' read -r name body; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "localhost:$port/graphql" -H 'Content-Type: application/json' \
    -H "Authorization: Bearer $TOKEN" --data-binary @"$body")
  BODY=$body wrk -t1 -c4 -d3s -s "$work/post.lua" "http://localhost:$port/graphql" > /dev/null   # warm-up
  before=$(cpu)
  requests=$(BODY=$body wrk -t1 -c4 -d"${seconds}s" -s "$work/post.lua" "http://localhost:$port/graphql" \
    | awk '/requests in/ {print $1}')
  after=$(cpu)
  per=$(echo "($after - $before) * 1000 / $ticks / $requests" | bc -l)
  [ -n "$baseline" ] || baseline=$per
  printf '%-50s %8s %10.0f %14.3f %8.2f\n' "$name" "$status" "$(echo "$requests / $seconds" | bc -l)" "$per" \
    "$(echo "$per / $baseline" | bc -l)"
done < "$work/shapes.tsv"
