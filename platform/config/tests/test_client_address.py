"""The client's address, once (issue 38 item 1; ``config/client.py``, decision 0043): who the
client is behind a trusted proxy, and what a client gains by writing ``X-Forwarded-For`` itself
(nothing). The rate limits, the access log, the consent records, the log lines and ``/metrics``
all take it from there."""

from __future__ import annotations

import io
import json
import logging

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, RequestFactory

from accounts import throttling
from config.client import client_address, client_ip, forwarded_by_untrusted, networks_parse
from config.tests.test_one_rule import hits


def ask(peer: str, forwarded: str | None = None) -> str | None:
    meta = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return client_address(RequestFactory().get("/", **meta))


def test_without_trusted_proxies_the_peer_is_the_client_whatever_the_header(settings):
    settings.TRUSTED_PROXIES = []
    assert ask("203.0.113.9") == "203.0.113.9"
    assert ask("203.0.113.9", "198.51.100.1") == "203.0.113.9"
    assert ask("127.0.0.1", "198.51.100.1") == "127.0.0.1"


def test_a_trusted_peer_names_the_address_it_saw(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert ask("127.0.0.1", "198.51.100.1") == "198.51.100.1"
    assert ask("127.0.0.1") == "127.0.0.1"  # the balancer's own health check: no header
    assert ask("127.0.0.1", "") == "127.0.0.1"


def test_a_spoofed_header_from_an_untrusted_client_gains_nothing(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    # Straight to the node: the header is the client's own claim.
    assert ask("203.0.113.9", "198.51.100.1") == "203.0.113.9"
    assert ask("203.0.113.9", "127.0.0.1") == "203.0.113.9"
    # Through the proxy: it appends the address it saw; what the client wrote stays to the left.
    assert ask("127.0.0.1", "198.51.100.1, 203.0.113.9") == "203.0.113.9"
    assert ask("127.0.0.1", "127.0.0.1, 203.0.113.9") == "203.0.113.9"


def test_chains_of_trusted_proxies_and_cidr(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8", "192.0.2.10"]
    assert ask("10.1.2.3", "198.51.100.7, 192.0.2.10, 10.9.9.9") == "198.51.100.7"
    assert ask("10.1.2.3", "1.2.3.4, 198.51.100.7, 10.0.0.1") == "198.51.100.7"
    assert ask("10.1.2.3", "10.0.0.7, 10.0.0.1") == "10.0.0.7"  # all trusted: the left-most
    assert ask("11.0.0.1", "198.51.100.7") == "11.0.0.1"


def test_ipv6_peers_entries_and_networks(settings):
    settings.TRUSTED_PROXIES = ["2001:db8:f::/48", "127.0.0.1"]
    assert ask("2001:db8:f::2", "2001:DB8::7") == "2001:db8::7"
    assert ask("2001:db8:f::2", "[2001:db8::8]") == "2001:db8::8"
    assert ask("2001:db8:f::2", "198.51.100.3") == "198.51.100.3"
    assert ask("127.0.0.1", "2001:db8::9, 2001:db8:f::1") == "2001:db8::9"
    assert ask("2001:db8:e::2", "198.51.100.3") == "2001:db8:e::2"  # outside the /48
    assert ask("::ffff:127.0.0.1", "198.51.100.4") == "198.51.100.4"  # IPv4-mapped is the same peer
    assert ask("::ffff:198.51.100.5") == "198.51.100.5"


@pytest.mark.parametrize(
    "header",
    ["not-an-ip", "198.51.100.1, garbage", "198.51.100.1:443", "198.51.100.1,,", "unknown", "1.2.3.4.5"],
)
def test_a_malformed_header_falls_back_to_the_peer(settings, header):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert ask("127.0.0.1", header) == "127.0.0.1"


def test_no_address_and_the_rate_limit_key(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert ask("") is None
    assert ask("", "198.51.100.1") is None
    assert client_ip(RequestFactory().get("/", REMOTE_ADDR="")) == "unknown"
    assert client_ip(
        RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="2001:db8::1")
    ) == ("2001:db8::1")
    # The rate limits ask the same function (one rule, one place).
    assert throttling.client_ip is client_ip and throttling.client_address is client_address


def test_forwarded_by_untrusted(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    rf = RequestFactory()
    assert forwarded_by_untrusted(rf.get("/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="127.0.0.1"))
    assert not forwarded_by_untrusted(
        rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    )
    assert not forwarded_by_untrusted(rf.get("/", REMOTE_ADDR="203.0.113.9"))


def test_configuration_is_checked():
    assert [str(n) for n in networks_parse([" 10.0.0.0/8", "::1", "192.0.2.1"])] == [
        "10.0.0.0/8",
        "::1/128",
        "192.0.2.1/32",
    ]
    with pytest.raises(ImproperlyConfigured, match="'10.0.0.300'"):
        networks_parse(["10.0.0.300"])


def test_only_config_client_reads_the_peer_or_the_forwarded_header():
    """Every per-address rule goes through ``config.client`` (the rate limits used to read
    ``REMOTE_ADDR`` themselves, and ``/metrics`` read it again)."""
    pattern = r"[\"']REMOTE_ADDR[\"']|HTTP_X_FORWARDED_FOR|headers\.get\([\"']X-Forwarded-For"
    assert hits(pattern, allowed={"platform/config/client.py"}) == []


@pytest.mark.django_db
def test_metrics_through_a_trusted_proxy_is_judged_by_the_client_it_saw(client, settings):
    """``METRICS_ALLOWED_ADDRESSES`` is matched against the client's address: through a trusted
    proxy that is the address the proxy saw (a remote client through the local balancer is
    remote); forwarding by a peer that is not trusted is always refused (the README's rule)."""
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    assert (
        client.get("/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.7").status_code == 404
    )
    assert client.get("/metrics", REMOTE_ADDR="127.0.0.1").status_code == 200
    settings.METRICS_ALLOWED_ADDRESSES = ["192.0.2.0/24"]
    assert (
        client.get("/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.7").status_code == 200
    )
    assert (
        client.get("/metrics", REMOTE_ADDR="198.51.100.1", HTTP_X_FORWARDED_FOR="192.0.2.7").status_code
        == 404
    )
    assert (
        client.get("/metrics", REMOTE_ADDR="192.0.2.8", HTTP_X_FORWARDED_FOR="192.0.2.7").status_code == 404
    )
    assert (
        client.get(
            "/metrics", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.7, 198.51.100.1"
        ).status_code
        == 404
    )


@pytest.mark.django_db
def test_log_lines_of_a_request_carry_the_client_address(settings):
    from config.observability import logging_config

    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    spec = dict(logging_config()["formatters"]["json"])
    factory = spec.pop("()")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(factory(**spec))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        logging.getLogger("platform.test").warning("outside")
        Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.1, 2001:db8::5").get(
            "/api/v1/no-such-endpoint"
        )
    finally:
        root.removeHandler(handler)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert lines[0]["client_address"] is None
    inside = [line for line in lines if line["logger"] == "django.request"]
    assert [line["client_address"] for line in inside] == ["2001:db8::5"]
