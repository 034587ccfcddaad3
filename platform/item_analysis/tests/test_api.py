"""Item analysis endpoints (``item_analysis.api``; issue 19, section 2): the preset's
and the batch's analysis with its computation state, the .xlsx export, a question's figures
across tests, sending a flagged question back to vetting, tenant isolation of every endpoint
and a constant number of queries."""

from __future__ import annotations

import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tenants.utils import schema_context
from openpyxl import load_workbook

from accounts.tests.factories import ProfileFactory
from assessments.models import PresetQuestion, Question, QuestionTransition
from conftest import client_for
from item_analysis.tests.item_data import (
    HAND_LEARNERS,
    HAND_QUESTIONS,
    build_scope,
    choice_question,
    exam_2025_scope,
    exam_parts_scope,
    with_parts,
)

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def hand(org_a):
    return build_scope(org_a, questions=HAND_QUESTIONS, learners=HAND_LEARNERS, voided=set())


def computed(client, url: str, capture) -> dict:
    """GET ``url`` twice: the first read queues the computation (run when the block commits)."""
    with capture(execute=True):
        first = client.get(url, **EN)
    assert first.status_code == 200, first.json()
    assert first.json()["data"]["state"]["status"] == "queued" and first.json()["data"]["summary"] is None
    res = client.get(url, **EN)
    assert res.status_code == 200
    return res.json()["data"]


def test_preset_and_batch_analysis(as_educator_a, hand, django_capture_on_commit_callbacks):
    data = computed(
        as_educator_a,
        f"/api/v1/test-presets/{hand.preset_id}/item-analysis",
        django_capture_on_commit_callbacks,
    )
    assert (data["preset_id"], data["batch_id"], data["preset_name"]) == (hand.preset_id, None, "Bài IA")
    state = data["state"]
    assert (state["status"], state["attempts"], state["voided"], state["pending"]) == ("ready", 5, 0, 0)
    s = data["summary"]
    assert (s["n"], s["mean"], s["sd"], s["alpha"], s["sem"], s["coefficient"]) == (
        5,
        2.0,
        1.5811,
        0.54,
        1.0724,
        "alpha",
    )
    assert [b["count"] for b in s["histogram"]] == [1, 1, 1, 1, 1]
    q1, q2, q3 = data["questions"]
    assert (q1["code"], q1["position"], q1["type"], q1["stem"]) == (
        f"#{hand.question_ids[0]}",
        1,
        "single_choice",
        "Pick (Chọn đáp án)",
    )
    assert (q1["facility"], q1["discrimination"], q1["efficiency"], q1["upper_lower"]) == (
        0.6,
        0.2722,
        0.2857,
        1.0,
    )
    assert [(c["type"], c["code"], c["label"], c["name"]) for c in q1["clusters"]] == [
        ("topic", "IA", "Chủ đề IA", "IA Chủ đề IA"),
        ("subtopic", "IAa", "Nhánh", "IAa Nhánh"),
        ("complexity_level", "NB", "Recognition", "NB Recognition"),
        ("cognitive_domain", "REM", "Remember", "REM Remember"),
    ]
    assert [(o["option_id"], o["label"], o["correct"], o["count"]) for o in q1["options"]] == [
        ("a", "Option a", True, 3),
        ("b", "Option b", False, 1),
        ("c", "Option c", False, 1),
    ]
    assert [
        (o["text"], o["share"], o["upper_share"], o["lower_share"], o["flags"]) for o in q1["options"]
    ] == [
        ({"vi": "Phương án a", "en": "Option a"}, 0.6, 1.0, 0.0, []),
        ({"vi": "Phương án b", "en": "Option b"}, 0.2, 0.0, 0.0, []),
        ({"vi": "Phương án c", "en": "Option c"}, 0.2, 0.0, 1.0, []),
    ]
    assert [(o["label"], o["text"], o["correct"]) for o in q2["options"]] == [
        ("True", None, True),
        ("False", None, False),
    ]
    assert (q3["omit_rate"], q3["facility"], q3["options"]) == (0.2, 0.5, [])
    assert data["thresholds"] == {
        "facility_low": 0.2,
        "facility_high": 0.9,
        "discrimination_low": 0.2,
        "group_share": 0.27,
        "min_attempts": 30,
        "key_error_min_upper": 2,
    }
    assert s["few_attempts"] is True and [q["few_attempts"] for q in data["questions"]] == [True] * 3
    vi = as_educator_a.get(f"/api/v1/test-presets/{hand.preset_id}/item-analysis").json()["data"]
    assert vi["questions"][0]["stem"] == "Chọn đáp án" and vi["questions"][1]["options"][0]["label"] == "Đúng"
    assert vi["questions"][0]["clusters"][2]["label"] == "Nhận biết"
    batch = computed(
        as_educator_a, f"/api/v1/batches/{hand.batch_id}/item-analysis", django_capture_on_commit_callbacks
    )
    assert (batch["batch_id"], batch["batch_name"], batch["summary"]["alpha"]) == (
        hand.batch_id,
        "Ca IA",
        0.54,
    )


