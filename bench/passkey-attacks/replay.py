"""Replays the passkey refusals of issue 49 and of its red team against a running SPA sample, and
prints one row each: what was sent, the answer expected and the one got, and how many audit records
it left. Started by bench/passkey-attacks.sh, which builds the jar, starts the app in release mode
(relying party localhost) on an H2 file database and stops it afterwards. Arguments: port, the H2
database's path, the H2 jar. Each sign-in comes from a loopback address of its own, so that the
per-address throttle stays out of the way; the last rows are the throttle and the lockout.
"""
import itertools
import os
import subprocess
import sys
import time

PORT = int(sys.argv[1])
DATABASE = sys.argv[2]
H2_JAR = sys.argv[3]
os.environ["PK_PORT"] = str(PORT)
from pk import UP, UV, Authenticator, Client, b64u  # noqa: E402  (pk reads PK_PORT)

ORIGIN = f"http://localhost:{PORT}"
REFUSED = {400, 401, 403}
_addresses = itertools.count(10)
ROWS = []


def address():
    """A loopback address of its own: a client of its own to the per-address throttle."""
    n = next(_addresses)
    return f"127.0.{n // 250}.{n % 250 + 2}"


def client(token=None):
    return Client(source=address(), token=token)


def sql(statement):
    """Runs SQL on the app's H2 file database (opened with AUTO_SERVER=TRUE); the output's lines."""
    done = subprocess.run(["java", "-cp", H2_JAR, "org.h2.tools.Shell", "-url",
                           f"jdbc:h2:file:{DATABASE};AUTO_SERVER=TRUE", "-user", "sa", "-password", "", "-sql",
                           statement], check=True, capture_output=True, text=True)
    return done.stdout.splitlines()


def signed_in(user, tenancy):
    c = client()
    c.token_sign_in(user, "123qwe", tenancy)
    return c


def enrolled(user, tenancy):
    c = signed_in(user, tenancy)
    authenticator = Authenticator()
    status, _, text, _ = c.register(authenticator, ORIGIN)
    assert status == 200, (status, text)
    return c, authenticator


def audit_records():
    """The sign-in records of every tenant so far, counted in the database."""
    lines = sql("select count(*) from svc_audit_logs where service_name = 'Authentication'")
    return int(lines[1].strip())


def sign_in(assertion_for, headers=None):
    """Fresh sign-in options from an address of its own, answered by assertion_for(options)."""
    c = client()
    options = c.sign_in_options(headers)
    return c.passkey_token(assertion_for(options), headers=headers)


def row(label, expected, attempt):
    before = audit_records()
    status, _, text, _ = attempt()
    time.sleep(1.2)  # the audit log's writer flushes every half second
    recorded = audit_records() - before
    held = status in expected and (status == 200 or recorded >= 1)
    ROWS.append((label, "/".join(str(s) for s in sorted(expected)), status, recorded, "held" if held else "BROKEN",
                 text[:120].replace("|", "/")))


