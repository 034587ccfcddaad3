"""The consent gate (issue 24, item 1, "Tests"): a learner under 16 cannot buy, start a test or
upload the surroundings video before a parent's consent; can after it; cannot after the parent
withdraws. Over HTTP, with the parent's link read from the mail."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from consent.tests.factories import consent_given
from marketplace.tests.test_purchases import add, listed
from sitting.tests.test_taking import open_test, start

pytestmark = pytest.mark.django_db
J = "application/json"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

UNDER_16 = date(2011, 6, 1)  # 15 on 27/11/2026
BLOCKED_EN = (
    "Waiting for your parent's consent: you are under 16, so until your parent or guardian consents "
    "you can browse, but not buy, take a test or the career survey, or record a video."
)
BLOCKED_VI = (
    "Đang chờ cha mẹ đồng ý: bạn chưa đủ 16 tuổi, nên cho đến khi cha mẹ hoặc người giám hộ đồng ý, "
    "bạn chỉ có thể xem, chưa thể mua, làm bài kiểm tra hay khảo sát hướng nghiệp, hoặc quay video."
)
WITHDRAWN_EN = (
    "Your parent or guardian withdrew their consent. Until they consent again you can browse, but "
    "not buy, take a test or the career survey, or record a video."
)
WITHDRAWN_VI = (
    "Cha mẹ hoặc người giám hộ của bạn đã rút lại sự đồng ý. Cho đến khi họ đồng ý lại, bạn chỉ có "
    "thể xem, chưa thể mua, làm bài kiểm tra hay khảo sát hướng nghiệp, hoặc quay video."
)
RENEWAL_EN = (
    "Waiting for your parent's consent to the new version: the terms or the privacy policy changed, "
    "so until your parent or guardian consents again you can browse, but not buy, take a test or "
    "the career survey, or record a video."
)
RENEWAL_VI = (
    "Đang chờ cha mẹ đồng ý với phiên bản mới: điều khoản hoặc chính sách bảo mật đã thay đổi, nên "
    "cho đến khi cha mẹ hoặc người giám hộ đồng ý lại, bạn chỉ có thể xem, chưa thể mua, làm bài "
    "kiểm tra hay khảo sát hướng nghiệp, hoặc quay video."
)


def parent_token() -> str:
    match = re.search(r"/parental-consent/([\w-]+)\?lang=", mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(1)


def ask_parent(client: Client, captured) -> str:
    """The learner's prompt answer gives the parent's e-mail; returns the mailed link's token."""
    with captured(execute=True):
        res = client.put("/api/v1/consent/parent", {"parent_email": "me.hoa@example.vn"}, content_type=J)
    assert res.status_code == 200, res.json()
    assert mail.outbox[-1].to == ["me.hoa@example.vn"]
    return parent_token()


