# Sourced by the benchmarks that drive the SPA sample: starts it and signs its admin in.

# spa_sample_signed_in PORT [ARGS...]: a scratch directory in work (removed on exit), the sample
# started on PORT (stopped on exit, its log in $work/app.log), and the admin's access token in TOKEN.
spa_sample_signed_in() {
  work=$(mktemp -d)
  trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT
  start_spa_sample "$1" "$work/app.log" "${@:2}"
  TOKEN=$(admin_token "$1")
  export TOKEN
}

# start_spa_sample PORT LOG [ARGS...]: the sample's jar (built first when missing) in release mode on
# PORT, with a fixed signing key, logging warnings only to LOG; sets pid and returns once it is healthy.
start_spa_sample() {
  local port=$1 log=$2 jar=sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar
  shift 2
  [ -f "$jar" ] || ./mvnw -B -q install -DskipTests
  java -jar "$jar" --server.port="$port" \
    --graphql.sign-in.token.signing-key=bench-signing-key-0123456789abcdef-bench --graphql.identity.demo-data=true \
    --logging.level.root=WARN "$@" \
    > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 90); do curl -sf -o /dev/null "localhost:$port/actuator/health" && return; sleep 1; done
  echo "the sample did not start; see $log" >&2
  return 1
}

# admin_token PORT: an access token of the host's admin, from the token sign-in
admin_token() {
  curl -s "localhost:$1/api/TokenAuth/Authenticate" -H 'Content-Type: application/json' \
    -d '{"tenancyName":"","userNameOrEmailAddress":"admin","password":"123qwe"}' \
    | sed 's/.*"accessToken":"\([^"]*\)".*/\1/'
}
