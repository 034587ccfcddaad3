"""GET /api/v1/home/attention, the educator's /home panel (issue 19, section 1): exact figures of a
small organization (answers to grade, batches running now, results waiting for release per batch,
open invitations for admins), roles, tenant isolation and a query count that does not grow with
the rows."""

from __future__ import annotations

from datetime import timedelta
from itertools import count

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Invitation
from accounts.tests.factories import ProfileFactory
from assessments.models import Batch, MatrixCluster, Question, QuestionBank, Subject, TestPreset
from assignments.models import Assignment, Attempt, AttemptAnswer
from conftest import client_for

pytestmark = pytest.mark.django_db

URL = "/api/v1/home/attention"
NOW = timezone.now().replace(microsecond=0)
_ids = count(5000)


def _batch(preset, name: str, starts: timedelta, hours: int = 2) -> Batch:
    return Batch.objects.create(
        preset=preset,
        name=name,
        starts_at=NOW + starts,
        expires_at=NOW + starts + timedelta(hours=hours),
        slots=20,
        available=20,
    )


def _assignment(preset, batch, name: str, status: str) -> Assignment:
    n = next(_ids)
    return Assignment.objects.create(
        preset=preset,
        batch=batch,
        learner_profile_id=n,
        learner_user_id=n,
        learner_name=name,
        learner_email=f"hv{n}@example.vn",
        source="direct",
        status=status,
    )


def _attempt(assignment, *, submitted: bool = True, **fields) -> Attempt:
    return Attempt.objects.create(
        assignment=assignment,
        status="submitted" if submitted else "in_progress",
        started_at=NOW - timedelta(hours=30),
        deadline_at=NOW - timedelta(hours=29),
        submitted_at=NOW - timedelta(hours=29, minutes=fields.pop("minutes", 0)) if submitted else None,
        device_token="t",
        max_score=10,
        **fields,
    )


def _essay() -> Question:
    folder = QuestionBank.objects.create(name="Tự luận", created_by_profile_id=1)
    topic = MatrixCluster.objects.create(type="topic", code="TL", description="Tự luận")
    return Question.objects.create(
        bank=folder,
        type="essay",
        grade=9,
        subject=Subject.objects.get(code="toan"),
        difficulty="easy",
        content={"stem": {"vi": "Trình bày lời giải.", "en": ""}, "options": [], "explanation": {}},
        answer_key={"rubric": "1 điểm"},
        topic=topic,
        status="published",
        created_by_profile_id=1,
    )


@pytest.fixture
def centre(org_a, educator_a):
    """Organization A. "Toán 9" (published): "Ca đang thi" runs now (until in 1 h; An and Bình in
    the test, Chi submitted an essay waiting for a score, Dũng revoked while in the test), "Ca tối"
    runs until in 5 h, "Ca sắp tới" starts tomorrow, "Ca hôm qua" ended yesterday (Em and Giang
    graded, not released; Hà released; Khoa's essay waiting for a score, Lan's graded; Minh's
    result graded but his assignment revoked). A direct assignment of "Toán 9" without a batch
    (Nga) is graded and not released. "Nháp" (a draft) has a batch running now. Invitations: two
    learners and one educator pending, a learner's pending invitation past its expiry, an accepted
    one; and one pending in organization B."""
    with schema_context(org_a.schema_name):
        essay = _essay()
        toan = TestPreset.objects.create(name="Toán 9", status="published", created_by_profile_id=1)
        draft = TestPreset.objects.create(name="Nháp", status="draft", created_by_profile_id=1)
        now_batch = _batch(toan, "Ca đang thi", -timedelta(hours=1))
        evening = _batch(toan, "Ca tối", -timedelta(minutes=30), hours=5)
        _batch(toan, "Ca sắp tới", timedelta(days=1))
        yesterday = _batch(toan, "Ca hôm qua", -timedelta(days=1, hours=2))
        _batch(draft, "Ca nháp", -timedelta(hours=1))
        for name in ("An", "Bình"):
            _attempt(_assignment(toan, now_batch, name, "in_progress"), submitted=False)
        _attempt(_assignment(toan, now_batch, "Dũng", "revoked"), submitted=False)
        chi = _attempt(_assignment(toan, now_batch, "Chi", "submitted"))
        AttemptAnswer.objects.create(attempt=chi, question=essay, answer={"text": "…"}, needs_grading=True)
        graded = {"graded_at": NOW - timedelta(hours=2), "score": 6, "result": "passed"}
        _attempt(_assignment(toan, yesterday, "Em", "graded"), minutes=5, **graded)
        _attempt(_assignment(toan, yesterday, "Giang", "graded"), **graded)
        _attempt(_assignment(toan, yesterday, "Hà", "graded"), released_at=NOW, **graded)
        _attempt(_assignment(toan, yesterday, "Minh", "revoked"), **graded)
        khoa = _attempt(_assignment(toan, yesterday, "Khoa", "submitted"))
        AttemptAnswer.objects.create(attempt=khoa, question=essay, answer={"text": "…"}, needs_grading=True)
        lan = _attempt(_assignment(toan, yesterday, "Lan", "submitted"))
        AttemptAnswer.objects.create(
            attempt=lan, question=essay, answer={"text": "…"}, needs_grading=True, score=1, graded_at=NOW
        )
        _attempt(_assignment(toan, None, "Nga", "graded"), **graded)
    old = NOW - timedelta(days=30)
    for email, role, status, sent in (
        ("a@example.vn", "LEARNER", "pending", NOW),
        ("b@example.vn", "LEARNER", "pending", NOW - timedelta(days=1)),
        ("c@example.vn", "EDUCATOR", "pending", NOW),
        ("d@example.vn", "LEARNER", "pending", old),
        ("e@example.vn", "LEARNER", "accepted", NOW),
    ):
        Invitation.objects.create(
            token_hash=email.ljust(64, "x"),
            email=email,
            role=role,
            organization=org_a,
            status=status,
            sent_at=sent,
        )
    return {"toan": toan, "now": now_batch, "evening": evening, "yesterday": yesterday}


