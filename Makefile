# All set-up happens here: a fresh machine needs only python3 (with venv).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run demo test bench soak lint typecheck clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The web table (docs/web.md): prints its URL, serves until Ctrl-C.
run: $(STAMP)
	$(VENV)/bin/skirmish serve

# A whole Eden match between two heuristic bots, narrated.
demo: $(STAMP)
	$(VENV)/bin/skirmish demo

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The browser tests (tests/web/browser: Playwright driving Debian's Chromium, one server and
# one browser for all of them) run after the others, in one process. Browsers cannot be
# downloaded: a missing /usr/bin/chromium is installed with apt-get when we are root, else
# the browser tests are skipped - loudly. CI (.ci/run) always installs it first.
test: $(STAMP) lint typecheck
	$(VENV)/bin/pytest -n auto -m "not browser"
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make test: installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	      || echo "make test: apt-get could not install chromium" >&2; \
	  fi; \
	fi; \
	if [ ! -x /usr/bin/chromium ]; then \
	  echo "" >&2; \
	  echo "################################################################################" >&2; \
	  echo "#  WARNING: no /usr/bin/chromium - THE BROWSER TESTS ARE SKIPPED.               #" >&2; \
	  echo "#  Install Debian's package as root: apt-get install chromium                  #" >&2; \
	  echo "################################################################################" >&2; \
	  echo "" >&2; \
	fi
	$(VENV)/bin/pytest -p no:xdist -m browser tests/web/browser

bench: $(STAMP)
	$(PY) -m bench.run

# Not in CI: 100,000 random matches and 200 heuristic matches per faction pairing (both
# seats), every invariant checked after every action, records re-played (summaries in out/).
SOAK_MATCHES ?= 100000
soak: $(STAMP)
	mkdir -p out
	$(VENV)/bin/skirmish soak --matches $(SOAK_MATCHES) --agents random,random --pairings all \
		--record-every 100 --json out/soak-random.json
	$(VENV)/bin/skirmish soak --matches 3200 --agents heuristic,heuristic \
		--record-every 10 --json out/soak-heuristic.json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
