"""A software authenticator and an HTTP client for replaying attacks on the passkey endpoints (the
red team of issue 49). Only the standard library and `cryptography` (EC P-256; Debian's
python3-cryptography). Everything an attack needs is a parameter: origin, relying party id, flags,
counter, user handle, extra clientData fields.
"""
import base64
import hashlib
import http.client
import json
import os
import struct

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

HOST = os.environ.get("PK_HOST", "127.0.0.1")
PORT = int(os.environ.get("PK_PORT", "18080"))


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64u(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# ---- minimal CBOR encoder -------------------------------------------------------------
def _head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    if n < 256:
        return bytes([major << 5 | 24, n])
    if n < 65536:
        return bytes([major << 5 | 25]) + struct.pack(">H", n)
    if n < 2**32:
        return bytes([major << 5 | 26]) + struct.pack(">I", n)
    return bytes([major << 5 | 27]) + struct.pack(">Q", n)


def cbor(v):
    if isinstance(v, bool):
        return b"\xf5" if v else b"\xf4"
    if isinstance(v, int):
        return _head(0, v) if v >= 0 else _head(1, -1 - v)
    if isinstance(v, bytes):
        return _head(2, len(v)) + v
    if isinstance(v, str):
        b = v.encode()
        return _head(3, len(b)) + b
    if isinstance(v, list):
        return _head(4, len(v)) + b"".join(cbor(x) for x in v)
    if isinstance(v, dict):
        return _head(5, len(v)) + b"".join(cbor(k) + cbor(x) for k, x in v.items())
    raise TypeError(v)


UP, UV, BE, BS, AT, ED = 0x01, 0x04, 0x08, 0x10, 0x40, 0x80


class Authenticator:
    """One credential: an EC P-256 key, a credential id, a user handle it was made for."""

    def __init__(self, cred_id=None):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.cred_id = cred_id or os.urandom(16)
        self.counter = 0
        self.user_handle = None

    def cose(self):
        n = self.key.public_key().public_numbers()
        return cbor({1: 2, 3: -7, -1: 1, -2: n.x.to_bytes(32, "big"), -3: n.y.to_bytes(32, "big")})

    def create(self, options, origin, rp_id=None, flags=UP | UV | AT, counter=0, client_extra=None,
               transports=None, fmt="none", att_stmt=None, ext=None, typ="webauthn.create", challenge=None):
        """navigator.credentials.create: answers registration options."""
        rp_id = rp_id or options["rp"]["id"]
        self.user_handle = unb64u(options["user"]["id"])
        cd = {"type": typ, "challenge": challenge or options["challenge"], "origin": origin, "crossOrigin": False}
        cd.update(client_extra or {})
        client_data = json.dumps(cd).encode()
        auth = hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", counter)
        auth += b"\x00" * 16 + struct.pack(">H", len(self.cred_id)) + self.cred_id + self.cose()
        if ext is not None:
            auth += cbor(ext)
        att = cbor({"fmt": fmt, "attStmt": att_stmt or {}, "authData": auth})
        return {
            "id": b64u(self.cred_id), "rawId": b64u(self.cred_id), "type": "public-key",
            "clientExtensionResults": {}, "authenticatorAttachment": "platform",
            "response": {"clientDataJSON": b64u(client_data), "attestationObject": b64u(att),
                         "transports": transports if transports is not None else ["internal"]},
        }

    def get(self, options, origin, rp_id=None, flags=UP | UV, counter=None, user_handle="own", client_extra=None,
            typ="webauthn.get", challenge=None, sign=True, key=None):
        """navigator.credentials.get: answers sign-in options."""
        rp_id = rp_id or options.get("rpId")
        if counter is None:
            self.counter += 1
            counter = self.counter
        cd = {"type": typ, "challenge": challenge or options["challenge"], "origin": origin, "crossOrigin": False}
        cd.update(client_extra or {})
        client_data = json.dumps(cd).encode()
        auth = hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", counter)
        signature = (key or self.key).sign(auth + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256())) \
            if sign else b"\x30\x06\x02\x01\x01\x02\x01\x01"
        uh = self.user_handle if user_handle == "own" else user_handle
        resp = {"clientDataJSON": b64u(client_data), "authenticatorData": b64u(auth), "signature": b64u(signature)}
        if uh is not None:
            resp["userHandle"] = b64u(uh)
        return {"id": b64u(self.cred_id), "rawId": b64u(self.cred_id), "type": "public-key",
                "clientExtensionResults": {}, "authenticatorAttachment": "platform", "response": resp}


class Client:
    """HTTP with a cookie jar; any header (Host among them) may be set."""

    def __init__(self, host=HOST, port=PORT, token=None, host_header=None, source=None):
        self.host, self.port, self.token, self.host_header = host, port, token, host_header
        self.source = source  # e.g. '127.0.0.7': each loopback address is its own client to the throttle
        self.cookies = {}

    def req(self, method, path, body=None, headers=None, raw=False):
        h = {"Accept": "application/json"}
        if body is not None and not raw:
            h["Content-Type"] = "application/json"
        if self.token:
            h["Authorization"] = "Bearer " + self.token
        if self.host_header:
            h["Host"] = self.host_header
        if self.cookies:
            h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        h.update(headers or {})
        h = {k: v for k, v in h.items() if v is not None}
        data = body if raw or body is None else json.dumps(body)
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60,
                                          source_address=(self.source, 0) if self.source else None)
        conn.request(method, path, body=data, headers=h)
        r = conn.getresponse()
        text = r.read().decode("utf-8", "replace")
        for k, v in r.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                val = rest.split(";")[0]
                if "Max-Age=0" in v or val == "":
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = val
        conn.close()
        try:
            js = json.loads(text)
        except ValueError:
            js = None
        return r.status, js, text, dict(r.getheaders())

    # ---- flows ----
    def token_sign_in(self, user="admin", password="123qwe", tenancy=None):
        s, js, t, _ = self.req("POST", "/api/TokenAuth/Authenticate",
                               {"tenancyName": tenancy, "userNameOrEmailAddress": user, "password": password})
        assert s == 200 and js["success"], (s, t)
        self.token = js["result"]["accessToken"]
        return js

    def cookie_sign_in(self, user="admin", password="123qwe", tenancy=None, path="/ui/login"):
        s, js, t, _ = self.req("POST", path,
                               {"tenancyName": tenancy, "userNameOrEmailAddress": user, "password": password})
        return s, js, t

    def reg_options(self):
        s, js, t, _ = self.req("POST", "/api/Passkey/RegistrationOptions", {})
        assert s == 200, (s, t)
        return js["result"]

    def register(self, auth, origin, password="123qwe", label="k", **kw):
        opts = self.reg_options()
        cred = auth.create(opts, origin, **kw)
        return self.req("POST", "/api/Passkey/Register", {"password": password, "label": label, "credential": cred})

    def sign_in_options(self, headers=None):
        s, js, t, _ = self.req("POST", "/api/Passkey/SignInOptions", {}, headers=headers)
        assert s == 200, (s, t)
        return js["result"]

    def passkey_token(self, cred, headers=None):
        return self.req("POST", "/api/TokenAuth/PasskeyAuthenticate", cred, headers=headers)

    def passkey_cookie(self, cred, headers=None, path="/ui/login/Passkey"):
        return self.req("POST", path, cred, headers=headers)

    def users_query(self):
        return self.req("POST", "/graphql", {"query": "{ users { totalCount items { userName } } }"})
