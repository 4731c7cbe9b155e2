"""uvicorn's h11 connection, with a deadline on each request's arrival and a bound on the
connections waiting for one (slowloris).

uvicorn has no header timeout: `timeout_keep_alive` runs only between requests and is
cancelled by the first byte of the next one, so a client that sends half a request line
holds its connection for ever, and `limit_concurrency` counts such connections: with 64
of them every new request got 503. Here a connection waiting for a request (its first,
or the next one after a response) must have received the whole request, head and body,
within `seconds`, or it is closed; and when more than `most_waiting` connections are
waiting, the one waiting longest is closed, so a crowd of slow clients cannot keep a
new one out. A request being answered (an AI move thinking) has no deadline.

Only `gdl serve` imports this module (it needs uvicorn, the `web` extra).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_SECONDS = 5.0   # to receive one whole request, from the connection or the last answer
MOST_WAITING = 128      # connections waiting for a request; past it the oldest is closed
WAITING_STATES = (h11.IDLE, h11.SEND_BODY)   # the client's side: nothing yet, or sending


def deadline_protocol(seconds: float = REQUEST_SECONDS,
                      most_waiting: int = MOST_WAITING) -> type[H11Protocol]:
    """An H11Protocol subclass for uvicorn's `http=` setting, with its own table of waiting
    connections (one per server)."""
    waiting: OrderedDict[H11Protocol, asyncio.TimerHandle] = OrderedDict()

    class DeadlineProtocol(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._wait()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._wait()

        def on_response_complete(self) -> None:
            super().on_response_complete()   # may start the next, pipelined, request
            self._wait()

        def connection_lost(self, exc: Exception | None) -> None:
            self._done_waiting()
            super().connection_lost(exc)

        def _wait(self) -> None:
            """Start (or keep) the deadline while the client owes a request; stop it when
            the request is in or the connection is closing."""
            if self.transport.is_closing() or self.conn.their_state not in WAITING_STATES:
                self._done_waiting()
            elif self not in waiting:
                waiting[self] = self.loop.call_later(seconds, self._expire)
                while len(waiting) > most_waiting:
                    oldest, timer = waiting.popitem(last=False)
                    timer.cancel()
                    _close(oldest)

        def _done_waiting(self) -> None:
            timer = waiting.pop(self, None)
            if timer is not None:
                timer.cancel()

        def _expire(self) -> None:
            self._done_waiting()
            _close(self)

    return DeadlineProtocol


def _close(protocol: H11Protocol) -> None:
    """Close a connection that owes a request: nothing is answered (there is no request to
    answer), as uvicorn closes an idle keep-alive connection."""
    if not protocol.transport.is_closing():
        protocol.transport.close()
