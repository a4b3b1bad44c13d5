#!/usr/bin/env bash
# The release, without the upload (docs/releasing.md): a copy of the committed tree at a release
# version, built with the release profile and signed with a throwaway GnuPG key, then the staged
# repository checked against Maven Central's requirements (CheckStaging.java) and every signature
# verified. Needs a JDK, gpg and what the build needs; prints the check's findings and fails on one.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

git clone -q "$root" "$work/repo"
cd "$work/repo"
snapshot=$(sed -n '/<artifactId>graphql-parent<\/artifactId>/{n;s:.*<version>\(.*\)</version>.*:\1:p;q}' pom.xml)
release=${snapshot%-SNAPSHOT}
find . -name pom.xml -not -path '*/node_modules/*' -exec sed -i "s/$snapshot/$release/g" {} +
# the playground's packages as the build above installed them, instead of a second download
playground=graphql-starter-autoconfigure/src/main/playground/node_modules
if [ -d "$root/$playground" ]; then cp -a "$root/$playground" "$playground"; fi

export GNUPGHOME="$work/gnupg"
mkdir -m 700 "$GNUPGHOME"
gpg --batch --quiet --passphrase '' --quick-generate-key 'Svc GraphQL release dry run <dry-run@invalid>' ed25519 sign 1d
# the published modules only: the samples are not released (maven.deploy.skip)
./mvnw -B -q -Prelease -DskipTests -pl '!sample-mvc-app,!sample-spa-app' deploy

staging=target/staging-deploy
java "$root/.ci/release/CheckStaging.java" "$staging" "$release"
while IFS= read -r signature; do
  gpg --batch --quiet --verify "$signature" "${signature%.asc}" 2> /dev/null \
    || { echo "FAIL $signature does not verify"; exit 1; }
done < <(find "$staging" -name '*.asc')
echo "Every signature of the staged release verifies."