def test_recompute_endpoint(as_educator_a, hand, django_capture_on_commit_callbacks):
    url = f"/api/v1/batches/{hand.batch_id}/item-analysis"
    computed(as_educator_a, url, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        res = as_educator_a.post(f"{url}/recompute", **EN)
    assert res.status_code == 200 and res.json()["data"]["state"]["status"] == "queued"
    assert res.json()["data"]["summary"]["n"] == 5  # the figures stay while it computes
    assert as_educator_a.get(url).json()["data"]["state"]["status"] == "ready"


def test_a_running_computation_sends_its_progress(
    as_educator_a, hand, org_a, django_capture_on_commit_callbacks
):
    """While a run computes, the state carries the fraction it last reported (only that run's:
    an entry of an earlier start is ignored); otherwise ``progress`` is null."""
    from django.core.cache import cache
    from django.utils import timezone

    from assignments.models import ItemAnalysis
    from item_analysis import selectors as item_selectors

    url = f"/api/v1/test-presets/{hand.preset_id}/item-analysis"
    assert computed(as_educator_a, url, django_capture_on_commit_callbacks)["state"]["progress"] is None
    started = timezone.now()
    with schema_context(org_a.schema_name):
        row = ItemAnalysis.objects.get(preset_id=hand.preset_id, batch__isnull=True)
        ItemAnalysis.objects.filter(pk=row.pk).update(status="running", started_at=started)
        key = item_selectors.progress_key(row.pk)
    cache.set(key, {"started": started.isoformat(), "fraction": 0.42}, 60)
    state = as_educator_a.get(url).json()["data"]["state"]
    assert (state["status"], state["progress"]) == ("running", 0.42)
    cache.set(key, {"started": "2020-01-01T00:00:00+00:00", "fraction": 0.9}, 60)
    assert as_educator_a.get(url).json()["data"]["state"]["progress"] is None
    cache.delete(key)


def test_export_header_row_and_a_cell(as_educator_a, hand, django_capture_on_commit_callbacks):
    url = f"/api/v1/test-presets/{hand.preset_id}/item-analysis/export"
    with django_capture_on_commit_callbacks(execute=True):
        early = as_educator_a.get(url, **EN)
    assert early.status_code == 409 and early.json()["code"] == "item_analysis_not_ready"
    res = as_educator_a.get(url, **EN)
    assert res.status_code == 200
    assert res["Content-Disposition"] == f'attachment; filename="item-analysis-test-{hand.preset_id}.xlsx"'
    book = load_workbook(io.BytesIO(b"".join(res.streaming_content)))
    sheet = book["Questions"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == (
        "Position",
        "Question",
        "Question text",
        "Type",
        "Topic",
        "Subtopic",
        "Complexity level",
        "Cognitive domain",
        "Attempts",
        "Max points",
        "Facility",
        "Discrimination (item-rest)",
        "Discriminative efficiency",
        "Upper-lower index (27 %)",
        "Omit rate",
        "Flags",
        "Note",
    )
    assert rows[1][-1] == "Needs at least 30 attempts; this has 5."
    assert len(rows) == 4 and rows[1][:4] == (
        1,
        f"#{hand.question_ids[0]}",
        "Pick (Chọn đáp án)",
        "Single choice",
    )
    assert sheet["K2"].value == 0.6 and sheet["K2"].number_format == "0.0%"
    summary = book["Summary"]
    assert [summary[f"{c}12"].value for c in "ABC"] == [
        "Alpha (KR-20 for right/wrong items)",
        0.54,
        "Needs at least 30 attempts; this has 5.",
    ]
    vi = load_workbook(io.BytesIO(b"".join(as_educator_a.get(url).streaming_content)))
    assert list(vi.worksheets[0].values)[0][0] == "Vị trí"
    assert vi.worksheets[0]["Q2"].value == "Cần ít nhất 30 bài làm; ở đây có 5."
    assert [vi["Tóm tắt"][f"{c}12"].value for c in "AC"] == [
        "Hệ số alpha (KR-20 với câu chấm đúng/sai)",
        "Cần ít nhất 30 bài làm; ở đây có 5.",
    ]
    with django_capture_on_commit_callbacks(execute=True):  # its first read queues the batch's
        assert as_educator_a.get(f"/api/v1/batches/{hand.batch_id}/item-analysis/export").status_code == 409
    batch = as_educator_a.get(f"/api/v1/batches/{hand.batch_id}/item-analysis/export", **EN)
    assert (
        batch.status_code == 200
        and f"item-analysis-batch-{hand.batch_id}.xlsx" in batch["Content-Disposition"]
    )


def key_error_scope(org):
    """Ten learners of strength 4, 4, 3, 3, 2, 2, 1, 1, 0, 0 on four anchor questions (right on
    the first ``strength`` of them) and a fifth question (key a of a/b/c) that the strong (4
    and 3) answer b and the others a; c is chosen by nobody.

    Totals (anchors + Q5): 4, 4, 3, 3, 3, 3, 2, 2, 1, 1. Groups of round(0.27 x 10) = 3, ties
    by attempt order: lower = learners 8, 9, 6 (totals 1, 1, 2), upper = learners 5, 0, 1
    (totals 3, 4, 4). Q5's options: a chosen by 6 of 10 (0.6; upper 1 of 3 = 0.3333, lower
    3 of 3 = 1.0), b by 4 (0.4; upper 2 of 3 = 0.6667, lower 0.0): a wrong option the upper
    group prefers, a likely key error; c by nobody (0.0; 0.0, 0.0): an unused distractor."""
    learners = []
    for s in [4, 4, 3, 3, 2, 2, 1, 1, 0, 0]:
        right = s <= 2
        learners.append(
            [({"option": "a" if s > t else "b"}, 1 if s > t else 0) for t in range(4)]
            + [({"option": "a" if right else "b"}, 1 if right else 0)]
        )
    return build_scope(
        org,
        questions=[choice_question(stem=f"Câu {i}", options=["a", "b"]) for i in range(4)]
        + [choice_question(stem="Câu 4", options=["a", "b", "c"])],
        learners=learners,
        code="KE",
    )


def test_distractor_analysis_per_option(as_educator_a, org_a, django_capture_on_commit_callbacks):
    scope = key_error_scope(org_a)
    url = f"/api/v1/test-presets/{scope.preset_id}/item-analysis"
    data = computed(as_educator_a, url, django_capture_on_commit_callbacks)
    q5 = data["questions"][4]
    assert q5["flags"] == ["negative_discrimination", "unused_distractor", "likely_key_error"]
    assert [
        (o["option_id"], o["correct"], o["count"], o["share"], o["upper_share"], o["lower_share"], o["flags"])
        for o in q5["options"]
    ] == [
        ("a", True, 6, 0.6, 0.3333, 1.0, []),
        ("b", False, 4, 0.4, 0.6667, 0.0, ["likely_key_error"]),
        ("c", False, 0, 0.0, 0.0, 0.0, ["unused_distractor"]),
    ]
    res = as_educator_a.get(f"{url}/export", **EN)
    book = load_workbook(io.BytesIO(b"".join(res.streaming_content)))
    assert book.sheetnames == [
        "Questions",
        "Options",
        "Statements",
        "Statements right",
        "Wrong numeric answers",
        "Summary",
    ]
    rows = list(book["Options"].iter_rows(values_only=True))
    assert rows[0] == (
        "Position",
        "Question",
        "Option",
        "Key",
        "Chosen by",
        "Share (all)",
        "Upper group (27 %)",
        "Lower group (27 %)",
        "Flags",
    )
    code = f"#{scope.question_ids[4]}"
    assert len(rows) == 1 + 4 * 2 + 3 and rows[-3:] == [
        (5, code, "Option a", "Key", 6, 0.6, 0.3333, 1, None),
        (5, code, "Option b", None, 4, 0.4, 0.6667, 0, "Likely key error"),
        (5, code, "Option c", None, 0, 0, 0, 0, "Distractor chosen by nobody"),
    ]
    assert book["Options"]["G12"].number_format == "0.0%"
    vi = load_workbook(io.BytesIO(b"".join(as_educator_a.get(f"{url}/export").streaming_content)))
    assert vi.sheetnames[1] == "Phương án" and vi["Phương án"]["D10"].value == "Đáp án"


def test_question_figures_across_tests(as_educator_a, hand, org_a, django_capture_on_commit_callbacks):
    q1 = hand.question_ids[0]
    empty = as_educator_a.get(f"/api/v1/questions/{q1}/item-analysis").json()["data"]
    assert empty == {"question_id": q1, "root_id": q1, "appearances": [], "thresholds": empty["thresholds"]}
    computed(
        as_educator_a,
        f"/api/v1/test-presets/{hand.preset_id}/item-analysis",
        django_capture_on_commit_callbacks,
    )
    computed(
        as_educator_a, f"/api/v1/batches/{hand.batch_id}/item-analysis", django_capture_on_commit_callbacks
    )
    data = as_educator_a.get(f"/api/v1/questions/{q1}/item-analysis", **EN).json()["data"]
    rows = data["appearances"]
    assert {(r["preset_id"], r["batch_id"]) for r in rows} == {
        (hand.preset_id, None),
        (hand.preset_id, hand.batch_id),
    }
    assert all(
        (r["facility"], r["discrimination"], r["test_alpha"], r["version"]) == (0.6, 0.2722, 0.54, 1)
        for r in rows
    )
    assert {r["batch_name"] for r in rows} == {None, "Ca IA"}


def test_send_a_flagged_question_back_to_vetting(org_a, educator_a, django_capture_on_commit_callbacks):
    """Q3 is answered right by the weak and wrong (option b) by the strong: flagged
    negative_discrimination and likely_key_error; sent back with its figures it becomes a
    submitted version 2 in a colleague's vetting queue, the published version 1 untouched."""
    strong = [4, 4, 3, 3, 2, 2, 1, 1, 0, 0]
    learners = []
    for s in strong:
        right = s <= 2
        learners.append(
            [({"option": "a" if s > t else "b"}, 1 if s > t else 0) for t in range(4)]
            + [({"option": "a" if right else "b"}, 1 if right else 0)]
        )
    scope = build_scope(
        org_a,
        questions=[choice_question(stem=f"Câu {i}", options=["a", "b"]) for i in range(5)],
        learners=learners,
    )
    author = client_for(educator_a)
    flagged = scope.question_ids[4]
    data = computed(
        author, f"/api/v1/test-presets/{scope.preset_id}/item-analysis", django_capture_on_commit_callbacks
    )
    assert data["questions"][4]["flags"] == ["negative_discrimination", "likely_key_error"]
    url = f"/api/v1/questions/{flagged}/send-to-vetting"
    res = author.post(url, {"comment": "Kiểm tra lại đáp án"}, content_type="application/json", **EN)
    assert res.status_code == 200, res.json()
    new = res.json()["data"]
    assert (new["root_id"], new["version"], new["status"]) == (flagged, 2, "submitted")
    with schema_context(org_a.schema_name):
        assert Question.objects.get(pk=flagged).status == "published"
        note = QuestionTransition.objects.get(question_id=new["id"]).comment
    assert note.startswith(
        "Kiểm tra lại đáp án\nItem analysis:\nBài IA, 10 attempts: facility 60 %, discrimination -"
    )
    assert note.endswith("flags: negative discrimination, likely key error.")
    colleague = client_for(ProfileFactory(educator=True, organization=org_a))
    queue = colleague.get("/api/v1/questions/vetting-queue").json()["data"]["items"]
    assert [q["id"] for q in queue] == [new["id"]]
    again = author.post(url, {}, content_type="application/json")
    assert again.status_code == 409 and again.json()["code"] == "question_locked"
    assert again.json()["open_version_id"] == new["id"]
    not_published = author.post(
        f"/api/v1/questions/{new['id']}/send-to-vetting", {}, content_type="application/json"
    )
    assert not_published.status_code == 409 and not_published.json()["code"] == "item_analysis_missing"


def test_send_to_vetting_needs_figures(as_educator_a, org_a):
    scope = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]])
    res = as_educator_a.post(
        f"/api/v1/questions/{scope.question_ids[0]}/send-to-vetting", {}, content_type="application/json"
    )
    assert res.status_code == 409 and res.json()["code"] == "item_analysis_missing"
    assert (
        as_educator_a.post(
            "/api/v1/questions/999999/send-to-vetting", {}, content_type="application/json"
        ).status_code
        == 404
    )


