"""Sessions, login limits and one-time tokens agree between server processes (issue 16, items 1,
3 and 4). Each test runs two gunicorn processes against the test database and talks to both, as
a browser behind a load balancer talks to several workers. On the old code (a per-process cache in
front of the sessions, counters and token marks) each of these failed."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from accounts.models import Profile
from accounts.tests.factories import PASSWORD, ProfileFactory
from config.tests.live_servers import Browser, address_with_window_left, start_servers

pytestmark = pytest.mark.django_db(transaction=True)


def replay(cookies: dict[str, str], server, method: str, path: str) -> int:
    """The status of one request sending exactly ``cookies`` (a fresh browser each time, so a
    server clearing a cookie cannot hide the next replay)."""
    browser = Browser()
    browser.cookies = dict(cookies)
    return browser.call(server, method, path)[0]


@pytest.fixture(scope="module")
def servers(tmp_path_factory, django_db_setup, django_db_blocker):
    started = start_servers(tmp_path_factory.mktemp("two-servers"))
    yield started
    for server in started:
        server.stop()


def test_logout_on_one_process_ends_the_session_on_the_other(servers, learner):
    a, b = servers
    browser = Browser()
    assert browser.login(a, learner.user.email, PASSWORD)[0] == 200
    old_cookies = dict(browser.cookies)
    for server in (a, b, a, b):  # both processes have served (and so could have cached) it
        assert browser.call(server, "GET", "/api/v1/auth/is-authorized")[0] == 200
    assert browser.call(a, "POST", "/api/v1/auth/logout")[0] == 200
    statuses = [replay(old_cookies, s, "GET", "/api/v1/auth/is-authorized") for s in (a, b) * 6]
    assert statuses == [401] * 12


def test_login_rotates_the_session_id_even_for_the_same_user(servers, learner):
    a, b = servers
    browser = Browser()
    browser.login(a, learner.user.email, PASSWORD)
    first = browser.cookies["sessionid"]
    assert browser.login(b, learner.user.email, PASSWORD)[0] == 200
    assert browser.cookies["sessionid"] != first
    assert replay({"sessionid": first}, a, "GET", "/api/v1/auth/is-authorized") == 401


def test_wrong_passwords_spread_over_both_processes_hit_the_limit_at_its_count(servers, learner, settings):
    """LOGIN_RATE_PER_ACCOUNT is 5 failed attempts per account and address: the sixth answers 429
    whichever process takes it; the owner, from another address, still logs in."""
    a, b = servers
    email = learner.user.email.lower()
    attacker = Browser(
        source_ip=address_with_window_left(
            settings.LOGIN_RATE_PER_ACCOUNT, 120, subnet=21, key=lambda address: f"{email}|{address}"
        )
    )
    codes = [attacker.login(s, learner.user.email, "wrong-password")[0] for s in (a, b) * 5]
    assert codes == [400] * 5 + [429] * 5
    owner = Browser(source_ip="127.0.0.22")
    assert owner.login(b, learner.user.email, PASSWORD)[0] == 200
    assert owner.login(a, learner.user.email, PASSWORD)[0] == 200


def test_per_ip_limit_counts_attempts_on_both_processes(servers, settings):
    """LOGIN_RATE_PER_IP (failed attempts per address): one address trying many accounts is
    refused once the configured count is used up, not once per process."""
    limit = int(settings.LOGIN_RATE_PER_IP.split("/")[0])
    a, b = servers
    guesser = Browser(source_ip=address_with_window_left(settings.LOGIN_RATE_PER_IP, 120, subnet=31))
    codes = [guesser.login((a, b)[i % 2], f"nobody{i}@example.vn", "x-password")[0] for i in range(limit + 2)]
    assert codes == [400] * limit + [429] * 2


def test_a_token_redeemed_twenty_times_at_once_on_both_processes_gives_one_session(servers, learner):
    a, b = servers
    owner = Browser()
    owner.login(a, learner.user.email, PASSWORD)
    status, body = owner.call(a, "GET", "/api/v1/auth/request-token-exchange")
    assert status == 200
    token = body["data"]["token"]

    def redeem(i: int) -> int:
        return Browser().call((a, b)[i % 2], "POST", "/public/api/auth/token-exchange", {"token": token})[0]

    with ThreadPoolExecutor(max_workers=20) as pool:
        statuses = list(pool.map(redeem, range(20)))
    assert sorted(statuses) == [200] + [400] * 19


def test_after_switching_organization_no_process_shows_the_old_one(servers, educator_a, org_a, org_b):
    """An educator in two organizations works in A on both processes, then switches to B on one:
    every later request on either process is in B (header and question banks), and the session id
    has changed."""
    from django_tenants.utils import schema_context

    from assessments.models import QuestionBank

    a, b = servers
    in_b = ProfileFactory(user=educator_a.user, educator=True, organization=org_b, is_admin=True)
    for org, name in ((org_a, "Ngân hàng của A"), (org_b, "Ngân hàng của B")):
        with schema_context(org.schema_name):
            QuestionBank.objects.create(name=name, created_by_profile_id=educator_a.pk)
    browser = Browser()
    browser.login(a, educator_a.user.email, PASSWORD)  # starts in the oldest profile: A

    def state(server) -> tuple[int, list[str]]:
        who = browser.call(server, "GET", "/api/v1/auth/is-authorized")[1]["data"]["current_profile_id"]
        banks = browser.call(server, "GET", "/api/v1/question-banks")[1]["data"]["items"]
        return who, [bank["name"] for bank in banks]

    assert [state(s) for s in (a, b)] == [(educator_a.pk, ["Ngân hàng của A"])] * 2
    before = browser.cookies["sessionid"]
    assert browser.call(a, "POST", "/api/v1/users/switch-profile", {"profile_id": in_b.pk})[0] == 200
    assert browser.cookies["sessionid"] != before
    assert [state(s) for s in (a, b) * 3] == [(in_b.pk, ["Ngân hàng của B"])] * 6


def test_removal_from_the_organization_ends_the_session_on_every_process(servers, educator_a, org_a):
    a, b = servers
    member = ProfileFactory(educator=True, organization=org_a)
    browser = Browser()
    assert browser.login(a, member.user.email, PASSWORD)[0] == 200
    for server in (a, b):
        assert browser.call(server, "GET", "/api/v1/auth/is-authorized")[0] == 200
    Profile.objects.filter(pk=member.pk).update(status=Profile.Status.REMOVED)
    cookies = dict(browser.cookies)
    assert [replay(cookies, s, "GET", "/api/v1/auth/is-authorized") for s in (b, a, b)] == [401] * 3


def test_a_learner_removed_mid_sitting_can_save_on_no_process(servers, as_educator_a, bank, round_id, org_a):
    """Both processes have checked the learner's session in full and remember it for the answer
    save (decision 0033). The removal, made by a third process (this one) with no signal to
    them, holds at the next save on each: 401, and nothing more is stored."""
    from django_tenants.utils import schema_context

    from assignments.models import AttemptAnswer
    from sitting.tests.test_taking import open_test

    a, b = servers
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    browser = Browser()
    assert browser.login(a, learner.user.email, PASSWORD)[0] == 200
    token = browser.call(a, "POST", f"/api/v1/take-test/{eid}/start", {"no_camera": True})[1]["data"][
        "device_token"
    ]
    qid = browser.call(b, "GET", f"/api/v1/take-test/{eid}/attempt")[1]["data"]["questions"][0]["id"]

    def save(server, seq: int, cookies: dict[str, str]) -> int:
        saver = Browser()
        saver.cookies = dict(cookies)
        path = f"/api/v1/take-test/{eid}/answers/{qid}"
        body = {"answer": {"value": seq % 2 == 0}, "seq": seq, "flagged": False}
        return saver.call(server, "PUT", path, body, headers={"X-Device-Token": token})[0]

    cookies = dict(browser.call(a, "GET", "/public/api/auth/csrf") and browser.cookies)
    assert [save(s, seq, cookies) for seq, s in enumerate((a, b, a, b), 1)] == [200] * 4
    Profile.objects.filter(pk=learner.pk).update(status=Profile.Status.REMOVED)
    assert [save(s, seq, cookies) for seq, s in ((5, b), (6, a))] == [401, 401]
    with schema_context(org_a.schema_name):
        assert list(AttemptAnswer.objects.values_list("seq", flat=True)) == [4]
