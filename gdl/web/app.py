"""The Starlette application: the JSON API under /api and the page under /.

Requests are bounded before they are read (MAX_BODY bytes); the slow handlers (the AI,
the solvers) run in a worker thread, one at a time, so the page and the other requests
stay answered while one thinks. Errors come back as JSON with a status: 400 a bad
request, 404 an unknown game, 413 a body too large, 422 a rules or move error; `guard`
refuses, before any route, a foreign Host (400), a foreign Origin (403) and a body that is
not JSON (415).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Collection
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from gdl.errors import GdlError, OptionError, UnknownGame
from gdl.web import api, joint, turns
from gdl.web.guard import Guard
from gdl.web.library import Library

MAX_BODY = 512 * 1024   # bytes of one request's body


ROUTES = {**api.ROUTES, **joint.ROUTES}   # every POST handler, by its path's last name


class TooLarge(GdlError):
    """A request body past MAX_BODY (HTTP 413)."""


def _status(err: BaseException) -> int:
    if isinstance(err, TooLarge):
        return 413
    if isinstance(err, (api.BadRequest, turns.TurnError, OptionError)):
        return 400
    if isinstance(err, UnknownGame):
        return 404
    return 422


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read no further than MAX_BODY bytes."""
    if request.method == "GET":
        return {}
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise TooLarge(f"a request body of at most {MAX_BODY:,} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TooLarge(f"a request body of at most {MAX_BODY:,} bytes")
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks) or b"{}")
    except (ValueError, UnicodeDecodeError):
        raise api.BadRequest("the request body is not JSON") from None
    if not isinstance(body, dict):
        raise api.BadRequest("the request body must be a JSON object")
    return body


def create_app(library: Library | None = None, default_game: str | None = None,
               hosts: Collection[str] | None = None) -> Starlette:
    """The application serving `library` (default: the bundled games only); the page opens
    `default_game` first when given. `hosts` are the Host headers it answers
    (guard.served_hosts); None answers any, as a test client needs."""
    library = library or Library()
    slow = asyncio.Semaphore(1)   # one AI move or solve at a time: two cores, shared

    def endpoint(name: str) -> Any:
        handler = ROUTES[name]

        async def answer(request: Request) -> Response:
            try:
                body = await _body(request)
                if name in api.SLOW:
                    async with slow:
                        result = await run_in_threadpool(handler, body, library)
                else:
                    result = await run_in_threadpool(handler, body, library)
            except (GdlError, RecursionError) as err:
                return JSONResponse(api.error_document(err), status_code=_status(err))
            except ClientDisconnect:   # gone mid-body (the server's request timeout)
                return Response(status_code=400)
            return JSONResponse(result)
        return answer

    async def settings(request: Request) -> Response:
        return JSONResponse({"default_game": default_game, "max_seconds": api.MAX_SECONDS,
                             "default_seconds": api.DEFAULT_SECONDS})

    async def source(request: Request) -> Response:
        try:
            text = library.text(request.query_params.get("game", ""))
        except GdlError as err:
            return JSONResponse(api.error_document(err), status_code=_status(err))
        return PlainTextResponse(text)

    routes: list[Route | Mount] = [Route("/api/settings", settings, methods=["GET"]),
              Route("/api/source", source, methods=["GET"]),
              Route("/api/games", endpoint("games"), methods=["GET"])]
    routes += [Route(f"/api/{name}", endpoint(name), methods=["POST"])
               for name in ROUTES if name != "games"]
    static = str(resources.files("gdl.web") / "static")
    routes.append(Mount("/", StaticFiles(directory=static, html=True)))
    return Starlette(routes=routes, middleware=[Middleware(Guard, hosts=hosts)])
