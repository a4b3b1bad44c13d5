#!/usr/bin/env bash
# What the budgets bound (issue 45): one anonymous address sends distinct heavy documents (981
# `__typename` each, under every document limit) for a while, with the rate limits on at their
# default budgets, from 4 connections at once; then a user without permissions sends refused
# `users` pages. Reports how many were answered and refused, the app's CPU per request and in
# cores (from /proc, user + system), and the tenant's remaining budget before and after the refused
# pages, read from the RateLimit header field of a colleague's query.
# Usage: bench/budget-work.sh [seconds]    (needs python3; builds the jar first when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
port=${PORT:-18091}
. bench/spa-sample.sh
# the Default tenant (id 1) gets the budget of the issue's report, 20,000 a minute
spa_sample_signed_in "$port" --graphql.rate-limits.enabled=true --graphql.shared-store=memory \
  --graphql.rate-limits.tenants.1=20000

python3 - "$port" "$pid" "$seconds" <<'PY'
import json, os, re, sys, threading, time, urllib.error, urllib.request

port, pid, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
url = f"http://localhost:{port}/graphql"
ticks = os.sysconf("SC_CLK_TCK")

def cpu():
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks

def post(query, token=None):
    request = urllib.request.Request(url, json.dumps({"query": query}).encode(),
                                     {"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", "Bearer " + token)
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, answer.headers.get("RateLimit", ""), answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("RateLimit", ""), error.read().decode()

def token(tenant, user):
    request = urllib.request.Request(f"http://localhost:{port}/api/TokenAuth/Authenticate", json.dumps(
        {"tenancyName": tenant, "userNameOrEmailAddress": user, "password": "123qwe"}).encode(),
        {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())["result"]["accessToken"]

def remaining(header, budget):
    found = re.search(f'"{budget}";r=(\\d+)', header)
    return int(found.group(1)) if found else None

counts, lock, stop, sent = {}, threading.Lock(), time.time() + seconds, [0]
def flood():
    while time.time() < stop:
        with lock:
            i = sent[0]
            sent[0] += 1
        status, _, _ = post("{ a%d: __typename %s__typename }" % (i, "__typename " * 979))
        with lock:
            counts[status] = counts.get(status, 0) + 1

before = cpu()
threads = [threading.Thread(target=flood) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
used = cpu() - before
total = sum(counts.values())
print(f"heavy documents from one address in {seconds:.0f} s: {total} sent, answered {counts.get(200, 0)}, "
      f"refused 429 {counts.get(429, 0)}, other {total - counts.get(200, 0) - counts.get(429, 0)}")
print(f"  app CPU {used:.1f} s: {1000 * used / max(total, 1):.2f} ms a request, {used / seconds:.2f} cores")

page = "{ users(maxResultCount: 100) { items { id userName emailAddress } } }"
colleague, refused = token("Default", "admin"), token("Default", "jdoe")
left = remaining(post(page, colleague)[1], "tenant")
for _ in range(100):
    post(page, refused)
after = remaining(post(page, colleague)[1], "tenant")
print(f"tenant budget: {left} after the colleague's page, {after} after 100 refused pages and another"
      f" page of the colleague's (the page costs 401; the budget fills up by 333 a second meanwhile)")
PY
