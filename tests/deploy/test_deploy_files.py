"""The deployment files (Dockerfile, compose.yaml, deploy/; docs/deploy.md) without a Docker
engine: none runs on our machines or in CI. These checks stand in for building the image and
starting the compose project: the Dockerfile's runtime stage is read as text, compose.yaml is
parsed, and the image's entrypoint (deploy/entrypoint.sh) really serves, run with bash outside
a container."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import fields
from pathlib import Path

import pytest
import yaml

from skirmish.web.settings import ENV_PREFIX, WebSettings

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "compose.yaml"
ENTRYPOINT = ROOT / "deploy" / "entrypoint.sh"
CADDYFILE = ROOT / "deploy" / "Caddyfile"

#: Read by the entrypoint rather than by the server's settings.
ENTRYPOINT_VARIABLES = {"SKIRMISH_DB", "SKIRMISH_FORWARDED_ALLOW_IPS", "SKIRMISH_DATA_DIR"}


# -- the Dockerfile ------------------------------------------------------------------------------
def _instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    lines: list[str] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    out = []
    for line in lines:
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def _stages() -> list[list[tuple[str, str]]]:
    stages: list[list[tuple[str, str]]] = []
    for word, rest in _instructions(DOCKERFILE.read_text()):
        if word == "FROM":
            stages.append([])
        if stages:
            stages[-1].append((word, rest))
    return stages


def _runtime() -> list[tuple[str, str]]:
    return _stages()[-1]


def test_multi_stage_with_pinned_bases() -> None:
    stages = _stages()
    assert len(stages) >= 2, "a build stage and a runtime stage"
    for stage in stages:
        image = stage[0][1].split()[0]
        _, _, tag = image.partition(":")
        assert tag and tag.split("@")[0] != "latest", f"{image}: pin a tag"
    assert _runtime()[0][1].split()[0].startswith("python:3.11-slim-bookworm")


def test_runtime_stage_runs_as_a_user_and_serves_port_8000() -> None:
    runtime = _runtime()
    users = [rest for word, rest in runtime if word == "USER"]
    assert users, "the runtime stage names a USER"
    assert users[-1].split(":")[0] not in ("root", "0"), "the last USER is not root"
    assert ("EXPOSE", "8000") in runtime
    assert any(word == "HEALTHCHECK" and "/healthz" in rest for word, rest in runtime)
    assert ("WORKDIR", "/data") in runtime
    # only the wheel is installed, with the postgres extra and no dev extra
    runs = " ".join(rest for word, rest in runtime if word == "RUN")
    assert "[postgres]" in runs and "[dev" not in runs


def test_entrypoint_is_the_script() -> None:
    runtime = _runtime()
    entry = [rest for word, rest in runtime if word == "ENTRYPOINT"]
    assert entry and "entrypoint.sh" in entry[-1]
    copies = [rest for word, rest in runtime if word == "COPY"]
    assert any("deploy/entrypoint.sh" in c for c in copies)


def test_every_copy_source_exists() -> None:
    for stage in _stages():
        for word, rest in stage:
            if word != "COPY":
                continue
            args = [a for a in rest.split() if not a.startswith("--")]
            if "--from=" in rest:
                continue  # from another stage
            *sources, _target = args
            assert sources, rest
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: not in the repository"


def test_dockerignore_keeps_what_copy_needs() -> None:
    ignore = (ROOT / ".dockerignore").read_text()
    for needed in ("pyproject.toml", "README.md", "src/", "deploy/entrypoint.sh"):
        assert f"!{needed}" in ignore


def test_postgres_extra_is_declared() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extra = project["optional-dependencies"].get("postgres", [])
    assert any(dep.startswith("psycopg") for dep in extra)


# -- compose.yaml ----------------------------------------------------------------------------
def _compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def test_compose_services() -> None:
    services = _compose()["services"]
    assert {"db", "table", "proxy"} <= set(services)
    for service in services.values():
        if "image" in service and "build" not in service:
            _, _, tag = service["image"].partition(":")
            assert tag and tag != "latest", f"{service['image']}: pin a tag"
    table = services["table"]
    assert table["deploy"]["replicas"] == 2
    assert table["build"]["dockerfile"] == "Dockerfile"
    assert table["depends_on"]["db"]["condition"] == "service_healthy"
    assert "healthcheck" in table
    db = services["db"]
    assert db["image"].startswith("postgres:16")
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    assert services["proxy"]["image"].startswith("caddy:2")
    assert any("deploy/Caddyfile" in v for v in services["proxy"]["volumes"])


def test_compose_sets_only_real_settings() -> None:
    real = {ENV_PREFIX + f.name.upper() for f in fields(WebSettings)} | ENTRYPOINT_VARIABLES
    rate = re.compile(r"SKIRMISH_(SOCKET|ADDRESS)_RATE_[A-Z]+$")
    env = _compose()["services"]["table"]["environment"]
    names = env if isinstance(env, list) else list(env)
    names = [n.split("=", 1)[0] for n in names]
    assert "SKIRMISH_DB" in names and "SKIRMISH_PUBLIC_ORIGINS" in names
    for name in names:
        if name.startswith(ENV_PREFIX):
            assert name in real or rate.match(name), f"{name}: no such setting"
    db_url = env["SKIRMISH_DB"] if isinstance(env, dict) else ""
    assert db_url.startswith("postgresql://skirmish:") and db_url.endswith("@db/skirmish")


def test_compose_public_origin_is_a_valid_origin() -> None:
    env = _compose()["services"]["table"]["environment"]
    origin = re.sub(r"\$\{(\w+):-([^}]*)\}", r"\2", env["SKIRMISH_PUBLIC_ORIGINS"])
    settings = WebSettings.from_env({"SKIRMISH_PUBLIC_ORIGINS": origin})
    assert all(o.startswith("https://") for o in settings.public_origins)


def test_caddyfile_proxies_every_replica() -> None:
    text = CADDYFILE.read_text()
    replicas = _compose()["services"]["table"]["deploy"]["replicas"]
    project = _compose()["name"]
    for n in range(1, replicas + 1):
        assert f"{project}-table-{n}:8000" in text
    assert "health_uri /readyz" in text and "lb_policy" in text


@pytest.mark.skipif(shutil.which("caddy") is None,
                    reason="caddy is not installed: deploy/Caddyfile is not parsed")
def test_caddyfile_parses() -> None:  # pragma: no cover - needs caddy
    done = subprocess.run(["caddy", "adapt", "--config", str(CADDYFILE), "--adapter",
                           "caddyfile"], capture_output=True, text=True, timeout=30,
                          check=False)
    assert done.returncode == 0, done.stderr


# -- the entrypoint, run outside a container -------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


def _until_200(url: str, proc: subprocess.Popen[bytes], deadline: float) -> None:
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the server stopped (exit {proc.returncode})"
        if _get(url) == 200:
            return
        time.sleep(0.1)
    pytest.fail(f"{url}: no 200 in time")


def _start(port: int, cwd: Path, **extra: str) -> subprocess.Popen[bytes]:
    """``bash deploy/entrypoint.sh`` as the image runs it, with the venv's ``bin`` on PATH,
    in a session of its own (a server that outlives the script is found and killed), its
    output in ``cwd/server-<port>.log``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(ENV_PREFIX)}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               PORT=str(port), SKIRMISH_PUBLIC_ORIGINS="https://table.example", **extra)
    with (cwd / f"server-{port}.log").open("wb") as log:
        return subprocess.Popen(["bash", str(ENTRYPOINT)], env=env, cwd=cwd, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)