def test_what_needs_an_admin_now(as_educator_a, centre, org_b):
    Invitation.objects.create(
        token_hash="f" * 64, email="f@example.vn", role="LEARNER", organization=org_b, status="pending"
    )
    res = as_educator_a.get(URL)
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    toan = centre["toan"].pk
    assert data["answers_to_grade"] == 2  # Chi's and Khoa's essays (Lan's is graded)
    assert data["running_batches"] == [
        {
            "id": centre["now"].pk,
            "name": "Ca đang thi",
            "preset_id": toan,
            "preset_name": "Toán 9",
            "starts_at": (NOW - timedelta(hours=1)).isoformat().replace("+00:00", "Z"),
            "expires_at": (NOW + timedelta(hours=1)).isoformat().replace("+00:00", "Z"),
            "in_progress": 2,
        },
        {
            "id": centre["evening"].pk,
            "name": "Ca tối",
            "preset_id": toan,
            "preset_name": "Toán 9",
            "starts_at": (NOW - timedelta(minutes=30)).isoformat().replace("+00:00", "Z"),
            "expires_at": (NOW + timedelta(hours=4, minutes=30)).isoformat().replace("+00:00", "Z"),
            "in_progress": 0,
        },
    ]
    assert data["running_batches_total"] == 2
    assert data["releases"] == [
        {
            "preset_id": toan,
            "preset_name": "Toán 9",
            "batch_id": centre["yesterday"].pk,
            "batch_name": "Ca hôm qua",
            "count": 2,  # Em and Giang (Hà released, Minh revoked)
        },
        {"preset_id": toan, "preset_name": "Toán 9", "batch_id": None, "batch_name": None, "count": 1},
    ]
    assert data["results_to_release"] == 3
    assert data["invitations"] == {"educators": 1, "learners": 2}


def test_other_educators_do_not_see_invitations(centre, org_a):
    colleague = ProfileFactory(educator=True, organization=org_a, is_admin=False)
    data = client_for(colleague).get(URL).json()["data"]
    assert data["invitations"] is None
    assert data["answers_to_grade"] == 2 and data["results_to_release"] == 3


def test_nothing_needs_another_organization(centre, educator_b, as_learner):
    """Organization B's educator sees B's (empty) panel, none of A's work or invitations."""
    res = client_for(educator_b).get(URL)
    assert res.status_code == 200
    assert res.json()["data"] == {
        "answers_to_grade": 0,
        "running_batches": [],
        "running_batches_total": 0,
        "releases": [],
        "results_to_release": 0,
        "invitations": {"educators": 0, "learners": 0},
    }
    res = as_learner.get(URL)
    assert res.status_code == 403 and res.json()["code"] == "forbidden_role"


def test_ten_rows_at_most_and_a_constant_number_of_queries(as_educator_a, centre, org_a):
    def queries() -> tuple[int, dict]:
        with CaptureQueriesContext(connection) as captured:
            data = as_educator_a.get(URL).json()["data"]
        return len(captured), data

    baseline, _ = queries()
    with schema_context(org_a.schema_name):
        for n in range(12):
            batch = _batch(centre["toan"], f"Ca {n:02d}", -timedelta(minutes=10), hours=6 + n)
            _attempt(_assignment(centre["toan"], batch, f"Học viên {n}", "in_progress"), submitted=False)
            _attempt(
                _assignment(centre["toan"], batch, f"Đã chấm {n}", "graded"),
                graded_at=NOW,
                score=5,
                result="passed",
                minutes=-(n + 1),
            )
    after, data = queries()
    assert after == baseline
    assert len(data["running_batches"]) == 10 and data["running_batches_total"] == 14
    assert [b["name"] for b in data["running_batches"][:3]] == ["Ca đang thi", "Ca tối", "Ca 00"]
    assert len(data["releases"]) == 10 and data["results_to_release"] == 15
    # the oldest submission first: yesterday's batch (29 h ago), then Nga's, then the new batches
    assert data["releases"][0]["batch_name"] == "Ca hôm qua" and data["releases"][1]["batch_id"] is None


def test_six_queries_for_an_admin_five_for_others(centre, org_a, educator_a, django_assert_num_queries):
    from people.home import educator_attention

    colleague = ProfileFactory(educator=True, organization=org_a, is_admin=False)
    with schema_context(org_a.schema_name):
        TestPreset.objects.exists()  # sets the search path (not one of the panel's queries)
        with django_assert_num_queries(6):
            educator_attention(profile=educator_a)
        with django_assert_num_queries(5):
            educator_attention(profile=colleague)
