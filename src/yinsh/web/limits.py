"""What one server gives to everybody and to each client: the limits of a
public game server (``yinsh serve`` flags, docs/web.md "Limits").

``Limits`` holds every bound, with the defaults of ``yinsh serve``;
``create_app(limits=...)`` takes one. ``client_address`` says who a
request comes from (the peer, or the ``X-Forwarded-For`` address a trusted
proxy wrote; an IPv6 client as its /64 network); ``RateLimiter`` is a
token bucket per client address.

>>> limits = Limits()
>>> client_address({"client": ("127.0.0.1", 5000),
...                 "headers": [(b"x-forwarded-for", b"203.0.113.7, 127.0.0.1")]}, limits)
'203.0.113.7'
>>> client_address({"client": ("198.51.100.2", 5000),
...                 "headers": [(b"x-forwarded-for", b"203.0.113.7")]}, limits)
'198.51.100.2'
>>> bucket = RateLimiter(per_minute=60, burst=2)
>>> [bucket.take("a", now=0.0) for _ in range(3)], bucket.take("b", now=0.0)
([0.0, 0.0, 1.0], 0.0)
>>> bucket.take("a", now=1.0)
0.0
"""
from __future__ import annotations

import functools
import ipaddress
import math
import time
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

__all__ = ["Limits", "RateLimiter", "client_address", "client_group", "canonical_address", "fd_limit", "default_max_connections"]

#: Descriptors kept for everything that is not a client (database, files, logs).
FD_RESERVE = 128


def fd_limit() -> int:
    """The process's soft limit on open files (``RLIMIT_NOFILE``; 1024 where it cannot be read)."""
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 1024
    return 1 << 20 if soft == resource.RLIM_INFINITY else int(soft)


def default_max_connections(limit: Optional[int] = None) -> int:
    """Sockets and requests at once: the file limit less ``FD_RESERVE`` (at least 16).

    >>> default_max_connections(1024), default_max_connections(100)
    (896, 16)
    """
    return max(16, (fd_limit() if limit is None else limit) - FD_RESERVE)


