#!/usr/bin/env python3
"""The users connection benchmark: on the tenant of 1,000,000 users of the users page data set,
the first page and page 25,000 (20 users a page, with roles and organization units) of
usersConnection, forward by cursor and backward by cursor, against the same page by skipCount and
against PostGraphile 4's connection (first/after), in every sorting. Every request goes through
HTTP; each figure is the median of 15 after 5 to warm up; all systems answer the same users.
Run it through ../users-connection.sh, which builds everything first. Prints a markdown table."""
import os, statistics, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import (DB, HERE, JDBC, PG, ROOT, SAMPLE_JVM, System, get, post, psql, table)  # noqa: E402
import subprocess  # noqa: E402

OURS = "http://127.0.0.1:18111/graphql"
GRAPHILE = "http://127.0.0.1:18114/graphql"
PAGE = 20
DEPTH = 25_000
WARMUP_SECONDS = int(os.environ.get("WARMUP_SECONDS", "60"))
USER = "id userName name surname emailAddress roles { id name displayName } organizationUnits { id code displayName }"
CONNECTION = ("query($sorting: String, $first: Int, $after: String, $last: Int, $before: String, $id: Long) {"
              " usersConnection(sorting: $sorting, first: $first, after: $after, last: $last, before: $before, id: $id)"
              " { edges { cursor node { " + USER + " } } pageInfo { hasNextPage hasPreviousPage endCursor } } }")
SKIP = ("query($sorting: String, $skip: Int) { users(sorting: $sorting, skipCount: $skip, maxResultCount: 20)"
        " { items { " + USER + " } } }")
PGL = ("query($orderBy: [SvcUsersOrderBy!], $first: Int, $after: Cursor, $offset: Int) {"
       " allSvcUsers(condition: {tenantId: 11}, orderBy: $orderBy, first: $first, after: $after, offset: $offset)"
       " { edges { cursor node { id svcUserRolesByUserId { nodes { svcRoleByRoleId { id } } } } } } }")
# (sorting, its SQL order, PostGraphile's order)
SORTS = [("name, surname", "normalized_name, normalized_surname, id", ["NORMALIZED_NAME_ASC", "NORMALIZED_SURNAME_ASC", "ID_ASC"])]
for field, column, enum in [("id", "id", "ID"), ("userName", "normalized_user_name", "NORMALIZED_USER_NAME"),
                            ("name", "normalized_name", "NORMALIZED_NAME"),
                            ("surname", "normalized_surname", "NORMALIZED_SURNAME"),
                            ("emailAddress", "normalized_email_address", "NORMALIZED_EMAIL_ADDRESS"),
                            ("creationTime", "creation_time", "CREATION_TIME"), ("isActive", "is_active", "IS_ACTIVE")]:
    for direction in ("", " desc"):
        tie = [] if field == "id" else ["ID_ASC"]
        SORTS.append((field + direction, column + direction + ("" if field == "id" else ", id"),
                      [enum + ("_DESC" if direction else "_ASC")] + tie))


def median_ms(request, samples=15, warmup=5):
    for _ in range(warmup):
        request()
    timings = []
    for _ in range(samples):
        began = time.monotonic()
        request()
        timings.append((time.monotonic() - began) * 1000)
    return statistics.median(timings)