def test_every_endpoint_is_404_for_another_organization(hand, educator_b, django_capture_on_commit_callbacks):
    other = client_for(educator_b)
    q = hand.question_ids[0]
    gets = [
        f"/api/v1/test-presets/{hand.preset_id}/item-analysis",
        f"/api/v1/batches/{hand.batch_id}/item-analysis",
        f"/api/v1/test-presets/{hand.preset_id}/item-analysis/export",
        f"/api/v1/batches/{hand.batch_id}/item-analysis/export",
        f"/api/v1/questions/{q}/item-analysis",
    ]
    posts = [
        f"/api/v1/test-presets/{hand.preset_id}/item-analysis/recompute",
        f"/api/v1/batches/{hand.batch_id}/item-analysis/recompute",
        f"/api/v1/questions/{q}/send-to-vetting",
    ]
    with django_capture_on_commit_callbacks(execute=True):
        for url in gets:
            res = other.get(url)
            assert res.status_code == 404 and res.json()["code"] == "not_found", url
        for url in posts:
            res = other.post(url, {}, content_type="application/json")
            assert res.status_code == 404 and res.json()["code"] == "not_found", url


def test_learners_are_refused(hand, as_learner):
    res = as_learner.get(f"/api/v1/test-presets/{hand.preset_id}/item-analysis")
    assert res.status_code == 403