def _survivors(proc: subprocess.Popen[bytes]) -> bool:
    """Whether any process of ``proc``'s session is still alive (then they are killed)."""
    try:
        os.killpg(proc.pid, 0)
    except ProcessLookupError:
        return False
    os.killpg(proc.pid, signal.SIGKILL)
    return True


def _health_commands(port: int) -> list[list[str]]:
    """The Dockerfile's HEALTHCHECK and compose's "table" healthcheck, as run in the image
    (``python`` is the venv's here), aimed at ``port``."""
    [docker] = [rest for word, rest in _runtime() if word == "HEALTHCHECK"]
    exec_form = json.loads(docker[docker.index("CMD") + 3:].strip())
    compose = _compose()["services"]["table"]["healthcheck"]["test"]
    assert compose[0] == "CMD", compose
    return [[sys.executable if a == "python" else a for a in command]
            for command in (exec_form, [a.replace(":8000/", f":{port}/")
                                        for a in compose[1:]])]


def _healthy(port: int) -> list[int]:
    """The exit statuses of the health commands against ``port``."""
    env = {**os.environ, "PORT": str(port)}
    return [subprocess.run(command, env=env, capture_output=True, timeout=20,
                           check=False).returncode for command in _health_commands(port)]


def _serve_then_stop(servers: list[tuple[int, subprocess.Popen[bytes]]],
                     logs: Path) -> list[str]:
    """Polls each server's /healthz then /readyz until 200 (30 s in all), runs the image's
    and compose's health commands, sends each SIGTERM and checks it exits within 10 s (and
    the health commands fail then); their outputs."""
    outputs = []
    try:
        deadline = time.monotonic() + 30
        for port, proc in servers:
            _until_200(f"http://127.0.0.1:{port}/healthz", proc, deadline)
            _until_200(f"http://127.0.0.1:{port}/readyz", proc, deadline)
            assert _healthy(port) == [0, 0]
        # exec: the script's own process is the server, and SIGTERM reaches it
        for _port, proc in servers:
            proc.send_signal(signal.SIGTERM)
        stop = time.monotonic() + 10
        for _port, proc in servers:
            try:
                code = proc.wait(timeout=max(0.1, stop - time.monotonic()))
            except subprocess.TimeoutExpired:
                pytest.fail("a server did not stop within 10 s of SIGTERM")
            assert code in (0, -signal.SIGTERM), code
            assert not _survivors(proc), "the server outlived the script (no exec?)"
        for port, _proc in servers:
            assert 0 not in _healthy(port), "health commands pass with no server"
    finally:
        for port, proc in servers:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            _survivors(proc)
            outputs.append((logs / f"server-{port}.log").read_text(errors="replace"))
    for (port, _proc), output in zip(servers, outputs, strict=True):
        assert f":{port}" in output, output
    return outputs


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_entrypoint_serves_and_stops_on_sigterm(tmp_path: Path) -> None:
    """The image's default: SQLite in the data folder (SKIRMISH_DATA_DIR stands for /data)."""
    port = _free_port()
    data = tmp_path / "data"
    _serve_then_stop([(port, _start(port, tmp_path, SKIRMISH_DATA_DIR=str(data),
                                    SKIRMISH_FORWARDED_ALLOW_IPS="127.0.0.1"))], tmp_path)
    assert (data / "skirmish.db").exists(), "SQLite in SKIRMISH_DATA_DIR"


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_two_entrypoints_on_one_postgres(tmp_path: Path, fresh_postgres: str) -> None:
    """compose.yaml's "table": two replicas started at once with SKIRMISH_DB on one
    PostgreSQL database (one migrates it, the other finds it done) both become ready."""
    ports = [_free_port(), _free_port()]
    servers = [(port, _start(port, tmp_path, SKIRMISH_DB=fresh_postgres,
                             SKIRMISH_DATA_DIR=str(tmp_path / f"unused-{port}"),
                             SKIRMISH_FORWARDED_ALLOW_IPS="*"))
               for port in ports]
    _serve_then_stop(servers, tmp_path)
    assert not any((tmp_path / f"unused-{port}" / "skirmish.db").exists() for port in ports)


