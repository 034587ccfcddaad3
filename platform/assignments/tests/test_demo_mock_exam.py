"""The THPT 2025 mock exam of seed_demo (issue 39, item 5): a preset made from the THPT 2025 template
for Mathematics (three parts, out of 10), its shared form with the stimulus' two questions together
and in order, a batch that sat with 42 learners whose simulated answers the sitting scored, results
released by the batch's release and the item analysis computed once, a learner left free to take
it in a new batch; all of it exact, since the simulation is seeded."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.models import Enrollment, Profile, User
from accounts.tests.factories import ProfileFactory
from assessments.demo import seed_demo_questions
from assessments.matching import statements_right
from assessments.models import Batch, Question, Round, TestPreset
from assessments.parts import preset_max_score
from assessments.scale import Scale, to_scale
from assignments.demo import MOCK_BATCH, MOCK_EXAM, MOCK_NEXT_BATCH, MOCK_ROUND, seed_demo_tests
from assignments.models import Assignment, Attempt, ItemAnalysis, ItemAnalysisQuestion
from config.i18n import format_score
from conftest import client_for
from marketplace.models import Listing
from notifications.models import Notification
from people.demo_mock_exam import seed_demo_mock_exam_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def mock_exam(org_a, settings, tmp_path):
    """The demo as seed_demo makes it: the banks, the other tests, then the mock exam."""
    settings.MEDIA_ROOT = tmp_path
    author = ProfileFactory(educator=True, organization=org_a)
    admin = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    queue = [ProfileFactory(), ProfileFactory()]
    seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=admin)
    seed_demo_tests(
        organization=org_a, author=author, admin=admin, learners_to_queue=queue, password="x", buyer=queue[0]
    )
    released = seed_demo_mock_exam_results(organization=org_a, author=author, admin=admin, password="x")
    return {"author": author, "admin": admin, "released": released}


def test_the_mock_exam_is_the_thpt_2025_format_with_a_shared_stimulus(org_a, mock_exam):
    assert mock_exam["released"] == 42
    with schema_context(org_a.schema_name):
        preset = TestPreset.objects.select_related("round").get(name=MOCK_EXAM)
        assert (preset.status, preset.grade, preset.duration_minutes, preset.score_scale) == (
            "published",
            12,
            90,
            "ten",
        )
        assert (preset.round.name, preset.passing_score, preset.auto_release_result) == (MOCK_ROUND, 5, False)
        parts = list(preset.parts.order_by("position"))
        assert [(p.name_vi, p.question_type, p.points_per_question) for p in parts] == [
            ("Phần I. Trắc nghiệm nhiều phương án lựa chọn", "single_choice", Decimal("0.25")),
            ("Phần II. Trắc nghiệm đúng sai", "true_false_set", Decimal("1.00")),
            ("Phần III. Trắc nghiệm trả lời ngắn", "numeric", Decimal("0.50")),
        ]
        form = list(
            preset.form.order_by("position").select_related("question__topic", "blueprint_item__part")
        )
        assert [(row.blueprint_item.part.position, row.question.type) for row in form] == (
            [(0, "single_choice")] * 12 + [(1, "true_false_set")] * 4 + [(2, "numeric")] * 6
        )
        assert preset_max_score(preset) == Decimal(10)
        # Each part from the topics holding its type, the most stocked first (template_fill): Phần I
        # all 5 logarithm questions, all 4 of derivatives, 3 of the 4 of integrals...
        assert [row.question.topic.code for row in form] == [
            *["T12-ML"] * 5,
            *["T12-DH"] * 4,
            *["T12-TP"] * 3,
            *["T12-DH", "T12-DH", "T12-TP", "T12-XS"],
            *["T12-DH"] * 3,
            *["T12-TP"] * 2,
            "T12-XS",
        ]
        # ... and the stimulus' two numeric questions together and in order: Phần III's 17 and 18.
        grouped = [(row.position, row.question.stimulus_position) for row in form if row.question.stimulus_id]
        assert grouped == [(17, 1), (18, 2)]
        assert len({row.question.stimulus_id for row in form if row.question.stimulus_id}) == 1

        batches = {b.name: b for b in Batch.objects.filter(preset=preset)}
        sat, later = batches[MOCK_BATCH], batches[MOCK_NEXT_BATCH]
        assert sat.expires_at < timezone.now() < later.starts_at  # the sitting is over, the next to come
        assert (sat.slots, sat.taken, sat.available) == (60, 42, 18)
        assert (later.slots, later.available) == (60, 60)
        assert Round.objects.filter(name=MOCK_ROUND).count() == 1
    listing = Listing.objects.get(organization=org_a, preset_id=preset.pk)
    assert (listing.name, listing.status, listing.price_test_only, listing.price_test_advanced) == (
        MOCK_EXAM,
        "active",
        150_000,
        250_000,
    )


def test_the_mock_exam_batch_has_42_released_results_and_its_item_analysis(org_a, mock_exam):
    with schema_context(org_a.schema_name):
        preset = TestPreset.objects.get(name=MOCK_EXAM)
        sat = Batch.objects.get(preset=preset, name=MOCK_BATCH)
        attempts = Attempt.objects.filter(assignment__batch=sat).select_related("assignment")
        assert attempts.count() == 42
        assert {(a.status, a.max_score, a.released_at is not None) for a in attempts} == {
            ("submitted", Decimal(10), True)
        }
        by_email = {a.assignment.learner_email: a for a in attempts}
        assert set(by_email) == {f"hocsinh{i:02d}@demo.vn" for i in range(19, 61)}
        scores = sorted(a.score for a in attempts)
        assert (scores[0], scores[-1], sum(scores)) == (Decimal("0.85"), Decimal("9.50"), Decimal("204.60"))
        passed = sum(a.result == "passed" for a in attempts)
        assert passed == 21  # 5 or more out of 10 (the preset's pass mark, on the scale)

        # The first grade-12 learner's result: 5.35 points of 10, shown "5,35/10" (the scale of 10).
        first = by_email["hocsinh19@demo.vn"]
        shown = to_scale(first.score, first.max_score, Scale.of(preset))
        assert (first.score, first.result, format_score(shown, 10, language="vi")) == (
            Decimal("5.35"),
            "passed",
            "5,35/10",
        )
        assert format_score(shown, 10, language="en") == "5.35/10"

        # The batch's and the preset's item analyses: computed once, ready, all 42 attempts (no
        # "few attempts" note: stats.MIN_ATTEMPTS is 30).
        analyses = {a.batch_id: a for a in ItemAnalysis.objects.filter(preset=preset)}
        assert set(analyses) == {sat.pk, None}
        for analysis in analyses.values():
            assert (analysis.status, analysis.attempt_count, analysis.summary["n"]) == ("ready", 42, 42)
            assert (analysis.summary["question_count"], analysis.summary["max_score"]) == (22, 10.0)
        facility = dict(
            ItemAnalysisQuestion.objects.filter(analysis=analyses[sat.pk]).values_list("position", "facility")
        )
        assert min(facility.values()) < 0.3 and max(facility.values()) > 0.9  # spread
        graph = ItemAnalysisQuestion.objects.get(analysis=analyses[sat.pk], position=17)
        # the graph's T = a - b + c - d = -3: the most frequent wrong answer is 3 (T read as f(-1))
        wrong = graph.figures["wrong_answers"]
        assert [(w["answer"], w["count"]) for w in wrong] == [("3", 13), ("-1", 1), ("1", 1)]


def test_the_gradebook_shows_the_three_parts(org_a, mock_exam):
    with schema_context(org_a.schema_name):
        sat = Batch.objects.get(preset__name=MOCK_EXAM, name=MOCK_BATCH)
    res = client_for(mock_exam["admin"]).get(
        f"/api/v1/batches/{sat.pk}/gradebook", {"search": "hocsinh19"}, HTTP_ACCEPT_LANGUAGE="vi"
    )
    assert res.status_code == 200, res.json()
    data = res.json()["data"]
    assert (data["scope"]["score_scale"], data["counts"]["released"], data["counts"]["learners"]) == (
        "ten",
        42,
        42,
    )
    assert [(p["position"], p["short_name"]) for p in data["scope"]["parts"]] == [
        (1, "Phần I"),
        (2, "Phần II"),
        (3, "Phần III"),
    ]
    (row,) = data["items"]
    assert (row["learner_email"], row["scale_score"], row["scale_max"]) == ("hocsinh19@demo.vn", 5.35, 10.0)
    # Phần I 9 of 12 right (x 0.25), Phần II its four sets with 2, 3, 2 and 1 statements right
    # (0.25 + 0.5 + 0.25 + 0.1 by the Ministry's table), Phần III 4 of 6 (x 0.5): 2.25 + 1.1 + 2 = 5.35
    assert [(p["position"], p["scale_score"]) for p in row["parts"]] == [(1, 2.25), (2, 1.1), (3, 2.0)]
    with schema_context(org_a.schema_name):
        attempt = Attempt.objects.get(pk=row["attempt_id"])
        answers = {a.question_id: a for a in attempt.answers.all()}
        keys = dict(Question.objects.filter(pk__in=attempt.question_ids).values_list("pk", "answer_key"))
        ids = attempt.question_ids
        assert sum(answers[q].score == Decimal("0.25") for q in ids[:12]) == 9
        assert [statements_right(answers[q].answer, keys[q]) for q in ids[12:16]] == [2, 3, 2, 1]
        assert sum(answers[q].score == Decimal("0.5") for q in ids[16:]) == 4


def test_the_mock_exam_roster_and_a_learner_free_to_take_it(org_a, mock_exam):
    roster = User.objects.filter(email__regex=r"^hocsinh(19|[2-5]\d|6[01])@demo\.vn$")
    assert roster.count() == 43 and all(u.is_active and u.check_password("x") for u in roster)
    profiles = Profile.objects.filter(user__in=roster, organization=org_a)
    born = timezone.now().year - 17  # 16 or 17: adults for consent, no parent's consent needed
    assert {(p.grade, p.date_of_birth.year, p.class_name[:3]) for p in profiles} == {(12, born, "12A")}
    free = Profile.objects.get(user__email="hocsinh61@demo.vn", organization=org_a)
    assert free.user.name == "Tống Khánh Huyền"
    assert not Enrollment.objects.filter(profile=free).exists()
    with schema_context(org_a.schema_name):
        assert not Assignment.objects.filter(learner_profile_id=free.pk).exists()
    # 18 roster assignments and the buyer's purchase (seed_demo_tests), and the mock exam's 42
    assert Notification.objects.filter(notifiable_type="TestScheduled").count() == 18 + 1 + 42

    # Again: nothing new.
    author, admin = mock_exam["author"], mock_exam["admin"]
    assert seed_demo_mock_exam_results(organization=org_a, author=author, admin=admin, password="x") == 0
    with schema_context(org_a.schema_name):
        assert TestPreset.objects.filter(name=MOCK_EXAM).count() == 1
        assert Attempt.objects.filter(assignment__preset__name=MOCK_EXAM).count() == 42
