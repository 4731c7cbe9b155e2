"""The GGP player over HTTP: each POST's body is one message, the answer the reply's body.

The standard library's threaded HTTP server; a message that is too long, or a request
that is not a POST, gets an error answer and the server keeps serving.
"""

from __future__ import annotations

import logging
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from gdl.bridges.ggp.player import GgpPlayer

log = logging.getLogger("gdl.ggp")
MAX_BODY = 16 * 1024 * 1024   # bytes: a start message's rules are rarely above 100 KB


def _handler(player: GgpPlayer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _send(self, status: int, body: str) -> None:
            data = body.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "text/acl")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            try:
                length = int(self.headers.get("Content-Length", "0"))
            except ValueError:
                length = -1
            if not 0 <= length <= MAX_BODY:
                self.close_connection = True
                self._send(400, f'(error "a message of 0 to {MAX_BODY} bytes is expected")')
                return
            text = self.rfile.read(length).decode("utf-8", errors="replace")
            reply = player.handle(text)
            self._send(reply.status, reply.body)

        def do_GET(self) -> None:
            self._send(405, '(error "GGP messages are POSTed")')

        def log_message(self, format: str, *args: object) -> None:   # quiet by default
            pass

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        """A connection that broke (the manager gave up waiting): one line, no traceback."""
        error = sys.exc_info()[1]
        log.warning("a connection from %s failed: %s", client_address, error)


def make_server(player: GgpPlayer, host: str = "127.0.0.1", port: int = 0
                ) -> ThreadingHTTPServer:
    """A server for `player` bound to host:port (port 0: a free one; see server_port)."""
    return _Server((host, port), _handler(player))


def serve_in_thread(player: GgpPlayer, host: str = "127.0.0.1") -> ThreadingHTTPServer:
    """A server on a free port, serving from a daemon thread (tests; call shutdown())."""
    server = make_server(player, host)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True,
                     name="gdl-ggp-http").start()   # polled often: shutdown() is quick
    return server


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    name = host.decode() if isinstance(host, bytes) else host
    return f"http://{name}:{port}/"
