"""What the table refuses before it reads a request (docs/web.md, Hardening): pages of another
origin, clients that ask too often, and more sockets than one client address may hold.

Every client is hostile until proven otherwise: a browser page of another origin (another
port or a sibling subdomain of the same host counts) carries the victim's cookies, so its
websockets and state-changing requests are refused by their ``Origin``; a client without an
``Origin`` is not a browser page (a script, a bot) and carries no victim's cookie.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from skirmish.web.settings import Rate, WebSettings

#: The default port of each scheme, dropped when origins are compared.
_DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}
#: A websocket's scheme names its page's scheme.
_PAGE_SCHEME = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


def normal_origin(scheme: str, netloc: str) -> str:
    """``scheme://host[:port]`` in lower case, without the scheme's default port."""
    scheme = _PAGE_SCHEME.get(scheme.lower(), scheme.lower())
    netloc = netloc.lower()
    host, _, port = netloc.rpartition(":")
    # "host:port" or "[v6]:port" (a bare "[v6]" has colons but no port)
    if host and port == _DEFAULT_PORTS.get(scheme) and (":" not in host or host.endswith("]")):
        netloc = host
    return f"{scheme}://{netloc}"


def origin_allowed(origin: str | None, *, scheme: str, host: str | None,
                   settings: WebSettings) -> bool:
    """May a request with this ``Origin`` header act? No header: yes (not a browser page).
    Else it must be one of ``settings.public_origins``, or, when none is configured, the
    request's own origin (its scheme and ``Host``)."""
    if origin is None:
        return True
    origin = origin.strip().rstrip("/")
    if not origin or origin.lower() == "null" or "://" not in origin:
        return False
    given_scheme, _, netloc = origin.partition("://")
    given = normal_origin(given_scheme, netloc)
    allowed = settings.origins
    if allowed:
        return given in {normal_origin(*o.split("://", 1)) for o in allowed}
    return host is not None and given == normal_origin(scheme, host)


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class Buckets:
    """Token buckets by key (``(scope, kind)``): :meth:`take` spends one token if the key's
    bucket holds one. At most ``max_keys`` buckets are kept; the least recently used go first
    (a forgotten bucket starts full again, which only ever lets a client ask more)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 100_000) -> None:
        self.clock = clock
        self.max_keys = max_keys
        self._buckets: OrderedDict[Hashable, _Bucket] = OrderedDict()

    def take(self, key: Hashable, rate: Rate, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens of ``key``'s bucket refilled at ``rate``: False (nothing
        spent) when it holds fewer. A rate that is off always answers True."""
        if rate.off:
            return True
        now = self.clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = _Bucket(float(rate.burst), now)
            self._buckets[key] = bucket
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
            bucket.tokens = min(float(rate.burst),
                                bucket.tokens + (now - bucket.at) * rate.per_second)
            bucket.at = now
        if bucket.tokens < cost:
            return False
        bucket.tokens -= cost
        return True

    def retry_after(self, key: Hashable, rate: Rate, cost: float = 1.0) -> float:
        """Seconds until ``key``'s bucket holds ``cost`` tokens again."""
        bucket = self._buckets.get(key)
        if rate.off or bucket is None or bucket.tokens >= cost:
            return 0.0
        return (cost - bucket.tokens) / rate.per_second


class Limits:
    """The server's limits: message rates per socket and per client address, and how many
    sockets an address holds (docs/web.md, Limits)."""

    def __init__(self, settings: WebSettings,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.buckets = Buckets(clock)
        self.sockets: Counter[str] = Counter()
        self.spectators: Counter[str] = Counter()

    def socket_buckets(self) -> Buckets:
        """The buckets of one socket (kept by its connection, gone with it)."""
        return Buckets(self.buckets.clock, max_keys=len(self.settings.socket_rates) + 1)

    def allow(self, kind: str, *, address: str, own: Buckets | None = None) -> bool:
        """May one more ``kind`` request be served for this socket (``own``: its buckets)
        and address now? The socket's bucket is asked first, so one greedy socket does not
        spend its address's."""
        settings = self.settings
        if own is not None and not own.take(kind, settings.socket_rate(kind)):
            return False
        return self.buckets.take((address, kind), settings.address_rate(kind))

    def retry_after(self, kind: str, address: str) -> float:
        return self.buckets.retry_after((address, kind), self.settings.address_rate(kind))

    def open_socket(self, address: str, *, spectator: bool) -> str:
        """Count one more socket of ``address``: '' if allowed, else why not."""
        settings = self.settings
        if self.sockets[address] >= settings.sockets_per_address:
            return (f"this address holds {settings.sockets_per_address} sockets already "
                    "(sockets_per_address)")
        if spectator and self.spectators[address] >= settings.spectators_per_address:
            return (f"this address watches {settings.spectators_per_address} matches already "
                    "(spectators_per_address)")
        self.sockets[address] += 1
        if spectator:
            self.spectators[address] += 1
        return ""

    def close_socket(self, address: str, *, spectator: bool) -> None:
        """Uncount a socket counted by :meth:`open_socket`."""
        for counter, counted in ((self.sockets, True), (self.spectators, spectator)):
            if counted:
                counter[address] -= 1
                if counter[address] <= 0:
                    del counter[address]