def main():
    reuse = os.environ.get("REUSE_DATABASE") == "true" and psql(
        f"select count(*) from pg_database where datname = '{DB}'", "postgres").strip() == "1"
    if not reuse:
        psql(f"drop database if exists {DB} with (force)", "postgres")
        psql(f"create database {DB}", "postgres")
    spa_jar = os.path.join(ROOT, "sample-spa-app/target/sample-spa-app-0.1.0-SNAPSHOT.jar")
    ours = System("this project", ["java", SAMPLE_JVM, "-jar", spa_jar, "--server.port=18111",
                                   f"--spring.datasource.url={JDBC}", "--spring.datasource.username=postgres",
                                   "--graphql.identity.demo-data=false", "--graphql.audit.enabled=false",
                                   "--graphql.sign-in.token.signing-key=users-connection-bench-key-0123456789abcdef",
                                   "--logging.level.root=WARN"], 18111)
    graphile = System("PostGraphile 4", ["node_modules/.bin/postgraphile", "-c",
                      f"postgres://postgres@127.0.0.1:5432/{DB}", "--host", "127.0.0.1", "--port", "18114",
                      "--disable-query-log", "--disable-default-mutations"], 18114, os.path.join(HERE, "postgraphile"))
    try:
        if not reuse:
            ours.start(lambda: get("http://127.0.0.1:18111/actuator/health"))
            ours.stop()
            subprocess.run(["psql", *PG, "-d", DB, "-q", "-f", os.path.join(HERE, "data.sql")], check=True)
        ours.start(lambda: get("http://127.0.0.1:18111/actuator/health"))
        graphile.start(lambda: post(GRAPHILE, {"query": "{ __typename }"}))
        token = post("http://127.0.0.1:18111/api/TokenAuth/Authenticate", {"tenancyName": "bench11",
                     "userNameOrEmailAddress": "admin", "password": "123qwe"})["result"]["accessToken"]

        def ask(query, variables):
            answer = post(OURS, {"query": query, "variables": variables}, token)
            if answer.get("errors"):
                sys.exit("errors: " + str(answer["errors"]))
            return answer["data"]

        def connection(**variables):
            return ask(CONNECTION, variables)["usersConnection"]

        cases = []
        for sorting, order, graphile_order in SORTS:
            def id_at(offset):
                return int(psql(f"select id from svc_users where tenant_id = 11 order by {order} offset {offset} limit 1"))

            def cursor_of(user_id):
                # a cursor holds the sort keys of its user alone: that user's edge, found by id, gives it
                return connection(sorting=sorting, first=1, id=user_id)["edges"][0]["cursor"]

            start = (DEPTH - 1) * PAGE
            after, before = cursor_of(id_at(start - 1)), cursor_of(id_at(start + PAGE))
            expected = [int(user["id"]) for user in ask(SKIP, {"sorting": sorting, "skip": start})["users"]["items"]]
            forward = connection(sorting=sorting, first=PAGE, after=after)
            backward = connection(sorting=sorting, last=PAGE, before=before)
            graphile_after = post(GRAPHILE, {"query": PGL, "variables": {"orderBy": graphile_order, "first": 1,
                                                                          "offset": start - 1}})["data"]["allSvcUsers"]["edges"][0]["cursor"]
            graphile_page = post(GRAPHILE, {"query": PGL, "variables": {"orderBy": graphile_order, "first": PAGE,
                                                                         "after": graphile_after}})["data"]["allSvcUsers"]
            for name, page in [("forward", [e["node"]["id"] for e in forward["edges"]]),
                               ("backward", [e["node"]["id"] for e in backward["edges"]]),
                               ("PostGraphile", [e["node"]["id"] for e in graphile_page["edges"]])]:
                if [int(i) for i in page] != expected:
                    sys.exit(f"{sorting}: page {DEPTH} {name} differs from skipCount's:\n{page}\n{expected}")
            cases.append((sorting, graphile_order, after, before, start, graphile_after))
        # every request of every case once, then again, for a minute: the JVM compiles what it runs
        began = time.monotonic()
        while time.monotonic() - began < WARMUP_SECONDS:
            for sorting, graphile_order, after, before, start, graphile_after in cases:
                connection(sorting=sorting, first=PAGE)
                connection(sorting=sorting, first=PAGE, after=after)
                connection(sorting=sorting, last=PAGE, before=before)
                post(GRAPHILE, {"query": PGL, "variables": {"orderBy": graphile_order, "first": PAGE}})
        rows = []
        for sorting, graphile_order, after, before, start, graphile_after in cases:
            first_page = median_ms(lambda: connection(sorting=sorting, first=PAGE))
            deep_forward = median_ms(lambda: connection(sorting=sorting, first=PAGE, after=after))
            deep_backward = median_ms(lambda: connection(sorting=sorting, last=PAGE, before=before))
            deep_skip = median_ms(lambda: ask(SKIP, {"sorting": sorting, "skip": start}), samples=5, warmup=1)
            graphile_first = median_ms(lambda: post(GRAPHILE, {"query": PGL, "variables": {"orderBy": graphile_order, "first": PAGE}}))
            graphile_deep = median_ms(lambda: post(GRAPHILE, {"query": PGL, "variables": {
                "orderBy": graphile_order, "first": PAGE, "after": graphile_after}}), samples=5, warmup=1)
            rows.append([f"`{sorting}`", f"{first_page:.1f} ms", f"{deep_forward:.1f} ms", f"{deep_backward:.1f} ms",
                         f"{deep_forward / first_page:.2f}", f"{deep_skip:,.1f} ms", f"{deep_skip / deep_forward:,.0f}",
                         f"{graphile_first:.1f} ms", f"{graphile_deep:,.1f} ms"])
            print(" | ".join(rows[-1]), file=sys.stderr)
        print(f"Tenant of 1,000,000 users, pages of {PAGE} with roles and organization units, through HTTP, "
              f"after {WARMUP_SECONDS} s of warm-up, median of 15 (skipCount and PostGraphile's deep page: of 5); page {DEPTH:,} is users "
              f"{start + 1:,} to {start + PAGE:,}, the same users by every path:\n")
        table(["sorting", "first page", f"page {DEPTH:,} (after)", f"page {DEPTH:,} (before, backward)",
               "deep / first", f"page {DEPTH:,} by skipCount", "skipCount / cursor", "PostGraphile first page",
               f"PostGraphile page {DEPTH:,} (after)"], rows)
    finally:
        for system in (ours, graphile):
            system.stop()
        if os.environ.get("KEEP_DATABASE") != "true":
            psql(f"drop database if exists {DB} with (force)", "postgres")


if __name__ == "__main__":
    main()
