#!/usr/bin/env bash
# The image's entrypoint (Dockerfile): `skirmish serve` on every interface, exec'd so that the
# container's SIGTERM reaches the server (uvicorn stops gracefully in at most 5 s).
#
#   PORT                          the port (default 8000)
#   SKIRMISH_DATA_DIR             the data folder of the default SQLite database (default /data)
#   SKIRMISH_DB                   a database URL (postgresql://user:pass@host/db) -> --db
#   SKIRMISH_FORWARDED_ALLOW_IPS  the trusted reverse proxies -> --forwarded-allow-ips
#   SKIRMISH_*                    every other setting, read by the server itself (docs/web.md)
#
# Extra arguments are passed on to `skirmish serve` (e.g. --content /cards).
# tests/deploy runs this script outside a container (no Docker engine on our machines).
set -euo pipefail

args=(serve --host 0.0.0.0 --port "${PORT:-8000}" --data "${SKIRMISH_DATA_DIR:-/data}")
if [[ -n "${SKIRMISH_DB:-}" ]]; then
    args+=(--db "$SKIRMISH_DB")
fi
if [[ -n "${SKIRMISH_FORWARDED_ALLOW_IPS:-}" ]]; then
    args+=(--forwarded-allow-ips "$SKIRMISH_FORWARDED_ALLOW_IPS")
fi

exec skirmish "${args[@]}" "$@"