def test_a_constant_number_of_queries(as_educator_a, org_a, django_capture_on_commit_callbacks):
    small = build_scope(org_a, questions=[choice_question()], learners=[[({"option": "a"}, 1)]] * 2, code="S")
    big = build_scope(
        org_a,
        questions=[choice_question(stem=str(i)) for i in range(8)],
        learners=[
            [({"option": "a" if (i + j) % 3 else "b"}, 1 if (i + j) % 3 else 0) for j in range(8)]
            for i in range(15)
        ],
        code="B",
    )
    exam = exam_2025_scope(org_a)  # true/false sets and numeric answers read no more
    parts = [("", "", kind, "1", 1) for kind in ("single_choice", "true_false_set", "numeric")]
    with_parts(org_a, exam, parts)  # ... nor do parts
    counts = []
    for scope in (small, big, exam):
        for url in (
            f"/api/v1/test-presets/{scope.preset_id}/item-analysis",
            f"/api/v1/batches/{scope.batch_id}/item-analysis",
            f"/api/v1/questions/{scope.question_ids[0]}/item-analysis",
        ):
            with django_capture_on_commit_callbacks(execute=True):
                as_educator_a.get(url)
            with CaptureQueriesContext(connection) as ctx:
                assert as_educator_a.get(url).status_code == 200
            counts.append(len(ctx.captured_queries))
    assert counts[:3] == counts[3:6] == counts[6:], counts


