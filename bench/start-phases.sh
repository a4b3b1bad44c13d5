#!/usr/bin/env bash
# Where the SPA sample's start goes: starts it as shipped (target/app, with the build's archive) on a
# fresh PostgreSQL database under Spring Boot's BufferingApplicationStartup (start-phases/StartPhases.java)
# and prints the longest steps by name and the slowest bean instantiations by their own time. The
# first start migrates the database; the second is printed.
# Usage: bench/start-phases.sh    (needs PostgreSQL on 127.0.0.1:5432; about a minute after the build)
set -euo pipefail
cd "$(dirname "$0")/.."
db=start_phases_bench
./mvnw -B -q install -DskipTests
work=$(mktemp -d)
psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)" -c "create database $db"
trap 'rm -rf "$work"; psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)"' EXIT
app=sample-spa-app/target/app/sample-spa-app.jar
javac -d "$work" -cp "$app" bench/start-phases/StartPhases.java
for run in 1 2; do
  # the archive's class path first, so that it is used
  java @sample-spa-app/target/app/jvm.options -cp "$app:$work" StartPhases --server.port=18131 \
    "--spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$db" --spring.datasource.username=postgres \
    --graphql.sign-in.token.signing-key=start-phases-bench-key-0123456789abcdef --logging.level.root=ERROR \
    --spring.main.banner-mode=off > "$work/run$run.txt" 2>&1
done
cat "$work/run2.txt"
