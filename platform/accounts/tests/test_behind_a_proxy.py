"""Login limits behind a load balancer (issue 38 item 1; decision 0043). Two gunicorn processes
trust 127.0.0.1 as their proxy (``TRUSTED_PROXIES``); this test plays the proxy by connecting
from 127.0.0.1 and naming the client in ``X-Forwarded-For``, as ops/cluster's HAProxy does
(``option forwardfor``). Before, every client behind the balancer was the balancer's address
(``REMOTE_ADDR``): one client's failed logins refused everyone else's right password."""

from __future__ import annotations

import pytest

from accounts.tests.factories import PASSWORD
from config.tests.live_servers import Browser, address_with_window_left, start_servers

pytestmark = pytest.mark.django_db(transaction=True)

PROXY = "127.0.0.1"


@pytest.fixture(scope="module")
def servers(tmp_path_factory, django_db_setup, django_db_blocker):
    started = start_servers(tmp_path_factory.mktemp("behind-a-proxy"), env={"TRUSTED_PROXIES": PROXY})
    yield started
    for server in started:
        server.stop()


def through_proxy(client: str, own_header: str | None = None) -> dict[str, str]:
    """The header the proxy sends for ``client``: it appends the address it saw to whatever the
    client wrote itself (HAProxy's ``option forwardfor`` adds a header; one line, joined)."""
    return {"X-Forwarded-For": f"{own_header}, {client}" if own_header else client}


def test_one_clients_failed_logins_never_refuse_another_client(servers, learner, settings):
    limit = int(settings.LOGIN_RATE_PER_IP.split("/")[0])
    a, b = servers
    guesser = address_with_window_left(settings.LOGIN_RATE_PER_IP, 120, subnet=38)
    proxy = Browser(source_ip=PROXY)

    def guess(server, i: int, headers: dict[str, str]) -> int:
        body = {"email": f"nobody{i}@example.vn", "password": "x-password"}
        return proxy.call(server, "POST", "/public/api/auth/login", body, headers=headers)[0]

    codes = [guess((a, b)[i % 2], i, through_proxy(guesser)) for i in range(limit)]
    owner = Browser(source_ip=PROXY)
    headers = through_proxy("198.51.100.20")
    owner_codes = [
        owner.call(
            s, "POST", "/public/api/auth/login", {"email": learner.user.email, "password": PASSWORD}, headers
        )[0]
        for s in (a, b)
    ]
    assert owner_codes == [200, 200]
    assert codes == [400] * limit
    # The guesser has used up its own address's count: refused on both processes...
    assert [guess(s, limit + n, through_proxy(guesser)) for n, s in enumerate((a, b))] == [429, 429]
    # ...and naming someone else in its own header gains nothing, through the proxy or straight
    # to a node (its header is then a claim from a peer that is not a trusted proxy).
    assert guess(a, limit + 2, through_proxy(guesser, own_header="198.51.100.77")) == 429
    direct = Browser(source_ip=guesser)
    body = {"email": "nobody-direct@example.vn", "password": "x-password"}
    assert (
        direct.call(b, "POST", "/public/api/auth/login", body, {"X-Forwarded-For": "198.51.100.78"})[0] == 429
    )
