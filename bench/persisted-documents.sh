#!/usr/bin/env bash
# A persisted document against the same document as text: the users page query (roles and a page of
# 10 users with their roles), signed in with a bearer token, sent to the SPA sample (release mode,
# embedded H2, audit log on, loopback only) four ways side by side in one run: text by POST, hash
# alone by POST (automatic persisted query), text by GET, hash alone by GET. The shapes alternate
# round by round; each reports requests/s and the app's CPU time per request (from /proc, user +
# system), and its ratio to the text POST. The JIT compiler warms up first, on every shape in turn.
# Usage: bench/persisted-documents.sh [seconds-per-round] [rounds] [warm-up-seconds-per-shape]
#        (needs wrk, curl and python3; builds the jar first)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
rounds=${2:-3}
warmup=${3:-20}
port=${PORT:-28081}
. bench/spa-sample.sh
spa_sample_signed_in "$port"

# the shapes: name, method, path (with the GET's parameters), body file
python3 - "$work" <<'PY'
import hashlib, json, sys, urllib.parse
work = sys.argv[1]
query = "{ roles { id name } users(maxResultCount: 10) { totalCount items { name surname roles { name } } } }"
extensions = {"persistedQuery": {"version": 1, "sha256Hash": hashlib.sha256(query.encode()).hexdigest()}}
shapes = [
    ("text, POST", "POST", "/graphql", {"query": query}),
    ("persisted (hash alone), POST", "POST", "/graphql", {"extensions": extensions}),
    ("text, GET", "GET", "/graphql?" + urllib.parse.urlencode({"query": query}), None),
    ("persisted (hash alone), GET", "GET", "/graphql?" + urllib.parse.urlencode(
        {"extensions": json.dumps(extensions, separators=(",", ":"))}), None),
]
with open(f"{work}/register.json", "w") as register:
    json.dump({"query": query, "extensions": extensions}, register)
with open(f"{work}/shapes.tsv", "w") as index:
    for i, (name, method, path, body) in enumerate(shapes):
        with open(f"{work}/shape{i}.json", "w") as out:
            out.write(json.dumps(body) if body is not None else "")
        index.write(f"{name}\t{method}\t{path}\t{work}/shape{i}.json\n")
PY

cat > "$work/shape.lua" <<'LUA'
local f = io.open(os.getenv("BODY"), "r")
wrk.method = os.getenv("METHOD")
wrk.path = os.getenv("TARGET")
wrk.body = f:read("*a")
f:close()
if wrk.body == "" then
  wrk.body = nil
else
  wrk.headers["Content-Type"] = "application/json"
end
wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
LUA

send() { # method path body -> the answer's body
  if [ "$1" = POST ]; then
    curl -sf "localhost:$port$2" -H 'Content-Type: application/json' -H "Authorization: Bearer $TOKEN" --data-binary @"$3"
  else
    curl -sf "localhost:$port$2" -H "Authorization: Bearer $TOKEN"
  fi
}

# the server keeps the document once its text came with its hash; every shape answers the same page
send POST /graphql "$work/register.json" > "$work/expected.json"
grep -q '"totalCount"' "$work/expected.json" && ! grep -q '"errors"' "$work/expected.json" \
  || { echo "the users page failed: $(cat "$work/expected.json")"; exit 1; }
while IFS=$'\t' read -r name method path body; do
  cmp -s <(send "$method" "$path" "$body") "$work/expected.json" || { echo "$name answers another page"; exit 1; }
done < "$work/shapes.tsv"
echo "every shape answers the same page; a signed-in GET by hash carries: $(curl -s -D - -o /dev/null \
  "localhost:$port$(awk -F'\t' 'NR==4 {print $3}' "$work/shapes.tsv")" -H "Authorization: Bearer $TOKEN" \
  | grep -i -E '^(cache-control|etag):' | tr -d '\r' | paste -sd ' ')"

cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }   # clock ticks
ticks=$(getconf CLK_TCK)
declare -A requests cpu_ticks
for _ in 1 2; do
  while IFS=$'\t' read -r name method path body; do
    METHOD=$method TARGET=$path BODY=$body wrk -t1 -c4 -d"$((warmup / 2))s" -s "$work/shape.lua" \
      "http://localhost:$port/" > /dev/null
  done < "$work/shapes.tsv"
done
for round in $(seq 1 "$rounds"); do
  i=0
  while IFS=$'\t' read -r name method path body; do
    export METHOD=$method TARGET=$path BODY=$body
    wrk -t1 -c4 -d3s -s "$work/shape.lua" "http://localhost:$port/" > /dev/null   # warm-up
    before=$(cpu)
    out=$(wrk -t1 -c4 -d"${seconds}s" -s "$work/shape.lua" "http://localhost:$port/")
    after=$(cpu)
    if grep -q "Non-2xx" <<< "$out"; then echo "$name: failed responses"; exit 1; fi
    n=$(awk '/requests in/ {print $1}' <<< "$out")
    echo "round $round, $name: $(echo "$n / $seconds" | bc -l | xargs printf '%.0f') req/s"
    requests[$i]=$(( ${requests[$i]:-0} + n ))
    cpu_ticks[$i]=$(echo "${cpu_ticks[$i]:-0} + $after - $before" | bc -l)
    i=$((i + 1))
  done < "$work/shapes.tsv"
done

echo
echo "| shape | req/s | CPU ms/req | req/s ratio | CPU ratio |"
echo "|---|---|---|---|---|"
i=0
while IFS=$'\t' read -r name method path body; do
  rps=$(echo "${requests[$i]} / ($seconds * $rounds)" | bc -l)
  per=$(echo "${cpu_ticks[$i]} * 1000 / $ticks / ${requests[$i]}" | bc -l)
  [ "$i" -gt 0 ] || { base_rps=$rps; base_per=$per; }
  printf '| %s | %.0f | %.2f | %.2f | %.2f |\n' "$name" "$rps" "$per" "$(echo "$rps / $base_rps" | bc -l)" \
    "$(echo "$per / $base_per" | bc -l)"
  i=$((i + 1))
done < "$work/shapes.tsv"
