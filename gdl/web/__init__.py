"""The local web board (`gdl serve`): a JSON API under /api and a static page that uses it.

`documents` turns compiled games and states into JSON values, `library` says which
games may be loaded and caches them, `api` answers the requests (`joint` a simultaneous
turn's parts, `turns` the dice the server rolls and the parts it seals) and `app` puts them
on Starlette, behind `guard` (the Host, Origin and content type a request must have);
`connections` is uvicorn's connection with a deadline on each request's arrival. Only
`app` and `connections` need the optional `web` extra (Starlette and uvicorn).
"""
