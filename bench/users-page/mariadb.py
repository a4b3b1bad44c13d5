#!/usr/bin/env python3
"""The users page on MariaDB beside the same page on PostgreSQL: one SPA sample on each database,
both loaded with the same data set (data.sql, data-mariadb.sql), every answer checked to be the
same JSON on both, then the tenant of 1,000 users under wrk and the tenant of 1,000,000 users by
single requests, interleaved. Run it through ../users-page-mariadb.sh. Prints markdown tables.
MariaDB runs with a buffer pool of 4 GiB (BUFFER_POOL_BYTES), as a server for such a table would
be set up (its default of 128 MB holds a fraction of the million users and their trigrams, and
every case then reads the disk); the server's own size is put back at the end."""
import os, statistics, subprocess, sys, time

from bench import (DB, PG, ROOT, SAMPLE_JVM, HERE, System, get, post, psql, table, wrk)

MARIADB = ["mariadb", "-h", "127.0.0.1", "-P", "3306", "-u", "root"]
UTC = "connectionTimeZone=UTC&preserveInstants=true"
SECONDS = int(os.environ.get("SECONDS_PER_ROUND", "10"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
WARMUP = int(os.environ.get("WARMUP_SECONDS", "30"))
KEY = "users-page-bench-signing-key-0123456789abcdef"
BUFFER_POOL = int(os.environ.get("BUFFER_POOL_BYTES", str(4 << 30)))

PAGE = "{ users(maxResultCount: 20%s) { totalCount items { id userName name surname emailAddress" \
       " roles { id name displayName } organizationUnits { id code displayName } } } }"
FIELDS = ["id", "userName", "name", "surname", "emailAddress", "creationTime", "isActive"]


def mariadb(sql, database=None):
    return subprocess.run(MARIADB + ([database] if database else []) + ["-N", "-e", sql], check=True,
                          capture_output=True, text=True).stdout


def sample(name, port, url, user):
    return System(name, ["java", SAMPLE_JVM, "-jar", os.path.join(ROOT, "sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar"),
                         f"--server.port={port}", f"--spring.datasource.url={url}", f"--spring.datasource.username={user}",
                         "--spring.datasource.password=", "--graphql.audit.enabled=false", "--graphql.identity.demo-data=false",
                         f"--graphql.sign-in.token.signing-key={KEY}"], port)


def token(port, tenancy):
    answer = post(f"http://127.0.0.1:{port}/api/TokenAuth/Authenticate",
                  {"tenancyName": tenancy, "userNameOrEmailAddress": "admin", "password": "123qwe"})
    return answer["result"]["accessToken"]


def median_ms(request, count=10):
    for _ in range(3):
        request()
    samples = []
    for _ in range(count):
        began = time.monotonic()
        request()
        samples.append((time.monotonic() - began) * 1000)
    return statistics.median(samples)


def main():
    reuse = os.environ.get("REUSE_DATABASE") == "true"
    pg_url = "jdbc:postgresql://127.0.0.1:5432/" + DB
    maria_url = f"jdbc:mariadb://127.0.0.1:3306/{DB}?createDatabaseIfNotExist=true&{UTC}"
    pg = sample("PostgreSQL 15", 18401, pg_url, "postgres")
    maria = sample("MariaDB 10.11", 18402, maria_url, "root")
    buffer_pool = mariadb("select @@innodb_buffer_pool_size").strip()
    mariadb(f"set global innodb_buffer_pool_size = {BUFFER_POOL}")
    try:
        loaded = reuse and psql(f"select 1 from pg_database where datname = '{DB}'", "postgres").strip() == "1" \
            and mariadb(f"select count(*) from information_schema.schemata where schema_name = '{DB}'").strip() == "1"
        if not loaded:
            psql(f"drop database if exists {DB} with (force)", "postgres")
            psql(f"create database {DB}", "postgres")
            mariadb(f"drop database if exists {DB}")
        for system in (pg, maria):
            system.start(lambda system=system: get(f"http://127.0.0.1:{system.port}/actuator/health"))
        if not loaded:
            # the module's migrations made the tables; the same rows go into both
            began = time.monotonic()
            subprocess.run(["psql", *PG, "-d", DB, "-q", "-f", os.path.join(HERE, "data.sql")], check=True)
            pg_load = time.monotonic() - began
            began = time.monotonic()
            with open(os.path.join(HERE, "data-mariadb.sql")) as script:
                subprocess.run(MARIADB + [DB], stdin=script, check=True)
            maria_load = time.monotonic() - began
            print(f"Data set loaded: PostgreSQL {pg_load:.0f} s, MariaDB {maria_load:.0f} s\n")
        tokens = {system.port: (token(system.port, "bench1"), token(system.port, "bench11")) for system in (pg, maria)}

        def request(system, tenant, arguments):
            return lambda: post(f"http://127.0.0.1:{system.port}/graphql", {"query": PAGE % arguments},
                                tokens[system.port][tenant])

        cases = [("first page", "")]
        cases += [(f"`sorting: \"{field}{direction}\"`", f', sorting: "{field}{direction}"')
                  for field in FIELDS for direction in ("", " desc")]
        cases += [("`filter: \"user12345\"` (11 users)", ', filter: "user12345"'),
                  ("`filter: \"ada\"` (a common text)", ', filter: "ada"'),
                  ("`filter: \"nobody\"` (no user)", ', filter: "nobody"'),
                  ("`skipCount: 500000`", ", skipCount: 500000")]
        for label, arguments in cases + [("tenant of 1,000", "")]:
            tenant = 0 if label == "tenant of 1,000" else 1
            answers = [request(system, tenant, arguments)() for system in (pg, maria)]
            if answers[0] != answers[1] or answers[0].get("errors"):
                sys.exit(f"{label}: the answers differ or fail:\n{answers[0]}\n{answers[1]}")

        body = {"query": PAGE % ""}
        for system in (pg, maria):
            wrk(f"http://127.0.0.1:{system.port}/graphql", WARMUP, body, tokens[system.port][0])
        runs = {system.name: [] for system in (pg, maria)}
        for _ in range(ROUNDS):
            for system in (pg, maria):
                runs[system.name].append(wrk(f"http://127.0.0.1:{system.port}/graphql", SECONDS, body,
                                             tokens[system.port][0]))
        base = statistics.mean(r["rps"] for r in runs[pg.name])
        print(f"Users page of 20 with totalCount, roles and units (tenant of 1,000 users), wrk -t2 -c10, "
              f"{ROUNDS} interleaved rounds of {SECONDS} s after {WARMUP} s of warm-up each:\n")
        table(["database", "req/s", "p50", "p99", "ratio to PostgreSQL"],
              [[system.name, f"{statistics.mean(r['rps'] for r in runs[system.name]):,.0f}",
                f"{statistics.median(r['p50'] for r in runs[system.name]):.1f} ms",
                f"{statistics.median(r['p99'] for r in runs[system.name]):.1f} ms",
                f"{statistics.mean(r['rps'] for r in runs[system.name]) / base:.2f}"] for system in (pg, maria)])

        rows = []
        for label, arguments in cases:
            timings = [median_ms(request(system, 1, arguments)) for system in (pg, maria)]
            target = 100 if "filter" in label else 50 if "skipCount" not in label else None
            rows.append([label, f"{timings[0]:,.1f} ms", f"{timings[1]:,.1f} ms", f"{timings[1] / timings[0]:.2f}",
                         (f"<= {target} ms: " + ("met" if timings[1] <= target else "MISSED")) if target else "none"])
        print("One tenant of 1,000,000 users, 20 users a page with totalCount, roles and units, single requests,"
              " median of 10 after 3 (both databases return the same JSON):\n")
        table(["case", "PostgreSQL", "MariaDB", "MariaDB / PostgreSQL", "target on MariaDB"], rows)
    finally:
        for system in (pg, maria):
            system.stop()
        if os.environ.get("KEEP_DATABASE") != "true":
            psql(f"drop database if exists {DB} with (force)", "postgres")
            mariadb(f"drop database if exists {DB}")
        mariadb(f"set global innodb_buffer_pool_size = {buffer_pool}")


if __name__ == "__main__":
    main()
