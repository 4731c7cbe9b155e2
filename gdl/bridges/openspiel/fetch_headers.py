"""`python -m gdl.bridges.openspiel.fetch_headers`: fetch OpenSpiel's headers into gdl's cache
(or $OPEN_SPIEL_SRC), for the C++ OpenSpiel game (see cpp_build). Needs git and the network."""

from gdl.bridges.openspiel.cpp_build import fetch_headers

if __name__ == "__main__":
    raise SystemExit(fetch_headers())
