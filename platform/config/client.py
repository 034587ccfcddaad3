"""The client's address: the one rule every per-address decision uses (issue 38 item 1; decision 0043).

Who asks: the login and public-call rate limits (``accounts.throttling``), the address stored with
a consent or an access-log entry (``privacy.access``), who may read ``GET /metrics`` and the
``client_address`` key of the JSON log lines (``config.observability``).

The rule:

- The peer is ``REMOTE_ADDR``, the address of whoever opened the TCP connection (set by gunicorn,
  never by the client).
- When the peer is one of ``settings.TRUSTED_PROXIES`` (addresses or CIDR networks, IPv4 or IPv6;
  env ``TRUSTED_PROXIES``, comma-separated, empty by default), the client is read from
  ``X-Forwarded-For``: its entries are walked from the right, skipping those that are trusted
  proxies themselves; the first one that is not is the address the last trusted proxy saw. A
  header whose entries are all trusted proxies names the left-most one. The entries a client
  wrote itself sit to the left of what the proxies appended, so they are never reached.
- Anything else uses the peer: no trusted proxies configured, a peer that is not one (its
  ``X-Forwarded-For`` is the client's own claim and is ignored), no header, or a header with an
  entry that is not an IP address (a proxy that does not write a clean header is not trusted
  further than its own address).

Addresses are returned in canonical form (``ipaddress``: ``2001:db8::1``, never ``[2001:db8::1]``
or upper case; an IPv4-mapped ``::ffff:192.0.2.1`` as ``192.0.2.1``), so that one client is one rate-limit counter however the address was spelled.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

FORWARDED_FOR = "HTTP_X_FORWARDED_FOR"
UNKNOWN = "unknown"


def networks_parse(values: Iterable[str]) -> tuple[Network, ...]:
    """``["10.0.0.5", "10.1.0.0/16", "::1"]`` -> the networks (a bare address is a /32 or /128).

    Raises ``ImproperlyConfigured`` naming the first entry that is neither an address nor a network.
    """
    networks: list[Network] = []
    for value in values:
        try:
            networks.append(ipaddress.ip_network(value.strip(), strict=False))
        except ValueError as exc:
            raise ImproperlyConfigured(f"not an IP address or network (CIDR): {value!r}") from exc
    return tuple(networks)


@functools.lru_cache(maxsize=8)
def _trusted(values: tuple[str, ...]) -> tuple[Network, ...]:
    return networks_parse(values)


def trusted_proxies() -> tuple[Network, ...]:
    """``settings.TRUSTED_PROXIES`` as networks (parsed once per distinct value)."""
    return _trusted(tuple(getattr(settings, "TRUSTED_PROXIES", ())))


def _address(value: str) -> Address | None:
    """One address as a peer or a header entry writes it; ``[v6]`` brackets are allowed."""
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        value = value[1:-1]
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return None
    # A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d: the same client, one counter.
    mapped = address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None
    return mapped or address


def _is_trusted(address: Address, networks: tuple[Network, ...]) -> bool:
    return any(address.version == net.version and address in net for net in networks)


def _resolve(peer: str, forwarded: str | None, networks: tuple[Network, ...]) -> Address | None:
    """The rule of the module docstring on raw values: ``peer`` (``REMOTE_ADDR``), ``forwarded``
    (the ``X-Forwarded-For`` value, several headers already joined by commas, or None)."""
    peer_address = _address(peer)
    if peer_address is None or not forwarded or not _is_trusted(peer_address, networks):
        return peer_address
    entries = [_address(entry) for entry in forwarded.split(",")]
    if any(entry is None for entry in entries):
        return peer_address
    found = [entry for entry in entries if entry is not None]
    for entry in reversed(found):
        if not _is_trusted(entry, networks):
            return entry
    return found[0] if found else peer_address


def client_address(request: HttpRequest) -> str | None:
    """The client's IPv4 or IPv6 address (canonical text) by the rule of the module docstring,
    or ``None`` when the peer's address is not an IP address (a test client, a unix socket).
    What a record stores (a consent, an access-log entry)."""
    found = _resolve(request.META.get("REMOTE_ADDR", ""), request.META.get(FORWARDED_FOR), trusted_proxies())
    return str(found) if found is not None else None


def client_ip(request: HttpRequest) -> str:
    """``client_address``, or ``"unknown"`` when there is none: the key of the per-address rate
    limits (every request without an address shares one counter)."""
    return client_address(request) or UNKNOWN


def forwarded_by_untrusted(request: HttpRequest) -> bool:
    """True when the request carries ``X-Forwarded-For`` but its peer is not a trusted proxy: a
    proxy nobody configured, or a client claiming to be someone else. ``GET /metrics`` refuses it."""
    if FORWARDED_FOR not in request.META:
        return False
    peer = _address(request.META.get("REMOTE_ADDR", ""))
    return peer is None or not _is_trusted(peer, trusted_proxies())


__all__ = ["client_address", "client_ip", "forwarded_by_untrusted", "networks_parse", "trusted_proxies"]