# --- the national exam's formats of 2025 (issue 39, item 3; decision 0059) ----------------------


def test_true_false_sets_and_numeric_answers(as_educator_a, org_a, django_capture_on_commit_callbacks):
    scope = exam_2025_scope(org_a)
    url = f"/api/v1/test-presets/{scope.preset_id}/item-analysis"
    data = computed(as_educator_a, url, django_capture_on_commit_callbacks)
    _choice, tf, num = data["questions"]
    assert (tf["type"], tf["facility"], tf["right_counts"], tf["few_attempts"]) == (
        "true_false_set",
        0.35,
        [2, 0, 1, 1, 1],
        True,
    )
    assert [
        (s["label"], s["text"], s["key"], s["facility"], s["right"], s["wrong"], s["blank"], s["flags"])
        for s in tf["statements"]
    ] == [
        ("a)", {"vi": "Ý s1", "en": "Statement s1"}, True, 0.6, 3, 1, 1, []),
        ("b)", {"vi": "Ý s2", "en": "Statement s2"}, False, 0.6, 3, 1, 1, []),
        ("c)", {"vi": "Ý s3", "en": "Statement s3"}, True, 0.4, 2, 1, 2, []),
        ("d)", {"vi": "Ý s4", "en": "Statement s4"}, False, 0.2, 1, 2, 2, []),
    ]
    assert [(s["upper_facility"], s["lower_facility"]) for s in tf["statements"]] == [(1.0, 0.0)] * 4
    assert (tf["options"], tf["wrong_answers"], tf["accepted"]) == ([], [], [])
    assert (num["type"], num["facility"], num["accepted"], num["other_wrong"]) == ("numeric", 0.2, ["0,5"], 0)
    assert [
        (w["answer"], w["valid"], w["count"], w["share"], w["upper_count"], w["lower_count"], w["flags"])
        for w in num["wrong_answers"]
    ] == [("0,25", True, 2, 0.4, 0, 0, []), ("2", True, 1, 0.2, 0, 1, [])]
    assert num["omit_rate"] == 0.2 and num["statements"] == []

    res = as_educator_a.get(f"{url}/export", **EN)
    book = load_workbook(io.BytesIO(b"".join(res.streaming_content)))
    note = "Needs at least 30 attempts; this has 5."
    statements = list(book["Statements"].iter_rows(values_only=True))
    assert statements[0] == (
        "Position",
        "Question",
        "Statement",
        "Key",
        "Facility",
        "Upper group (27 %)",
        "Lower group (27 %)",
        "Judged right",
        "Judged the other way",
        "Unanswered",
        "Flags",
        "Note",
    )
    code = f"#{scope.question_ids[1]}"
    assert statements[1:] == [
        (2, code, "a) Statement s1", "True", 0.6, 1, 0, 3, 1, 1, None, note),
        (2, code, "b) Statement s2", "False", 0.6, 1, 0, 3, 1, 1, None, note),
        (2, code, "c) Statement s3", "True", 0.4, 1, 0, 2, 1, 2, None, note),
        (2, code, "d) Statement s4", "False", 0.2, 1, 0, 1, 2, 2, None, note),
    ]
    assert book["Statements"]["E2"].number_format == "0.0%"
    counts = list(book["Statements right"].iter_rows(values_only=True))
    assert counts == [
        ("Position", "Question", *(f"{k} right" for k in range(7))),
        (2, code, 2, 0, 1, 1, 1, None, None),
    ]
    wrong = list(book["Wrong numeric answers"].iter_rows(values_only=True))
    code = f"#{scope.question_ids[2]}"
    assert wrong == [
        (
            "Position",
            "Question",
            "Key",
            "Wrong answer",
            "Given by",
            "Share (all)",
            "Upper group (27 %)",
            "Lower group (27 %)",
            "Flags",
            "Note",
        ),
        (3, code, "0,5", "0,25", 2, 0.4, 0, 0, None, note),
        (3, code, "0,5", "2", 1, 0.2, 0, 1, None, note),
    ]
    vi = load_workbook(io.BytesIO(b"".join(as_educator_a.get(f"{url}/export").streaming_content)))
    assert vi.sheetnames[2:5] == ["Các ý Đúng Sai", "Số ý đúng", "Đáp số sai"]
    assert [c.value for c in vi["Các ý Đúng Sai"][2]][2:4] == ["a) Ý s1", "Đúng"]
    assert vi["Đáp số sai"]["J2"].value == "Cần ít nhất 30 bài làm; ở đây có 5."


