#!/usr/bin/env python3
"""The users page benchmark: a plain Spring MVC controller with the same SQL (the floor), then this
project, PostGraphile 4 and a hand-written Spring for GraphQL app against it, all on one fresh
PostgreSQL database with the same rows; then this project and the hand-written app with 1,000
keep-alive connections on JDK 25's virtual threads. Run it through ../users-page.sh, which builds
everything first. Prints markdown tables."""
import json, os, re, statistics, subprocess, sys, time, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DB = "users_page_bench"
PG = ["-h", "127.0.0.1", "-U", "postgres"]
JDBC = "jdbc:postgresql://127.0.0.1:5432/" + DB
ROUNDS = int(os.environ.get("ROUNDS", "3"))
SECONDS = int(os.environ.get("SECONDS_PER_ROUND", "20"))
WARMUP = int(os.environ.get("WARMUP_SECONDS", "120"))
# the JVM configuration the samples ship (docs/operations.md), a java argument file, and the jar
# extracted with the build's class data archive that the README runs
SAMPLE_JVM = "@" + os.path.join(ROOT, "sample-spa-app/target/app/jvm.options")
SAMPLE_JAR = os.path.join(ROOT, "sample-spa-app/target/app/sample-spa-app.jar")
PLAIN_JAR = os.path.join(ROOT, "sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar")
CONNECTIONS = int(os.environ.get("CONNECTIONS", "1000"))
JAVA25 = os.environ.get("JAVA25") or next(
    (os.path.join("/usr/lib/jvm", d, "bin/java") for d in sorted(os.listdir("/usr/lib/jvm")) if d.startswith("temurin-25")),
    None)

FIELDS = "id userName name surname emailAddress"
OURS = "{ users(maxResultCount: 20%s) { totalCount items { " + FIELDS + \
    " roles { id name displayName } organizationUnits { id code displayName } } } }"
HAND = "{ users(tenantId: 1, maxResultCount: 20) { totalCount items { " + FIELDS + \
    " roles { id name displayName } organizationUnits { id code displayName } } } }"
PGL = ("{ allSvcUsers(condition: {tenantId: %d}, orderBy: [%s], first: 20, offset: %d%s) { totalCount nodes { "
       + FIELDS + " svcUserRolesByUserId { nodes { svcRoleByRoleId { id name displayName } } }"
       " svcUserOrganizationUnitsByUserId { nodes { svcOrganizationUnitByOrganizationUnitId { id code displayName } } } } } }")
BY_NAME = "NORMALIZED_NAME_ASC, NORMALIZED_SURNAME_ASC, ID_ASC"


def psql(sql, db=DB):
    return subprocess.run(["psql", *PG, "-d", db, "-Atqc", sql], check=True, capture_output=True, text=True).stdout


def post(url, body, token=None):
    request = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def get(url):
    with urllib.request.urlopen(url, timeout=60) as response:
        return json.load(response)


class System:
    def __init__(self, name, command, port, cwd=ROOT, env=None):
        self.name, self.command, self.port, self.cwd, self.env = name, command, port, cwd, env
        self.process, self.start_seconds = None, None

    def start(self, ready):
        log = open(f"/tmp/users-page-{self.port}.log", "w")
        began = time.monotonic()
        self.process = subprocess.Popen(self.command, cwd=self.cwd, stdout=log, stderr=subprocess.STDOUT,
                                        env={**os.environ, **(self.env or {})})
        for _ in range(1200):
            try:
                ready()
                self.start_seconds = time.monotonic() - began
                return
            except Exception:
                if self.process.poll() is not None:
                    sys.exit(f"{self.name} stopped; see /tmp/users-page-{self.port}.log")
                time.sleep(0.05)
        sys.exit(f"{self.name} did not start")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def cpu_seconds(self):
        return process_cpu(self.process.pid)

    def peak_rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            return int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) / 1024


def process_cpu(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu():
    """CPU seconds of each PostgreSQL process by pid, so that a delta counts only processes alive
    at its end (a backend that ended meanwhile would otherwise take its whole time away)."""
    seconds = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/comm") as comm:
                    if comm.read().strip() == "postgres":
                        seconds[pid] = process_cpu(pid)
            except OSError:
                pass
    return seconds


def postgres_cpu_since(before):
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in postgres_cpu().items())


