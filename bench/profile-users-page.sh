#!/usr/bin/env bash
# Where a users page's CPU goes: the SPA sample as shipped on the users page benchmark's data set
# (PostgreSQL), loaded like bench/users-page.sh loads it (wrk -t2 -c10, a bearer token), profiled by
# async-profiler (from Maven Central, attached with jcmd after the warm-up) for PROFILE_SECONDS. Writes
# the flame graph to OUT.html and the stacks, collapsed, to OUT.collapsed, then prints the share of
# the samples by library: a sample counts for the innermost frame of a library other than the JDK
# (the JDK's own work, a HashMap's say, is its caller's), the JDK where no other is on the stack.
# Usage: bench/profile-users-page.sh OUT    (needs wrk and PostgreSQL on 127.0.0.1:5432; 5 minutes;
# REUSE_DATABASE=true keeps the database between runs)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "$1")
db=users_page_profile
port=18141
warmup=${WARMUP_SECONDS:-90}
seconds=${PROFILE_SECONDS:-30}
profiler_version=4.6
./mvnw -B -q package -DskipTests
profiler=$HOME/.m2/repository/tools/profiler/async-profiler/$profiler_version/async-profiler-$profiler_version.jar
[ -f "$profiler" ] || ./mvnw -B -q dependency:get -Dartifact=tools.profiler:async-profiler:$profiler_version -Dtransitive=false
work=$(mktemp -d)
unzip -q -o "$profiler" 'linux-x64/*' -d "$work"
agent=$work/linux-x64/libasyncProfiler.so

args=(--server.port=$port "--spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$db"
  --spring.datasource.username=postgres --graphql.identity.demo-data=false
  --graphql.sign-in.token.signing-key=profile-bench-signing-key-0123456789abcdef --logging.level.root=WARN)
start() {
  java @sample-spa-app/target/app/jvm.options -jar sample-spa-app/target/app/sample-spa-app.jar "${args[@]}" \
    > "$work/app.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do curl -sf -o /dev/null "localhost:$port/actuator/health" && return; sleep 1; done
  echo "the sample did not start; see $work/app.log" >&2
  exit 1
}
trap 'kill $pid 2> /dev/null || true; rm -rf "$work"' EXIT
if [ "${REUSE_DATABASE:-}" != true ] || ! psql -h 127.0.0.1 -U postgres -Atqc "select 1 from pg_database where datname = '$db'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)" -c "create database $db"
  start
  kill $pid; wait $pid 2> /dev/null || true
  psql -h 127.0.0.1 -U postgres -d $db -q -f bench/users-page/data.sql
fi
start
token=$(curl -s "localhost:$port/api/TokenAuth/Authenticate" -H 'Content-Type: application/json' \
  -d '{"tenancyName":"bench1","userNameOrEmailAddress":"admin","password":"123qwe"}' \
  | sed 's/.*"accessToken":"\([^"]*\)".*/\1/')
fields="id userName name surname emailAddress roles { id name displayName } organizationUnits { id code displayName }"
export BENCH_TOKEN=$token BENCH_BODY="{\"query\":\"{ users(maxResultCount: 20) { totalCount items { $fields } } }\"}"
url=http://127.0.0.1:$port/graphql
wrk -t2 -c10 -d${warmup}s -s bench/users-page/page.lua "$url" > /dev/null
jcmd $pid JVMTI.agent_load "$agent" "\"start,event=cpu,interval=1ms\"" > /dev/null
wrk -t2 -c10 -d${seconds}s --latency -s bench/users-page/page.lua "$url" | grep -E "Requests/sec|Non-2xx|99%"
jcmd $pid JVMTI.agent_load "$agent" "\"dump,collapsed,file=$out.collapsed\"" > /dev/null
jcmd $pid JVMTI.agent_load "$agent" "\"stop,title=Users page,file=$out.html\"" > /dev/null
python3 - "$out.collapsed" << 'EOF'
import collections, sys
# the library a frame belongs to, innermost first: the first of these prefixes the leaf frame has
groups = [("dev/svc/graphql", "this module"), ("dev.svc.graphql", "this module"), ("graphql/", "graphql-java"),
          ("graphql.", "graphql-java"), ("org/springframework/graphql", "Spring for GraphQL"),
          ("org.springframework.graphql", "Spring for GraphQL"), ("org/springframework/security", "Spring Security"),
          ("org.springframework.security", "Spring Security"), ("io/micrometer", "Micrometer"),
          ("io.micrometer", "Micrometer"), ("tools/jackson", "Jackson"), ("tools.jackson", "Jackson"),
          ("org/postgresql", "PostgreSQL driver"), ("org.postgresql", "PostgreSQL driver"),
          ("com/zaxxer", "HikariCP"), ("com.zaxxer", "HikariCP"), ("org/apache", "Tomcat"), ("org.apache", "Tomcat"),
          ("org/springframework", "Spring (MVC, core, JDBC)"), ("org.springframework", "Spring (MVC, core, JDBC)"),
          ("io/jsonwebtoken", "jjwt"), ("io.jsonwebtoken", "jjwt"), ("com/github/benmanes", "Caffeine"),
          ("com.github.benmanes", "Caffeine")]
jdk = ("java/", "java.", "jdk/", "jdk.", "sun/", "sun.")
shares, total = collections.Counter(), 0
for line in open(sys.argv[1]):
    stack, count = line.rsplit(" ", 1)
    count = int(count)
    total += count
    frames = stack.split(";")
    group = "JDK" if any(frame.startswith(jdk) for frame in frames) else "JVM (compiler, GC, native)"
    for frame in reversed(frames):
        match = next((name for prefix, name in groups if frame.startswith(prefix)), None)
        if match:
            group = match
            break
    shares[group] += count
print(f"{total} samples; share by library:")
for group, count in shares.most_common():
    print(f"  {100 * count / total:5.1f} %  {group}")
EOF
echo "flame graph: $out.html"
