#!/usr/bin/env python3
"""Two builds of this project side by side on the users page, to tell a change from the machine's
hours: both SPA samples (each its jar and jvm.options, without the class data archive, which names
its own path) started together on the users page benchmark's database, warmed alternately, then
ROUNDS rounds of SECONDS_PER_ROUND s, alternating which goes first. Prints each round's req/s, the
app's CPU a page and p99, and the second build against the first.
Usage: paired.py NAME_A APP_DIR_A NAME_B APP_DIR_B   (through ../users-page-paired.sh)"""
import os, subprocess, sys, time

from bench import DB, HERE, JDBC, OURS, PG, System, get, post, process_cpu, psql, wrk

ROUNDS = int(os.environ.get("ROUNDS", "4"))
SECONDS = int(os.environ.get("SECONDS_PER_ROUND", "20"))
WARMUP = int(os.environ.get("WARMUP_SECONDS", "150"))


def sample(name, app, port):
    options = [line.strip() for line in open(os.path.join(app, "jvm.options"))
               if line.strip() and "SharedArchiveFile" not in line]
    jar = next(f for f in os.listdir(app) if f.endswith(".jar"))
    return System(name, ["java", *options, "-jar", os.path.join(app, jar), f"--server.port={port}",
                         f"--spring.datasource.url={JDBC}", "--spring.datasource.username=postgres",
                         "--graphql.identity.demo-data=false", "--logging.level.root=WARN",
                         "--graphql.sign-in.token.signing-key=users-page-paired-signing-key-0123456789abcdef"], port)


def main():
    (name_a, app_a, name_b, app_b) = sys.argv[1:5]
    systems = [sample(name_a, app_a, 18111), sample(name_b, app_b, 18112)]
    health = lambda system: (lambda: get(f"http://127.0.0.1:{system.port}/actuator/health"))
    if psql(f"select count(*) from pg_database where datname = '{DB}'", "postgres").strip() != "1":
        psql(f"create database {DB}", "postgres")
        systems[0].start(health(systems[0]))
        systems[0].stop()
        subprocess.run(["psql", *PG, "-d", DB, "-q", "-f", os.path.join(HERE, "data.sql")], check=True)
    try:
        for system in systems:
            system.start(health(system))
        tokens = [post(f"http://127.0.0.1:{s.port}/api/TokenAuth/Authenticate", {"tenancyName": "bench1",
                       "userNameOrEmailAddress": "admin", "password": "123qwe"})["result"]["accessToken"]
                  for s in systems]
        body = {"query": OURS % ""}
        pages = [post(f"http://127.0.0.1:{s.port}/graphql", body, t) for s, t in zip(systems, tokens)]
        assert pages[0] == pages[1] and len(pages[0]["data"]["users"]["items"]) == 20, "the two answer differently"

        def load(i, seconds):
            before = process_cpu(systems[i].process.pid)
            result = wrk(f"http://127.0.0.1:{systems[i].port}/graphql", seconds, body, tokens[i])
            result["cpu_ms"] = (process_cpu(systems[i].process.pid) - before) * 1000 / result["requests"]
            return result

        for _ in range(0, WARMUP, 30):
            for i in (0, 1):
                load(i, 30)
        results = ([], [])
        for round_ in range(ROUNDS):
            for i in ((0, 1) if round_ % 2 == 0 else (1, 0)):
                result = load(i, SECONDS)
                results[i].append(result)
                print(f"round {round_ + 1}, {systems[i].name}: {result['rps']:,.0f} req/s, "
                      f"{result['cpu_ms']:.3f} ms of the app's CPU a page, p99 {result['p99']:.1f} ms", flush=True)
        means = [(sum(r["rps"] for r in rs) / ROUNDS, sum(r["cpu_ms"] for r in rs) / ROUNDS) for rs in results]
        for system, (rps, cpu) in zip(systems, means):
            print(f"{system.name}: {rps:,.0f} req/s, {cpu:.3f} ms CPU a page")
        print(f"{name_b} against {name_a}: {means[1][0] / means[0][0]:.2f} times the rate, "
              f"{means[1][1] / means[0][1]:.2f} of the CPU a page")
    finally:
        for system in systems:
            system.stop()
        if os.environ.get("KEEP_DATABASE") != "true":
            psql(f"drop database if exists {DB} with (force)", "postgres")


if __name__ == "__main__":
    main()
