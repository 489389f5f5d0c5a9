# All set-up happens here: a fresh machine needs only python3 (with venv).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test bench soak lint typecheck clean

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

# Not in CI: 100,000 random matches and 200 heuristic matches per faction pairing (both
# seats), every invariant checked after every action, records re-played (summaries in out/).
SOAK_MATCHES ?= 100000
soak: $(STAMP)
	mkdir -p out
	$(VENV)/bin/skirmish soak --matches $(SOAK_MATCHES) --agents random,random \
		--record-every 100 --json out/soak-random.json
	$(VENV)/bin/skirmish soak --matches 3200 --agents heuristic,heuristic \
		--record-every 10 --json out/soak-heuristic.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