# --- tests in parts (issue 39; decisions 0056 and 0059) -----------------------------------------


def test_the_parts_mean_scores_and_facilities(as_educator_a, org_a, django_capture_on_commit_callbacks):
    """``exam_parts_scope``'s docstring computes the figures by hand."""
    scope = exam_parts_scope(org_a)
    url = f"/api/v1/test-presets/{scope.preset_id}/item-analysis"
    data = computed(as_educator_a, url, django_capture_on_commit_callbacks)
    expected = [
        (1, "Multiple choice", "single_choice", 0.25, 2, 0.25, 0.5, 0.5),
        (2, "True/false", "true_false_set", 1.0, 1, 0.4375, 1.0, 0.4375),
        (3, "Part III", "numeric", 0.5, 1, 0.25, 0.5, 0.5),
    ]
    fields = ("position", "name", "question_type", "points", "question_count", "mean_score", "max_score")
    assert [(*(p[f] for f in fields), p["facility"]) for p in data["parts"]] == expected
    assert sum(p["mean_score"] for p in data["parts"]) == data["summary"]["mean"] == 0.9375
    assert [(q["position"], q["part"]) for q in data["questions"]] == [(1, 1), (2, 1), (3, 2), (4, 3)]
    vi = as_educator_a.get(url, HTTP_ACCEPT_LANGUAGE="vi").json()["data"]
    assert [p["name"] for p in vi["parts"]] == [
        "Trắc nghiệm nhiều phương án",
        "Trắc nghiệm đúng sai",
        "Phần III",
    ]
    # a question whose form row lost its blueprint row (or a per-learner draw) is in its type's part
    with schema_context(org_a.schema_name):
        PresetQuestion.objects.filter(preset_id=scope.preset_id).update(blueprint_item=None)
    again = as_educator_a.get(url, **EN).json()["data"]
    assert again["parts"] == data["parts"] and again["questions"] == data["questions"]


