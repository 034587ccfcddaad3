"""Tests in parts and the reporting scale (issue 39 item 2; decision 0056): a preset's parts saved
with the preset and checked, the draw by part and type, the THPT 2025 template (every subject
totals 10, and its fill is a preset that generates), the one conversion to the scale and its text.
The sitting and the screens that show a score are in ``sitting/tests/test_parts_sitting.py``."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django_tenants.utils import schema_context

from assessments.models import MatrixCluster, PresetQuestion, Question, QuestionBank, Subject
from assessments.national_format import THPT_2025
from assessments.scale import Scale, passes, score_shown, to_scale
from assessments.services import generation
from assessments.services.common import Actor
from assessments.tests.fixtures import NOW
from assessments.tests.test_presets_api import put
from config.i18n import format_score
from conftest import client_for

pytestmark = pytest.mark.django_db

OPTIONS = [{"id": o, "vi": o.upper(), "en": o.upper()} for o in ("a", "b", "c", "d")]
STATEMENTS = [{"id": s, "vi": f"Ý {s}", "en": f"Statement {s}"} for s in ("a", "b", "c", "d")]
TF_KEY = {"a": True, "b": False, "c": True, "d": False}


def national_questions(org, *, grade: int = 12) -> dict:
    """Published grade-12 maths questions for the three parts: topic G (Giải tích) with 8
    single-choice and 5 true/false sets, topic H (Hình học) with 6 single-choice and 7 numeric
    answers. Keys: option "a"; statements a) Đúng, b) Sai, c) Đúng, d) Sai; the number "0,5"."""
    with schema_context(org.schema_name):
        subject = Subject.objects.get(code="toan")
        g = MatrixCluster.objects.create(type="topic", code="G12", description="Giải tích", subject=subject)
        h = MatrixCluster.objects.create(type="topic", code="H12", description="Hình học", subject=subject)
        nb = MatrixCluster.objects.get(type="complexity_level", code="NB")
        folder = QuestionBank.objects.create(name="THPT 2025", created_by_profile_id=1)

        def make(kind: str, topic, n: int, content: dict, key: dict) -> None:
            Question.objects.bulk_create(
                Question(
                    bank=folder,
                    type=kind,
                    grade=grade,
                    subject=subject,
                    difficulty="medium",
                    content={"stem": {"vi": f"{kind} {topic.code} {i}", "en": ""}, **content},
                    answer_key=key,
                    topic=topic,
                    complexity_level=nb,
                    status="published",
                    created_by_profile_id=1,
                )
                for i in range(n)
            )

        make("single_choice", g, 8, {"options": OPTIONS, "explanation": {}}, {"option": "a"})
        make("single_choice", h, 6, {"options": OPTIONS, "explanation": {}}, {"option": "a"})
        make("true_false_set", g, 5, {"statements": STATEMENTS, "explanation": {}}, {"statements": TF_KEY})
        make(
            "numeric",
            h,
            7,
            {"options": [], "explanation": {}, "rounding": {"vi": "", "en": ""}},
            {"accepted": ["0,5"]},
        )
        return {"subject": subject.pk, "g": g.pk, "h": h.pk, "nb": nb.pk}


@pytest.fixture
def national(org_a):
    return national_questions(org_a)


def post(client, url, body=None, language="vi"):
    return client.post(url, body or {}, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)


def plain_body(national: dict, round_id: int, **extra) -> dict:
    """A grade-12 maths preset without parts (three questions of topic G)."""
    return {
        "name": "Toán 12",
        "grade": 12,
        "duration_minutes": 90,
        "starts_at": NOW.isoformat(),
        "ends_at": (NOW + timedelta(days=20)).isoformat(),
        "round_id": round_id,
        "subjects": [
            {"subject_id": national["subject"], "items": [{"cluster_id": national["g"], "count": 3}]}
        ],
        **extra,
    }


def template_preset(client, round_id, subject_id: int, *, grade: int = 12, **extra) -> dict:
    """A preset saved from the template's fill, as the form does: the fill plus a name, dates and a
    round. Returns the saved preset."""
    fill = client.get(f"/api/v1/test-presets/templates/thpt-2025/{subject_id}", {"grade": grade})
    assert fill.status_code == 200, fill.json()
    data = fill.json()["data"]
    body = {
        "name": "Thi thử tốt nghiệp THPT 2025 - Toán",
        "grade": data["grade"],
        "duration_minutes": data["duration_minutes"],
        "starts_at": NOW.isoformat(),
        "ends_at": (NOW + timedelta(days=20)).isoformat(),
        "round_id": round_id,
        "score_scale": data["score_scale"],
        "subjects": data["subjects"],
        "parts": data["parts"],
        **extra,
    }
    res = post(client, "/api/v1/test-presets", body)
    assert res.status_code == 201, res.json()
    return res.json()["data"]


# --- the THPT 2025 table -------------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(THPT_2025))
def test_every_subject_of_the_thpt_2025_format_totals_10(code):
    fmt = THPT_2025[code]
    assert fmt.total == Decimal(10), code
    assert fmt.duration_minutes == (90 if code == "toan" else 50)


def test_the_mathematics_format_is_12_4_6_in_90_minutes():
    fmt = THPT_2025["toan"]
    assert [(p.question_type, p.count, p.points, p.total) for p in fmt.parts] == [
        ("single_choice", 12, Decimal("0.25"), Decimal(3)),
        ("true_false_set", 4, Decimal(1), Decimal(4)),
        ("numeric", 6, Decimal("0.5"), Decimal(3)),
    ]
    physics = THPT_2025["vat-ly"]
    assert [(p.count, p.points) for p in physics.parts] == [
        (18, Decimal("0.25")),
        (4, 1),
        (6, Decimal("0.25")),
    ]
    assert [(p.count, p.points) for p in THPT_2025["lich-su"].parts] == [(24, Decimal("0.25")), (4, 1)]
    assert [(p.question_type, p.count) for p in THPT_2025["tieng-anh"].parts] == [("single_choice", 40)]
    assert "ngu-van" not in THPT_2025  # Literature is an essay


def test_template_subjects_and_the_fill(as_educator_a, national, org_a):
    listed = as_educator_a.get("/api/v1/test-presets/templates/thpt-2025", HTTP_ACCEPT_LANGUAGE="en")
    assert listed.status_code == 200
    rows = {r["code"]: r for r in listed.json()["data"]}
    assert "ngu-van" not in rows and set(rows) == set(THPT_2025)
    assert rows["toan"] | {"subject_id": 0} == {
        "subject_id": 0,
        "code": "toan",
        "name": "Mathematics",
        "duration_minutes": 90,
        "question_count": 22,
        "max_score": 10.0,
        "parts": [
            {"question_type": "single_choice", "count": 12, "points_per_question": 0.25},
            {"question_type": "true_false_set", "count": 4, "points_per_question": 1.0},
            {"question_type": "numeric", "count": 6, "points_per_question": 0.5},
        ],
    }
    res = as_educator_a.get(f"/api/v1/test-presets/templates/thpt-2025/{national['subject']}")
    assert res.status_code == 200, res.json()
    fill = res.json()["data"]
    assert fill["grade"] == 12 and fill["duration_minutes"] == 90 and fill["score_scale"] == "ten"
    assert fill["max_score"] == 10.0 and fill["subjects"] == [
        {"subject_id": national["subject"], "items": []}
    ]
    s, g, h = national["subject"], national["g"], national["h"]
    # Each part's count spread over the topics holding questions of its type, the most stocked first.
    assert [
        (p["name_vi"], p["question_type"], p["points_per_question"], p["items"]) for p in fill["parts"]
    ] == [
        (
            "Phần I. Trắc nghiệm nhiều phương án lựa chọn",
            "single_choice",
            0.25,
            [
                {"subject_id": s, "cluster_id": g, "complexity_level_id": None, "count": 8},
                {"subject_id": s, "cluster_id": h, "complexity_level_id": None, "count": 4},
            ],
        ),
        (
            "Phần II. Trắc nghiệm đúng sai",
            "true_false_set",
            1.0,
            [{"subject_id": s, "cluster_id": g, "complexity_level_id": None, "count": 4}],
        ),
        (
            "Phần III. Trắc nghiệm trả lời ngắn",
            "numeric",
            0.5,
            [{"subject_id": s, "cluster_id": h, "complexity_level_id": None, "count": 6}],
        ),
    ]
    # No questions at grade 11: rows without a cluster, for the educator to choose.
    empty = as_educator_a.get(
        f"/api/v1/test-presets/templates/thpt-2025/{national['subject']}", {"grade": 11}
    )
    assert [p["items"][0]["cluster_id"] for p in empty.json()["data"]["parts"]] == [None, None, None]
    with schema_context(org_a.schema_name):
        literature = Subject.objects.get(code="ngu-van").pk
    res = as_educator_a.get(
        f"/api/v1/test-presets/templates/thpt-2025/{literature}", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert res.status_code == 400 and res.json()["code"] == "no_template"
    assert res.json()["message"] == (
        "Vietnamese Literature has no THPT 2025 multiple-choice format (Literature is an essay)."
    )
    assert as_educator_a.get("/api/v1/test-presets/templates/thpt-2025/987654").status_code == 404


def test_a_preset_from_the_template_has_three_parts_and_draws_them_in_order(
    as_educator_a, educator_a, national, round_id, org_a
):
    preset = template_preset(as_educator_a, round_id, national["subject"])
    assert preset["score_scale"] == "ten" and preset["scale_max"] is None
    assert preset["max_score"] == 10.0 and preset["duration_minutes"] == 90
    assert preset["subjects"] == [{"subject_id": national["subject"], "items": []}]
    assert [
        (
            p["position"],
            p["name"],
            p["question_type"],
            p["points_per_question"],
            p["question_count"],
            p["max_score"],
        )
        for p in preset["parts"]
    ] == [
        (1, "Phần I. Trắc nghiệm nhiều phương án lựa chọn", "single_choice", 0.25, 12, 3.0),
        (2, "Phần II. Trắc nghiệm đúng sai", "true_false_set", 1.0, 4, 4.0),
        (3, "Phần III. Trắc nghiệm trả lời ngắn", "numeric", 0.5, 6, 3.0),
    ]
    res = post(as_educator_a, f"/api/v1/test-presets/{preset['id']}/generate", {"seed": 7})
    assert res.status_code == 200, res.json()
    with schema_context(org_a.schema_name):
        form = list(PresetQuestion.objects.filter(preset_id=preset["id"]).order_by("position"))
        assert [row.question.type for row in form] == (
            ["single_choice"] * 12 + ["true_false_set"] * 4 + ["numeric"] * 6
        )
    assert res.json()["data"]["max_score"] == 10.0
    # A reorder keeps each part's questions together: within a part it is accepted...
    ids = [row.pk for row in form]
    swapped = [ids[1], ids[0], *ids[2:]]
    assert (
        put(as_educator_a, f"/api/v1/test-presets/{preset['id']}/form/order", {"order": swapped}).status_code
        == 200
    )
    # ...across parts it is refused.
    across = [ids[12], *ids[:12], *ids[13:]]
    res = put(as_educator_a, f"/api/v1/test-presets/{preset['id']}/form/order", {"order": across})
    assert res.status_code == 400 and res.json()["code"] == "reorder_failed"
    # A swap stays within the part's type (the fifth true/false set is the only other one).
    with schema_context(org_a.schema_name):
        used = set(
            PresetQuestion.objects.filter(preset_id=preset["id"]).values_list("question_id", flat=True)
        )
        (spare,) = (
            Question.objects.filter(type="true_false_set").exclude(pk__in=used).values_list("pk", flat=True)
        )
    # (The service: the route answers the question in the authoring shapes, which learn the two
    # types of decision 0055 with their authoring screens.)
    with schema_context(org_a.schema_name):
        row = generation.preset_swap(
            actor=Actor.of(educator_a), preset_id=preset["id"], preset_question_id=ids[13]
        )
        assert row.question_id == spare


def test_parts_are_saved_changed_and_removed_with_the_preset(as_educator_a, national, round_id):
    preset = template_preset(as_educator_a, round_id, national["subject"], passing_score=5)
    pid = preset["id"]
    post(as_educator_a, f"/api/v1/test-presets/{pid}/generate", {"seed": 3})
    body = {
        **plain_body(national, round_id),
        "score_scale": "ten",
        "subjects": [{"subject_id": national["subject"], "items": []}],
        "parts": [
            {
                "name_vi": "",
                "name_en": "",
                "question_type": p["question_type"],
                "points_per_question": p["points_per_question"],
                "items": p["items"],
            }
            for p in preset["parts"]
        ],
    }
    # Names only: the form is kept; blank names read "Phần I" / "Part I".
    saved = put(as_educator_a, f"/api/v1/test-presets/{pid}", body).json()["data"]
    assert saved["question_count"] == 22 and [p["name"] for p in saved["parts"]] == [
        "Phần I",
        "Phần II",
        "Phần III",
    ]
    english = as_educator_a.get(f"/api/v1/test-presets/{pid}", HTTP_ACCEPT_LANGUAGE="en").json()["data"]
    assert [p["name"] for p in english["parts"]] == ["Part I", "Part II", "Part III"]
    # Points only: the form is kept, the maximum follows the parts.
    body["parts"][2]["points_per_question"] = 0.25
    saved = put(as_educator_a, f"/api/v1/test-presets/{pid}", body).json()["data"]
    assert saved["question_count"] == 22 and saved["max_score"] == 8.5
    # Another type in a part drops the form (the drawing changed).
    body["parts"][2]["question_type"] = "single_choice"
    saved = put(as_educator_a, f"/api/v1/test-presets/{pid}", body).json()["data"]
    assert saved["question_count"] == 0
    # No parts: rows under the subject again, the preset draws as before.
    body["parts"] = []
    body["subjects"] = [
        {"subject_id": national["subject"], "items": [{"cluster_id": national["g"], "count": 3}]}
    ]
    saved = put(as_educator_a, f"/api/v1/test-presets/{pid}", body).json()["data"]
    assert saved["parts"] == [] and saved["subjects"][0]["items"] == [
        {"cluster_id": national["g"], "complexity_level_id": None, "count": 3}
    ]


def test_parts_and_scale_are_checked(as_educator_a, national, round_id):
    base = plain_body(national, round_id)
    bad = {
        **base,
        "score_scale": "custom",
        "parts": [
            {"question_type": "multiple_answers", "points_per_question": 0, "items": []},
            {
                "name_vi": "x" * 61,
                "question_type": "numeric",
                "points_per_question": 0.125,
                "items": [{"subject_id": 999_999, "cluster_id": national["nb"], "count": 0}],
            },
        ],
    }
    res = post(as_educator_a, "/api/v1/test-presets", bad, "en")
    assert res.status_code in (400, 422)
    # Within the request's bounds (the name's 60 characters are the schema's), the service's codes:
    bad["parts"][1]["name_vi"] = "Phần 2"
    res = post(as_educator_a, "/api/v1/test-presets", bad, "en")
    assert res.status_code == 400 and res.json()["code"] == "validation_error"
    errors = res.json()["errors"]
    assert errors == {
        "scale_max": ["Required"],
        "subjects.0.items": ["With parts, the blueprint rows go under the parts."],
        "parts.0.question_type": ["Choose one of the allowed values."],
        "parts.0.points_per_question": [
            "Enter points per question from 0.01 to 100, with at most two decimals."
        ],
        "parts.0.items": ["Choose the clusters of this part."],
        "parts.1.points_per_question": [
            "Enter points per question from 0.01 to 100, with at most two decimals."
        ],
        "parts.1.items.0.subject_id": ["Choose one of the test's subjects."],
        "parts.1.items.0.cluster_id": ["Choose a topic or subtopic."],
        "parts.1.items.0.count": ["Enter a number of questions from 1 to 200."],
    }
    res = post(as_educator_a, "/api/v1/test-presets", {**base, "score_scale": "custom", "scale_max": 1001})
    assert res.json()["errors"] == {"scale_max": ["Nhập điểm tối đa từ 1 đến 1000."]}
    res = post(as_educator_a, "/api/v1/test-presets", {**base, "score_scale": "twenty"})
    assert res.json()["errors"] == {"score_scale": ["Vui lòng chọn một giá trị hợp lệ."]}
    # The pass mark is on the scale: at most 10 out of 10, at most 150 out of 150.
    res = post(as_educator_a, "/api/v1/test-presets", {**base, "passing_score": 10.5}, "en")
    assert res.json()["errors"] == {"passing_score": ["The passing score is above the maximum score (10)."]}
    res = post(
        as_educator_a,
        "/api/v1/test-presets",
        {**base, "score_scale": "custom", "scale_max": 150, "passing_score": 120},
    )
    assert res.status_code == 201 and (
        res.json()["data"]["score_scale"],
        res.json()["data"]["scale_max"],
    ) == ("custom", 150)
    # Omitted, a new preset is out of 10 and a change keeps the preset's scale.
    created = post(as_educator_a, "/api/v1/test-presets", base).json()["data"]
    assert created["score_scale"] == "ten"
    changed = put(
        as_educator_a, f"/api/v1/test-presets/{res.json()['data']['id']}", {**base, "passing_score": 120}
    ).json()
    assert (changed["data"]["score_scale"], changed["data"]["scale_max"]) == ("custom", 150)


def test_another_organizations_preset_and_subject_are_not_found(
    as_educator_a, educator_b, national, round_id
):
    preset = template_preset(as_educator_a, round_id, national["subject"])
    other = client_for(educator_b)
    assert other.get(f"/api/v1/test-presets/{preset['id']}").status_code == 404
    res = put(other, f"/api/v1/test-presets/{preset['id']}", {"name": "x", "parts": []})
    assert res.status_code == 404 and res.json()["code"] == "not_found"


# --- the scale and its text ----------------------------------------------------------------------


def test_the_one_conversion_and_its_text():
    ten, raw, custom = (
        Scale.from_values("ten", None),
        Scale.from_values("raw", 5),
        Scale.from_values("custom", 150),
    )
    assert to_scale(7, 8, ten) == Decimal("8.75")
    assert to_scale(Decimal("7.35"), 10, custom) == Decimal("110.25")
    assert to_scale(1, 3, ten) == Decimal("3.33") and to_scale(2, 3, ten) == Decimal("6.67")  # half up
    assert to_scale(Decimal("0.025"), 1, raw) == Decimal("0.03")
    assert to_scale(0, 0, ten) == Decimal("0.00")
    assert Scale.from_values("custom", None) == raw and raw.maximum is None
    assert score_shown(7, 8, ten) == {"scale_score": 8.75, "scale_max": 10.0}
    assert score_shown(None, 8, ten) == {"scale_score": None, "scale_max": 10.0}
    assert score_shown(17.5, 20, raw) == {"scale_score": 17.5, "scale_max": 20.0}
    assert score_shown(None, None, ten) == {"scale_score": None, "scale_max": None}
    assert passes(Decimal(4), Decimal(8), passing_score=Decimal(5), scale=ten)  # 5,00 out of 10
    assert not passes(Decimal("3.99"), Decimal(8), passing_score=Decimal(5), scale=ten)
    assert format_score(8.75, 10, language="vi") == "8,75/10"
    assert format_score(8.75, 10, language="en") == "8.75/10"
    assert format_score(7.5, 10, language="vi") == "7,50/10"
    assert format_score(110.25, 150, language="en") == "110.25/150"
    assert format_score(17.5, 22.5, language="vi") == "17,50/22,5"
