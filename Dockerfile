# syntax=docker/dockerfile:1
# The web table's image (docs/deploy.md): the wheel built in one stage, installed alone (with
# the postgres extra) in a slim runtime that runs as an unprivileged user.
#
# Pinned by tag. To pin by digest too, look it up once and write it after the tag:
#   docker buildx imagetools inspect python:3.11-slim-bookworm   (the "Digest:" line)
#   FROM python:3.11-slim-bookworm@sha256:<digest>
# No Docker engine runs on our machines: tests/deploy checks this file and runs
# deploy/entrypoint.sh outside a container.

# ---- build: the wheel ------------------------------------------------------------------------
FROM python:3.11-slim-bookworm AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip wheel --no-deps . -w /wheels

# ---- runtime ---------------------------------------------------------------------------------
FROM python:3.11-slim-bookworm AS runtime
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    PORT=8000 SKIRMISH_DATA_DIR=/data
COPY --from=build /wheels /wheels
# Only the wheel and its runtime dependencies (no dev extras); psycopg 3 for PostgreSQL.
RUN set -eux; \
    wheel="$(ls /wheels/skirmish_tabletop-*.whl)"; \
    pip install "${wheel}[postgres]"; \
    rm -rf /wheels; \
    groupadd --system --gid 10001 skirmish; \
    useradd --system --uid 10001 --gid skirmish --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin skirmish; \
    mkdir -p /data; chown skirmish:skirmish /data
COPY --chmod=0755 deploy/entrypoint.sh /usr/local/bin/entrypoint.sh

USER skirmish
WORKDIR /data
# The default SQLite database (skirmish.db) lives here; unused with SKIRMISH_DB=postgresql://...
VOLUME ["/data"]
EXPOSE 8000

# No curl in the slim image: python's urllib asks /healthz (liveness; /readyz for the proxy).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=4)"]

ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]
