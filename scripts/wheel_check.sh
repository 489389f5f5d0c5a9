#!/usr/bin/env bash
# The wheel is what users get (issue 48, docs/release.md): build the sdist and the wheel
# (python -m build), install the wheel alone into a fresh virtual environment in a temporary
# folder outside the checkout, and run it there: --version, a demo and replay --verify of its
# record, a card listing of both games, and the web table served and probed over HTTP (its
# templates and static files come from the wheel). Also builds an sdist from `git archive`
# (no .git): its version must be the fallback, which `skirmish --version` then prints; and one
# from a clone without tags: it counts from the fallback. A few minutes; run by .ci/run after make test.
#   scripts/wheel_check.sh [PYTHON]     (default: .venv/bin/python, which has `build`)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${1:-$ROOT/.venv/bin/python}
FALLBACK=$("$PY" -c 'import tomllib; print(tomllib.load(open("pyproject.toml","rb"))["tool"]["setuptools_scm"]["fallback_version"])')
WORK=$(mktemp -d /tmp/skirmish-wheel-check.XXXXXX)
SERVER=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
say() { echo "wheel-check: $*"; }
fail() { echo "wheel-check: FAILED: $*" >&2; exit 1; }
start=$(date +%s)

say "building the sdist and the wheel"
"$PY" -m build --outdir "$WORK/dist" . >"$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; fail "python -m build"; }
wheel=$(ls "$WORK"/dist/skirmish_tabletop-*.whl)
ls "$WORK"/dist/skirmish_tabletop-*.tar.gz >/dev/null || fail "no sdist"
say "built $(basename "$wheel")"

say "a copy without git metadata gets the fallback version $FALLBACK"
mkdir "$WORK/nogit"
git archive HEAD | tar -x -C "$WORK/nogit"
"$PY" -m build --outdir "$WORK/nogit-dist" "$WORK/nogit" >"$WORK/nogit.log" 2>&1 || { tail -40 "$WORK/nogit.log"; fail "sdist without git"; }
ls "$WORK/nogit-dist/skirmish_tabletop-$FALLBACK.tar.gz" >/dev/null || fail "the sdist without git is $(ls "$WORK/nogit-dist"), not version $FALLBACK"
say "a git clone without tags gets ${FALLBACK%.dev0}.devN+g<hash>"
git clone --quiet --no-tags "$ROOT" "$WORK/notags"
"$PY" -m build --sdist --outdir "$WORK/notags-dist" "$WORK/notags" >"$WORK/notags.log" 2>&1 || { tail -40 "$WORK/notags.log"; fail "sdist of a clone without tags"; }
ls "$WORK/notags-dist/skirmish_tabletop-${FALLBACK%.dev0}.dev"*.tar.gz >/dev/null || fail "the sdist of a clone without tags is $(ls "$WORK/notags-dist"), not ${FALLBACK%.dev0}.devN"

say "installing the wheel into a fresh virtual environment outside the checkout"
"$PY" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet "$wheel" >"$WORK/pip.log" 2>&1 || { tail -40 "$WORK/pip.log"; fail "pip install the wheel"; }
cd "$WORK"   # nothing below may read the checkout
SK="$WORK/venv/bin/skirmish"
where=$("$WORK/venv/bin/python" -c 'import skirmish; print(skirmish.__file__)')
case "$where" in "$WORK"/venv/*) ;; *) fail "skirmish imported from $where, not the wheel";; esac

version=$("$SK" --version)
say "$version"
expected=$(basename "$wheel" | cut -d- -f2)
[ "$version" = "skirmish $expected" ] || fail "--version says '$version', the wheel is $expected"
[ "$("$WORK/venv/bin/python" -m skirmish --version)" = "$version" ] || fail "python -m skirmish --version"

say "demo (2 rounds) and replay --verify of its record"
"$SK" demo --seed 7 --rounds 2 --brief --record "$WORK/demo.jsonl" >"$WORK/demo.log" || { tail -20 "$WORK/demo.log"; fail "demo"; }
"$SK" replay --verify "$WORK/demo.jsonl" >"$WORK/replay.log" || { tail -20 "$WORK/replay.log"; fail "replay --verify"; }

say "card listings of both games"
for game in eden masseffect; do
  "$SK" cards --game "$game" list >"$WORK/cards-$game.log" || fail "cards --game $game list"
  [ "$(wc -l <"$WORK/cards-$game.log")" -gt 5 ] || fail "cards --game $game list printed almost nothing"
done

say "serve, probed over HTTP"
port=$("$WORK/venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$SK" serve --port "$port" --data "$WORK/data" >"$WORK/serve.log" 2>&1 &
SERVER=$!
probe() {  # URL, text expected in the body
  "$WORK/venv/bin/python" - "$1" "$2" <<'PYEOF'
import sys, time, urllib.request
url, text = sys.argv[1], sys.argv[2]
for _ in range(120):
    try:
        body = urllib.request.urlopen(url, timeout=5).read().decode()
    except OSError:
        time.sleep(0.5)
        continue
    sys.exit(0 if text in body else f"{url}: no {text!r} in the answer")
sys.exit(f"{url}: no answer")
PYEOF
}
probe "http://127.0.0.1:$port/" "<html" || { tail -20 "$WORK/serve.log"; fail "the lobby page"; }
probe "http://127.0.0.1:$port/static/style.css" "{" || { tail -20 "$WORK/serve.log"; fail "a static file"; }
say "the wheel built without git says the fallback version"
"$WORK/venv/bin/python" -m pip install --quiet --no-deps --force-reinstall \
  "$WORK/nogit-dist/skirmish_tabletop-$FALLBACK-py3-none-any.whl" >"$WORK/pip2.log" 2>&1 \
  || { tail -20 "$WORK/pip2.log"; fail "pip install the wheel built without git"; }
[ "$("$SK" --version)" = "skirmish $FALLBACK" ] || fail "--version of the wheel without git: $("$SK" --version)"
say "passed in $(( $(date +%s) - start )) s"
