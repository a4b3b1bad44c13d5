#!/usr/bin/env bash
# Three instances of the SPA sample as built, behind HAProxy (round robin), on one fresh database
# (postgresql or mariadb), with Redis or without (none): then three-instances.mjs checks that the
# limits, the persisted queries, the sessions and the log-outs hold whatever instance answers.
#
#   bash .ci/deployment/run.sh postgresql redis|none
#   bash .ci/deployment/run.sh mariadb none
set -euo pipefail
cd "$(dirname "$0")/../.."
database=$1
redis=$2
name="svc_deploy_$$"
logs=$(mktemp -d)
pids=()

case "$database" in
  postgresql)
    psql -h 127.0.0.1 -U postgres -qc "create database $name"
    url="jdbc:postgresql://127.0.0.1:5432/$name"
    user=postgres
    drop="psql -h 127.0.0.1 -U postgres -qc 'drop database if exists $name with (force)'"
    ;;
  mariadb)
    mariadb -h 127.0.0.1 -u root -e "create database $name"
    url="jdbc:mariadb://127.0.0.1:3306/$name?connectionTimeZone=UTC&preserveInstants=true"
    user=root
    drop="mariadb -h 127.0.0.1 -u root -e 'drop database if exists $name'"
    ;;
  *) echo "usage: run.sh postgresql|mariadb redis|none" >&2; exit 2 ;;
esac
cleanup() {
  kill "${pids[@]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  eval "$drop" || true
}
trap cleanup EXIT

options=(--spring.datasource.url="$url" --spring.datasource.username="$user" --spring.datasource.password=
  --graphql.sign-in.token.signing-key=deployment-test-signing-key-0123456789abcdef
  # the checks sign in as the demo accounts, which release mode does not load by itself
  --graphql.identity.demo-data=true
  --graphql.rate-limits.enabled=true --graphql.rate-limits.window=1h --graphql.rate-limits.user=1000
  --graphql.limits.max-cost=100
  # HAProxy (on 127.0.0.1) tells the client's address; the checks send one of their own for each client
  --server.tomcat.remoteip.internal-proxies=127.0.0.1/32)
if [ "$redis" = redis ]; then
  # a Redis database of the deployment test's own, emptied: another run's buckets are not this one's
  redis-cli -h 127.0.0.1 -n 15 flushdb > /dev/null
  # the checks count exactly: a take that waited past the sample's 1 s on this busy machine would be let
  # through (fail open, by design) and move the count, so they give Redis longer (the module's own
  # connections wait spring.data.redis.timeout)
  options+=(--spring.profiles.active=redis --spring.data.redis.host=127.0.0.1 --spring.data.redis.database=15
    --spring.data.redis.timeout=10s
    --graphql.shared-store=redis)
else
  options+=(--graphql.shared-store=database)
fi

# each instance as the README runs it: extracted, with the AOT cache that the Temurin 25 build made
# (-XX:AOTMode=on fails the start if it cannot be used) and the sample's own heap
jdk25=$(ls -d /usr/lib/jvm/temurin-25-jdk-* | head -n 1)
start() {
  "$jdk25/bin/java" @sample-spa-app/target/app/jvm.options -XX:AOTMode=on \
    -jar sample-spa-app/target/app/sample-spa-app.jar --server.port="$1" "${options[@]}" > "$logs/$1.log" 2>&1 &
  pids+=($!)
}
ready() {
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$1/actuator/health" > /dev/null && return 0; sleep 1; done
  tail -n 40 "$logs/$1.log"; return 1
}
# the first one migrates the database and makes Spring Session's tables; then the other two
start 18191 && ready 18191
start 18192 && start 18193 && ready 18192 && ready 18193

cat > "$logs/haproxy.cfg" <<CFG
defaults
  mode http
  timeout connect 5s
  timeout client 30s
  timeout server 30s
frontend instances
  bind 127.0.0.1:18190
  option forwardfor
  default_backend instances
backend instances
  balance roundrobin
  server one 127.0.0.1:18191
  server two 127.0.0.1:18192
  server three 127.0.0.1:18193
CFG
haproxy -f "$logs/haproxy.cfg" > "$logs/haproxy.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 30); do curl -sf http://127.0.0.1:18190/actuator/health > /dev/null && break; sleep 0.2; done

echo "=== three instances on $database, Redis: $redis"
node .ci/deployment/three-instances.mjs http://127.0.0.1:18190 18191 18192 18193 \
  || { for port in 18191 18192 18193; do tail -n 20 "$logs/$port.log"; done; exit 1; }
