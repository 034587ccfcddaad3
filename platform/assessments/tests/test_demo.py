"""The demo banks of seed_demo (issue 4, item 8): 60 published grade-9 and 40 published grade-12
questions that pass the same rules as questions made through the API; and (issue 39, item 5) the
27 grade-12 Mathematics questions of the THPT 2025 mock exam, two of them hanging from a shared
stimulus whose figure is a stored question image."""

import json
from collections import Counter

import pytest
from django.core.files.storage import default_storage
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.demo import BANKS, THPT_BANK, demo_wrong_answers, seed_demo_questions
from assessments.matching import sheet_number
from assessments.models import MatrixCluster, Question, QuestionBank, QuestionTransition, Stimulus
from assessments.services.questions import question_missing

pytestmark = pytest.mark.django_db

TYPES = {"single_choice", "multiple_choice", "true_false", "short_text", "essay"}
NATIONAL = {"single_choice", "true_false_set", "numeric"}
EXPECTED = {
    "Lớp 9 - Ngân hàng mẫu": (9, 60, TYPES, {"toan", "tieng-anh"}),
    "Lớp 12 - Ngân hàng mẫu": (12, 40, TYPES, {"toan", "tieng-anh"}),
    THPT_BANK: (12, 27, NATIONAL, {"toan"}),
}


def test_fixtures_are_consistent():
    """Each subtopic is listed under the question's topic and every option in an answer key
    exists; every topic of the grade-12 fixture can fill the demo Toán 12 test (assignments.demo);
    a true/false set keys each of its four statements, a numeric answer's accepted values and
    common wrong answers are numbers the answer sheet holds (and the wrong ones are wrong)."""
    assert {name for name, _ in BANKS} == set(EXPECTED)
    for name, fixture in BANKS:
        data = json.loads(fixture.read_text(encoding="utf-8"))
        grade, count, _types, _subjects = EXPECTED[name]
        topic_of = {sub["code"]: topic["code"] for topic in data["topics"] for sub in topic["subtopics"]}
        questions = data["questions"]
        assert len(questions) == count
        for item in questions:
            assert item["grade"] == grade
            assert topic_of[item["subtopic_code"]] == item["topic_code"], item["stem"]["en"]
            ids = [o["id"] for o in item["options"]]
            assert len(ids) == len(set(ids))
            key = item["answer_key"]
            if item["type"] == "single_choice":
                assert key["option"] in ids, item["stem"]["en"]
            elif item["type"] == "multiple_choice":
                assert key["options"] and set(key["options"]) <= set(ids), item["stem"]["en"]
            else:
                assert ids == [], item["stem"]["en"]
            if item["type"] == "true_false_set":
                assert [s["id"] for s in item["statements"]] == list(key["statements"]) == list("abcd")
            if item["type"] == "numeric":
                accepted = {sheet_number(a) for a in key["accepted"]}
                assert accepted and not accepted & {sheet_number(w) for w in item["demo_wrong"]}
        if name == "Lớp 12 - Ngân hàng mẫu":
            for topic in data["topics"]:
                levels = [q["complexity_code"] for q in questions if q["topic_code"] == topic["code"]]
                assert levels.count("NB") >= 4 and levels.count("TH") >= 2, topic["code"]
    # The mock exam's bank by type and topic: what the THPT 2025 template fills its parts from
    # (national_format.template_fill: the most stocked topics first; assignments.demo).
    thpt = json.loads(dict((n, f) for n, f in BANKS)[THPT_BANK].read_text(encoding="utf-8"))
    assert Counter((q["type"], q["topic_code"]) for q in thpt["questions"]) == {
        ("single_choice", "T12-ML"): 5,
        ("single_choice", "T12-KG"): 4,
        ("single_choice", "T12-XS"): 3,
        ("true_false_set", "T12-DH"): 2,
        ("true_false_set", "T12-TP"): 1,
        ("true_false_set", "T12-XS"): 1,
        ("true_false_set", "T12-KG"): 1,
        ("numeric", "T12-DH"): 3,
        ("numeric", "T12-TP"): 2,
        ("numeric", "T12-XS"): 2,
        ("numeric", "T12-KG"): 2,
        ("numeric", "T12-ML"): 1,
    }
    # ... the new questions in the grade-12 bank's topics are all "vận dụng": the Toán 12 test's
    # rows (NB and TH, any type: assignments.demo) draw from the same questions as before
    assert {q["complexity_code"] for q in thpt["questions"] if q["topic_code"] in ("T12-DH", "T12-TP")} == {
        "VD"
    }


