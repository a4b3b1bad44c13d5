#!/usr/bin/env bash
# Start time of the SPA sample, as shipped (java -jar) and as docs/operations.md deploys it (the jar
# extracted, with a class data sharing archive from a training run; on JDK 25, if one is installed
# (JAVA25, else /usr/lib/jvm/temurin-25-*), with an AOT cache instead), against the hand-written
# Spring for GraphQL app of bench/users-page, in interleaved rounds on one fresh PostgreSQL database.
# A start ends at the first good answer: /actuator/health for the sample, a query for the peer.
# Usage: bench/start-time.sh [rounds]    (needs PostgreSQL on 127.0.0.1:5432; about 3 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
db=start_time_bench
./mvnw -B -q install -DskipTests
(cd bench/users-page/spring-graphql && ../../../mvnw -B -q package -DskipTests)
work=$(mktemp -d)
psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)" -c "create database $db"
trap 'rm -rf "$work"; psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)"' EXIT

jar=sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar
args=(--server.port=18121 "--spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$db"
  --spring.datasource.username=postgres --graphql.sign-in.token.signing-key=start-time-bench-key-0123456789abcdef
  --logging.level.root=WARN)
java -Djarmode=tools -jar "$jar" extract --destination "$work/app" > /dev/null
# the training run: starts the context (and migrates the database), then exits, writing the archive
java @sample-spa-app/jvm.options -XX:ArchiveClassesAtExit="$work/app.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off \
  -Dspring.context.exit=onRefresh -jar "$work/app/sample-spa-app-0.1.0-SNAPSHOT.jar" "${args[@]}" > "$work/train.log" 2>&1
java25=${JAVA25:-$(ls -d /usr/lib/jvm/temurin-25-* 2> /dev/null | head -n 1)/bin/java}
if [ -x "$java25" ]; then
  "$java25" @sample-spa-app/jvm.options -XX:AOTCacheOutput="$work/app.aot" -Xlog:aot=off -Xlog:cds=off \
    -Dspring.context.exit=onRefresh -jar "$work/app/sample-spa-app-0.1.0-SNAPSHOT.jar" "${args[@]}" > "$work/train25.log" 2>&1
fi

# seconds from launch to the first good answer of the URL (curl arguments after the command's --)
started() {
  local check=() command=()
  while [ "$1" != "--" ]; do command+=("$1"); shift; done
  shift
  check=("$@")
  local begin end pid
  begin=$(date +%s%N)
  "${command[@]}" > "$work/run.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do curl -sf -o /dev/null "${check[@]}" && break; sleep 0.05; done
  end=$(date +%s%N)
  kill "$pid"; wait "$pid" 2> /dev/null || true
  echo "scale=2; ($end - $begin) / 1000000000" | bc
}

health=(http://127.0.0.1:18121/actuator/health)
query=(-H 'Content-Type: application/json' -d '{"query":"{ users(tenantId: 1) { totalCount } }"}' http://127.0.0.1:18122/graphql)
for round in $(seq 1 "$rounds"); do
  shipped=$(started java @sample-spa-app/jvm.options -jar "$jar" "${args[@]}" -- "${health[@]}")
  cds=$(started java @sample-spa-app/jvm.options -XX:SharedArchiveFile="$work/app.jsa" -Xlog:cds=off \
    -jar "$work/app/sample-spa-app-0.1.0-SNAPSHOT.jar" "${args[@]}" -- "${health[@]}")
  aot=""
  if [ -x "$java25" ]; then
    aot=", on JDK 25 with an AOT cache $(started "$java25" @sample-spa-app/jvm.options -XX:AOTCache="$work/app.aot" \
      -Xlog:aot=off -Xlog:cds=off -jar "$work/app/sample-spa-app-0.1.0-SNAPSHOT.jar" "${args[@]}" -- "${health[@]}") s"
  fi
  peer=$(started java -jar bench/users-page/spring-graphql/target/users-page-spring-graphql-1.jar --server.port=18122 \
    "--spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$db" -- "${query[@]}")
  echo "round $round: SPA sample java -jar $shipped s, extracted with CDS $cds s$aot; hand-written app $peer s"
done
