"""The gradebook per test preset and per batch and its .xlsx export (issue 19, section 1): exact rows
of a small fixture, search, ordering, the export read back with openpyxl, releasing a whole batch,
roles, tenant isolation and a query count that does not grow with the rows."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tenants.utils import schema_context
from openpyxl import load_workbook

from assessments.models import Batch, TestPreset
from assignments.models import Assignment, Attempt
from conftest import client_for

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 22, 1, 0, tzinfo=UTC)  # 08:00 Vietnam time
VIDEO = "proctoring/abc.webm"


def _learner(preset, batch, n: int, name: str, email: str, status: str = "graded") -> Assignment:
    return Assignment.objects.create(
        preset=preset,
        batch=batch,
        learner_profile_id=1000 + n,
        learner_user_id=1000 + n,
        learner_name=name,
        learner_email=email,
        source="direct",
        status=status,
    )


def _attempt(assignment, *, minutes: int, number: int = 1, **fields) -> Attempt:
    values = {
        "status": "submitted",
        "started_at": START,
        "deadline_at": START + timedelta(minutes=45),
        "submitted_at": START + timedelta(minutes=minutes),
        "max_score": 10,
        "video": VIDEO,
        "camera_mode": "camera",
        "device_token": "t",
    } | fields
    return Attempt.objects.create(assignment=assignment, number=number, **values)


@pytest.fixture
def book(org_a):
    """A camera-proctored test with two batches. Morning: An passed 7.5/10 (released), Bình
    voided after 6 tab switches (failed 3/10, not released), Chi waiting for grading, Dũng not
    started, Giang revoked (not listed). Afternoon: Em passed 9/10 without a video and with 7 tab
    switches (reinstated; not released), on a second attempt (the first failed)."""
    with schema_context(org_a.schema_name):
        preset = TestPreset.objects.create(
            name="Toán 9 - Học kỳ I", created_by_profile_id=1, camera_proctoring=True, allow_no_camera=True
        )
        morning, afternoon = (
            Batch.objects.create(
                preset=preset,
                name=name,
                starts_at=START + timedelta(hours=h),
                expires_at=START + timedelta(hours=h + 2),
                slots=10,
                available=10,
            )
            for name, h in (("Ca sáng", 0), ("Ca chiều", 6))
        )
        an = _learner(preset, morning, 1, "Nguyễn Văn An", "an@example.vn")
        binh = _learner(preset, morning, 2, "Trần Thị Bình", "binh@example.vn")
        chi = _learner(preset, morning, 3, "Lê Minh Chi", "chi@example.vn", status="submitted")
        _learner(preset, morning, 4, "Phạm Dũng", "dung@example.vn", status="assigned")
        _learner(preset, morning, 5, "Võ Giang", "giang@example.vn", status="revoked")
        em = _learner(preset, afternoon, 6, "Hoàng Em", "em@example.vn")
        released_at = START + timedelta(hours=3)
        attempts = {
            "an": _attempt(
                an, minutes=30, score=7.5, result="passed", graded_at=released_at, released_at=released_at
            ),
            "binh": _attempt(
                binh,
                minutes=12,
                score=3,
                result="failed",
                graded_at=released_at,
                voided=True,
                tab_switches=6,
                submit_reason="voided",
            ),
            "chi": _attempt(chi, minutes=40, result="pending"),
        }
        _attempt(
            em, minutes=20, score=2, result="failed", graded_at=released_at, video="", camera_mode="none"
        )
        attempts["em"] = _attempt(
            em,
            number=2,
            minutes=380,
            score=9,
            result="passed",
            graded_at=released_at,
            tab_switches=7,
            video="",
            camera_mode="none",
        )
    return {"preset": preset, "morning": morning, "afternoon": afternoon, "attempts": attempts}


def _get(client, url, **params):
    res = client.get(url, params)
    assert res.status_code == 200, res.json()
    return res.json()["data"]


def test_batch_gradebook_rows(as_educator_a, book):
    a = book["attempts"]
    data = _get(as_educator_a, f"/api/v1/batches/{book['morning'].pk}/gradebook")
    assert data["total"] == 4 and data["page"] == 1
    assert data["scope"] == {
        "preset_id": book["preset"].pk,
        "preset_name": "Toán 9 - Học kỳ I",
        "batch_id": book["morning"].pk,
        "batch_name": "Ca sáng",
        "camera_proctoring": True,
        "tab_switches_allowed": 5,
        "score_scale": "ten",
        "parts": [],
    }
    assert data["counts"] == {
        "learners": 4,
        "submitted": 3,
        "graded": 2,
        "released": 1,
        "flagged": 1,
        "releasable": 1,
    }
    rows = [
        (
            r["learner_name"],
            r["status"],
            r["attempt_id"],
            r["score"],
            r["max_score"],
            r["result"],
            r["released"],
            r["integrity"],
            r["tab_switches"],
        )
        for r in data["items"]
    ]
    assert rows == [
        ("Lê Minh Chi", "submitted", a["chi"].pk, None, 10.0, "pending", False, [], 0),
        ("Nguyễn Văn An", "graded", a["an"].pk, 7.5, 10.0, "passed", True, [], 0),
        ("Phạm Dũng", "assigned", None, None, None, None, False, [], 0),
        ("Trần Thị Bình", "graded", a["binh"].pk, 3.0, 10.0, "failed", False, ["voided", "tab_switches"], 6),
    ]
    an = data["items"][1]
    assert an["learner_email"] == "an@example.vn" and an["batch_name"] == "Ca sáng"
    assert an["released_at"] == "2026-11-22T04:00:00Z" and an["submitted_at"] == "2026-11-22T01:30:00Z"
    assert data["items"][2]["released_at"] is None and data["items"][2]["submitted_at"] is None


def test_preset_gradebook_takes_the_latest_attempt_and_flags_a_missing_video(as_educator_a, book):
    data = _get(as_educator_a, f"/api/v1/test-presets/{book['preset'].pk}/gradebook", search="em@")
    assert data["scope"]["batch_id"] is None and data["total"] == 1
    # The counts cover the whole test whatever the search: Bình voided, Em without a video.
    assert data["counts"] == {
        "learners": 5,
        "submitted": 4,
        "graded": 3,
        "released": 1,
        "flagged": 2,
        "releasable": 3,
    }
    (em,) = data["items"]
    assert (em["learner_name"], em["batch_name"], em["attempt_id"]) == (
        "Hoàng Em",
        "Ca chiều",
        book["attempts"]["em"].pk,
    )
    assert (em["score"], em["result"], em["released"]) == (9.0, "passed", False)
    assert em["integrity"] == ["tab_switches", "video_missing"] and em["tab_switches"] == 7


def test_search_and_order(as_educator_a, book):
    url = f"/api/v1/batches/{book['morning'].pk}/gradebook"

    def names(**params):
        return [r["learner_name"] for r in _get(as_educator_a, url, **params)["items"]]

    assert names(search="bình") == ["Trần Thị Bình"]
    assert names(search="AN@EXAMPLE") == ["Nguyễn Văn An"]
    assert _get(as_educator_a, url, search="nobody")["total"] == 0
    assert names(order_by="-learner_name") == ["Trần Thị Bình", "Phạm Dũng", "Nguyễn Văn An", "Lê Minh Chi"]
    # Without an attempt (or a score) last, whatever the direction.
    assert names(order_by="score")[:2] == ["Trần Thị Bình", "Nguyễn Văn An"]
    assert names(order_by="-score")[:2] == ["Nguyễn Văn An", "Trần Thị Bình"]
    assert names(order_by="-score")[2:] == ["Phạm Dũng", "Lê Minh Chi"]  # ties by id, descending
    assert names(order_by="result") == ["Lê Minh Chi", "Trần Thị Bình", "Nguyễn Văn An", "Phạm Dũng"]
    assert names(order_by="-submitted_at") == ["Lê Minh Chi", "Nguyễn Văn An", "Trần Thị Bình", "Phạm Dũng"]
    assert names(limit=2, page=2) == ["Phạm Dũng", "Trần Thị Bình"]
    res = as_educator_a.get(url, {"order_by": "learner_email"})
    assert res.status_code == 400 and res.json()["code"] == "validation_error"


def test_releasing_the_batch_releases_only_graded_results(as_educator_a, book):
    url = f"/api/v1/batches/{book['morning'].pk}"
    assert _get(as_educator_a, f"{url}/gradebook")["counts"]["releasable"] == 1
    res = as_educator_a.post(f"{url}/release", HTTP_ACCEPT_LANGUAGE="en")
    assert res.status_code == 200
    assert res.json()["data"] == {"released": 1} and res.json()["message"] == "1 result released."
    data = _get(as_educator_a, f"{url}/gradebook", order_by="learner_name")
    assert [(r["learner_name"], r["released"]) for r in data["items"]] == [
        ("Lê Minh Chi", False),  # still waiting for grading
        ("Nguyễn Văn An", True),
        ("Phạm Dũng", False),
        ("Trần Thị Bình", True),
    ]
    assert data["counts"]["releasable"] == 0 and data["counts"]["released"] == 2
    assert as_educator_a.post(f"{url}/release").json()["data"] == {"released": 0}
    afternoon = _get(as_educator_a, f"/api/v1/batches/{book['afternoon'].pk}/gradebook")
    assert afternoon["items"][0]["released"] is False  # another batch is untouched


def test_the_release_message_counts_results(as_educator_a, book):
    """The release says "1 result released." / "2 results released." (ngettext), "Đã công bố 2 kết quả." in
    Vietnamese (issue 19: the message said "1 results released.")."""
    morning = f"/api/v1/batches/{book['morning'].pk}/release"
    afternoon = f"/api/v1/batches/{book['afternoon'].pk}/release"
    assert as_educator_a.post(morning, HTTP_ACCEPT_LANGUAGE="en").json()["message"] == "1 result released."
    res = as_educator_a.post(afternoon, HTTP_ACCEPT_LANGUAGE="vi").json()
    assert res["data"] == {"released": 2} and res["message"] == "Đã công bố 2 kết quả."
    assert as_educator_a.post(afternoon, HTTP_ACCEPT_LANGUAGE="en").json()["message"] == "0 results released."


def _sheet(res):
    assert res.status_code == 200
    assert res["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    workbook = load_workbook(io.BytesIO(b"".join(res.streaming_content)), read_only=True)
    return [list(r) for r in workbook.worksheets[0].iter_rows(values_only=True)]


def test_export_in_the_readers_language(as_educator_a, book):
    batch = book["morning"].pk
    res = as_educator_a.get(f"/api/v1/batches/{batch}/gradebook/export", {"order_by": "-score"})
    assert res["Content-Disposition"] == f'attachment; filename="gradebook-batch-{batch}.xlsx"'
    rows = _sheet(res)
    assert rows[0] == [
        "Học viên",
        "E-mail",
        "Ca thi",
        "Mã lượt làm bài",
        "Trạng thái",
        "Điểm",
        "Thang điểm",
        "Điểm thô",
        "Điểm thô tối đa",
        "Kết quả",
        "Đã công bố",
        "Công bố lúc (giờ Việt Nam)",
        "Dấu hiệu bất thường",
        "Số lần chuyển tab",
        "Nộp lúc (giờ Việt Nam)",
    ]
    assert len(rows) == 5
    assert rows[1] == [
        "Nguyễn Văn An",
        "an@example.vn",
        "Ca sáng",
        book["attempts"]["an"].pk,
        "Đã chấm",
        7.5,  # on the reporting scale (out of 10), as the page shows it (decision 0056)
        10,
        7.5,  # raw points
        10,
        "Đạt",
        "Có",
        datetime(2026, 11, 22, 11, 0),  # Vietnam time
        None,
        0,
        datetime(2026, 11, 22, 8, 30),
    ]
    assert rows[2][9:14] == ["Không đạt", "Không", None, "Kết quả bị hủy, Chuyển tab quá số lần cho phép", 6]
    assert rows[3][:6] == ["Phạm Dũng", "dung@example.vn", "Ca sáng", None, "Chưa làm", None]

    preset = book["preset"].pk
    res = as_educator_a.get(
        f"/api/v1/test-presets/{preset}/gradebook/export", {"search": "Em"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert res["Content-Disposition"] == f'attachment; filename="gradebook-preset-{preset}.xlsx"'
    header, em = _sheet(res)
    assert header[:3] == ["Learner", "E-mail", "Batch"] and header[-1] == "Submitted at (Vietnam time)"
    assert em[:3] == ["Hoàng Em", "em@example.vn", "Ca chiều"]
    assert em[9:13] == ["Passed", "No", None, "Too many tab switches, No surroundings video"]


def test_educators_of_the_organization_only(as_educator_a, educator_b, as_learner, book):
    other = client_for(educator_b)
    paths = [
        f"/api/v1/test-presets/{book['preset'].pk}/gradebook",
        f"/api/v1/batches/{book['morning'].pk}/gradebook",
        f"/api/v1/test-presets/{book['preset'].pk}/gradebook/export",
        f"/api/v1/batches/{book['morning'].pk}/gradebook/export",
    ]
    for path in paths:
        res = other.get(path)
        assert res.status_code == 404 and res.json()["code"] == "not_found", path
        res = as_learner.get(path)
        assert res.status_code == 403 and res.json()["code"] == "forbidden_role", path
        assert as_educator_a.get(path).status_code == 200
    assert as_educator_a.get("/api/v1/batches/987654/gradebook").json()["message"] == "Không tìm thấy ca thi."
    assert other.post(f"/api/v1/batches/{book['morning'].pk}/release").status_code == 404


def test_query_count_does_not_grow_with_rows(as_educator_a, book, org_a):
    url = f"/api/v1/test-presets/{book['preset'].pk}/gradebook"

    def queries(**params) -> int:
        with CaptureQueriesContext(connection) as captured:
            _get(as_educator_a, url, **params)
        return len(captured)

    baseline = queries(limit=1)
    with schema_context(org_a.schema_name):
        for n in range(10, 30):
            a = _learner(book["preset"], book["afternoon"], n, f"Học viên {n}", f"hv{n}@example.vn")
            _attempt(a, minutes=n, score=n % 10, result="passed", graded_at=START)
    for order in ("learner_name", "-score", "result", "-submitted_at"):
        assert queries(limit=100, order_by=order) == baseline, order


def test_a_page_is_seven_queries(book, org_a, django_assert_num_queries):
    """Six, and the preset's parts (its columns, decision 0056); the parts' subtotals take an eighth
    only when the attempts have parts (``test_parts.py``)."""
    from grading.gradebook import gradebook_page

    with schema_context(org_a.schema_name):
        TestPreset.objects.exists()  # sets the search path (not one of the page's queries)
        with django_assert_num_queries(7):
            data = gradebook_page(page=1, limit=100, preset_id=book["preset"].pk, order_by="-score")
    assert len(data["items"]) == 5
