# All set-up happens here: a fresh machine needs only python3 (with venv).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test bench lint typecheck clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/skirmish demo

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench

typecheck: $(STAMP)
	$(VENV)/bin/mypy

test: $(STAMP) lint typecheck
	$(VENV)/bin/pytest -n auto

bench: $(STAMP)
	$(PY) -m bench.run

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
