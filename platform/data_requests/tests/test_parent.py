"""A parent's copy and deletion of their child's data through the consent link (issue 24, item 5:
"the same for a parent through the consent link"; decision 0022): the link's token is the
parent's credential; the copy is the child's own zip; a deletion the parent asks for can be
cancelled by the parent, not by the child; a replaced or unknown link does nothing."""

from __future__ import annotations

import io
import zipfile
from datetime import date, timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from consent.tests.test_api import ask, token_in
from data_requests.models import DataRequest

pytestmark = pytest.mark.django_db
J = "application/json"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
BASE = "/public/api/data-requests/parent"


def post(url: str, token: str, **extra):
    return Client().post(url, {"token": token}, content_type=J, **extra)


@pytest.fixture
def child(db, media):
    """A 15-year-old learner whose parent was mailed a consent link."""
    return ProfileFactory(date_of_birth=date(2011, 6, 1), user__email="be.an@example.vn")


@pytest.fixture
def token(child, django_capture_on_commit_callbacks) -> str:
    assert (
        ask(client_for(child), django_capture_on_commit_callbacks, email="bo.an@example.vn").status_code
        == 200
    )
    return token_in(mail.outbox[-1].body)


def test_the_parent_reads_the_state_asks_for_the_childs_copy_and_downloads_it(
    child, token, django_capture_on_commit_callbacks
):
    state = post(BASE, token).json()["data"]
    assert state == {
        "export": None,
        "deletion": None,
        "corrections": [],
        "correction_organizations": [],
        "grace_days": 7,
        "export_keep_days": 7,
        "answer_days": {"export": 10, "correction": 10, "deletion": 10, "withdrawal": 15},
    }

    with django_capture_on_commit_callbacks(execute=True):
        res = post(f"{BASE}/export", token, **EN)
    assert res.status_code == 202 and res.json()["message"] == "The copy is being prepared."
    export_id = res.json()["data"]["id"]
    row = DataRequest.objects.get(pk=export_id)
    assert (row.user_id, row.requested_by, row.kind, row.language) == (
        child.user_id,
        "parent",
        "export",
        "en",
    )

    copy = post(BASE, token).json()["data"]["export"]
    assert copy["status"] == "ready" and copy["progress"] == 100
    assert copy["download_url"] == f"{BASE}/export/{export_id}/download"

    res = post(copy["download_url"], token, **EN)
    assert res.status_code == 200 and res["Cache-Control"] == "no-store"
    day = timezone.localdate().isoformat()
    assert res["Content-Disposition"] == f'attachment; filename="my-data-{day}.zip"'
    archive = zipfile.ZipFile(io.BytesIO(b"".join(res.streaming_content)))
    assert b'"be.an@example.vn"' in archive.read("profile.json")

    # The child's own page sees the same copy, downloaded with the session.
    mine = client_for(child).get("/api/v1/data-requests").json()["data"]["export"]
    assert mine["download_url"] == f"/api/v1/data-requests/export/{export_id}/download"


def test_the_link_opens_only_its_childs_copy(child, token, django_capture_on_commit_callbacks):
    other = ProfileFactory()
    with django_capture_on_commit_callbacks(execute=True):
        other_id = client_for(other).post("/api/v1/data-requests/export").json()["data"]["id"]
    res = post(f"{BASE}/export/{other_id}/download", token)
    assert res.status_code == 404 and res.json()["code"] == "not_found"
    assert post(f"{BASE}/export/not-a-uuid/download", token).status_code == 404


@pytest.mark.parametrize("path", ["", "/export", "/deletion", "/deletion/cancel"])
def test_an_unknown_or_replaced_link_does_nothing(
    child, token, path, settings, django_capture_on_commit_callbacks
):
    res = post(f"{BASE}{path}", "not-a-real-token", **EN)
    assert res.status_code == 400 and res.json()["code"] == "invalid_consent_link"
    settings.PARENT_CONSENT_MAIL_INTERVAL = 0
    with django_capture_on_commit_callbacks(execute=True):
        assert client_for(child).post("/api/v1/consent/parent/resend").status_code == 200
    res = post(f"{BASE}{path}", token, **EN)  # the old link, replaced by the resend
    assert res.status_code == 400 and res.json()["message"] == (
        "This link is not valid any more. Ask your child to send the request again."
    )
    assert not DataRequest.objects.exists()


def test_a_parents_deletion_is_cancelled_by_the_parent_not_by_the_child(
    child, token, django_capture_on_commit_callbacks
):
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        res = post(f"{BASE}/deletion", token, **EN)
    assert res.status_code == 201 and res.json()["message"] == "The account will be deleted."
    deletion = res.json()["data"]
    assert (deletion["status"], deletion["requested_by"], deletion["can_cancel"]) == (
        "scheduled",
        "parent",
        True,
    )
    row = DataRequest.objects.get(kind="deletion")
    assert row.user_id == child.user_id
    assert before + timedelta(days=7) <= row.due_at <= timezone.now() + timedelta(days=7)
    assert mail.outbox[-1].to == ["be.an@example.vn"]  # the account's owner is told

    learner = client_for(child)
    seen = learner.get("/api/v1/data-requests").json()["data"]["deletion"]
    assert (seen["requested_by"], seen["can_cancel"]) == ("parent", False)
    res = learner.post("/api/v1/data-requests/deletion/cancel")
    assert res.status_code == 403 and res.json()["code"] == "deletion_not_cancellable"

    with django_capture_on_commit_callbacks(execute=True):
        res = post(f"{BASE}/deletion/cancel", token, **EN)
    assert res.status_code == 200 and res.json()["data"]["status"] == "cancelled"
    row.refresh_from_db()
    assert (row.status, row.cancelled_by) == ("cancelled", "parent")
    res = post(f"{BASE}/deletion/cancel", token)
    assert res.status_code == 404 and res.json()["code"] == "no_deletion_scheduled"


def test_the_parent_takes_over_the_childs_own_deletion(child, token, django_capture_on_commit_callbacks):
    from data_requests.services import schedule_account_deletion

    own = schedule_account_deletion(user=child.user, requested_by="learner")
    due = own.due_at
    res = post(f"{BASE}/deletion", token)
    assert res.status_code == 201 and res.json()["data"]["id"] == str(own.pk)
    own.refresh_from_db()
    assert own.requested_by == "parent" and own.due_at == due  # the same date kept


def test_the_links_calls_are_limited_per_address(child, token, settings):
    settings.PUBLIC_RATE_PER_IP = "2/m"
    # the state the page polls every second while a copy is written: not counted with its token
    assert [post(BASE, token).status_code for _ in range(5)] == [200] * 5
    # requests that act are counted, and so are wrong tokens (guesses), even on the polled state
    assert post(f"{BASE}/deletion/cancel", token).status_code == 404
    assert post(f"{BASE}/deletion/cancel", token).status_code == 404
    res = post(f"{BASE}/export", token, **EN)
    assert res.status_code == 429 and res.json()["code"] == "rate_limited"
    assert not DataRequest.objects.exists()
    settings.PUBLIC_RATE_PER_IP = "1/m"
    cache.clear()
    assert post(BASE, "guess-1").status_code == 400
    res = post(BASE, "guess-2", **EN)
    assert res.status_code == 429 and res.json()["code"] == "rate_limited"