def main():
    _, jdoe = enrolled("jdoe", "Default")
    _, second_admin = enrolled("admin", "Second")
    owner, removed = enrolled("admin", "Default")
    # the rows before 10 lock jdoe out (five refusals): the last refusals are another user's, so
    # that each is refused for its own reason
    _, auditor = enrolled("auditor", None)

    row("a good assertion (the reference)", {200}, lambda: sign_in(lambda o: jdoe.get(o, ORIGIN)))
    row("wrong origin", REFUSED, lambda: sign_in(lambda o: jdoe.get(o, "https://evil.test")))
    row("wrong relying party id", REFUSED, lambda: sign_in(lambda o: jdoe.get(o, ORIGIN, rp_id="evil.test")))
    replayed = {}
    row("an assertion, first use", {200}, lambda: sign_in(lambda o: replayed.setdefault("a", jdoe.get(o, ORIGIN))))
    row("the same assertion replayed", REFUSED, lambda: client().passkey_token(replayed["a"]))
    jdoe.counter -= 5
    row("a sign counter that goes backwards", REFUSED, lambda: sign_in(lambda o: jdoe.get(o, ORIGIN)))
    jdoe.counter += 10
    row("another tenant's user's passkey with a tenant header", REFUSED,
        lambda: sign_in(lambda o: second_admin.get(o, ORIGIN), {"Svc-TenantId": "1"}))
    row("a signature of another key", REFUSED, lambda: sign_in(lambda o: jdoe.get(o, ORIGIN, sign=False)))
    row("another user's handle on the passkey", REFUSED,
        lambda: sign_in(lambda o: jdoe.get(o, ORIGIN, user_handle=second_admin.user_handle)))
    row("no user verification (UP only)", REFUSED, lambda: sign_in(lambda o: auditor.get(o, ORIGIN, flags=UP)))

    def malformed(options):
        assertion = auditor.get(options, ORIGIN)
        assertion["response"]["authenticatorData"] = b64u(b"abc")
        return assertion

    row("malformed authenticator data", {400, 401}, lambda: sign_in(malformed))
    sql("update svc_users set is_active = false where user_name = 'auditor'")
    row("a deactivated user", REFUSED, lambda: sign_in(lambda o: auditor.get(o, ORIGIN)))
    sql("update svc_users set is_active = true where user_name = 'auditor'")

    # a session the passkey started, before it is removed (a lost device)
    _, started, text, _ = sign_in(lambda o: removed.get(o, ORIGIN))
    assert started and started.get("success"), text
    refresh_token = started["result"]["refreshToken"]
    _, body, _, _ = owner.req("POST", "/api/Passkey/List", {})
    passkeys = (body or {}).get("result", {}).get("items", []) if isinstance(body, dict) else []
    assert passkeys, body
    # while permissions are reserved for passkeys, a password's session removes none
    by_password = owner.req("POST", "/api/Passkey/Remove", {"password": "123qwe", "id": passkeys[0]["id"]})
    ROWS.append(("the owner's password session removes a passkey", "403", by_password[0], "-",
                 "held" if by_password[0] == 403 else "BROKEN", by_password[2][:120]))
    _, by_passkey, text, _ = sign_in(lambda o: removed.get(o, ORIGIN))
    assert by_passkey and by_passkey.get("success"), text
    removal = client(by_passkey["result"]["accessToken"]).req(
        "POST", "/api/Passkey/Remove", {"password": "123qwe", "id": passkeys[0]["id"]})
    ROWS.append(("(the owner, signed in with a passkey, removes it)", "200", removal[0], "-",
                 "held" if removal[0] == 200 else "BROKEN", removal[2][:120]))
    row("a removed passkey", REFUSED, lambda: sign_in(lambda o: removed.get(o, ORIGIN)))
    refreshed = client().req("POST", "/api/TokenAuth/RefreshToken", {"refreshToken": refresh_token})
    ROWS.append(("the refresh token of a removed passkey's sign-in", "401", refreshed[0], "-",
                 "held" if refreshed[0] == 401 else "BROKEN", refreshed[2][:120].replace("|", "/")))

    # Pages.Administration.Users is reserved for passkey sign-ins (graphql.sign-in.passkey.required-for)
    def users_answered(c):
        status, body, text, _ = c.users_query()
        return status == 200 and isinstance(body, dict) and (body.get("data") or {}).get("users") is not None, text

    def reserved(label, c, expected):
        answered, text = users_answered(c)
        ROWS.append((label, "answered" if expected else "SVC_AUTHORIZATION", "answered" if answered else "refused",
                     "-", "held" if answered == expected and (answered or "SVC_AUTHORIZATION" in text) else "BROKEN",
                     text[:120].replace("|", "/")))

    by_password = signed_in("admin", "Default")
    reserved("the users query with a password's token (permission reserved for passkeys)", by_password, False)
    password_refresh = client().req("POST", "/api/TokenAuth/RefreshToken",
                                    {"refreshToken": by_password.req("POST", "/api/TokenAuth/Authenticate",
                                                                     {"tenancyName": "Default",
                                                                      "userNameOrEmailAddress": "admin",
                                                                      "password": "123qwe"})[1]["result"]
                                    ["refreshToken"]})
    reserved("... with a password's refreshed token", client(password_refresh[1]["result"]["accessToken"]), False)
    cookie = client()
    cookie.cookie_sign_in("admin", "123qwe", "Default")
    reserved("... with a password's session cookie", cookie, False)
    _, by_passkey, text, _ = sign_in(lambda o: second_admin.get(o, ORIGIN))
    reserved("... with a passkey's token", client(by_passkey["result"]["accessToken"]), True)
    passkey_refresh = client().req("POST", "/api/TokenAuth/RefreshToken",
                                   {"refreshToken": by_passkey["result"]["refreshToken"]})
    reserved("... with a passkey's refreshed token", client(passkey_refresh[1]["result"]["accessToken"]), True)

    # the red team's find: a passkey's session cookie (the thief's) sent with a password's token (the
    # victim's); Spring Security's bearer filter copies the session's authorities onto the token's
    mixed = client()
    status, _, text, _ = mixed.passkey_cookie(second_admin.get(mixed.sign_in_options(), ORIGIN))
    assert status == 200, text
    mixed.token = by_password.token
    reserved("... with a passkey's session cookie and another user's password token", mixed, False)

    print("| # | sent | expected | got | audit records | | answer (start) |")
    print("|---|---|---|---|---|---|---|")
    for i, (label, expected, status, recorded, verdict, text) in enumerate(ROWS, 1):
        print(f"| {i} | {label} | {expected} | {status} | {recorded} | {verdict} | {text} |")
    broken = [r for r in ROWS if r[4] != "held"]
    print(f"\n{len(ROWS) - len(broken)} held, {len(broken)} broken")
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
