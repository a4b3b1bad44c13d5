"""Replays the seven attacks of issue 15 (and an eighth, timing enumeration, of issue 48) against a running SPA sample and prints what each cost.

Started by bench/attacks.sh, which builds the jar, starts the app on a loopback port and kills it
afterwards. Arguments: port, pid of the app's JVM, jcmd of that JVM, the app's log file, seconds per
phase. Standard library only; every loop is bounded in count and in time.

Each phase (the baseline, or one attack) runs for at least the phase length: the attack starts at
once, and a normal signed-in query ({ roles { name } } with a bearer token) is sent once a second
meanwhile from threads of its own. Per phase it records the answers' status codes, the app's CPU
time (utime + stime of /proc/<pid>/stat), the heap used (jcmd GC.heap_info before and after), the
young and full collections meanwhile (the JVM's own perf counters in /tmp/hsperfdata_<user>/<pid>,
read without attaching to the app), the peak RSS (sampled every 100 ms), and the normal query's
median and max latency. The app has -Xmx128m: a heap it cannot hold ends in OutOfMemoryError,
which the wrapper counts in the app's log.
"""

import asyncio
import base64
import collections
import glob
import hmac
import http.client
import json
import mmap
import os
import re
import socket
import statistics
import struct
import sys
import threading
import time

HOST = "127.0.0.1"  # loopback only, always
PORT = int(sys.argv[1])
PID = int(sys.argv[2])
JCMD = sys.argv[3]
APP_LOG = sys.argv[4]
PHASE_SECONDS = float(sys.argv[5])
TICKS = os.sysconf("SC_CLK_TCK")
MB = 1024 * 1024

HOST_ADMIN = {"tenancyName": "", "userNameOrEmailAddress": "admin", "password": "123qwe"}
SECOND_ADMIN = {"tenancyName": "Second", "userNameOrEmailAddress": "admin", "password": "123qwe"}
DEFAULT_ADMIN = {"tenancyName": "Default", "userNameOrEmailAddress": "admin", "password": "123qwe"}
NORMAL_QUERY = {"query": "{ roles { name } }"}


# ---------------------------------------------------------------------------------------------
# HTTP, statuses


def request(method, path, body=None, headers=None, timeout=30):
    """One request on a connection of its own: (status or 'error:...', headers, parsed JSON or text)."""
    conn = http.client.HTTPConnection(HOST, PORT, timeout=timeout)
    try:
        all_headers = {"Content-Type": "application/json"}
        all_headers.update(headers or {})
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers=all_headers)
        response = conn.getresponse()
        payload = response.read()
        try:
            payload = json.loads(payload)
        except ValueError:
            payload = payload.decode(errors="replace")
        return response.status, response.headers, payload
    except (OSError, http.client.HTTPException) as e:
        return f"error:{type(e).__name__}", {}, None
    finally:
        conn.close()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def sign_in(credentials):
    status, _, body = request("POST", "/api/TokenAuth/Authenticate", credentials)
    return status, body


def message(body):
    """The error message of an answer (AjaxResponse envelope or GraphQL errors), cut short."""
    if isinstance(body, dict):
        if isinstance(body.get("error"), dict) and body["error"].get("message"):
            return body["error"]["message"][:90]
        if body.get("errors"):
            return body["errors"][0].get("message", "")[:90]
        if "title" in body:  # problem+json
            return str(body.get("title"))[:90]
    return ""


def runs(items):
    """Items in the order seen, each run of equal ones as [item, count]."""
    collapsed = []
    for item in items:
        if collapsed and collapsed[-1][0] == item:
            collapsed[-1][1] += 1
        else:
            collapsed.append([item, 1])
    return collapsed


def in_order(statuses):
    """Statuses in the order seen, runs collapsed: 400x4 401x146."""
    return " ".join(f"{s}x{n}" for s, n in runs(statuses))


def counted(statuses):
    """Statuses of requests sent at once, where order means nothing: 413x6."""
    return " ".join(f"{s}x{n}" for s, n in sorted(collections.Counter(map(str, statuses)).items()))


