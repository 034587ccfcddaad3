"""The demo bank of seed_demo (issue 4, item 8): 60 published grade-9 questions that pass the
same rules as questions made through the API."""

import pytest
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.demo import seed_demo_questions
from assessments.models import Question
from assessments.services.questions import question_missing

pytestmark = pytest.mark.django_db


def test_demo_bank_is_complete_and_idempotent(org_a):
    author = ProfileFactory(educator=True, organization=org_a)
    reviewer = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    assert seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=reviewer) == 60
    assert seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=reviewer) == 60
    with schema_context(org_a.schema_name):
        questions = list(Question.objects.select_related("subject"))
        assert len(questions) == 60
        assert {q.status for q in questions} == {"published"}
        assert {q.grade for q in questions} == {9}
        assert {q.subject.code for q in questions} == {"toan", "tieng-anh"}
        assert {q.type for q in questions} == {
            "single_choice",
            "multiple_choice",
            "true_false",
            "short_text",
            "essay",
        }
        assert all(q.has_matrix and question_missing(q) == [] for q in questions)
