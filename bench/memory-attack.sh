#!/usr/bin/env bash
# The memory and audit attack of issue 32, and the persisted-query timing of its finding 5b.
#  1. MemoryAttackTests: the SPA sample as a process with its shipped jvm.options (128 MB heap);
#     one anonymous caller, then one low-privilege account, send 200 and 400 of the largest
#     documents the limits allow, by text and by hash; one address sends 1000 sign-in attempts with
#     a new name each. After each flood 12 concurrent sign-ins and a users page must succeed.
#     Prints the live heap after a full collection (jcmd) and the audit records of the flood.
#  2. Against the packaged jar: a hash-only request for a document the administrator sent that the
#     anonymous caller may not see, against a hash nobody sent, 300 of each alternately; median and
#     p90 in ms, and their ratio. The two must answer the same, at the same cost.
# Usage: bench/memory-attack.sh    (about 3 minutes; builds what it needs first)
set -euo pipefail
cd "$(dirname "$0")/.."
java_home=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
./mvnw -B -q install -DskipTests
JAVA_HOME=$java_home ./mvnw -B -q -o -pl sample-spa-app surefire:test -Dtest=MemoryAttackTests \
  -Dsurefire.failIfNoSpecifiedTests=false
echo "== floods at the shipped heap ($("$java_home/bin/java" -version 2>&1 | head -n 1))"
cat sample-spa-app/target/memory-attack.txt

port=18096
work=$(mktemp -d)
pid=""
trap 'status=$?; [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; rm -rf "$work"; exit $status' EXIT
"$java_home/bin/java" @sample-spa-app/jvm.options -jar sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar \
  --server.address=127.0.0.1 --server.port=$port --logging.level.root=WARN \
  --graphql.sign-in.token.signing-key=memory-bench-signing-key-0123456789abcdef --graphql.identity.demo-data=true > "$work/app.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$port/actuator/health" && break; sleep 1; done
echo "== a hash-only request: a kept document the caller may not see, against an unknown hash"
python3 - "$port" <<'PY'
import hashlib, http.client, json, statistics, sys, time
port = int(sys.argv[1])
def post(body, headers={}):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    start = time.perf_counter()
    c.request("POST", "/graphql", json.dumps(body), {"Content-Type": "application/json", **headers})
    r = c.getresponse(); data = r.read(); c.close()
    return (time.perf_counter() - start) * 1000, r.status, data
c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
c.request("POST", "/api/TokenAuth/Authenticate", json.dumps({"tenancyName": "", "userNameOrEmailAddress": "admin", "password": "123qwe"}), {"Content-Type": "application/json"})
token = json.loads(c.getresponse().read())["result"]["accessToken"]; c.close()
kept = "{ roles { name } }"
post({"query": kept}, {"Authorization": "Bearer " + token})
def by_hash(text):
    return {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": hashlib.sha256(text.encode()).hexdigest()}}}
times = {"kept, hidden": [], "unknown": []}
answers = {}
for i in range(330):
    for name, text in (("kept, hidden", kept), ("unknown", "{ roles { name } } # %d" % i)):
        ms, status, data = post(by_hash(text))
        if i >= 30:  # warm-up
            times[name].append(ms)
        answers[name] = (status, data)
for name, values in times.items():
    values.sort()
    print("%-13s median %.2f ms, p90 %.2f ms (%d requests)" % (name, statistics.median(values), values[int(len(values) * 0.9)], len(values)))
print("ratio kept/unknown (median): %.2f" % (statistics.median(times["kept, hidden"]) / statistics.median(times["unknown"])))
print("same answer: %s" % (answers["kept, hidden"] == answers["unknown"]))
PY
