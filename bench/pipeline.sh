#!/usr/bin/env bash
# The JMH benchmark of the query pipeline without HTTP (docs/benchmarks.md): the users page with
# the module's caches on and off, side by side in one run, and the parts the caches save.
# Usage: bench/pipeline.sh [JMH options]    (about 7 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -B -q install -DskipTests
cd bench/pipeline
../../mvnw -B -q compile dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
exec java -cp "target/classes:$(cat target/classpath.txt)" org.openjdk.jmh.Main "$@"
