"""Which requests reach the API at all: the Host, the Origin and the content type.

A page on another site can make a browser send requests to this server: a form or a
`text/plain` fetch needs no CORS preflight, and a DNS-rebinding page even reads the
answers, its own name now pointing at this machine. So, before any route:

- the Host header must name this server (`served_hosts`): else 400, which stops DNS
  rebinding, whose requests carry the attacker's name;
- an Origin header, when sent, must be this server's own (scheme http or https, the same
  host and port as the Host header): else 403;
- a request with a body (any method but GET, HEAD, OPTIONS) must be `application/json`:
  else 415, so no preflight-free "simple request" can run a handler.

Refusals are JSON, as the API's other errors: `{"error": ..., "type": ...}`. This module
is plain ASGI (no Starlette), so `gdl serve` computes the hosts before importing the extra.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, Collection, Iterable
from typing import Any

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
WILDCARDS = ("0.0.0.0", "::", "")   # bind addresses that listen on every interface
BODILESS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON_TYPE = "application/json"


# --------------------------------------------------------------------------- host names

def host_name(address: str) -> str:
    """An address as a Host header writes it: an IPv6 literal in brackets, names in
    lower case.

    >>> host_name("::1"), host_name("LocalHost")
    ('[::1]', 'localhost')
    """
    address = address.strip().lower()
    try:
        if ipaddress.ip_address(address).version == 6:
            return f"[{address}]"
    except ValueError:
        pass
    return address


def is_loopback(address: str) -> bool:
    """Whether `address` (a name or an IP literal) is this machine only."""
    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def _with_port(name: str, port: int) -> set[str]:
    """The Host header values that name `name` on `port`: `name:port`, and the bare name
    on port 80 (a browser omits the default port). A name given with a port is kept."""
    name = host_name(name)
    if name.rsplit("]", 1)[-1].count(":") == 1:   # already `name:port` or `[v6]:port`
        return {name}
    return {f"{name}:{port}"} | ({name} if port == 80 else set())


def served_hosts(bind: str, port: int, allowed: Iterable[str] = ()) -> frozenset[str]:
    """The Host header values a server bound to `bind`:`port` accepts: the bound address
    (0.0.0.0 too: a page there is this server's own), the loopback names when it listens
    on loopback (or on every interface, which includes it), and the names in `allowed`
    (`--allow-host`), each with the port.

    >>> sorted(served_hosts("127.0.0.1", 8765))
    ['127.0.0.1:8765', '[::1]:8765', 'localhost:8765']
    >>> sorted(served_hosts("192.168.1.5", 8000, ["board.lan"]))
    ['192.168.1.5:8000', 'board.lan:8000']
    """
    names = {*allowed, bind} if bind else set(allowed)
    if bind in WILDCARDS or is_loopback(bind):
        names.update(LOOPBACK_NAMES)
    return frozenset(h for name in names for h in _with_port(name, port))


# --------------------------------------------------------------------------- the middleware

def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def _origin_matches(origin: str, host: str) -> bool:
    """Whether an Origin header is this server's own: http(s) and the Host's name:port."""
    scheme, sep, netloc = origin.strip().lower().partition("://")
    return bool(sep) and scheme in ("http", "https") and netloc == host


def refusal(scope: Scope, hosts: Collection[str] | None) -> tuple[int, str, str] | None:
    """(status, error type, message) refusing this request, or None to serve it."""
    host = (_header(scope, b"host") or "").strip().lower()
    if hosts is not None and host not in hosts:
        return 400, "BadHost", "this server does not answer to that Host name"
    origin = _header(scope, b"origin")
    if origin is not None and not _origin_matches(origin, host):
        return 403, "ForeignOrigin", "requests from another site's page are refused"
    if scope["method"] not in BODILESS:
        media = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if media != JSON_TYPE:
            return 415, "UnsupportedMediaType", f"a request body must be {JSON_TYPE}"
    return None


async def _refuse(send: Send, status: int, kind: str, message: str) -> None:
    body = json.dumps({"error": message, "type": kind}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: `refusal` before `app`. `hosts` None accepts any Host (a test
    client, an embedding behind a proxy of one's own); `gdl serve` always passes them."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] | None) -> None:
        self.app = app
        self.hosts = None if hosts is None else frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            refused = refusal(scope, self.hosts)
            if refused is not None:
                await _refuse(send, *refused)
                return
        await self.app(scope, receive, send)
