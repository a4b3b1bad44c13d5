#!/usr/bin/env bash
# The passkey refusals of issue 49 and of its red team replayed against the SPA sample as a host runs
# it (release mode, relying party localhost, H2 with the demo data, audit log on, loopback only): a
# software authenticator (bench/passkey-attacks/pk.py) registers passkeys for users of two tenants,
# then sends each attack once. Per row: what was sent, the answer expected and the one got, and the
# audit records it left; a refusal holds when it is answered 4xx and audited. Exits 1 when one broke.
# Usage: bench/passkey-attacks.sh    (about a minute; builds the jar first; needs python3 with
# cryptography: Debian's python3-cryptography)
set -euo pipefail
cd "$(dirname "$0")/.."
java_home=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
port=18096
jar=sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar
[ -f "$jar" ] || ./mvnw -B -q package -DskipTests
h2=$(ls sample-spa-app/target/app/lib/h2-*.jar)
work=$(mktemp -d)
pid=""
trap 'status=$?; [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; rm -rf "$work"; exit $status' EXIT

"$java_home/bin/java" @sample-spa-app/jvm.options -jar "$jar" --server.address=127.0.0.1 --server.port=$port \
  --spring.datasource.url="jdbc:h2:file:$work/db;AUTO_SERVER=TRUE" --spring.datasource.username=sa \
  --spring.datasource.password= --graphql.identity.demo-data=true \
  --graphql.sign-in.token.signing-key=passkey-bench-signing-key-0123456789abcdef \
  --graphql.sign-in.passkey.enabled=true --graphql.sign-in.passkey.relying-party-id=localhost \
  --graphql.sign-in.passkey.allowed-origins=http://localhost:$port \
  --graphql.sign-in.passkey.required-for=Pages.Administration.Users \
  --logging.level.root=WARN > "$work/app.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$port/actuator/health" && break; sleep 1; done
curl -sf -o /dev/null "http://127.0.0.1:$port/actuator/health" || { tail -20 "$work/app.log"; exit 1; }

(cd bench/passkey-attacks && timeout 300 python3 replay.py "$port" "$work/db" "$OLDPWD/$h2")
echo "app errors logged: $(grep -c -E ' ERROR |Exception' "$work/app.log" || true)"
