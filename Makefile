# All set-up happens here: a fresh machine needs only python3 (with venv).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# (wheel-check: scripts/wheel_check.sh, the wheel installed and run outside the checkout)
.PHONY: docs docs-build wheel-check run demo test check bench bench-compare soak ladder train lint typecheck system-deps clean

# Debian packages the project uses beyond Python: Chromium for the browser tests, Pango and
# fonts for the PDF cards (WeasyPrint), tmux and poppler-utils for the terminal and PDF
# tests, PostgreSQL for the web table's storage and scale-out tests. Installed with apt-get when
# missing and we are root; otherwise those tests skip.
SYSTEM_PACKAGES := chromium libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 \
	fonts-liberation fonts-dejavu-core tmux poppler-utils postgresql

# torch for the training tests (issue 49: `skirmish train`; playing needs none): the CPU
# build, a 190 MB wheel this project's machines hold (the package index's newer builds bring
# 3 GB of CUDA libraries the tests do not use). On a machine with a GPU, install torch as
# pytorch.org says and `make train` uses it.
TORCH_CPU ?= torch==2.13.*

# (the distribution was named skirmish before issue 48: an old venv's copy is removed first,
# or both would provide the package and its games)
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip uninstall --quiet --yes skirmish 2>/dev/null || true
	$(PY) -m pip install --quiet '$(TORCH_CPU)'
	$(PY) -m pip install --quiet -e '.[dev,rl,ray,docs]'
	touch $(STAMP)

# The web table (docs/web.md): prints its URL, serves until Ctrl-C.
run: $(STAMP)
	$(VENV)/bin/skirmish serve

# A whole Eden match between two heuristic bots, narrated.
demo: $(STAMP)
	$(VENV)/bin/skirmish demo

# The documentation site (mkdocs.yml): `make docs` serves it on http://127.0.0.1:8001/ and
# rebuilds it as files change; `make docs-build` builds it with --strict into site/ (every
# warning an error: a broken link between pages, a missing heading) and checks every link
# and anchor of the built pages offline (scripts/check_links.py). CI runs docs-build.
docs: $(STAMP)
	$(VENV)/bin/mkdocs serve

docs-build: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet
	$(PY) scripts/check_links.py site

# The wheel users get: built, installed into a fresh venv outside the checkout, run there
# (docs/release.md). A few minutes; CI runs it after make test.
wheel-check: $(STAMP)
	scripts/wheel_check.sh $(PY)

# ruff, and the architecture's import contracts (pyproject.toml, docs/architecture.md).
lint: $(STAMP)
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The browser tests (marked browser: Playwright driving Debian's Chromium, one server and
# one browser for all of them) run after the others, in one process. Browsers cannot be
# downloaded: a missing /usr/bin/chromium is installed with apt-get when we are root, else
# the browser tests are skipped - loudly. CI (.ci/run) always installs it first.
system-deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "make: installing Debian packages:$$missing"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; } \
	      || echo "make: apt-get could not install$$missing" >&2; \
	  else \
	    echo "make: missing Debian packages (apt-get install$$missing)" >&2; \
	  fi; \
	fi

# The whole suite, as CI runs it (about 12 minutes on a 2-core machine). The browser tests
# (marked browser: Playwright driving Debian's Chromium, one server and one browser for
# all of them) run after the others, in one process; without /usr/bin/chromium they are
# skipped - loudly.
test: $(STAMP) system-deps lint typecheck
	$(VENV)/bin/pytest -n auto -m "not browser"
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "" >&2; \
	  echo "################################################################################" >&2; \
	  echo "#  WARNING: no /usr/bin/chromium - THE BROWSER TESTS ARE SKIPPED.               #" >&2; \
	  echo "#  Install Debian's package as root: apt-get install chromium                  #" >&2; \
	  echo "################################################################################" >&2; \
	  echo "" >&2; \
	fi
	$(VENV)/bin/pytest -p no:xdist -m browser

# The edit loop (about 2 minutes): lint, types and the fast tests (no slow, no browser).
check: $(STAMP) lint typecheck
	$(VENV)/bin/pytest -n auto -q -m "not slow and not browser" -x

# The speed record (bench/run.py); its last suite runs the baseline commit of issue 43 side by
# side with this tree (several minutes; SKIRMISH_BENCH_BASELINE=none skips it).
bench: $(STAMP)
	$(PY) -m bench.run