def test_the_parts_sheet(as_educator_a, org_a, django_capture_on_commit_callbacks):
    scope = exam_parts_scope(org_a)
    url = f"/api/v1/test-presets/{scope.preset_id}/item-analysis"
    computed(as_educator_a, url, django_capture_on_commit_callbacks)
    book = load_workbook(io.BytesIO(b"".join(as_educator_a.get(f"{url}/export", **EN).streaming_content)))
    assert book.sheetnames[:2] == ["Questions", "Parts"]
    sheet = book["Parts"]
    assert list(sheet.iter_rows(values_only=True)) == [
        (
            "Part",
            "Part name",
            "Type",
            "Questions",
            "Points per question",
            "Mean",
            "Maximum score",
            "Facility",
        ),
        ("Part I", "Multiple choice", "Single choice", 2, 0.25, 0.25, 0.5, 0.5),
        ("Part II", "True/false", "True/false set", 1, 1, 0.4375, 1, 0.4375),
        ("Part III", "Part III", "Numeric answer", 1, 0.5, 0.25, 0.5, 0.5),
    ]
    assert (sheet["F3"].number_format, sheet["H3"].number_format) == ("0.00", "0.0%")
    vi = load_workbook(io.BytesIO(b"".join(as_educator_a.get(f"{url}/export").streaming_content)))
    assert [c.value for c in vi["Các phần"][1]] == [
        "Phần",
        "Tên phần",
        "Loại",
        "Câu hỏi",
        "Điểm mỗi câu",
        "Điểm trung bình",
        "Điểm tối đa",
        "Độ dễ",
    ]
    assert [c.value for c in vi["Các phần"][3]][:2] == ["Phần II", "Trắc nghiệm đúng sai"]


def test_a_test_without_parts_has_none(as_educator_a, hand, django_capture_on_commit_callbacks):
    url = f"/api/v1/test-presets/{hand.preset_id}/item-analysis"
    data = computed(as_educator_a, url, django_capture_on_commit_callbacks)
    assert data["parts"] == [] and [q["part"] for q in data["questions"]] == [None, None, None]