def wrk(url, seconds, body=None, token=None, connections=10, overload=False):
    """wrk's rate and latencies; a failed response or a socket error ends the benchmark, unless
    overload (many connections), where they are counted: past its capacity a server may refuse."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency"]
    if body is not None:
        command += ["-s", os.path.join(HERE, "page.lua")]
    env = {**os.environ, "BENCH_BODY": json.dumps(body or {}), "BENCH_TOKEN": token or ""}
    out = subprocess.run(command + [url], capture_output=True, text=True, env=env, check=True).stdout
    def latency(p):
        value = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)", out, re.M)
        return float(value.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[value.group(2)]
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    failed = int(errors.group(1)) if errors else 0
    if failed and not overload:
        sys.exit(f"{url}: {failed} failed responses")
    failures = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    socket_errors = sum(int(n) for n in failures.groups()) if failures else 0
    if socket_errors and not overload:
        sys.exit(f"{url}: socket errors: {failures.group(0)}")
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)), "p50": latency(50),
            "p99": latency(99), "requests": requests, "failed": failed, "socket_errors": socket_errors}


def normalized(users):
    """One shape for every system's page: ids as numbers, nested lists flattened."""
    items = []
    for user in users["items"]:
        items.append({"id": int(user["id"]), "userName": user["userName"], "name": user["name"],
                      "surname": user["surname"], "emailAddress": user["emailAddress"],
                      "roles": [[int(r["id"]), r["name"], r["displayName"]] for r in user["roles"]],
                      "units": [[int(o["id"]), o["code"], o["displayName"]] for o in user["organizationUnits"]]})
    return {"totalCount": users["totalCount"], "items": items}


def from_postgraphile(answer):
    users = answer["data"]["allSvcUsers"]
    return normalized({"totalCount": users["totalCount"], "items": [
        {**user, "roles": [n["svcRoleByRoleId"] for n in user["svcUserRolesByUserId"]["nodes"]],
         "organizationUnits": [n["svcOrganizationUnitByOrganizationUnitId"]
                               for n in user["svcUserOrganizationUnitsByUserId"]["nodes"]]}
        for user in users["nodes"]]})


def from_graphql(answer):
    if answer.get("errors"):
        sys.exit("errors: " + json.dumps(answer["errors"]))
    return normalized(answer["data"]["users"])


def statements_per_request(log_file, request, count=200):
    """Every statement PostgreSQL runs for the database while one system answers `count` requests
    one after the other, from the server's statement log (switched on only for this)."""
    psql("alter system set log_statement = 'all'", "postgres")
    psql("select pg_reload_conf()", "postgres")
    time.sleep(1)
    offset = os.path.getsize(log_file)
    for _ in range(count):
        request()
    time.sleep(1)
    psql("alter system reset log_statement", "postgres")
    psql("select pg_reload_conf()", "postgres")
    with open(log_file, errors="replace") as log:
        log.seek(offset)
        lines = [line.strip() for line in log if f"@{DB} " in line and re.search(r"LOG:\s+(statement|execute)", line)]
    # a pool's connection check (an empty statement) is not the request's; the audit writer's
    # inserts (with BEGIN and COMMIT around each batch) are counted apart
    lines = [line for line in lines if not line.endswith("statement:")]
    audit = [line for line in lines if "svc_audit_logs" in line or line.endswith(("BEGIN", "COMMIT"))]
    return (len(lines) - len(audit)) / count, len(audit) / count


def table(header, rows):
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(str(cell) for cell in row) + " |")
    print()


