"""The demo tests of seed_demo (issue 5, item 8): rounds, published presets with batches (one
nearly full, one full with a waiting list) and marketplace listings, all made by the services;
the demo learner's completed and pending purchases (issue 6, item 7)."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from accounts.tests.factories import ProfileFactory
from assessments.demo import seed_demo_questions
from assessments.models import Batch, Question, Round, TestPreset, WaitingListEntry
from assignments.demo import seed_demo_tests
from marketplace.models import Listing
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def test_demo_tests(org_a):
    author = ProfileFactory(educator=True, organization=org_a)
    admin = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    queue = [ProfileFactory(), ProfileFactory()]
    seed_demo_questions(schema_name=org_a.schema_name, author=author, reviewer=admin)
    listed = seed_demo_tests(
        organization=org_a, author=author, admin=admin, learners_to_queue=queue, password="x", buyer=queue[0]
    )
    assert listed >= 3
    from accounts.models import User

    roster = User.objects.filter(email__startswith="hocsinh")
    assert roster.count() >= 15 and all(u.is_active and u.check_password("x") for u in roster)  # can log in
    assert (
        seed_demo_tests(organization=org_a, author=author, admin=admin, learners_to_queue=queue, password="x")
        == 0
    )
    with schema_context(org_a.schema_name):
        r1, r2 = Round.objects.order_by("starts_at")
        assert r2.required_round_id == r1.pk
        presets = {p.name: p for p in TestPreset.objects.all()}
        assert len(presets) == listed and {p.status for p in presets.values()} == {"published"}
        assert all(p.form.exists() for p in presets.values())
        # the practice test has every question type: the keyboard-only e2e test answers each
        practice = presets["Luyện tập Toán 9 - Căn thức"].form.order_by("position")
        types = list(practice.values_list("question__type", flat=True))
        # ... but the 2025 format's, which the THPT mock exam has (issue 39, item 5)
        national = {Question.Type.TRUE_FALSE_SET, Question.Type.NUMERIC}
        assert set(types) == set(Question.Type.values) - national and types[-2:] == ["true_false", "essay"]
        near = Batch.objects.get(preset=presets["Đánh giá năng lực Toán 9"], name__startswith="Ca 1")
        assert (near.slots, near.available, near.taken) == (12, 2, 10)
        full = Batch.objects.get(preset=presets["Tiếng Anh 9 - Kiểm tra giữa kỳ"])
        assert (full.available, full.taken) == (0, 5)
        waiting = WaitingListEntry.objects.filter(preset=full.preset, status="waiting")
        assert sorted(waiting.values_list("learner_profile_id", flat=True)) == sorted(p.pk for p in queue)
    listings = Listing.objects.filter(organization=org_a, status="active")
    assert listings.count() == listed and all(lst.price_test_only > 0 for lst in listings)
    low = Notification.objects.filter(notifiable_type="BatchLowSlot")
    assert set(low.values_list("recipient_id", flat=True)) == {author.pk, admin.pk}
    assert Notification.objects.filter(notifiable_type="TestScheduled").count() == 18 + 1
    # the buyer's paid practice test, open now; three graded, released results, one with a report
    from accounts.models import Enrollment
    from assignments.models import AdvancedReport, Attempt
    from marketplace.models import Transaction

    # issue 6, item 7: one completed purchase (the practice test) and one pending order (Toán 12
    # with the advanced report), whose slot is held in its batch
    buyer_transactions = Transaction.objects.filter(profile=queue[0])
    assert sorted(buyer_transactions.values_list("status", flat=True)) == ["COMPLETED", "PENDING"]
    completed = buyer_transactions.get(status="COMPLETED")
    pending = buyer_transactions.get(status="PENDING")
    assert completed.remark == "Luyện tập Toán 9 - Căn thức" and completed.payment_id
    assert pending.remark == "Đánh giá năng lực Toán 12" and not pending.payment_id
    (item,) = pending.items.all()
    assert (item.addon, item.price) == ("test_advanced", 250_000)
    assert Enrollment.objects.filter(profile=queue[0]).count() == 1  # assignments only once paid
    with schema_context(org_a.schema_name):
        held = Batch.objects.get(pk=item.batch_id)
        assert (held.name, held.slots, held.available, held.pending, held.taken) == ("Ca 1", 40, 39, 1, 0)
    # seed_demo again: nothing new; an order left to expire is replaced by a fresh one
    seed_demo_tests(
        organization=org_a, author=author, admin=admin, learners_to_queue=queue, password="x", buyer=queue[0]
    )
    assert buyer_transactions.count() == 2 and buyer_transactions.filter(status="PENDING").count() == 1
    buyer_transactions.filter(pk=pending.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    seed_demo_tests(
        organization=org_a, author=author, admin=admin, learners_to_queue=queue, password="x", buyer=queue[0]
    )
    assert sorted(buyer_transactions.values_list("status", flat=True)) == ["COMPLETED", "EXPIRED", "PENDING"]
    with schema_context(org_a.schema_name):
        held.refresh_from_db()
        assert (held.available, held.pending, held.taken) == (39, 1, 0)
    with schema_context(org_a.schema_name):
        results = list(Attempt.objects.all())
        assert len(results) == 3 and all(a.released_at and a.result in ("passed", "failed") for a in results)
        assert len({a.score for a in results}) == 3
        assert AdvancedReport.objects.count() == 1
        # issue 19: in the released batch's item analysis the true/false discriminates negatively
        # (the weakest taker right, the two others wrong); the scores stay 4, 5 and 6 of 9
        from item_analysis import selectors as item_selectors
        from item_analysis import stats as item_stats

        assert sorted(a.score for a in results) == [4, 5, 6] and {a.max_score for a in results} == {9}
        batch = Batch.objects.get(name="Ca sáng nay")
        data = item_selectors.analysis_input(preset_id=batch.preset_id, batch_id=batch.pk)
        analysis = item_stats.analyse(
            items=data.items,
            scores=data.scores,
            omitted=data.omitted,
            choices=data.choices,
            max_total=data.max_total,
            slot_scores=data.slot_scores,
        )
        flagged = [
            Question.objects.get(pk=item["question_id"]).type
            for item in analysis["questions"]
            if "negative_discrimination" in item["flags"]
        ]
        assert flagged == ["true_false"]
