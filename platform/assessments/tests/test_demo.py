"""The demo banks of seed_demo (issue 4, item 8): 60 published grade-9 and 40 published grade-12
questions that pass the same rules as questions made through the API."""

import json

import pytest
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.demo import BANKS, seed_demo_questions
from assessments.models import MatrixCluster, Question, QuestionBank, QuestionTransition
from assessments.services.questions import question_missing

pytestmark = pytest.mark.django_db

TYPES = {"single_choice", "multiple_choice", "true_false", "short_text", "essay"}
EXPECTED = {"Lớp 9 - Ngân hàng mẫu": (9, 60), "Lớp 12 - Ngân hàng mẫu": (12, 40)}


def test_fixtures_are_consistent():
    """Each subtopic is listed under the question's topic and every option in an answer key
    exists; every topic of the grade-12 fixture can fill the demo Toán 12 test (assignments.demo)."""
    assert {name for name, _ in BANKS} == set(EXPECTED)
    for name, fixture in BANKS:
        data = json.loads(fixture.read_text(encoding="utf-8"))
        grade, count = EXPECTED[name]
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
        if grade == 12:
            for topic in data["topics"]:
                levels = [q["complexity_code"] for q in questions if q["topic_code"] == topic["code"]]
                assert levels.count("NB") >= 4 and levels.count("TH") >= 2, topic["code"]


def test_demo_banks_are_complete_and_idempotent(org_a):
    author = ProfileFactory(educator=True, organization=org_a)
    reviewer = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    assert seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=reviewer) == 100
    with schema_context(org_a.schema_name):
        counts = (
            Question.objects.count(),
            QuestionTransition.objects.count(),
            QuestionBank.objects.count(),
            MatrixCluster.objects.count(),
        )
    assert seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=reviewer) == 100
    with schema_context(org_a.schema_name):
        assert (
            Question.objects.count(),
            QuestionTransition.objects.count(),
            QuestionBank.objects.count(),
            MatrixCluster.objects.count(),
        ) == counts
        for name, (grade, count) in EXPECTED.items():
            bank = QuestionBank.objects.get(name=name, parent=None)
            questions = list(bank.questions.select_related("subject", "topic", "subtopic"))
            assert len(questions) == count
            assert {q.status for q in questions} == {"published"}
            assert {q.grade for q in questions} == {grade}
            assert {q.subject.code for q in questions} == {"toan", "tieng-anh"}
            assert {q.type for q in questions} == TYPES
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