def many_connections():
    """This project (virtual threads on, as the sample ships) and the hand-written app (virtual
    threads switched on too) on JDK 25, each alone on the machine, with CONNECTIONS keep-alive
    clients: req/s, p99 and the answers that failed, against the same system's with 10."""
    if not JAVA25 or not os.path.exists(JAVA25):
        print("no JDK 25 (JAVA25): the run with many connections is left out\n")
        return
    ours = System("this project (SPA sample, JDK 25, virtual threads)",
                  [JAVA25, "@" + os.path.join(ROOT, "sample-spa-app/jvm.options"), "-jar", PLAIN_JAR,
                   "--server.port=18111", f"--spring.datasource.url={JDBC}", "--spring.datasource.username=postgres",
                   "--graphql.identity.demo-data=false", "--graphql.sign-in.token.signing-key=users-page-bench-signing-key-0123456789abcdef",
                   "--logging.level.root=WARN"], 18111)
    hand = System("hand-written Spring for GraphQL app (JDK 25, virtual threads)",
                  [JAVA25, "-jar", "target/users-page-spring-graphql-1.jar", "--server.port=18112",
                   "--spring.threads.virtual.enabled=true"], 18112, os.path.join(HERE, "spring-graphql"))
    def token():
        return post("http://127.0.0.1:18111/api/TokenAuth/Authenticate", {"tenancyName": "bench1",
                    "userNameOrEmailAddress": "admin", "password": "123qwe"})["result"]["accessToken"]
    rows = []
    for system, url, body, bearer, ready in [
            (ours, "http://127.0.0.1:18111/graphql", {"query": OURS % ""}, token,
             lambda: get("http://127.0.0.1:18111/actuator/health")),
            (hand, "http://127.0.0.1:18112/graphql", {"query": HAND}, lambda: None,
             lambda: post("http://127.0.0.1:18112/graphql", {"query": HAND}))]:
        try:
            system.start(ready)
            bearer = bearer()
            wrk(url, WARMUP, body, bearer)
            few = wrk(url, SECONDS, body, bearer)
            wrk(url, 10, body, bearer, CONNECTIONS, overload=True)
            many = wrk(url, SECONDS, body, bearer, CONNECTIONS, overload=True)
            after = wrk(url, SECONDS, body, bearer, overload=True)
            rows.append([system.name, f"{few['rps']:,.0f}", f"{few['p99']:.1f} ms", f"{many['rps']:,.0f}",
                         f"{many['p99']:,.0f} ms", f"{many['failed']:,} of {many['requests']:,}",
                         f"{many['socket_errors']:,}", f"{many['rps'] / few['rps']:.2f}",
                         f"{after['rps']:,.0f}", f"{system.peak_rss_mb():,.0f} MB"])
        finally:
            system.stop()
    print(f"{CONNECTIONS} keep-alive connections (wrk -t2 -c{CONNECTIONS} --timeout 10s) against 10, each system "
          f"alone, {WARMUP} s of warm-up, {SECONDS} s each, then 10 connections again:\n")
    table(["system", "req/s, 10 connections", "p99", f"req/s, {CONNECTIONS} connections", "p99",
           "failed answers", "socket errors", "kept", "req/s, 10 again", "peak RSS"], rows)