# Issue 43's comparison alone: the baseline commit (0633749, checked out in a temporary git
# worktree, removed afterwards) and this tree run the same workloads side by side, each
# figure a same-run ratio (about 5 minutes; writes out/side_by_side.json). E.g.
# make bench-compare COMPARE_ARGS="--rounds 1 --only eden_random,render"
COMPARE_ARGS ?=
bench-compare: $(STAMP)
	$(PY) -m bench.side_by_side $(COMPARE_ARGS)

# Not in CI: 100,000 random matches and 200 heuristic matches per faction pairing (both
# seats), and 1,000 random Mass Effect: Annihilation matches (every record re-played), every
# invariant checked after every action (summaries in out/).
SOAK_MATCHES ?= 100000
soak: $(STAMP)
	mkdir -p out
	$(VENV)/bin/skirmish soak --matches $(SOAK_MATCHES) --agents random,random --pairings all \
		--record-every 100 --json out/soak-random.json
	$(VENV)/bin/skirmish soak --matches 3200 --agents heuristic,heuristic \
		--record-every 10 --json out/soak-heuristic.json
	$(VENV)/bin/skirmish soak --game masseffect --matches 1000 --agents random,random \
		--record-every 1 --json out/soak-masseffect.json
	# Eden's optional rules (issue 15): each alone, 1,000 matches, then 300 with all three;
	# every record re-played.
	$(VENV)/bin/skirmish soak --matches 1000 --rules climate:roll --record-every 1 \
		--json out/soak-climate.json
	$(VENV)/bin/skirmish soak --matches 1000 --rules territory --record-every 1 \
		--json out/soak-territory.json
	$(VENV)/bin/skirmish soak --matches 1000 --rules infestation:random --record-every 1 \
		--json out/soak-infestation.json
	$(VENV)/bin/skirmish soak --matches 300 --rules territory,infestation:random,climate:roll \
		--record-every 1 --json out/soak-optional-all.json
	# House rules (issue 47): 1,000 matches per game, each playing a random reading of every
	# option of the game (drawn from the match's seed; the records' headers name them), every
	# record re-played.
	$(VENV)/bin/skirmish soak --matches 1000 --pairings all --house-rules random \
		--record-every 1 --json out/soak-house-rules-eden.json
	$(VENV)/bin/skirmish soak --game masseffect --matches 1000 --house-rules random \
		--record-every 1 --json out/soak-house-rules-masseffect.json
	# Memory flat (issue 46): 2,000 Eden, then 1,000 ME:A matches, in one process each; the RSS
	# may not grow more than 5 % over the last half (start, middle, end in the JSON). ME:A
	# plays 1,000: over 300 its bounded caches are still filling in the last half (+6 %).
	$(VENV)/bin/skirmish soak --matches 2000 --pairings all --max-rss-growth 5 \
		--json out/soak-memory-eden.json
	$(VENV)/bin/skirmish soak --game masseffect --matches 1000 --max-rss-growth 5 \
		--json out/soak-memory-masseffect.json
	# Both games in one process, as a server hosting both plays them (issue 46: 2,000 Eden and
	# 300 ME:A matches, interleaved; RSS +3.0 % over the last half).
	$(VENV)/bin/skirmish soak --matches 2000 --pairings all --with masseffect:300 \
		--max-rss-growth 5 --json out/soak-memory-mixed.json

# Not in CI: the bot strength ladder (docs/explanation/ladder.md): a round robin,
# Bradley-Terry ratings with 95% intervals; each run is appended to out/ladder-history.jsonl
# (skirmish ladder --show-history). E.g. make ladder LADDER_AGENTS=random,heuristic,mcts:easy
LADDER_AGENTS ?= random,heuristic
LADDER_GAMES ?= 40
# The learned evaluation of issue 49 (docs/bots.md, "The learned evaluation"): self-play of
# each game by the normal search, a model trained on it (generation 1), then self-play by
# the search with that model in its leaf and a model trained on both (generation 2), each
# written into the game's bots/models/value.npz with its training command, data hash and
# metrics. Seeded; resumable (the self-play folders under out/learn); about an hour a game
# and generation with the defaults on the project's 2-core machine (TRAIN_GAMES matches).
TRAIN_GAMES ?= 200
TRAIN_WORKERS ?= 2
train: $(STAMP)
	scripts/train.sh $(VENV)/bin/skirmish $(TRAIN_GAMES) $(TRAIN_WORKERS)

ladder: $(STAMP)
	$(VENV)/bin/skirmish ladder --agents $(LADDER_AGENTS) --games $(LADDER_GAMES) \
		--json out/ladder.json --png out/ladder.png

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache site
