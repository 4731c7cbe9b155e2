# The README's two commands live here. Both create (or reuse) .venv with the interpreter in PYTHON.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test test-fast bench lint clean weights

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,web]'
	touch $@

demo: $(BIN)/.installed
	$(BIN)/python -m gdl.cli.demo

# -n auto: one pytest worker per core (pytest-xdist); the tests share nothing but the C
# library cache, whose files are written whole and renamed into place.
test: $(BIN)/.installed
	$(BIN)/python -m pytest -n auto

# Everything but the long searches, the browser and the live replays against OpenSpiel and
# python-chess (the pytest markers slow, browser and peers, in pyproject.toml).
FAST := not slow and not browser and not peers
test-fast: $(BIN)/.installed
	$(BIN)/python -m pytest -n auto -m "$(FAST)"

# ruff (the rule set in pyproject.toml) and mypy (configured there too) over the code.
$(BIN)/.lint-installed: $(BIN)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test,web,lint]'
	touch $@

lint: $(BIN)/.lint-installed
	$(BIN)/ruff check gdl tests bench tools
	$(BIN)/mypy

bench: $(BIN)/.installed
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

# The bundled games' fitted weights (gdl/ai/weights/*.json): again after their rules change.
# GAME:GAMES, or GAME:GAMES:NODES for self-play searched in C at NODES nodes a move, then
# optionally :ENGINE_GAMES:ENGINE_SECONDS (the engine tournament) and :SEED (default 1).
WEIGHTS_GAMES := connect4:400 breakthrough:200 othello:150 hex:400:3000 clobber:200:2000:10:0.1 draughts:150 \
	go:200:2000:10:0.5:0 amazons:100:1000:10:0.5:0
# WORKERS: self-play processes (`make weights WORKERS=2`; the same fit with any number).
WORKERS ?= 1
weights: $(BIN)/.installed
	for g in $(WEIGHTS_GAMES); do \
	  set -- $$(echo $$g | tr : ' '); \
	  $(BIN)/python -m gdl train $$1 --games $$2 --seed $${6:-1} --workers $(WORKERS) \
	    $${3:+--backend native --nodes $$3} $${4:+--engine-games $$4} \
	    $${5:+--engine-seconds $$5} || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
