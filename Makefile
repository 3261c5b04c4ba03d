# Every target bootstraps its own virtual environment in .venv, compiles the Double Back
# Jack analysis's numba kernels once into their on-disk cache and writes the manifest of
# croupier's critical files (src/croupier/identity_manifest.json: the commit and each
# file's sha256; `croupier identity` checks the installed files against it).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck check slow bench clean manifest

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/python -m croupier.analysis.simulation.double_back_jack --compile
	$(BIN)/python -m croupier.identity --write-manifest
	touch $(STAMP)

## The manifest again (after the sources changed in this checkout): commit and sha256s.
manifest: $(STAMP)
	$(BIN)/python -m croupier.identity --write-manifest

## The main job: the table server on embedded SQLite (croupier.sqlite here), with the
## browser tables at http://127.0.0.1:8000/play/ (one table per game on a new database).
## The manifest is written again first: the checkout's files are the build being run.
run: manifest
	$(BIN)/croupier serve

## Lint, format check, strict typing, then the test suite (one worker per CPU, each taking
## work from the others when its own runs out; the 25 slowest tests named at the end).
test: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy
	$(BIN)/pytest -m "not slow" -n auto --dist worksteal --durations=25

## Long statistical runs (engine simulation at scale).
slow: $(STAMP)
	$(BIN)/pytest -m slow

## Every benchmark in one run (evaluators, simulation, exact solvers, server load);
## writes the Benchmarks section of docs/performance.md.
bench: $(VENV)/.bench-installed
	$(BIN)/python -m benchmarks

$(VENV)/.bench-installed: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev,bench]'
	touch $@

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
