#!/bin/sh
# Fetches the headers bench/openspiel_cpp.py builds OpenSpiel's C++ loop against: OpenSpiel's
# source at the installed wheel's release, with the abseil-cpp release its install.sh pins
# and nlohmann/json, laid out as install.sh lays them. Then:
#     OPEN_SPIEL_SRC=DIR python bench/openspiel_cpp.py
set -e
DIR=${1:-$HOME/.cache/gdl/openspiel-src}
VERSION=$(python -c "from importlib.metadata import version; print(version('open_spiel'))")
ABSL=${OPEN_SPIEL_ABSL_VERSION:-20250814.1}
mkdir -p "$DIR"
cd "$DIR"
[ -d open_spiel/.git ] || git clone -q --depth 1 -b "v$VERSION" https://github.com/google-deepmind/open_spiel.git src
[ -d src ] && cp -r src/open_spiel . && rm -rf src
[ -d open_spiel/abseil-cpp ] || git clone -q --depth 1 -b "$ABSL" https://github.com/abseil/abseil-cpp.git open_spiel/abseil-cpp
[ -d open_spiel/json ] || git clone -q --depth 1 https://github.com/nlohmann/json.git open_spiel/json
echo "OPEN_SPIEL_SRC=$DIR"
