#!/bin/sh
# Fetches the headers the C++ OpenSpiel game (gdl/bridges/openspiel/spiel_game.cc) and
# bench/openspiel_cpp.py's loop build against: OpenSpiel's source at the installed wheel's
# release, with the abseil-cpp release its install.sh pins and nlohmann/json, laid out as
# install.sh lays them. `gdl openspiel --fetch-headers` runs it into gdl's cache
# (~/.cache/gdl/openspiel-src), where the bridge looks when OPEN_SPIEL_SRC is not set;
# so does `python -m gdl.bridges.openspiel.fetch_headers`.
#     sh get_headers.sh [DIR]
set -e
DIR=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/gdl/openspiel-src}
PYTHON=${PYTHON:-python3}
VERSION=${OPEN_SPIEL_VERSION:-$($PYTHON -c "from importlib.metadata import version; print(version('open_spiel'))")}
ABSL=${OPEN_SPIEL_ABSL_VERSION:-20250814.1}
mkdir -p "$DIR"
cd "$DIR"
if [ ! -f open_spiel/spiel.h ]; then
    rm -rf src
    git clone -q --depth 1 -b "v$VERSION" https://github.com/google-deepmind/open_spiel.git src
    rm -rf open_spiel && mv src/open_spiel . && rm -rf src
fi
[ -d open_spiel/abseil-cpp ] || git clone -q --depth 1 -b "$ABSL" https://github.com/abseil/abseil-cpp.git open_spiel/abseil-cpp
[ -d open_spiel/json ] || git clone -q --depth 1 https://github.com/nlohmann/json.git open_spiel/json
echo "OPEN_SPIEL_SRC=$DIR"
