"""Authoring API (issue 4): banks, matrix, questions and vetting, test banks; every rule server
side, tenant isolation, constant query counts."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django_tenants.utils import schema_context
from PIL import Image

from accounts.tests.factories import ProfileFactory
from assessments.matching import short_text_matches
from assessments.models import MatrixCluster, Question, Subject
from conftest import client_for

pytestmark = pytest.mark.django_db

J = "application/json"


@pytest.fixture
def colleague_a(org_a):
    return ProfileFactory(educator=True, organization=org_a)


@pytest.fixture
def as_colleague_a(colleague_a):
    return client_for(colleague_a)


def post(client, url, body=None):
    return client.post(url, body or {}, content_type=J)


def put(client, url, body=None):
    return client.put(url, body or {}, content_type=J)


def make_bank(client, name="Toán 9", parent_id=None):
    res = post(client, "/api/v1/question-banks", {"name": name, "parent_id": parent_id})
    assert res.status_code == 201, res.json()
    return res.json()["data"]


def make_matrix(client):
    topic = post(
        client, "/api/v1/matrix-clusters", {"code": "DS", "description": "Đại số", "type": "topic"}
    ).json()["data"]
    sub = post(
        client,
        "/api/v1/matrix-clusters",
        {"code": "DS1", "description": "Phương trình bậc hai", "type": "subtopic", "parent_id": topic["id"]},
    ).json()["data"]
    clusters = client.get("/api/v1/matrix-clusters").json()["data"]
    level = next(c for c in clusters if c["type"] == "complexity_level" and c["code"] == "TH")
    domain = next(c for c in clusters if c["type"] == "cognitive_domain" and c["code"] == "APP")
    return {
        "topic_id": topic["id"],
        "subtopic_id": sub["id"],
        "complexity_level_id": level["id"],
        "cognitive_domain_id": domain["id"],
    }


def subject_id(code="toan"):
    from tenants.services import _schema_name_for

    with schema_context(_schema_name_for("org-a")):
        return Subject.objects.get(code=code).pk


def complete_single(bank_id, **extra):
    return {
        "bank_id": bank_id,
        "type": "single_choice",
        "grade": 9,
        "subject_id": subject_id(),
        "difficulty": "medium",
        "content": {
            "stem": {"vi": "Nghiệm của $x^2-4=0$ là?", "en": "The roots of $x^2-4=0$ are?"},
            "options": [
                {"id": "a", "vi": "$\\pm 2$", "en": "$\\pm 2$"},
                {"id": "b", "vi": "$4$", "en": "$4$"},
            ],
            "explanation": {"vi": "Vì $x^2=4$.", "en": "Because $x^2=4$."},
        },
        "answer_key": {"option": "a"},
        **extra,
    }


def published_question(author, reviewer, bank_id, matrix):
    q = post(author, "/api/v1/questions", complete_single(bank_id)).json()["data"]
    assert put(author, f"/api/v1/questions/{q['id']}/matrix", matrix).status_code == 200
    assert post(author, f"/api/v1/questions/{q['id']}/submit").status_code == 200
    assert post(reviewer, f"/api/v1/questions/{q['id']}/approve").status_code == 200
    res = post(author, f"/api/v1/questions/{q['id']}/publish")
    assert res.status_code == 200, res.json()
    return res.json()["data"]


# --- banks -------------------------------------------------------------------------------------


def test_bank_crud_and_creator_only(as_educator_a, as_colleague_a):
    bank = make_bank(as_educator_a)
    child = make_bank(as_educator_a, "Chương 1", bank["id"])
    assert post(as_educator_a, "/api/v1/question-banks", {"name": "  "}).json()["errors"] == {
        "name": ["Bắt buộc"]
    }
    top = as_colleague_a.get("/api/v1/question-banks").json()["data"]
    assert [b["name"] for b in top["items"]] == ["Toán 9"] and top["items"][0]["folder_count"] == 1
    inside = as_colleague_a.get(f"/api/v1/question-banks?parent_id={bank['id']}").json()["data"]["items"]
    assert [b["id"] for b in inside] == [child["id"]]
    detail = as_colleague_a.get(f"/api/v1/question-banks/{child['id']}").json()["data"]
    assert [c["name"] for c in detail["path"]] == ["Toán 9", "Chương 1"]

    res = put(as_colleague_a, f"/api/v1/question-banks/{bank['id']}", {"name": "Hijack"})
    assert res.status_code == 403 and res.json()["code"] == "not_creator"
    assert as_colleague_a.delete(f"/api/v1/question-banks/{bank['id']}").status_code == 403
    assert (
        put(as_educator_a, f"/api/v1/question-banks/{bank['id']}", {"name": "Toán 9 (HK1)"}).json()["data"][
            "name"
        ]
        == "Toán 9 (HK1)"
    )
    res = put(as_educator_a, f"/api/v1/question-banks/{bank['id']}", {"move": True, "parent_id": child["id"]})
    assert res.status_code == 400 and res.json()["code"] == "bank_cycle"
    assert as_educator_a.delete(f"/api/v1/question-banks/{bank['id']}").status_code == 200
    assert as_educator_a.get(f"/api/v1/question-banks/{child['id']}").status_code == 404


def test_bank_delete_refused_when_questions_used_by_a_test(as_educator_a, as_colleague_a):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    q = published_question(as_educator_a, as_colleague_a, bank["id"], matrix)
    tb = post(as_educator_a, "/api/v1/test-banks", {"name": "Đề thử"}).json()["data"]
    assert (
        post(as_educator_a, f"/api/v1/test-banks/{tb['id']}/questions", {"add": [q["id"]]}).json()["data"][
            "question_count"
        ]
        == 1
    )
    res = as_educator_a.delete(f"/api/v1/question-banks/{bank['id']}")
    assert res.status_code == 409 and res.json()["code"] == "bank_in_use"
    assert as_educator_a.get(f"/api/v1/questions/{q['id']}").status_code == 200


def test_learner_gets_403_and_anonymous_401(as_learner, client):
    assert as_learner.get("/api/v1/question-banks").json()["code"] == "forbidden_role"
    assert client.get("/api/v1/question-banks").status_code == 401


def test_tenant_isolation_404_for_other_organization(as_educator_a, educator_b, as_colleague_a):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    q = post(as_educator_a, "/api/v1/questions", complete_single(bank["id"])).json()["data"]
    tb = post(as_educator_a, "/api/v1/test-banks", {"name": "A"}).json()["data"]
    other = client_for(educator_b)
    assert other.get("/api/v1/question-banks").json()["data"]["total"] == 0
    for method, url in [
        ("get", f"/api/v1/question-banks/{bank['id']}"),
        ("put", f"/api/v1/question-banks/{bank['id']}"),
        ("delete", f"/api/v1/question-banks/{bank['id']}"),
        ("get", f"/api/v1/questions/{q['id']}"),
        ("put", f"/api/v1/questions/{q['id']}"),
        ("post", f"/api/v1/questions/{q['id']}/submit"),
        ("delete", f"/api/v1/matrix-clusters/{matrix['topic_id']}"),
        ("put", f"/api/v1/test-banks/{tb['id']}"),
    ]:
        res = getattr(other, method)(url, {"name": "x"} if method == "put" else {}, content_type=J)
        assert res.status_code == 404, (method, url, res.status_code)
    assert other.get("/api/v1/questions").json()["data"]["total"] == 0
    # The same numeric ids exist only in A's schema.
    with schema_context(educator_b.organization.schema_name):
        assert not Question.objects.filter(pk=q["id"]).exists()


# --- matrix ------------------------------------------------------------------------------------


def test_default_matrix_seeded_and_rules(as_educator_a):
    clusters = as_educator_a.get("/api/v1/matrix-clusters").json()["data"]
    assert [c["code"] for c in clusters if c["type"] == "complexity_level"] == ["NB", "TH", "VD", "VDC"]
    assert len([c for c in clusters if c["type"] == "cognitive_domain"]) == 6
    res = post(as_educator_a, "/api/v1/matrix-clusters", {"type": "subtopic", "code": "X"})
    assert res.status_code == 400 and set(res.json()["errors"]) == {"description", "parent_id"}
    level = next(c for c in clusters if c["code"] == "NB")
    # The server sends the reader's half of the default matrix's bilingual names (issue 18).
    assert (level["description"], level["label"]) == ("Nhận biết (Recognition)", "Nhận biết")
    english = as_educator_a.get("/api/v1/matrix-clusters", HTTP_ACCEPT_LANGUAGE="en").json()["data"]
    assert next(c["label"] for c in english if c["code"] == "REM") == "Remember"
    res = post(
        as_educator_a,
        "/api/v1/matrix-clusters",
        {"type": "subtopic", "code": "X", "description": "d", "parent_id": level["id"]},
    )
    assert res.status_code == 400 and "parent_id" in res.json()["errors"]
    res = post(
        as_educator_a,
        "/api/v1/matrix-clusters",
        {"type": "complexity_level", "code": "nb", "description": "again"},
    )
    assert res.status_code == 409 and res.json()["code"] == "matrix_code_taken"
    res = put(
        as_educator_a,
        f"/api/v1/matrix-clusters/{level['id']}",
        {"code": "NB", "description": "Nhận biết (sửa)"},
    )
    assert res.json()["data"]["description"] == "Nhận biết (sửa)"


def test_matrix_delete_refused_in_use(as_educator_a):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    q = post(as_educator_a, "/api/v1/questions", complete_single(bank["id"])).json()["data"]
    put(as_educator_a, f"/api/v1/questions/{q['id']}/matrix", matrix)
    res = as_educator_a.delete(f"/api/v1/matrix-clusters/{matrix['subtopic_id']}")
    assert res.status_code == 409 and res.json()["code"] == "matrix_in_use"
    english = as_educator_a.delete(
        f"/api/v1/matrix-clusters/{matrix['subtopic_id']}", headers={"Accept-Language": "en"}
    )
    assert english.json()["message"] == "Failed to delete the matrix cluster: 1 question uses it."
    assert res.json()["message"] == "Xóa mục ma trận thất bại: 1 câu hỏi đang dùng mục này."
    res = as_educator_a.delete(f"/api/v1/matrix-clusters/{matrix['topic_id']}")
    assert res.status_code == 409


# --- questions and workflow --------------------------------------------------------------------


def test_full_workflow_and_history(as_educator_a, as_colleague_a, educator_a):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    q = post(as_educator_a, "/api/v1/questions", complete_single(bank["id"])).json()["data"]
    assert q["status"] == "draft" and q["missing"] == []
    qid = q["id"]

    res = post(as_educator_a, f"/api/v1/questions/{qid}/publish")
    assert res.status_code == 409 and res.json()["code"] == "question_not_vetted"
    assert post(as_educator_a, f"/api/v1/questions/{qid}/submit").json()["data"]["status"] == "submitted"
    res = post(as_educator_a, f"/api/v1/questions/{qid}/submit")
    assert res.status_code == 409 and res.json()["code"] == "already_submitted"
    res = post(as_educator_a, f"/api/v1/questions/{qid}/approve")
    assert res.status_code == 403 and res.json()["code"] == "own_question"
    assert put(as_educator_a, f"/api/v1/questions/{qid}", {"grade": 8}).json()["code"] == "question_locked"
    queue = as_colleague_a.get("/api/v1/questions/vetting-queue").json()["data"]["items"]
    assert [i["id"] for i in queue] == [qid]
    assert as_educator_a.get("/api/v1/questions/vetting-queue").json()["data"]["items"] == []

    res = post(as_colleague_a, f"/api/v1/questions/{qid}/reject", {"comment": ""})
    assert res.status_code == 400 and "comment" in res.json()["errors"]
    assert (
        post(as_colleague_a, f"/api/v1/questions/{qid}/reject", {"comment": "Thiếu đơn vị"}).json()["data"][
            "status"
        ]
        == "rejected"
    )
    assert (
        put(as_educator_a, f"/api/v1/questions/{qid}", {"difficulty": "hard"}).json()["data"]["status"]
        == "draft"
    )
    post(as_educator_a, f"/api/v1/questions/{qid}/submit")
    assert (
        post(as_colleague_a, f"/api/v1/questions/{qid}/approve", {"comment": "Tốt"}).json()["data"]["status"]
        == "approved"
    )
    res = post(as_educator_a, f"/api/v1/questions/{qid}/publish")
    assert res.status_code == 400 and res.json()["code"] == "matrix_incomplete"
    res = put(as_educator_a, f"/api/v1/questions/{qid}/matrix", {**matrix, "cognitive_domain_id": None})
    assert res.status_code == 400 and res.json()["code"] == "matrix_incomplete"
    assert put(as_educator_a, f"/api/v1/questions/{qid}/matrix", matrix).status_code == 200
    assert post(as_educator_a, f"/api/v1/questions/{qid}/publish").json()["data"]["status"] == "published"
    res = post(as_educator_a, f"/api/v1/questions/{qid}/publish")
    assert res.status_code == 409 and res.json()["code"] == "already_published"
    res = post(as_educator_a, f"/api/v1/questions/{qid}/submit")
    assert res.status_code == 409

    history = as_educator_a.get(f"/api/v1/questions/{qid}/history").json()["data"]
    steps = [(h["from_status"], h["to_status"]) for h in history]
    assert steps == [
        ("", "draft"),
        ("draft", "submitted"),
        ("submitted", "rejected"),
        ("rejected", "draft"),
        ("draft", "submitted"),
        ("submitted", "approved"),
        ("approved", "published"),
    ]
    assert history[2]["comment"] == "Thiếu đơn vị" and history[0]["actor_profile_id"] == educator_a.id


def test_editing_published_creates_a_version(as_educator_a, as_colleague_a):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    v1 = published_question(as_educator_a, as_colleague_a, bank["id"], matrix)
    v2 = put(as_educator_a, f"/api/v1/questions/{v1['id']}", {"difficulty": "hard"}).json()["data"]
    assert (
        v2["id"] != v1["id"] and v2["version"] == 2 and v2["root_id"] == v1["id"] and v2["status"] == "draft"
    )
    assert as_educator_a.get(f"/api/v1/questions/{v1['id']}").json()["data"]["difficulty"] == "medium"
    res = put(as_educator_a, f"/api/v1/questions/{v1['id']}", {"difficulty": "easy"})
    assert res.status_code == 409 and res.json()["open_version_id"] == v2["id"]
    post(as_educator_a, f"/api/v1/questions/{v2['id']}/submit")
    post(as_colleague_a, f"/api/v1/questions/{v2['id']}/approve")
    assert (
        post(as_educator_a, f"/api/v1/questions/{v2['id']}/publish").json()["data"]["status"] == "published"
    )
    assert as_educator_a.get(f"/api/v1/questions/{v1['id']}").json()["data"]["status"] == "superseded"
    listed = as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["items"]
    assert [i["id"] for i in listed] == [v2["id"]]


@pytest.mark.parametrize(
    ("qtype", "content", "key", "missing_field"),
    [
        (
            "single_choice",
            {"stem": {"vi": "Câu?"}, "options": [{"id": "a", "vi": "1"}, {"id": "b", "vi": "2"}]},
            {},
            "answer_key",
        ),
        (
            "multiple_choice",
            {"stem": {"vi": "Câu?"}, "options": [{"id": "a", "vi": "1"}]},
            {"options": ["a"]},
            "content.options",
        ),
        ("true_false", {"stem": {"vi": "Đúng hay sai?"}}, {}, "answer_key"),
        ("short_text", {"stem": {"vi": "Thủ đô?"}}, {"accepted": []}, "answer_key"),
        ("essay", {"stem": {"vi": "Phân tích"}}, {"rubric": ""}, "answer_key.rubric"),
        # A question without a stem is not even saved (issue 19): test_question_stem.py.
    ],
)
def test_incomplete_question_cannot_be_submitted(as_educator_a, qtype, content, key, missing_field):
    bank = make_bank(as_educator_a)
    body = {
        "bank_id": bank["id"],
        "type": qtype,
        "grade": 9,
        "subject_id": subject_id(),
        "difficulty": "easy",
        "content": content,
        "answer_key": key,
    }
    q = post(as_educator_a, "/api/v1/questions", body).json()["data"]
    assert missing_field in {m["field"] for m in q["missing"]}
    res = post(as_educator_a, f"/api/v1/questions/{q['id']}/submit")
    assert res.status_code == 400 and res.json()["code"] == "question_incomplete"
    assert missing_field in res.json()["errors"]


def test_grade_subject_difficulty_required_before_submit(as_educator_a):
    bank = make_bank(as_educator_a)
    body = complete_single(bank["id"])
    for field in ("grade", "subject_id", "difficulty"):
        body.pop(field)
    q = post(as_educator_a, "/api/v1/questions", body).json()["data"]
    res = post(as_educator_a, f"/api/v1/questions/{q['id']}/submit")
    assert set(res.json()["errors"]) == {"grade", "subject_id", "difficulty"}


def test_invalid_fields_are_never_saved(as_educator_a):
    bank = make_bank(as_educator_a)
    bad = complete_single(
        bank["id"], grade=13, difficulty="extreme", answer_key={"option": "z"}, score_weight=0
    )
    res = post(as_educator_a, "/api/v1/questions", bad)
    assert res.status_code == 400
    assert set(res.json()["errors"]) == {"grade", "difficulty", "answer_key.option", "score_weight"}
    res = post(as_educator_a, "/api/v1/questions", {**complete_single(bank["id"]), "type": "poem"})
    assert res.status_code == 400 and "type" in res.json()["errors"]
    dup = complete_single(bank["id"])
    dup["content"]["options"] = [{"id": "a", "vi": "1"}, {"id": "a", "vi": "2"}]
    assert post(as_educator_a, "/api/v1/questions", dup).status_code == 400
    assert as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}").json()["data"]["total"] == 0


def test_html_is_sanitized_and_foreign_images_dropped(as_educator_a):
    bank = make_bank(as_educator_a)
    body = complete_single(bank["id"])
    body["content"]["stem"]["vi"] = (
        '<b>Đậm</b><script>alert(1)</script><img src="https://evil.example/x.png"><img src="/media/question-images/org_a/x.webp" onerror="x()">'
    )
    q = post(as_educator_a, "/api/v1/questions", body).json()["data"]
    stem = q["content"]["stem"]["vi"]
    assert "<b>Đậm</b>" in stem and "script" not in stem and "evil" not in stem and "onerror" not in stem
    assert '<img src="/media/question-images/org_a/x.webp">' in stem


def test_question_image_upload_checked_by_content(as_educator_a, settings, tmp_path, org_a):
    settings.MEDIA_ROOT = tmp_path
    buffer = io.BytesIO()
    Image.new("RGB", (2400, 1200), (200, 10, 10)).save(buffer, format="PNG")
    res = as_educator_a.post(
        "/api/v1/questions/images", {"file": SimpleUploadedFile("graph.png", buffer.getvalue(), "image/png")}
    )
    assert res.status_code == 201, res.json()
    path = res.json()["data"]["path"]
    assert path.startswith(f"question-images/{org_a.schema_name}/") and path.endswith(".webp")
    res = as_educator_a.post(
        "/api/v1/questions/images",
        {"file": SimpleUploadedFile("x.png", b"%PDF-1.4 not an image", "image/png")},
    )
    assert res.status_code == 400 and res.json()["code"] == "unsupported_file"


def test_filters_search_and_bulk(as_educator_a, as_colleague_a):
    bank = make_bank(as_educator_a)
    matrix = make_matrix(as_educator_a)
    ids = [
        post(as_educator_a, "/api/v1/questions", complete_single(bank["id"])).json()["data"]["id"]
        for _ in range(3)
    ]
    english = post(
        as_educator_a,
        "/api/v1/questions",
        {
            **complete_single(bank["id"]),
            "subject_id": subject_id("tieng-anh"),
            "type": "true_false",
            "answer_key": {"value": True},
            "content": {
                "stem": {"vi": "London là thủ đô nước Anh", "en": "London is the capital of England"}
            },
        },
    ).json()["data"]
    assert english["missing"] == []
    results = post(
        as_educator_a, "/api/v1/questions/bulk", {"action": "submit", "ids": [*ids, english["id"]]}
    ).json()["data"]
    assert all(r["ok"] for r in results)
    results = post(as_colleague_a, "/api/v1/questions/bulk", {"action": "approve", "ids": ids}).json()["data"]
    assert [r["ok"] for r in results] == [True, True, True]
    for qid in ids[:2]:
        put(as_educator_a, f"/api/v1/questions/{qid}/matrix", matrix)
    results = post(as_educator_a, "/api/v1/questions/bulk", {"action": "publish", "ids": ids}).json()["data"]
    assert [r["ok"] for r in results] == [True, True, False] and results[2]["code"] == "matrix_incomplete"

    def ids_for(query):
        return {
            i["id"]
            for i in as_educator_a.get(f"/api/v1/questions?bank_id={bank['id']}&{query}").json()["data"][
                "items"
            ]
        }

    assert ids_for("status=published") == set(ids[:2])
    assert ids_for("type=true_false") == {english["id"]}
    assert ids_for(f"subject_id={subject_id('tieng-anh')}") == {english["id"]}
    assert ids_for("search=capital") == {english["id"]}
    assert ids_for(f"cluster_id={matrix['subtopic_id']}") == set(ids[:2])
    assert ids_for("grade=8") == set()
    assert as_educator_a.get("/api/v1/questions?order_by=stem").status_code == 400


def test_move_questions_between_folders(as_educator_a):
    a, b = make_bank(as_educator_a, "A"), make_bank(as_educator_a, "B")
    q = post(as_educator_a, "/api/v1/questions", complete_single(a["id"])).json()["data"]
    assert (
        post(as_educator_a, "/api/v1/questions/move", {"ids": [q["id"]], "bank_id": b["id"]}).json()["data"][
            "moved"
        ]
        == 1
    )
    assert as_educator_a.get(f"/api/v1/questions/{q['id']}").json()["data"]["bank_id"] == b["id"]
    assert (
        post(as_educator_a, "/api/v1/questions/move", {"ids": [999999], "bank_id": b["id"]}).status_code
        == 404
    )


def test_test_bank_rules(as_educator_a, as_colleague_a):
    bank = make_bank(as_educator_a)
    draft = post(as_educator_a, "/api/v1/questions", complete_single(bank["id"])).json()["data"]
    tb = post(as_educator_a, "/api/v1/test-banks", {"name": "Đề HK1"}).json()["data"]
    assert post(as_educator_a, "/api/v1/test-banks", {"name": ""}).status_code == 400
    res = post(as_educator_a, f"/api/v1/test-banks/{tb['id']}/questions", {"add": [draft["id"]]})
    assert res.status_code == 409 and res.json()["code"] == "question_not_published"
    assert (
        put(as_colleague_a, f"/api/v1/test-banks/{tb['id']}", {"name": "x"}).json()["code"] == "not_creator"
    )
    assert as_colleague_a.delete(f"/api/v1/test-banks/{tb['id']}").status_code == 403
    assert as_educator_a.delete(f"/api/v1/test-banks/{tb['id']}").status_code == 200


def test_list_endpoints_constant_queries(as_educator_a, django_assert_max_num_queries):
    bank = make_bank(as_educator_a)
    make_matrix(as_educator_a)
    for i in range(12):
        post(as_educator_a, "/api/v1/questions", complete_single(bank["id"]))
        make_bank(as_educator_a, f"Folder {i}")
    for url in [
        "/api/v1/questions?limit=50",
        "/api/v1/question-banks?limit=50",
        "/api/v1/matrix-clusters",
        "/api/v1/test-banks",
        "/api/v1/questions/vetting-queue",
    ]:
        with django_assert_max_num_queries(6):
            assert as_educator_a.get(url).status_code == 200


@pytest.mark.parametrize(
    ("answer", "key", "expected"),
    [
        ("Hà Nội", {"accepted": ["ha noi"]}, True),
        ("  HÀ   NỘI ", {"accepted": ["Hà Nội"]}, True),
        ("Đà Nẵng", {"accepted": ["da nang"]}, True),
        ("Ha Noi", {"accepted": ["Hà Nội"], "diacritic_sensitive": True}, False),
        ("hà nội", {"accepted": ["Hà Nội"], "case_sensitive": True}, False),
        ("", {"accepted": [""]}, False),
    ],
)
def test_short_text_matching(answer, key, expected):
    assert short_text_matches(answer, key) is expected


def test_matrix_cluster_model_rejects_parent_on_topic(org_a):
    from django.db import IntegrityError, transaction

    with schema_context(org_a.schema_name):
        topic = MatrixCluster.objects.create(code="T", description="t", type="topic")
        with pytest.raises(IntegrityError), transaction.atomic():
            MatrixCluster.objects.create(code="T2", description="t", type="topic", parent=topic)


def test_saved_banks_answer_their_counts(as_educator_a):
    """A renamed bank and a changed test bank come back with their real counts (a rename used to
    answer ``question_count: 0`` and ``folder_count: 0`` for a bank holding both)."""
    bank = make_bank(as_educator_a)
    make_bank(as_educator_a, "Chương 1", bank["id"])
    post(as_educator_a, "/api/v1/questions", complete_single(bank["id"]))
    renamed = put(as_educator_a, f"/api/v1/question-banks/{bank['id']}", {"name": "Toán 9 (mới)"}).json()
    assert (renamed["data"]["name"], renamed["data"]["question_count"], renamed["data"]["folder_count"]) == (
        "Toán 9 (mới)",
        1,
        1,
    )
    detail = as_educator_a.get(f"/api/v1/question-banks/{bank['id']}").json()["data"]
    assert (detail["question_count"], detail["path"]) == (1, [{"id": bank["id"], "name": "Toán 9 (mới)"}])