def main():
    log_file = subprocess.run(["sh", "-c", "pg_lsclusters -h | awk '{print $7}' | head -n 1"],
                              capture_output=True, text=True).stdout.strip()
    reuse = os.environ.get("REUSE_DATABASE") == "true" and psql(
        f"select count(*) from pg_database where datname = '{DB}'", "postgres").strip() == "1"
    if not reuse:
        psql(f"drop database if exists {DB} with (force)", "postgres")
        psql(f"create database {DB}", "postgres")
    key = "users-page-bench-signing-key-0123456789abcdef"
    def sample(name, port, jvm, jar=SAMPLE_JAR, java="java"):
        return System(name, [java, *jvm, "-jar", jar, f"--server.port={port}", f"--spring.datasource.url={JDBC}",
                             "--spring.datasource.username=postgres", "--graphql.identity.demo-data=false",
                             f"--graphql.sign-in.token.signing-key={key}", "--logging.level.root=WARN"], port)
    ours = sample("this project (SPA sample as shipped, bearer token, audit on)", 18101, [SAMPLE_JVM])
    ours_defaults = sample("this project, JVM defaults instead of jvm.options", 18105, [], PLAIN_JAR)
    if not reuse:
        # the module's migrations make the tables, then the data set goes in
        ours.start(lambda: get("http://127.0.0.1:18101/actuator/health"))
        ours.stop()
        began = time.monotonic()
        subprocess.run(["psql", *PG, "-d", DB, "-q", "-f", os.path.join(HERE, "data.sql")], check=True)
        print(f"data set loaded in {time.monotonic() - began:.0f} s\n")
    if os.environ.get("PART") == "many-connections":
        try:
            many_connections()
        finally:
            if os.environ.get("KEEP_DATABASE") != "true":
                psql(f"drop database if exists {DB} with (force)", "postgres")
        return

    hand = System("hand-written Spring for GraphQL app", ["java", "-jar", "target/users-page-spring-graphql-1.jar",
                  "--server.port=18102"], 18102, os.path.join(HERE, "spring-graphql"))
    mvc = System("plain Spring MVC controller", ["java", "-jar", "target/users-page-plain-mvc-1.jar",
                 "--server.port=18103"], 18103, os.path.join(HERE, "plain-mvc"))
    graphile = System("PostGraphile 4", ["node_modules/.bin/postgraphile", "-c",
                      f"postgres://postgres@127.0.0.1:5432/{DB}", "--host", "127.0.0.1", "--port", "18104",
                      "--disable-query-log", "--disable-default-mutations", "--append-plugins",
                      "postgraphile-plugin-connection-filter"], 18104, os.path.join(HERE, "postgraphile"))
    # PART=page: the floor, this project as shipped and the hand-written app, their page alone
    page_only = os.environ.get("PART") == "page"
    page_body = {"query": OURS % ""}
    graphile_body = {"query": PGL % (1, BY_NAME, 0, "")}
    try:
        ours.start(lambda: get("http://127.0.0.1:18101/actuator/health"))
        if not page_only:
            ours_defaults.start(lambda: get("http://127.0.0.1:18105/actuator/health"))
            graphile.start(lambda: post("http://127.0.0.1:18104/graphql", graphile_body))
        hand.start(lambda: post("http://127.0.0.1:18102/graphql", {"query": HAND}))
        mvc.start(lambda: get("http://127.0.0.1:18103/users?tenantId=1&maxResultCount=20"))

        def token(tenancy):
            answer = post("http://127.0.0.1:18101/api/TokenAuth/Authenticate",
                          {"tenancyName": tenancy, "userNameOrEmailAddress": "admin", "password": "123qwe"})
            return answer["result"]["accessToken"]
        admin, big_admin = token("bench1"), token("bench11")

        # every system returns the same page
        expected = from_graphql(post("http://127.0.0.1:18101/graphql", page_body, admin))
        assert len(expected["items"]) == 20 and expected["totalCount"] == 1000, expected
        for name, page in [("hand-written", from_graphql(post("http://127.0.0.1:18102/graphql", {"query": HAND}))),
                           ("plain MVC", normalized(get("http://127.0.0.1:18103/users?tenantId=1&maxResultCount=20")
                                                    ["data"]["users"])),
                           ("PostGraphile", None if page_only else
                            from_postgraphile(post("http://127.0.0.1:18104/graphql", graphile_body)))]:
            if page is None:
                continue
            if page != expected:
                sys.exit(f"{name} returns another page than this project:\n{page}\n{expected}")
        print("every system returns the same page of tenant 1 (20 users of 1,000, with roles and units)\n")

        systems = [(mvc, "http://127.0.0.1:18103/users?tenantId=1&maxResultCount=20", None, None),
                   (ours, "http://127.0.0.1:18101/graphql", page_body, admin),
                   (ours_defaults, "http://127.0.0.1:18105/graphql", page_body, admin),
                   (graphile, "http://127.0.0.1:18104/graphql", graphile_body, None),
                   (hand, "http://127.0.0.1:18102/graphql", {"query": HAND}, None)]
        systems = [entry for entry in systems if not page_only or entry[0] in (mvc, ours, hand)]
        curves = {}
        for system, url, body, bearer in systems:
            if system in (ours, ours_defaults, hand):
                curves[system.name] = [wrk(url, 10, body, bearer)["rps"] for _ in range(6)]
            wrk(url, WARMUP, body, bearer)
        results = {system.name: [] for system, *_ in systems}
        for round_number in range(ROUNDS):
            for system, url, body, bearer in systems:
                app_cpu, db_cpu = system.cpu_seconds(), postgres_cpu()
                result = wrk(url, SECONDS, body, bearer)
                result["app_cpu"] = (system.cpu_seconds() - app_cpu) / result["requests"] * 1000
                result["db_cpu"] = postgres_cpu_since(db_cpu) / result["requests"] * 1000
                results[system.name].append(result)
        statements = {}
        for system, url, body, bearer in systems:
            request = (lambda url=url: get(url)) if body is None else (lambda url=url, body=body, bearer=bearer: post(url, body, bearer))
            statements[system.name] = statements_per_request(log_file, request)
        floor = statistics.mean(r["rps"] for r in results[mvc.name])
        ours_rps = statistics.mean(r["rps"] for r in results[ours.name])
        rows = []
        for system, *_ in systems:
            runs = results[system.name]
            rps = statistics.mean(r["rps"] for r in runs)
            rows.append([system.name, f"{rps:,.0f}", f"{statistics.median(r['p50'] for r in runs):.1f} ms",
                         f"{statistics.median(r['p99'] for r in runs):.1f} ms", f"{rps / floor:.2f}",
                         "" if system is ours else f"{ours_rps / rps:.2f}x",
                         f"{statements[system.name][0]:.2f}" + (f" + audit {statements[system.name][1]:.2f}"
                                                                if statements[system.name][1] else ""),
                         f"{statistics.mean(r['app_cpu'] + r['db_cpu'] for r in runs):.2f} ms"
                         f" ({statistics.mean(r['app_cpu'] for r in runs):.2f} + {statistics.mean(r['db_cpu'] for r in runs):.2f})",
                         f"{system.start_seconds:.1f} s", f"{system.peak_rss_mb():,.0f} MB"])
        print(f"Users page of 20 with totalCount, roles and units (tenant of 1,000 users), wrk -t2 -c10, "
              f"{ROUNDS} interleaved rounds of {SECONDS} s after {WARMUP} s of warm-up each (the JVMs: 60 s more):\n")
        table(["system", "req/s", "p50", "p99", "share of the floor", "this project against it",
               "SQL statements per request",
               "CPU per request (app + PostgreSQL)", "start", "peak RSS"], rows)
        for system, *_ in systems:
            print(f"{system.name}: " + ", ".join(f"{r['rps']:,.0f}" for r in results[system.name]) + " req/s by round")
        print()
        print("From the first requests after start, req/s in windows of 10 s (c=10), as a share of the settled rate above:\n")
        table(["system"] + [f"{10 * w}-{10 * w + 10} s" for w in range(6)],
              [[name] + [f"{rps:,.0f} ({rps / statistics.mean(r['rps'] for r in results[name]):.2f})" for rps in curve]
               for name, curve in curves.items()])
        if page_only:
            return
        # then the million-user tenant: this project against PostGraphile, single requests
        cases = [("first page", "", BY_NAME, 0, ""),
                 ("`sorting: \"emailAddress desc\"`", ', sorting: "emailAddress desc"',
                  "NORMALIZED_EMAIL_ADDRESS_DESC, ID_ASC", 0, ""),
                 ("`sorting: \"creationTime desc\"`", ', sorting: "creationTime desc"',
                  "CREATION_TIME_DESC, ID_ASC", 0, ""),
                 ("`sorting: \"isActive\"`", ', sorting: "isActive"', "IS_ACTIVE_ASC, ID_ASC", 0, ""),
                 ("`filter: \"user12345\"`", ', filter: "user12345"', BY_NAME, 0,
                  ', filter: {or: [{normalizedName: {includes: "USER12345"}}, {normalizedSurname: {includes: "USER12345"}},'
                  ' {normalizedUserName: {includes: "USER12345"}}, {normalizedEmailAddress: {includes: "USER12345"}}]}'),
                 ("`skipCount: 500000`", ", skipCount: 500000", BY_NAME, 500000, "")]
        rows = []
        for label, ours_args, order, offset, graphile_filter in cases:
            ours_request = lambda: post("http://127.0.0.1:18101/graphql", {"query": OURS % ours_args}, big_admin)
            graphile_request = lambda: post("http://127.0.0.1:18104/graphql",
                                            {"query": PGL % (11, order, offset, graphile_filter)})
            ours_page, graphile_page = from_graphql(ours_request()), from_postgraphile(graphile_request())
            if ours_page != graphile_page:
                sys.exit(f"{label}: PostGraphile returns another page:\n{graphile_page}\n{ours_page}")
            timings = []
            for request in (ours_request, graphile_request):
                for _ in range(5):
                    request()
                samples = []
                for _ in range(10):
                    began = time.monotonic()
                    request()
                    samples.append((time.monotonic() - began) * 1000)
                timings.append(statistics.median(samples))
            rows.append([label, f"{ours_page['totalCount']:,}", f"{timings[0]:,.1f} ms", f"{timings[1]:,.1f} ms"])
        print("One tenant of 1,000,000 users, single requests, median of 10 (both systems return the same page):\n")
        table(["case", "totalCount", "this project", "PostGraphile"], rows)
        for system in (ours, ours_defaults, hand, mvc, graphile):
            system.stop()
        many_connections()

    finally:
        for system in (ours, ours_defaults, hand, mvc, graphile):
            system.stop()
        if os.environ.get("KEEP_DATABASE") != "true":
            psql(f"drop database if exists {DB} with (force)", "postgres")


if __name__ == "__main__":
    main()
