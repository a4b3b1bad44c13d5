#!/usr/bin/env bash
# Start time, as shipped, against the hand-written Spring for GraphQL app of bench/users-page, on JDK
# 17 and on JDK 25 (JAVA25, else /usr/lib/jvm/temurin-25-*), in paired rounds on one fresh PostgreSQL
# database, release mode. For each JDK the SPA sample is built with that JDK, so its target/app holds
# that JDK's archive (class data sharing on 17, the AOT cache on 25), and started as the README runs
# it; `java -jar` of the plain jar is timed beside it for reference. The hand-written app runs as
# `java -jar`. A start ends at the first good answer (/actuator/health, which checks the database,
# for the sample; a users query for the peer); its CPU is the process's user and system time then.
# Prints each round and the medians with the sample's ratio to the peer.
# Usage: bench/start-time.sh [rounds]    (needs PostgreSQL on 127.0.0.1:5432; about 6 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
db=start_time_bench
java17=$(command -v java)
java25=${JAVA25:-$(ls -d /usr/lib/jvm/temurin-25-* 2> /dev/null | head -n 1)/bin/java}
./mvnw -B -q install -DskipTests
(cd bench/users-page/spring-graphql && ../../../mvnw -B -q package -DskipTests)
work=$(mktemp -d)
psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)" -c "create database $db"
finish() {
  rm -rf "$work"
  psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)"
  # target/app as the default JDK builds it again
  ./mvnw -B -q package -DskipTests -pl sample-spa-app > /dev/null
}
trap finish EXIT

args=(--server.port=18121 "--spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$db"
  --spring.datasource.username=postgres --graphql.sign-in.token.signing-key=start-time-bench-key-0123456789abcdef
  --logging.level.root=WARN)
peer_args=(--server.port=18122 "--spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$db")
health=(http://127.0.0.1:18121/actuator/health)
query=(-H 'Content-Type: application/json' -d '{"query":"{ users(tenantId: 1) { totalCount } }"}' http://127.0.0.1:18122/graphql)
ticks=$(getconf CLK_TCK)

# "wall cpu" in seconds from launch to the first good answer of the URL (curl arguments after --)
started() {
  local command=()
  while [ "$1" != "--" ]; do command+=("$1"); shift; done
  shift
  local begin end pid cpu
  begin=$(date +%s%N)
  "${command[@]}" > "$work/run.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 1200); do curl -sf -o /dev/null "$@" && break; sleep 0.02; done
  end=$(date +%s%N)
  cpu=$(awk -v t="$ticks" '{ sub(/^.*\) /, ""); print ($12 + $13) / t }' "/proc/$pid/stat")
  kill "$pid"; wait "$pid" 2> /dev/null || true
  echo "$(echo "scale=2; ($end - $begin) / 1000000000" | bc) $cpu"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for java in "$java17" "$java25"; do
  [ -x "$java" ] || { echo "no $java: skipped"; continue; }
  version=$("$java" -version 2>&1 | head -n 1)
  JAVA_HOME=$(dirname "$(dirname "$(readlink -f "$java")")") ./mvnw -B -q package -DskipTests -pl sample-spa-app
  shipped=("$java" @sample-spa-app/target/app/jvm.options -jar sample-spa-app/target/app/sample-spa-app.jar "${args[@]}")
  plain=("$java" @sample-spa-app/jvm.options -jar sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar "${args[@]}")
  peer=("$java" -jar bench/users-page/spring-graphql/target/users-page-spring-graphql-1.jar "${peer_args[@]}")
  # one start of each first, not counted: the sample migrates the database on its first
  started "${shipped[@]}" -- "${health[@]}" > /dev/null
  started "${peer[@]}" -- "${query[@]}" > /dev/null
  : > "$work/rounds"
  echo "== $version"
  for round in $(seq 1 "$rounds"); do
    # the pair in turns first and second
    if [ $((round % 2)) -eq 1 ]; then
      s=$(started "${shipped[@]}" -- "${health[@]}"); p=$(started "${peer[@]}" -- "${query[@]}")
    else
      p=$(started "${peer[@]}" -- "${query[@]}"); s=$(started "${shipped[@]}" -- "${health[@]}")
    fi
    j=$(started "${plain[@]}" -- "${health[@]}")
    echo "$s $p $j" >> "$work/rounds"
    echo "round $round (wall s, CPU s): SPA sample as shipped $s; hand-written app $p; SPA sample java -jar $j"
  done
  sw=$(awk '{ print $1 }' "$work/rounds" | median); sc=$(awk '{ print $2 }' "$work/rounds" | median)
  pw=$(awk '{ print $3 }' "$work/rounds" | median); pc=$(awk '{ print $4 }' "$work/rounds" | median)
  jw=$(awk '{ print $5 }' "$work/rounds" | median); jc=$(awk '{ print $6 }' "$work/rounds" | median)
  echo "medians: as shipped $sw s wall, $sc s CPU; hand-written $pw s, $pc s; java -jar $jw s, $jc s"
  echo "as shipped against hand-written: $(echo "scale=2; $sw / $pw" | bc)x wall, $(echo "scale=2; $sc / $pc" | bc)x CPU"
done