@dataclass(frozen=True)
class Limits:
    """The server's bounds (the ``yinsh serve`` flag of each is named in docs/web.md).

    Engines: ``engine_threads`` searches at once (their own pool),
    ``engine_games`` online games with an engine seat in progress at once
    (``engine_games_per_client`` by one client address), at most
    ``engine_max_time`` seconds an engine action, and a game nobody watches
    or plays in for ``engine_idle_minutes`` stops searching.
    Sockets: ``sockets_per_game``, ``sockets_per_client``, and
    ``max_connections`` sockets plus requests at once in all (None: the
    file limit less a reserve); each socket queues at most ``queue_bytes``.
    Creation: ``create_per_minute`` games created or seats joined a minute
    per client address, ``create_burst`` at once; a game nobody joined
    goes after ``waiting_hours``, and one address has at most
    ``waiting_per_client`` games waiting for players at once; the lobby lists at most ``lobby_size``
    games of each kind; a clock gives at least ``min_clock_seconds``. Cross-site: ``allowed_origins`` beside the
    server's own; ``trusted_proxies``: the peers whose ``X-Forwarded-For``
    is believed (by default this machine's, as uvicorn's own default: a
    proxy such as nginx on the same machine). ``log_every``: seconds
    between two log lines of one repeated error.
    """

    engine_threads: int = 2
    engine_games: int = 40
    engine_games_per_client: int = 5
    engine_max_time: float = 10.0
    engine_idle_minutes: float = 5.0
    sockets_per_game: int = 100
    sockets_per_client: int = 40
    max_connections: Optional[int] = None
    queue_bytes: int = 512 * 1024
    create_per_minute: float = 30.0
    create_burst: int = 60
    waiting_hours: float = 24.0
    waiting_per_client: int = 10
    lobby_size: int = 50
    min_clock_seconds: float = 15.0
    allowed_origins: tuple[str, ...] = ()
    trusted_proxies: tuple[str, ...] = ("127.0.0.1", "::1")
    log_every: float = 5.0

    def __post_init__(self) -> None:
        for name in ("engine_threads", "engine_games", "engine_games_per_client", "sockets_per_game",
                     "sockets_per_client", "queue_bytes", "create_burst", "lobby_size",
                     "waiting_per_client"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} is a whole number of at least 1, not {value!r}")
        for name in ("engine_max_time", "engine_idle_minutes", "create_per_minute", "waiting_hours",
                     "log_every", "min_clock_seconds"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                    not math.isfinite(value) or value <= 0:
                raise ValueError(f"{name} is a positive number, not {value!r}")
        if self.max_connections is not None and self.max_connections < 1:
            raise ValueError(f"max_connections is at least 1, not {self.max_connections!r}")

    @property
    def connections(self) -> int:
        """``max_connections``, or the default read from the system."""
        return self.max_connections if self.max_connections is not None else default_max_connections()


def _header(scope: Mapping[str, Any], name: bytes) -> Optional[str]:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def client_address(scope: Mapping[str, Any], limits: Limits) -> str:
    """Who a request (an ASGI scope) comes from, as the limits count
    clients (``client_group``): its peer's address, or, when the peer is a
    trusted proxy, the last address of ``X-Forwarded-For`` that is not a
    trusted proxy itself (addresses compared whatever their spelling:
    ``::ffff:127.0.0.1``, the peer of a server listening on ``::``, is the
    trusted ``127.0.0.1``)."""
    client = scope.get("client")
    peer = canonical_address(str(client[0])) if client else "unknown"
    trusted = _canonical_set(limits.trusted_proxies)
    if peer not in trusted:
        return client_group(peer)
    # Every X-Forwarded-For line in order (a proxy may add a line of its own after the
    # client's instead of appending to it): the hops the proxies saw are the last ones.
    forwarded = ",".join(bytes(value).decode("latin-1") for key, value in scope.get("headers", ())
                         if key == b"x-forwarded-for")
    hops = [canonical_address(h.strip()[:64]) for h in forwarded.split(",") if h.strip()]
    for hop in reversed(hops):
        if hop not in trusted:
            return client_group(hop)
    return client_group(peer)


@functools.lru_cache(maxsize=4096)
def canonical_address(text: str) -> str:
    """An address written one way: without a port or brackets
    (``203.0.113.7:5678``, ``[2001:db8::1]:443``), IPv6 compressed and in
    lower case, an IPv4 address written as IPv6 (``::ffff:a.b.c.d``) as the
    IPv4 address; anything else (a proxy's odd text) as it is.

    >>> canonical_address("203.0.113.7:5678"), canonical_address("[2001:DB8:0::1]:443")
    ('203.0.113.7', '2001:db8::1')
    >>> canonical_address("::ffff:127.0.0.1"), canonical_address("unknown")
    ('127.0.0.1', 'unknown')
    """
    bare = text
    if bare.startswith("["):
        bare = bare[1:].partition("]")[0]
    elif bare.count(":") == 1:
        bare = bare.partition(":")[0]
    try:
        ip = ipaddress.ip_address(bare)
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


@functools.lru_cache(maxsize=64)
def _canonical_set(addresses: tuple[str, ...]) -> frozenset[str]:
    return frozenset(canonical_address(a) for a in addresses)


#: IPv6 addresses that carry an IPv4 client's address in their last 32 bits (NAT64, RFC 6052).
NAT64 = ipaddress.IPv6Network("64:ff9b::/96")


@functools.lru_cache(maxsize=4096)
def client_group(address: str) -> str:
    """The client an address (``canonical_address``) counts as: an IPv4
    address itself; an IPv6 address its /64 network, the smallest block a
    home or a rented server is given (many are given a /56 or a /48: then
    one client has up to 256 or 65,536 such networks, where counted one
    address each it had 2**64); the IPv4 client behind a NAT64 gateway
    (``64:ff9b::a.b.c.d``) that IPv4 address; anything else as it is.

    >>> client_group("203.0.113.7"), client_group("2001:db8:1:2:aa::1"), client_group("2001:db8:1:2::ff")
    ('203.0.113.7', '2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> client_group("64:ff9b::198.51.100.2"), client_group("unknown")
    ('198.51.100.2', 'unknown')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in NAT64:
            return str(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class RateLimiter:
    """A token bucket per key: ``burst`` at once, refilled at ``per_minute``.
    ``take`` spends one token and answers 0, or answers the seconds until
    one is there (nothing spent). Full buckets are forgotten, so memory
    stays bounded by the clients of the last few minutes: when there are
    ``FORGET_PAST`` buckets, or twice as many as the last clean-up kept (so
    a crowd of clients costs each take O(1), not a scan of them all).

    >>> limiter = RateLimiter(per_minute=60, burst=1)
    >>> [limiter.take(f"10.0.{i >> 8}.{i & 255}", now=0.0) for i in range(20000)].count(0.0)
    20000
    >>> limiter.take("10.0.0.0", now=0.5), len(limiter._buckets) <= 20000
    (0.5, True)
    """

    #: Buckets kept before the first clean-up.
    FORGET_PAST = 10000

    per_minute: float
    burst: int
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    _limit: int = field(default=FORGET_PAST, init=False, repr=False)

    def take(self, key: str, now: Optional[float] = None) -> float:
        now = time.monotonic() if now is None else now
        rate = self.per_minute / 60.0
        tokens, last = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) / rate
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > self._limit:
            self._forget(now)
        return 0.0

    def _forget(self, now: float) -> None:
        rate = self.per_minute / 60.0
        for key, (tokens, last) in list(self._buckets.items()):
            if tokens + (now - last) * rate >= self.burst:
                del self._buckets[key]
        self._limit = max(self.FORGET_PAST, 2 * len(self._buckets))