# ---------------------------------------------------------------------------------------------
# What the app spends


def cpu_seconds():
    with open(f"/proc/{PID}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime (fields 14 and 15)


def rss_mb():
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def jcmd_heap_mb():
    """Heap used as jcmd GC.heap_info reports it: the generations' 'used', Metaspace left out."""
    try:
        out = os.popen(f"{JCMD} {PID} GC.heap_info 2>/dev/null").read()
    except OSError:
        return None
    # "DefNew total 116160K, used 31005K" and "Tenured ..." (JDK 25), "def new generation ..." (17)
    used = [int(k) for line in out.splitlines() for k in re.findall(r"total \d+K, used (\d+)K", line)]
    return sum(used) / 1024 if used else None


class PerfCounters:
    """The JVM's hsperfdata file (what jstat reads), mapped read-only, so it costs the app nothing:
    the number of young and full collections (sun.gc.collector.0/1.invocations). Its heap 'used'
    counters are not used: with the serial collector the JVM updates them at collections only, so
    they miss the peaks between two."""

    def __init__(self, pid):
        self.offsets = {}
        paths = glob.glob(f"/tmp/hsperfdata_*/{pid}")
        if not paths:
            return
        with open(paths[0], "rb") as f:
            self.map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        self.order = "<" if self.map[4] == 1 else ">"
        entry_offset, entries = struct.unpack_from(self.order + "ii", self.map, 24)
        position = entry_offset
        for _ in range(entries):
            length, name_offset, _vector, data_type, _f, _u, _v, data_offset = struct.unpack_from(
                self.order + "iiibbbbi", self.map, position)
            end = self.map.find(b"\0", position + name_offset)
            name = self.map[position + name_offset:end].decode()
            if data_type == ord("J"):
                self.offsets[name] = position + data_offset
            position += length

    def value(self, name):
        offset = self.offsets.get(name)
        return None if offset is None else struct.unpack_from(self.order + "q", self.map, offset)[0]

    def collections(self):
        """(young, full) collections so far, or None."""
        young, full = self.value("sun.gc.collector.0.invocations"), self.value("sun.gc.collector.1.invocations")
        return None if young is None else (young, full or 0)


class Sampler(threading.Thread):
    """Peak RSS, every 100 ms, until stopped."""

    def __init__(self):
        super().__init__(daemon=True)
        self.rss_peak = 0.0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            self.rss_peak = max(self.rss_peak, rss_mb())
            self.done.wait(0.1)


class Probe(threading.Thread):
    """The normal signed-in query, once a second, each on a thread of its own so that one slow answer
    does not hold back the next: latency in ms and status of each."""

    def __init__(self, token):
        super().__init__(daemon=True)
        self.token = token
        self.results = []
        self.done = threading.Event()
        self.threads = []

    def one(self):
        begin = time.monotonic()
        status, _, body = request("POST", "/graphql", NORMAL_QUERY, bearer(self.token), timeout=20)
        ok = status == 200 and isinstance(body, dict) and body.get("data") and not body.get("errors")
        self.results.append(((time.monotonic() - begin) * 1000, status if ok or status != 200 else "200-error"))

    def run(self):
        while not self.done.is_set() and len(self.threads) < 600:
            thread = threading.Thread(target=self.one, daemon=True)
            thread.start()
            self.threads.append(thread)
            self.done.wait(1.0)

    def stop(self):
        self.done.set()
        self.join()
        for thread in self.threads:
            thread.join(25)


# ---------------------------------------------------------------------------------------------
# Phases


ROWS = []


def phase(label, sent, attack, token, seconds=None):
    """Runs the attack with the probe and the sampler on, for at least `seconds`; records a row.
    The attack returns (answers, notes)."""
    seconds = seconds or PHASE_SECONDS
    heap_before = jcmd_heap_mb()
    sampler = Sampler()
    collections_before = COUNTERS.collections()
    probe = Probe(token)
    sampler.start()
    probe.start()
    cpu_start, begin = cpu_seconds(), time.monotonic()
    answers, notes, *requests = attack()
    time.sleep(max(0.0, seconds - (time.monotonic() - begin)))
    cpu, elapsed = cpu_seconds() - cpu_start, time.monotonic() - begin
    probe.stop()
    sampler.done.set()
    sampler.join()
    heap_after = jcmd_heap_mb()
    collections_after = COUNTERS.collections()
    gcs = (None if collections_before is None
           else (collections_after[0] - collections_before[0], collections_after[1] - collections_before[1]))
    latencies = sorted(ms for ms, _ in probe.results)
    probe_failures = [s for _, s in probe.results if s != 200]
    row = {
        "label": label, "sent": sent, "answers": answers, "cpu": cpu, "elapsed": elapsed,
        "heap": (heap_before, heap_after), "gcs": gcs, "rss": sampler.rss_peak,
        "median": statistics.median(latencies) if latencies else None,
        "max": latencies[-1] if latencies else None, "probes": len(latencies),
        "slow": sum(1 for ms in latencies if ms >= 1000),
        "probe_failures": counted(probe_failures) if probe_failures else "", "notes": notes,
        "requests": requests[0] if requests else None,
    }
    ROWS.append(row)
    print(f"  done: {label} ({elapsed:.0f} s, {cpu:.2f} CPU-s, answers {answers})", file=sys.stderr, flush=True)
    return row


def baseline():
    """Nothing but the probe: what the app spends idle with one query a second."""
    return "-", []


# 1 ------------------------------------------------------------------------------------------


def cookie_after_lockout():
    """A cookie session of Second/admin, then five wrong passwords on the token endpoint lock the
    account out; before the fix the cookie went on getting data. Lockout ends every session of the
    user, cookie ones included."""
    statuses, notes = [], []
    status, headers, body = request("POST", "/ui/login", SECOND_ADMIN)
    statuses.append(status)
    cookie = "; ".join(c.split(";", 1)[0] for c in headers.get_all("Set-Cookie") or [] if c.startswith("SESSION="))
    query = lambda: request("POST", "/graphql", NORMAL_QUERY, {"Cookie": cookie})
    status, _, before = query()
    statuses.append(status)
    notes.append(f"cookie before the lockout: {'data' if isinstance(before, dict) and before.get('data') and not before.get('errors') else 'no data: ' + message(before)}")
    wrong = dict(SECOND_ADMIN, password="wrong-password")
    for _ in range(5):
        status, body = sign_in(wrong)
        statuses.append(status)
    notes.append(f"5th wrong password: {message(body)}")
    status, _, after = query()
    statuses.append(status)
    got_data = isinstance(after, dict) and bool(after.get("data")) and not after.get("errors")
    notes.append(f"cookie after the lockout: {'STILL GETS DATA' if got_data else 'no data: ' + message(after)}")
    return in_order(statuses), notes


# 3 ------------------------------------------------------------------------------------------


def totp(key, counter):
    """RFC 6238: HMAC-SHA1 of the 30-second step, dynamic truncation, 6 digits."""
    key = base64.b32decode(key.replace(" ", "").upper() + "=" * (-len(key.replace(" ", "")) % 8))
    digest = hmac.new(key, struct.pack(">Q", counter), "sha1").digest()
    offset = digest[-1] & 0x0F
    return f"{(struct.unpack('>I', digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1000000:06d}"


TWO_FACTOR = {}


def set_up_two_factor():
    """Default/admin enrols an authenticator (as the user would, with its token and a TOTP code), so
    that its sign-in opens a second step: needed by attacks 3 and 2."""
    status, body = sign_in(DEFAULT_ADMIN)
    token = body["result"]["accessToken"]
    status, _, body = request("POST", "/api/TokenAuth/TwoFactor/Authenticator", {}, bearer(token))
    key = body["result"]["authenticatorKey"]
    code = totp(key, int(time.time() // 30))
    status, _, body = request("POST", "/api/TokenAuth/TwoFactor/Authenticator/Enable",
                              {"password": "123qwe", "code": code}, bearer(token))
    TWO_FACTOR.update(token=token, key=key, enabled=status == 200)
    print(f"  two-factor set-up for Default/admin: Enable answered {status} {message(body)}", file=sys.stderr)


def codes_sent_in_log(user_id):
    with open(APP_LOG, errors="replace") as f:
        return sum(1 for line in f if f"Two-factor code for user {user_id} by Email" in line)


def code_resend():
    """The password opens Default/admin's second step; then 40 anonymous resends in one second.
    Before the fix each one mailed a code; now one per 30 s (and 5 an hour) per user."""
    status, body = sign_in(DEFAULT_ADMIN)
    result = (body or {}).get("result") or {}
    if not result.get("requiresTwoFactorVerification"):
        return f"sign-in {status}", [f"no second step opened ({message(body)}): attack not run"]
    user_id = result["userId"]
    sent_before = codes_sent_in_log(user_id)
    statuses = []
    start = time.monotonic()

    def send(i):
        time.sleep(max(0.0, start + i * 0.025 - time.monotonic()))  # 40 spread over one second
        statuses.append(request("POST", "/api/TokenAuth/SendTwoFactorAuthCode",
                                {"userId": user_id, "provider": "Email"})[0])

    threads = [threading.Thread(target=send, args=(i,)) for i in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    took = time.monotonic() - start
    time.sleep(0.5)  # the sample's sender writes the code to the log
    return counted(statuses), [f"user {user_id}, providers {result.get('twoFactorAuthProviders')}; 40 calls in {took:.2f} s",
                               f"codes the app sent (its log): {codes_sent_in_log(user_id) - sent_before}"]


# 2 ------------------------------------------------------------------------------------------


def code_guesses():
    """150 guesses of the second-factor code at TwoFactor/Disable with Default/admin's (stolen) token
    and password: before the fix nothing limited them. Wrong codes count toward the lockout and the
    address's throttle; the lockout ends the token's session."""
    if not TWO_FACTOR.get("enabled"):
        return "-", ["two-factor set-up failed: attack not run"]
    statuses, answers = [], []
    deadline = time.monotonic() + 120
    guess = 0
    for _ in range(150):
        if time.monotonic() > deadline:
            break
        step = int(time.time() // 30)
        valid = {totp(TWO_FACTOR["key"], step + d) for d in (-1, 0, 1)}
        while f"{guess:06d}" in valid:  # a guess, never the right code
            guess += 1
        status, _, body = request("POST", "/api/TokenAuth/TwoFactor/Disable",
                                  {"password": "123qwe", "code": f"{guess:06d}"}, bearer(TWO_FACTOR["token"]))
        statuses.append(status)
        answers.append(f"{status} {message(body)}")
        guess += 1
    # one status can have two causes (401: the lockout, then the token's ended session): say each run's
    return in_order(statuses), ["in order: " + "; ".join(f"{n} x {a}" for a, n in runs(answers))]


# 4 ------------------------------------------------------------------------------------------


def big_post(path, size, results):
    """One POST whose head announces `size` bytes of JSON, the body streamed in 64 KB chunks (never
    held in memory) until the app answers, the socket refuses, or 60 s pass; a second thread reads
    the answer meanwhile, as a client does that sees an early 413."""
    sent, answer = [0], {}
    try:
        sock = socket.create_connection((HOST, PORT), timeout=60)
    except OSError as e:
        results.append((f"error:{type(e).__name__}", 0))
        return
    sock.sendall((f"POST {path} HTTP/1.1\r\nHost: {HOST}:{PORT}\r\nContent-Type: application/json\r\n"
                  f"Content-Length: {size}\r\n\r\n").encode())

    def read():
        data = b""
        try:
            while b"\r\n" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
        except OSError as e:
            answer["error"] = type(e).__name__
        answer["sent"] = sent[0]
        line = data.split(b"\r\n", 1)[0].split()
        answer["status"] = int(line[1]) if len(line) > 1 else answer.get("error", "closed")
        try:
            sock.shutdown(socket.SHUT_RDWR)  # stops the sender, which may be blocked on a full window
        except OSError:
            pass

    reader = threading.Thread(target=read)
    reader.start()
    chunk = b"a" * 65536
    deadline = time.monotonic() + 60
    try:
        sock.sendall(b'{"query":"')
        sent[0] = 10
        while sent[0] < size and "status" not in answer and time.monotonic() < deadline:
            n = min(len(chunk), size - sent[0])
            sock.sendall(chunk[:n])
            sent[0] += n
    except OSError:
        pass
    reader.join(65)
    sock.close()
    results.append((answer.get("status", "no answer"), answer.get("sent", sent[0])))


def big_bodies(path, size=95 * MB, parallel=6):
    def attack():
        results = []
        threads = [threading.Thread(target=big_post, args=(path, size, results)) for _ in range(parallel)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(70)
        most = max((s for _, s in results), default=0)
        return counted([s for s, _ in results]), [f"{path}: at most {most / MB:.1f} MB of the {size / MB:.0f} MB left the client before the answer"]
    return attack


# 5 ------------------------------------------------------------------------------------------

PAGE = "users(maxResultCount: 1000) { items { name roles { name } organizationUnits { displayName } } }"
OVERFLOW = ("{ " + " ".join(f"p{i}: {PAGE}" for i in range(14))
            + " huge: users(maxResultCount: 2147483647) { items { name } } }")
ONE_PAGE = "{ " + PAGE + " }"


def repeated_query(query, token, count=200, seconds=None):
    """The same document `count` times on one connection (bounded by the phase length too), as the
    host administrator, asking for GraphQL's own media type so that a refusal answers 400."""
    def attack():
        statuses, first = [], None
        conn = http.client.HTTPConnection(HOST, PORT, timeout=30)
        deadline = time.monotonic() + (seconds or PHASE_SECONDS)
        body = json.dumps({"query": query}).encode()
        headers = dict(bearer(token), **{"Content-Type": "application/json",
                                         "Accept": "application/graphql-response+json"})
        try:
            for _ in range(count):
                if time.monotonic() > deadline:
                    break
                conn.request("POST", "/graphql", body=body, headers=headers)
                response = conn.getresponse()
                payload = response.read()
                statuses.append(response.status)
                if first is None:
                    first = json.loads(payload)
        except (OSError, http.client.HTTPException) as e:
            statuses.append(f"error:{type(e).__name__}")
        finally:
            conn.close()
        code = ((first or {}).get("errors") or [{}])[0].get("extensions", {}).get("code")
        return counted(statuses), [f"{len(statuses)} requests; {code}: {message(first)}"], len(statuses)
    return attack


# 6 ------------------------------------------------------------------------------------------


SLOW_HEAD = (f"POST /graphql HTTP/1.1\r\nHost: {HOST}:{PORT}\r\nContent-Type: application/json\r\n"
             "Content-Length: 1000\r\n\r\n").encode()


async def slow_client(stats, deadline):
    """One attacker connection: the head, then a byte a second; when the app answers or closes, a
    new connection, as a slowloris keeps its count up. At most 10 connections, until the deadline."""
    for _ in range(10):
        if time.monotonic() >= deadline:
            return
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, PORT), 5)
        except (OSError, asyncio.TimeoutError):
            stats["connect failed"] += 1
            await asyncio.sleep(1)
            continue
        stats["connections"] += 1
        stats["open"] += 1
        stats["peak open"] = max(stats["peak open"], stats["open"])
        answer = asyncio.ensure_future(reader.readline())
        try:
            writer.write(SLOW_HEAD)
            await writer.drain()
            for _ in range(1000):
                if answer.done() or time.monotonic() >= deadline:
                    break
                writer.write(b" ")
                await writer.drain()
                await asyncio.wait([answer], timeout=1)
        except OSError:
            pass
        if answer.done() and not answer.cancelled() and answer.exception() is None:
            line = answer.result().split()
            stats[f"answered {line[1].decode()}" if len(line) > 1 else "closed by the app"] += 1
        elif answer.done():
            stats["reset by the app"] += 1
        else:
            answer.cancel()
            stats["still open at the end"] += 1
        stats["open"] -= 1
        writer.close()


def slow_clients(count=500, seconds=30):
    def attack():
        stats = collections.Counter({"peak open": 0, "open": 0})

        async def main():
            deadline = time.monotonic() + seconds
            await asyncio.gather(*(slow_client(stats, deadline) for _ in range(count)))

        asyncio.run(main())
        del stats["open"]
        answers = " ".join(f"{k.split()[-1]}x{v}" for k, v in stats.items() if k.startswith("answered"))
        return answers or "-", [", ".join(f"{k}: {v}" for k, v in stats.items())]
    return attack


# 7 ------------------------------------------------------------------------------------------


def forwarded_headers():
    """40 sign-ins, each with a new X-Forwarded-For and a new name (so neither the account throttle
    nor a lockout is what stops them): the sample believes the header from no proxy, so all 40 are
    one address and the throttle refuses after 30. Then one with markup in the header."""
    statuses = []
    for i in range(40):
        status, _, _ = request("POST", "/api/TokenAuth/Authenticate",
                               {"tenancyName": "", "userNameOrEmailAddress": f"guess{i}", "password": "wrong-password"},
                               {"X-Forwarded-For": f"198.51.100.{i + 1}"})
        statuses.append(status)
    status, _, body = request("POST", "/api/TokenAuth/Authenticate",
                              {"tenancyName": "", "userNameOrEmailAddress": "guess-script", "password": "wrong-password"},
                              {"X-Forwarded-For": "<script>alert(1)</script>"})
    return in_order(statuses) + f" | <script>: {status}", [f"41st (X-Forwarded-For: <script>): {status} {message(body)}"]


# 8 ------------------------------------------------------------------------------------------


def timing_enumeration():
    """Wrong passwords for an account still on an older, slower hash (Default/jdoe: the demo data's
    bcrypt, as imported accounts keep theirs until their next sign-in) and for names of no account,
    in turns, each from an address of its own. Before the fix a name of no account was refused in
    Argon2id's time and the account in bcrypt's, so the time told which names were accounts; a
    failed check now lasts as long as the slowest kind's."""
    times = {"Default/jdoe (bcrypt)": [], "Default/nobody<i> (no account)": []}
    statuses = []
    for i in range(12):
        for label, name in (("Default/jdoe (bcrypt)", "jdoe"), ("Default/nobody<i> (no account)", f"nobody{i}")):
            start = time.monotonic()
            status, _, _ = request("POST", "/api/TokenAuth/Authenticate",
                                   {"tenancyName": "Default", "userNameOrEmailAddress": name,
                                    "password": "wrong-password"},
                                   {"X-Forwarded-For": f"203.0.113.{len(statuses) + 1}"})
            times[label].append((time.monotonic() - start) * 1000)
            statuses.append(status)
    medians = [statistics.median(values) for values in times.values()]
    notes = [f"{label}: refused in {median:.0f} ms (median of {len(values)})"
             for (label, values), median in zip(times.items(), medians)]
    notes.append(f"the medians differ by {abs(medians[0] - medians[1]):.0f} ms")
    return in_order(statuses), notes


# ---------------------------------------------------------------------------------------------


def fmt(value, pattern):
    return "n/a" if value is None else pattern.format(value)


def print_table():
    # the reference: both baselines (the start's and the end's) together
    baselines = [r for r in ROWS if r["label"].startswith("0 ")]
    rate = sum(r["cpu"] for r in baselines) / sum(r["elapsed"] for r in baselines)
    print("| # | attack | sent | answers | app CPU-s | CPU/s vs baseline | heap used MB before / after | GCs young / full | RSS peak MB | query median / max ms (n, >= 1 s) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in ROWS:
        before, after = r["heap"]
        ratio = (r["cpu"] / r["elapsed"]) / rate if rate else 0
        gcs = "n/a" if r["gcs"] is None else f"{r['gcs'][0]} / {r['gcs'][1]}"
        probes = (f"{fmt(r['median'], '{:.0f}')} / {fmt(r['max'], '{:.0f}')} ({r['probes']}, {r['slow']}"
                  f"{', failed ' + r['probe_failures'] if r['probe_failures'] else ''})")
        print(f"| {r['label']} | {r['sent']} | {r['answers']} | {r['cpu']:.2f} in {r['elapsed']:.0f} s | {ratio:.1f}x "
              f"| {fmt(before, '{:.0f}')} / {fmt(after, '{:.0f}')} | {gcs} | {r['rss']:.0f} | {probes} |")
    print()
    for r in ROWS:
        if r["requests"]:
            extra = (r["cpu"] - rate * r["elapsed"]) / r["requests"] * 1000
            r["notes"].append(f"{extra:.1f} ms of CPU per request above the baseline's rate")
        for note in r["notes"]:
            print(f"- {r['label'].split(' ')[0]}: {note}")


COUNTERS = PerfCounters(PID)


def warm_up(token):
    """The JIT compiles the query path first, so that the baseline is not the app's start-up."""
    for _ in range(300):
        request("POST", "/graphql", NORMAL_QUERY, bearer(token))
    time.sleep(5)


def fresh_throttle_window(last_attempt):
    """The sign-in throttle counts per address (all of this script is 127.0.0.1) in windows of 60 s
    from a window's first attempt: 62 s after the last attempt, the next attack starts a window of
    its own, so that it measures its own attempts and not those of the attack before."""
    wait = 62 - (time.monotonic() - last_attempt)
    if wait > 0:
        print(f"  waiting {wait:.0f} s for a new throttle window", file=sys.stderr, flush=True)
        time.sleep(wait)


def main():
    only = set(os.environ.get("ONLY", "").split(",")) - {""}
    wanted = lambda n: not only or n in only
    status, body = sign_in(HOST_ADMIN)
    token = body["result"]["accessToken"]
    if COUNTERS.collections() is None:
        print("  no hsperfdata counters: collections not counted", file=sys.stderr)

    warm_up(token)
    phase("0 | baseline", "nothing but the query below", baseline, token)
    if wanted("1"):
        phase("1 | cookie session after lockout", "cookie sign-in of Second/admin, 5 wrong passwords on the token endpoint, the cookie's query",
              cookie_after_lockout, token)
    if wanted("3") or wanted("2"):
        set_up_two_factor()
    if wanted("3"):
        phase("3 | anonymous code resend", "40 SendTwoFactorAuthCode in 1 s for a user whose second step is open",
              code_resend, token)
    throttle_used = time.monotonic()  # sign-ins, the set-up and the resends spend the address's budget
    if wanted("4"):
        for path in ("/api/TokenAuth/RefreshToken", "/api/TokenAuth/Authenticate", "/graphql", "/ui/login",
                     "/api/services/app/Account/ResetPassword"):
            phase(f"4 | 95 MB bodies {path}", "6 parallel posts of 95 MB (Content-Length), streamed", big_bodies(path), token)
    if wanted("2"):
        fresh_throttle_window(throttle_used)
        phase("2 | second-factor code guesses", "150 TwoFactor/Disable with the token, the password and a wrong code",
              code_guesses, token)
        throttle_used = time.monotonic()
    if wanted("5"):
        phase("5 | cost overflow", "up to 200x 14 aliases users(1000){roles,organizationUnits} + users(2147483647)",
              repeated_query(OVERFLOW, token), token)
        phase("5r | a plain cost refusal, for comparison", "up to 200x one users(1000){roles,organizationUnits}",
              repeated_query(ONE_PAGE, token), token)
    if wanted("6"):
        phase("6 | slow clients", "500 connections: POST /graphql head (Content-Length 1000), then 1 byte/s, 30 s",
              slow_clients(), token, seconds=max(PHASE_SECONDS, 32))
    if wanted("7"):
        fresh_throttle_window(throttle_used)
        phase("7 | forwarded headers", "40 sign-ins, a new X-Forwarded-For and name each, then X-Forwarded-For: <script>",
              forwarded_headers, token)
    if wanted("8"):
        fresh_throttle_window(throttle_used)
        phase("8 | timing enumeration", "12 wrong passwords for an account on bcrypt and 12 for names of no account, in turns",
              timing_enumeration, token)
    phase("0 | baseline again", "nothing but the query below", baseline, token)
    print_table()


if __name__ == "__main__":
    main()
