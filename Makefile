# The README's two commands live here. Both create (or reuse) .venv with the interpreter in PYTHON.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test bench lint clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,web]'
	touch $@

demo: $(BIN)/.installed
	$(BIN)/python -m gdl.demo

test: $(BIN)/.installed
	$(BIN)/python -m pytest

# ruff (the rule set in pyproject.toml) and mypy (configured there too) over the code.
$(BIN)/.lint-installed: $(BIN)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test,web,lint]'
	touch $@

lint: $(BIN)/.lint-installed
	$(BIN)/ruff check gdl tests bench tools
	$(BIN)/mypy

bench: $(BIN)/.installed
	for b in bench/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
