#!/usr/bin/env bash
# The seven attacks of issue 15 replayed against the SPA sample (release mode: no dev profile, H2
# with the demo data, audit log on, loopback only), each next to a normal signed-in query sent once
# a second, with a baseline of the same length in the same run. Per attack: what was sent, the
# status codes answered, the app's CPU-seconds (/proc), heap used (jcmd GC.heap_info before and after),
# collections (the JVM's perf counters), peak RSS, and the normal query's median and max latency.
# The app runs with the samples' JVM options (-Xmx128m), on Temurin 25 unless told otherwise.
# Usage: bench/attacks.sh [--jdk17] [seconds-per-phase]    (about 6 minutes; builds the jar first)
#   JAVA_HOME=... picks another JDK; ONLY=4,6 runs only those attacks (and the baselines).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --jdk17 ]; then JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64; shift; fi
java_home=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
seconds=${1:-15}
port=18095
jar=sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar
[ -f "$jar" ] || ./mvnw -B -q package -DskipTests
work=$(mktemp -d)
pid=""
# the app dies with the script, however it ends
trap 'status=$?; [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; rm -rf "$work"; exit $status' EXIT

# the demo data's two-factor codes go to the log, which is how attack 3 counts the codes that went out
"$java_home/bin/java" @sample-spa-app/jvm.options -jar "$jar" --server.address=127.0.0.1 --server.port=$port \
  --graphql.sign-in.token.signing-key=attacks-bench-signing-key-0123456789abcdef \
  --graphql.identity.demo-data=true \
  --logging.level.root=WARN --logging.level.dev.svc.graphql.signin.twofactor=INFO > "$work/app.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$port/actuator/health" && break; sleep 1; done
curl -sf -o /dev/null "http://127.0.0.1:$port/actuator/health" || { tail -20 "$work/app.log"; exit 1; }

echo "JDK: $("$java_home/bin/java" -version 2>&1 | head -n 1); $(nproc) cores; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "(the machine is shared: other builds may run meanwhile, see the baselines and the load at the end)"
timeout 900 python3 bench/attacks/attacks.py "$port" "$pid" "$java_home/bin/jcmd" "$work/app.log" "$seconds"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); app errors logged: $(grep -c -E ' ERROR |OutOfMemoryError' "$work/app.log" || true)"
