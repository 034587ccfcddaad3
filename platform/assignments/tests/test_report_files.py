"""The advanced report's PDF and the stored private files (issue 16, items 2 and 7): names that
are ReportLab markup are drawn as text, and report PDFs and proctoring videos get random names
(no attempt, report or assignment id) under the organization's private prefix."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from django_tenants.utils import schema_context

from assessments.models import Batch, MatrixCluster
from assignments.models import AdvancedReport, Assignment
from conftest import client_for
from sitting.tests.test_taking import open_test, save, start

pytestmark = pytest.mark.django_db

HOSTILE = 'Trường <img src="/etc/passwd"> & <b'
LEARNER = "An <b"


def _pdf_lines(content: bytes) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(content))
    return [ln.strip() for page in reader.pages for ln in page.extract_text().splitlines() if ln.strip()]


def test_advanced_report_pdf_draws_hostile_names_as_text_and_has_a_random_name(
    as_educator_a, bank, round_id, org_a, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    people = open_test(as_educator_a, bank, round_id, org_a, learners=2, name=HOSTILE)
    get_user_model().objects.filter(profiles__in=[p for p, _ in people]).update(name=LEARNER)
    with schema_context(org_a.schema_name):
        MatrixCluster.objects.filter(pk=bank["t1"]).update(description=HOSTILE)
    for learner, eid in people:
        client = client_for(learner)
        token = start(client, eid, no_camera=True).json()["data"]["device_token"]
        for q in client.get(f"/api/v1/take-test/{eid}/attempt").json()["data"]["questions"][:2]:
            save(client, eid, q["id"], {"value": True}, 1, token)
        client.post(f"/api/v1/take-test/{eid}/submit", headers={"X-Device-Token": token})
    with schema_context(org_a.schema_name):
        Assignment.objects.update(advanced_report=True)
        Batch.objects.update(expires_at=timezone.now())
    for learner, eid in people:
        client = client_for(learner)
        assert client.post(f"/api/v1/take-test/{eid}/report").status_code == 200
        pdf = client.get(f"/api/v1/take-test/{eid}/report/pdf")
        assert pdf.status_code == 200
        lines = _pdf_lines(b"".join(pdf.streaming_content))
        assert lines[:2] == ["Báo cáo nâng cao", f"{HOSTILE} — {LEARNER}"]
        assert any(f"T1 {HOSTILE}" in line for line in lines[2:])

    with schema_context(org_a.schema_name):
        reports = list(AdvancedReport.objects.order_by("pk"))
    names = [r.pdf for r in reports]
    assert len(names) == 2 and names[0] != names[1]
    for report in reports:
        assert re.fullmatch(rf"{org_a.schema_name}/reports/[A-Za-z0-9_-]{{32}}\.pdf", report.pdf), report.pdf
        assert f"/{report.attempt_id}-" not in report.pdf and f"-{report.pk}." not in report.pdf
        assert (tmp_path / report.pdf).read_bytes().startswith(b"%PDF")


def test_prep_video_names_are_random(settings, tmp_path, monkeypatch):
    from sitting import video

    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(video, "video_duration", lambda upload: float(settings.PREP_VIDEO_SECONDS))
    webm = b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\xf7\x81\x01\x42\xf2\x81\x04\x42\xf3\x81\x08\x42\x82\x84webm"
    names = [
        video.video_check_and_store(
            SimpleUploadedFile("v.webm", webm, "video/webm"), schema_name="org_a", assignment_id=4711
        )
        for _ in range(2)
    ]
    assert names[0] != names[1]
    for name in names:
        assert re.fullmatch(r"org_a/prep-videos/[A-Za-z0-9_-]{32}\.webm", name), name
        assert "4711" not in name
        assert (tmp_path / name).read_bytes() == webm
