"""The web board against another site's page, a DNS-rebinding name, slow clients and
curious error answers (issue 34, item 3), each through a real `gdl serve` on 127.0.0.1
(conftest.py). Times are bounds a loaded machine keeps, never speeds."""

from __future__ import annotations

import http.client
import json
import socket
import time
from urllib.parse import urlsplit

import pytest

from gdl.web.guard import served_hosts
from tests.web.conftest import ROOT, serving

BOUND = 30.0   # seconds: generous, against the server's 5 s deadline on a loaded machine
CHECK = json.dumps({"text": 'game "x"\nplayers X O\nboard 3 x 3\nmove: place on empty\n'
                            'end: draw if full\n'})


def request(url: str, method: str, path: str, body: str | None = None,
            **headers: str) -> tuple[int, str]:
    """(status, text) of one request; `headers` with `_` for `-` (Host replaces the URL's)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=BOUND)
    try:
        conn.request(method, path, body=body,
                     headers={k.replace("_", "-"): v for k, v in headers.items()})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def netloc(url: str) -> str:
    return urlsplit(url).netloc


# --------------------------------------------------------------------------- cross-site posts

def test_a_cross_origin_text_plain_post_is_refused(server):
    status, text = request(server, "POST", "/api/check", CHECK, Content_Type="text/plain",
                           Origin="http://evil.example")
    assert status == 403 and json.loads(text)["type"] == "ForeignOrigin"


def test_a_text_plain_post_is_refused_even_without_an_origin(server):
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        status, text = request(server, "POST", "/api/solve", "{}", Content_Type=kind)
        assert status == 415, (kind, text)
        assert "application/json" in json.loads(text)["error"]


def test_a_json_post_from_another_origin_is_refused(server):
    status, _ = request(server, "POST", "/api/check", CHECK,
                        Content_Type="application/json", Origin="http://evil.example")
    assert status == 403
    status, _ = request(server, "POST", "/api/check", CHECK, Content_Type="application/json",
                        Origin=f"http://{netloc(server)}.evil.example")
    assert status == 403


def test_a_same_origin_json_post_is_answered(server):
    status, text = request(server, "POST", "/api/check", CHECK,
                           Content_Type="application/json; charset=utf-8",
                           Origin=f"http://{netloc(server)}")
    assert status == 200 and json.loads(text)["ok"] is True


# --------------------------------------------------------------------------- Host names

def test_a_foreign_host_is_refused(server):
    port = urlsplit(server).port
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1:1", f"10.0.0.1:{port}"):
        status, text = request(server, "GET", "/api/source?game=connect4", Host=host)
        assert status == 400, host
        assert "game" not in text and json.loads(text)["type"] == "BadHost"


def test_the_served_host_names_are_answered(server):
    port = urlsplit(server).port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}"):
        status, text = request(server, "GET", "/api/source?game=connect4", Host=host)
        assert status == 200 and text.startswith("game"), host


def test_the_hosts_follow_the_bound_address_and_allow_host():
    assert served_hosts("127.0.0.1", 8765) == {"127.0.0.1:8765", "localhost:8765",
                                               "[::1]:8765"}
    assert served_hosts("::1", 80) >= {"[::1]:80", "[::1]", "localhost"}
    assert served_hosts("192.168.1.5", 8000) == {"192.168.1.5:8000"}
    everywhere = served_hosts("0.0.0.0", 8000, ["board.lan", "proxy.example:443"])
    assert everywhere == {"board.lan:8000", "proxy.example:443", "0.0.0.0:8000",
                          "localhost:8000", "127.0.0.1:8000", "[::1]:8000"}


# --------------------------------------------------------------------------- slow clients

def slow_client(url: str) -> socket.socket:
    """A connection that sends half a request head and then nothing."""
    sock = socket.create_connection((urlsplit(url).hostname, urlsplit(url).port), timeout=BOUND)
    sock.sendall(f"GET /api/settings HTTP/1.1\r\nHost: {netloc(url)}\r\nX-Slow: ".encode())
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closes `sock` within BOUND seconds (it never answers it)."""
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.mark.slow
def test_a_slow_header_client_is_dropped_while_others_are_served(server):
    sock = slow_client(server)
    try:
        status, _ = request(server, "GET", "/api/settings")
        assert status == 200
        started = time.monotonic()
        assert closed_by_server(sock), f"still open after {BOUND} s"
        print(f"\nslow client dropped after {time.monotonic() - started:.1f} s")
    finally:
        sock.close()


@pytest.mark.slow
def test_a_client_that_stops_in_its_body_is_dropped(server):
    parts = urlsplit(server)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=BOUND)
    try:
        sock.sendall(f"POST /api/check HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode())
        answer = b""
        while chunk := sock.recv(1024):   # no answer, or a 400 ending the connection
            answer += chunk
        assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer
        assert request(server, "GET", "/api/settings")[0] == 200
    except TimeoutError:
        pytest.fail(f"still open after {BOUND} s")
    finally:
        sock.close()


def test_many_slow_clients_do_not_shut_out_a_new_one(server):
    socks = [slow_client(server) for _ in range(200)]
    try:
        status, text = request(server, "GET", "/api/settings")
        assert status == 200, text
    finally:
        for sock in socks:
            sock.close()


# --------------------------------------------------------------------------- error answers

BROKEN = 'game "Broken"\nplayers X O\nboard 3 x 3\nmove: place on nowhere\n'


@pytest.fixture(scope="module")
def broken_server(tmp_path_factory):
    """A `gdl serve` given a broken rules file by its absolute path."""
    folder = tmp_path_factory.mktemp("secret-folder")
    rules = folder / "broken.gdl"
    rules.write_text(BROKEN, encoding="utf-8")
    with serving(folder, "--file", str(rules)) as url:
        yield url, str(rules)


def assert_no_path(text: str) -> None:
    assert str(ROOT) not in text and "secret-folder" not in text and "/" not in text, text


@pytest.mark.slow
def test_error_answers_name_no_server_path(broken_server):
    url, rules = broken_server
    post = {"Content_Type": "application/json"}
    cases = [("POST", "/api/load", {"game": rules}, 422),   # a --file's rules error
             ("POST", "/api/load", {"game": "connect4", "options": {"width": 99}}, 422),
             ("POST", "/api/load", {"game": "/etc/missing.gdl"}, 404),
             ("POST", "/api/check", {"text": "game", "filename": "/srv/x/mine.gdl"}, 200),
             ("GET", f"/api/source?game={ROOT}/gdl/games/line/none.gdl", None, 404)]
    for method, path, body, expected in cases:
        status, text = request(url, method, path, body and json.dumps(body),
                               **(post if body else {}))
        assert status == expected, (path, body, text)
        assert_no_path(text)
    status, text = request(url, "POST", "/api/load", json.dumps({"game": rules}), **post)
    assert json.loads(text)["error"].startswith("broken.gdl:4:16: unknown name 'nowhere'")