def test_an_under_16_learner_cannot_buy_start_or_upload_until_a_parent_consents_nor_after_withdrawal(
    as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    _, batch_id, listing_id = listed(as_educator_a, bank, round_id)
    ((learner, eid),) = open_test(as_educator_a, bank, round_id, org_a)
    learner.date_of_birth = UNDER_16
    learner.grade = 9
    learner.save()
    client = client_for(learner)
    assert add(client, listing_id, batch_id).status_code == 200  # browsing and the cart stay open

    def refused(res, message=BLOCKED_EN):
        assert res.status_code == 403, res.json()
        assert res.json()["code"] == "parental_consent_required"
        assert res.json()["message"] == message

    def video(**extra):
        upload = SimpleUploadedFile("v.webm", b"not a video at all" * 100, content_type="video/webm")
        return client.post(f"/api/v1/take-test/{eid}/video", {"file": upload}, **extra)

    refused(client.post("/api/v1/transaction/checkout", {}, content_type=J, **EN))
    res = client.post("/api/v1/transaction/checkout", {}, content_type=J)
    assert res.status_code == 403 and res.json()["message"] == BLOCKED_VI
    refused(client.post(f"/api/v1/take-test/{eid}/start", {"no_camera": True}, content_type=J, **EN))
    refused(video(**EN))
    state = client.get("/api/v1/consent/me", **EN).json()["data"]
    assert state["blocked"] == {"code": "parental_consent_required", "message": BLOCKED_EN}
    assert state["age_band"] == "child" and state["prompt"] == ["parent_email"]

    token = ask_parent(client, django_capture_on_commit_callbacks)
    refused(client.post("/api/v1/transaction/checkout", {}, content_type=J, **EN))  # asked, not given

    link = Client(REMOTE_ADDR="203.0.113.9")
    res = link.post(
        "/public/api/consent/parent/consent",
        {
            "token": token,
            "accept_terms": True,
            "terms_version": "2.0",
            "privacy_version": "2.0",
            # issue 37, item 5: the parent confirms the relationship and the child's date of birth
            "relationship": "guardian",
            "child_birth_date": UNDER_16.strftime("%d/%m/%Y"),
        },
        content_type=J,
    )
    assert res.status_code == 200, res.json()
    assert res.json()["data"]["status"] == "consented"
    assert client.get("/api/v1/consent/me").json()["data"]["blocked"] is None

    res = client.post("/api/v1/transaction/checkout", {}, content_type=J)
    assert res.status_code == 200, res.json()
    pending = res.json()["data"]["id"]
    assert client.post(f"/api/v1/take-test/{eid}/camera-consent").status_code == 200
    res = video()
    assert res.status_code == 400 and res.json()["code"] == "unsupported_video"  # past the gate
    res = start(client, eid, no_camera=True)
    assert res.status_code == 200, res.json()

    res = link.post("/public/api/consent/parent/withdraw", {"token": token}, content_type=J)
    assert res.status_code == 200 and res.json()["data"]["status"] == "withdrawn"
    refused(client.post("/api/v1/transaction/checkout", {}, content_type=J, **EN), WITHDRAWN_EN)
    refused(video(**EN), WITHDRAWN_EN)
    refused(
        client.post("/api/v1/transaction/pay", {"transaction_id": pending}, content_type=J, **EN),
        WITHDRAWN_EN,
    )


def test_the_learners_own_consent_and_age_come_first(as_educator_a, bank, round_id, org_a):
    _, batch_id, listing_id = listed(as_educator_a, bank, round_id)
    adult = ProfileFactory(consented=False)
    client = client_for(adult)
    add(client, listing_id, batch_id)
    res = client.post("/api/v1/transaction/checkout", {}, content_type=J, **EN)
    assert res.status_code == 403 and res.json() == {
        "success": False,
        "code": "consent_required",
        "message": "Accept the current terms and privacy policy to continue.",
        "errors": {},
    }
    consent_given(adult.user)
    adult.date_of_birth = None
    adult.save()
    res = client.post("/api/v1/transaction/checkout", {}, content_type=J, **EN)
    assert res.status_code == 403 and res.json()["code"] == "date_of_birth_required"
    assert res.json()["message"] == "Enter your date of birth: we need your age before you continue."
    adult.date_of_birth = date(2010, 11, 26)  # 16 since yesterday (Vietnam day)
    adult.save()
    assert client.post("/api/v1/transaction/checkout", {}, content_type=J).status_code == 200


def test_educators_are_not_gated_and_under_7_needs_the_parent_as_well(educator_a):
    from consent.gate import consent_gate
    from consent.rules import age_band

    consent_gate(educator_a)  # no consent, no date of birth: educators are not asked
    assert age_band(date(2020, 1, 1), day=date(2026, 11, 27)) == "under_7"
    assert age_band(date(2019, 11, 27), day=date(2026, 11, 27)) == "child"  # 7 today
    assert age_band(date(2010, 11, 28), day=date(2026, 11, 27)) == "child"  # 16 tomorrow
    assert age_band(date(2010, 11, 27), day=date(2026, 11, 27)) == "adult"
    assert age_band(date(2012, 2, 29), day=date(2027, 2, 28)) == "child"  # 15 from 1 March
    small = ProfileFactory(date_of_birth=date(2021, 5, 5))
    res = client_for(small).get("/api/v1/consent/me", **EN).json()["data"]
    assert res["age_band"] == "under_7" and res["blocked"]["code"] == "parental_consent_required"