def test_demo_banks_are_complete_and_idempotent(org_a, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    author = ProfileFactory(educator=True, organization=org_a)
    reviewer = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    assert seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=reviewer) == 127
    with schema_context(org_a.schema_name):
        counts = (
            Question.objects.count(),
            QuestionTransition.objects.count(),
            QuestionBank.objects.count(),
            MatrixCluster.objects.count(),
            Stimulus.objects.count(),
        )
    assert counts[0] == 127 and counts[1] == 127 * 4 and counts[4] == 1
    assert seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=reviewer) == 127
    with schema_context(org_a.schema_name):
        assert (
            Question.objects.count(),
            QuestionTransition.objects.count(),
            QuestionBank.objects.count(),
            MatrixCluster.objects.count(),
            Stimulus.objects.count(),
        ) == counts
        for name, (grade, count, types, subjects) in EXPECTED.items():
            bank = QuestionBank.objects.get(name=name, parent=None)
            questions = list(bank.questions.select_related("subject", "topic", "subtopic"))
            assert len(questions) == count
            assert {q.status for q in questions} == {"published"}
            assert {q.grade for q in questions} == {grade}
            assert {q.subject.code for q in questions} == subjects
            assert {q.type for q in questions} == types
            for q in questions:
                assert q.has_matrix and question_missing(q) == [], (q.pk, question_missing(q))
                assert q.subtopic.parent_id == q.topic_id
                assert q.topic.subject_id == q.subject_id
                ids = {o["id"] for o in q.content["options"]}
                key = q.answer_key
                if q.type == "single_choice":
                    assert key["option"] in ids
                elif q.type == "multiple_choice":
                    assert set(key["options"]) <= ids
                elif q.type == "true_false_set":  # the Ministry's table, by default (decision 0055)
                    assert key["scoring_table"] == ["0", "0.1", "0.25", "0.5", "1"]
                    assert len(q.content["statements"]) == 4

        # The shared stimulus: the graph of a cubic, with its two numeric questions in order,
        # vetted by the reviewer and published with them (decision 0054).
        stimulus = Stimulus.objects.get()
        assert (stimulus.status, stimulus.grade, stimulus.subject.code, stimulus.bank.name) == (
            "published",
            12,
            "toan",
            THPT_BANK,
        )
        assert stimulus.title == {
            "vi": "Đồ thị hàm số bậc ba $y = f(x)$",
            "en": "The graph of a cubic function $y = f(x)$",
        }
        assert stimulus.reviewed_by_profile_id == reviewer.pk
        group = list(stimulus.questions.order_by("stimulus_position"))
        assert [(q.type, q.stimulus_position, q.answer_key["accepted"]) for q in group] == [
            ("numeric", 1, ["-3"]),
            ("numeric", 2, ["3"]),
        ]
        assert [q.content["stem"]["vi"] for q in group] == [
            "Tính giá trị của biểu thức $T = a - b + c - d$.",
            "Có bao nhiêu giá trị nguyên của tham số $m$ để phương trình $f(x) = m$ có ba nghiệm thực phân biệt?",
        ]
        assert list(group[0].transitions.order_by("id").values_list("to_status", flat=True)) == [
            "draft",
            "submitted",
            "approved",
            "published",
        ]
        # its figure, in both languages: one WebP stored as a question image
        (src,) = {stimulus.content["body"][lang].split('src="')[1].split('"')[0] for lang in ("vi", "en")}
        name = src.removeprefix("/media/")
        assert name.startswith(f"question-images/{org_a.schema_name}/") and name.endswith(".webp")
        assert default_storage.exists(name)
        assert 'alt="Đồ thị hàm số bậc ba: đi lên đến điểm cực đại (−1; 3)' in stimulus.content["body"]["vi"]
        # the demo's takers' common wrong answers, by the stem the bank keeps
        assert demo_wrong_answers()[group[0].content["stem"]["vi"]] == ["3", "-1", "1"]
        assert len(demo_wrong_answers()) == 10
