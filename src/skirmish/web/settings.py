"""How a web table is configured (docs/web.md, Configuration): every setting has a default fit
for ``make run`` on one machine, an environment variable ``SKIRMISH_<NAME>`` and, for the
common ones, a ``skirmish serve`` flag. Flags win over the environment, which wins over the
defaults.

A bad value is refused at start with one line naming the variable (or flag) and what it
takes: a server never starts half-configured.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any
from urllib.parse import urlsplit

ENV_PREFIX = "SKIRMISH_"


class SettingsError(ValueError):
    """A setting with a value it cannot take (the message names it)."""


@dataclass(frozen=True, slots=True)
class Rate:
    """A token bucket: ``per_second`` tokens refill each second, at most ``burst`` held.
    Written ``"RATE/s:BURST"`` (e.g. ``"2/s:20"``; ``"0"`` switches the limit off)."""

    per_second: float
    burst: int

    @property
    def off(self) -> bool:
        return self.per_second <= 0

    @classmethod
    def parse(cls, text: str, name: str) -> Rate:
        text = text.strip()
        if text in ("0", "off"):
            return cls(0.0, 0)
        rate, _, burst = text.partition(":")
        number, _, unit = rate.partition("/")
        seconds = {"s": 1.0, "m": 60.0, "h": 3600.0}.get(unit or "s")
        try:
            per = float(number)
            held = int(burst) if burst else max(1, int(per))
        except ValueError:
            per, held = -1.0, -1
        if seconds is None or per <= 0 or held < 1:
            raise SettingsError(f"{name}: expected RATE/s:BURST (e.g. 2/s:20, 30/m:10, or 0 "
                                f"for no limit), got {text!r}")
        return cls(per / seconds, held)

    def __str__(self) -> str:
        return "0" if self.off else f"{self.per_second:g}/s:{self.burst}"


_OFF = Rate(0.0, 0)

#: The message kinds a socket may send, each limited on its own (docs/web.md, Limits).
LIMITED = ("message", "action", "odds", "explain", "ping", "probe", "sight", "ready",
           "resync", "chat", "takeback", "handover", "commit", "reveal")


def _default_socket_rates() -> dict[str, Rate]:
    return {"message": Rate(20, 100), "action": Rate(5, 30), "odds": Rate(1, 10),
            "explain": Rate(1, 10),
            "ping": Rate(2, 10), "probe": Rate(10, 60), "sight": Rate(10, 60),
            "ready": Rate(2, 10), "resync": Rate(1, 5),
            # chat: a message a second on average, five at once (docs/web.md, Chat)
            "chat": Rate(1, 5),
            # a takeback request or answer is stored and shown to the other seat
            "takeback": Rate(0.2, 6), "handover": Rate(2, 10),
            # a seat's dice nonce: committed, then revealed, once each (hot-seat: twice; a page
            # sends one again when no frame has confirmed it within 3 s: static/fair_dice.js)
            "commit": Rate(0.5, 4), "reveal": Rate(0.5, 4)}


def _default_address_rates() -> dict[str, Rate]:
    return {"action": Rate(20, 100), "odds": Rate(2, 20), "explain": Rate(2, 20),
            "ping": Rate(10, 50), "probe": Rate(30, 200), "sight": Rate(30, 200),
            "ready": Rate(10, 50), "resync": Rate(5, 20), "connect": Rate(2, 30),
            "chat": Rate(2, 10), "takeback": Rate(1, 30), "handover": Rate(10, 50),
            "commit": Rate(2, 20), "reveal": Rate(2, 20),
            "http": Rate(10, 100),
            "create": Rate(0.2, 20),
            "upload": Rate(0.1, 5)}


@dataclass(frozen=True, slots=True)
class WebSettings:
    """The web table's settings (docs/web.md, Configuration)."""

    #: The origins pages of this table are served from (``https://table.example``): a
    #: websocket or a state-changing request from a browser page of any other origin is
    #: refused. Empty: the origin the request itself names (its ``Host``), so another port
    #: or a sibling subdomain is another origin.
    public_origins: tuple[str, ...] = ()
    #: Spectator sockets of one match, and of one client address over all matches.
    spectators_per_match: int = 50
    spectators_per_address: int = 8
    #: Sockets (seats and spectators) of one client address over all matches.
    sockets_per_address: int = 64
    #: Messages dropped in a row for their rate before a socket is closed (1008).
    drops_before_close: int = 50
    #: How long a seat's join link (and its cookie) stays valid, in days.
    join_link_days: float = 30.0
    #: Token buckets per socket and per client address, by message kind (``http``: any API
    #: request, ``create``: new matches, ``upload``: uploaded records).
    socket_rates: Mapping[str, Rate] = field(default_factory=_default_socket_rates)
    address_rates: Mapping[str, Rate] = field(default_factory=_default_address_rates)
    #: The rate limits at all (off: a private table where scripts play at machine speed,
    #: and the functional tests; the socket counts still hold).
    rate_limits: bool = True
    #: Retention: finished matches and uploaded replays older than this many days are deleted
    #: (0: kept for ever); checked at start and every ``prune_hours``.
    keep_finished_days: float = 0.0
    keep_replays_days: float = 30.0
    prune_hours: float = 6.0
    #: Seconds between two looks at the running clocks for a time-out (``web/clocks.py``);
    #: 0: never (a seat out of time is still refused; the tests move the hub's clock and look
    #: by hand).
    clock_watch_s: float = 0.5
    #: A bot's move is sent no sooner than this many seconds after its decision came, and a
    #: longer think is held to the next whole multiple (issue 46): how long a bot takes, a
    #: card to weigh or only a Pass, a bid to think over, tells nothing of what it alone
    #: knows. 0: at once (the tests, a table of bots at machine speed).
    bot_pace_s: float = 0.25
    #: ``text`` (uvicorn's usual lines) or ``json`` (one JSON object a line, for collectors).
    log_format: str = "text"
    #: Serve Prometheus metrics at ``/metrics``.
    metrics: bool = True

    def __post_init__(self) -> None:
        for origin in self.public_origins:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in (
                    "", "/"):
                raise SettingsError(f"public_origins: {origin!r} is not an origin "
                                    "(scheme://host[:port], e.g. https://table.example)")
        for name in ("spectators_per_match", "spectators_per_address", "sockets_per_address",
                     "drops_before_close"):
            if getattr(self, name) < 0:
                raise SettingsError(f"{name}: a count of 0 or more")
        for name in ("join_link_days", "keep_finished_days", "keep_replays_days",
                     "prune_hours", "clock_watch_s", "bot_pace_s"):
            if getattr(self, name) < 0:
                raise SettingsError(f"{name}: a number of 0 or more")
        if self.join_link_days == 0:
            raise SettingsError("join_link_days: a join link must last more than 0 days")
        if self.log_format not in ("text", "json"):
            raise SettingsError("log_format: 'text' or 'json'")

    @property
    def origins(self) -> frozenset[str]:
        """The configured origins, normalised (no trailing slash, lower case)."""
        return frozenset(o.rstrip("/").lower() for o in self.public_origins)

    def socket_rate(self, kind: str) -> Rate:
        """The limit of ``kind`` messages on one socket (off when not limited)."""
        return self.socket_rates.get(kind, _OFF) if self.rate_limits else _OFF

    def address_rate(self, kind: str) -> Rate:
        """The limit of ``kind`` requests from one client address (off when not limited)."""
        return self.address_rates.get(kind, _OFF) if self.rate_limits else _OFF

    # -- reading them ---------------------------------------------------------------------------
    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None,
                 **overrides: Any) -> WebSettings:
        """The defaults, then ``SKIRMISH_<NAME>`` variables, then ``overrides`` (the flags;
        a ``None`` override is not given)."""
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            key = ENV_PREFIX + f.name.upper()
            if key in env:
                values[f.name] = _parse(f.name, env[key], key)
        for prefix, target, defaults in (
                (ENV_PREFIX + "SOCKET_RATE_", "socket_rates", _default_socket_rates),
                (ENV_PREFIX + "ADDRESS_RATE_", "address_rates", _default_address_rates)):
            given = {k[len(prefix):].lower(): v for k, v in env.items() if k.startswith(prefix)}
            if given:
                rates = defaults()
                for kind, text in given.items():
                    if kind not in rates:
                        raise SettingsError(f"{prefix}{kind.upper()}: no such limit (one of "
                                            f"{', '.join(k.upper() for k in rates)})")
                    rates[kind] = Rate.parse(text, f"{prefix}{kind.upper()}")
                values[target] = rates
        values.update({k: v for k, v in overrides.items() if v is not None})
        try:
            return cls(**values)
        except TypeError as exc:
            raise SettingsError(str(exc)) from None

    def with_(self, **changes: Any) -> WebSettings:
        return replace(self, **changes)


def _parse(name: str, text: str, key: str) -> Any:
    """One setting's value from its environment variable ``key``."""
    kind = str({f.name: f.type for f in fields(WebSettings)}[name])
    text = text.strip()
    try:
        if name == "public_origins":
            return tuple(o.strip() for o in text.split(",") if o.strip())
        if name in ("socket_rates", "address_rates"):
            raise SettingsError(f"{key}: set one limit at a time with "
                                f"{ENV_PREFIX}SOCKET_RATE_<KIND> or "
                                f"{ENV_PREFIX}ADDRESS_RATE_<KIND>")
        if kind == "bool":
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
        return text
    except ValueError:
        wanted = {"int": "a whole number", "float": "a number", "bool": "on or off"}.get(
            kind, kind)
        raise SettingsError(f"{key}: expected {wanted}, got {text!r}") from None