def test_entrypoint_passes_db_and_proxies(tmp_path: Path) -> None:
    """The flags the script builds, seen through a stand-in ``skirmish`` on PATH."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "skirmish").write_text('#!/usr/bin/env bash\nprintf "%s\\n" "$@"\n')
    (fake / "skirmish").chmod(0o755)
    base = {"PATH": f"{fake}{os.pathsep}{os.environ['PATH']}"}

    def args(**env: str) -> list[str]:
        done = subprocess.run(["bash", str(ENTRYPOINT), "--content", "/cards"],
                              env={**base, **env}, capture_output=True, text=True,
                              timeout=10, check=True)
        return done.stdout.splitlines()

    plain = args()
    assert plain == ["serve", "--host", "0.0.0.0", "--port", "8000", "--data", "/data",
                     "--content", "/cards"]
    full = args(PORT="9000", SKIRMISH_DB="postgresql://u:p@db/skirmish",
                SKIRMISH_FORWARDED_ALLOW_IPS="10.0.0.0/8,*")
    assert full[:7] == ["serve", "--host", "0.0.0.0", "--port", "9000", "--data", "/data"]
    assert full[full.index("--db") + 1] == "postgresql://u:p@db/skirmish"
    assert full[full.index("--forwarded-allow-ips") + 1] == "10.0.0.0/8,*"
