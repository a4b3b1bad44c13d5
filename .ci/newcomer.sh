#!/usr/bin/env bash
# Runs the Maven command given (after the JDK) as a newcomer would: an ordinary user, in a copy of
# this tree, with nothing answering at the local servers' addresses, so that the tests start the
# embedded PostgreSQL, MariaDB and Redis servers of their own (TestServers). An ordinary user,
# because PostgreSQL's binaries refuse to run as root. The user's Maven repository is the build's,
# linked: what it has is not downloaded again, and what the user adds lands beside it, not in it.
#
# Usage: .ci/newcomer.sh JAVA_HOME MAVEN_ARGUMENTS...
set -euo pipefail
cd "$(dirname "$0")/.."
jdk=$1
shift
user=svc-newcomer
id -u "$user" > /dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
home=$(getent passwd "$user" | cut -d: -f6)
work="$home/checkout"
rm -rf "$work"
mkdir -p "$work"
# the tree as it stands (committed or not), without what an earlier build left
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work"
if [ ! -d "$home/.m2/repository" ]; then
  mkdir -p "$home/.m2"
  cp -al "$HOME/.m2/repository" "$home/.m2/repository"
  [ -d "$HOME/.m2/wrapper" ] && cp -r "$HOME/.m2/wrapper" "$home/.m2/wrapper"
fi
# the directories are the user's, the files linked from the build's repository stay read-only to it
find "$home/.m2" -type d -print0 | xargs -0 chown "$user:"
chown -R "$user:" "$work"
nothing=127.0.0.1:9
runuser -u "$user" -- env HOME="$home" JAVA_HOME="$jdk" PATH="$jdk/bin:$PATH" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
  bash -c 'cd "$1" && shift && exec ./mvnw "$@"' newcomer "$work" \
  -Dsvc.test.postgres.url="jdbc:postgresql://$nothing/" -Dsvc.test.mariadb.url="jdbc:mariadb://$nothing/" \
  -Dsvc.test.redis.url="redis://$nothing" "$@"
