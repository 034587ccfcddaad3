"""Demo market for the analytics screens (issue 10, item 6): a few thousand paid purchases of
the demo organization's marketplace listings over the last 90 days, across grades, subjects,
provinces and add-ons, plus cancelled, expired and failed ones, bought by 400 generated
learner profiles (``hocvien.muaNNN@demo.vn``, password unusable).

These are historic purchases written straight into the public tables with ``bulk_create``:
they have no assignments, Enrollment rows or slot reservations in the organization's schema
(the tests were "taken" long ago), so they change nothing a learner or the batch counters see.
Idempotent: a market already seeded (transactions with ``payment_provider="demo-analytics"``)
is left as is. Runs in about a second.
"""

from __future__ import annotations

import random
from datetime import datetime, time, timedelta

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils import timezone

PROVIDER = "demo-analytics"
BUYERS = 400
PAID = 3200
# (status, count) of the transactions that do not count as revenue
OTHERS = (("CANCELLED", 160), ("EXPIRED", 140), ("FAILED", 40))
FAMILY = "Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý".split()
MIDDLE = "Văn Thị Minh Ngọc Gia Thanh Quốc Hải Thu Đức Bảo Khánh".split()
GIVEN = "An Bình Chi Dũng Giang Hà Hạnh Hiếu Hoa Hùng Khoa Lan Linh Long Mai Nam Nga Phúc Quân Thảo Trang Tú Vy Yến".split()
# where the demo learners live: the big cities weigh more (codes of vietnam-provinces, 2025)
PROVINCE_WEIGHTS = {"1": 18, "79": 22, "48": 7, "31": 6, "92": 6, "46": 4, "38": 4, "40": 4}
# purchases per hour of the day (Vietnam time): evenings after school and lunchtime
HOUR_WEIGHTS = [1, 0, 0, 0, 0, 1, 2, 3, 4, 4, 4, 5, 7, 6, 4, 4, 5, 6, 7, 10, 12, 11, 7, 3]


def seed_demo_market(*, organization, seed: int = 10) -> str:
    """Create the demo market of ``organization`` (once) from its listings; returns a line for
    seed_demo's output."""
    from accounts.models import Profile, User
    from accounts.selectors import provinces
    from config.dates import VN, vietnam_day
    from marketplace.models import Addon, Listing, Transaction, TransactionItem

    if Transaction.objects.filter(payment_provider=PROVIDER).exists():
        return f"  {organization.name}: demo market already there"
    listings = list(Listing.objects.filter(organization=organization).order_by("id"))
    tests = [x for x in listings if x.kind == Listing.Kind.TEST and x.grade]
    surveys = [x for x in listings if x.kind == Listing.Kind.SURVEY and x.price_survey_report is not None]
    if not tests:
        return f"  {organization.name}: no listings, no demo market"
    rng = random.Random(seed)
    codes = [p["code"] for p in provinces()]
    weights = [PROVINCE_WEIGHTS.get(code, 1) for code in codes]
    grades = sorted({x.grade for x in tests})
    now = timezone.now()
    password = make_password(None)  # unusable: these learners never log in
    with transaction.atomic():
        users = User.objects.bulk_create(
            [
                User(
                    email=f"hocvien.mua{i:03d}@demo.vn",
                    name=f"{rng.choice(FAMILY)} {rng.choice(MIDDLE)} {rng.choice(GIVEN)}",
                    password=password,
                    is_active=True,
                    email_verified_at=now,
                )
                for i in range(1, BUYERS + 1)
            ],
            ignore_conflicts=True,
        )
        users = list(User.objects.filter(email__startswith="hocvien.mua", email__endswith="@demo.vn"))
        existing = set(Profile.objects.filter(user__in=users).values_list("user_id", flat=True))
        Profile.objects.bulk_create(
            [
                Profile(
                    user=u,
                    pandai_profile_role=Profile.Role.LEARNER,
                    grade=rng.choice(grades) if rng.random() < 0.8 else rng.randint(6, 12),
                    class_name="",
                    province_code=rng.choices(codes, weights)[0],
                    joined_at=now,
                )
                for u in users
                if u.pk not in existing
            ]
        )
        buyers = list(Profile.objects.select_related("user").filter(user__in=users))
        by_grade: dict[int, list] = {}
        for b in buyers:
            by_grade.setdefault(b.grade, []).append(b)

        def when() -> datetime:
            """A checkout time in the last 90 days (Vietnam time), busier lately and at weekends."""
            day = int(90 * rng.random() ** 1.4)
            date = vietnam_day(now) - timedelta(days=day)
            if date.isoweekday() < 6 and rng.random() < 0.1:
                date -= timedelta(days=(date.isoweekday() - 6) % 7)  # the Saturday before
            hour = rng.choices(range(24), HOUR_WEIGHTS)[0]
            at = datetime.combine(date, time(hour, rng.randint(0, 59), rng.randint(0, 59)), tzinfo=VN)
            return at - timedelta(days=1) if at > now - timedelta(minutes=40) else at

        def lines_for() -> tuple:
            listing = rng.choice(tests)
            buyer = rng.choice(by_grade.get(listing.grade) or buyers)
            picked = [listing]
            if rng.random() < 0.15:
                other = rng.choice([x for x in tests if x.grade == listing.grade])
                if other.pk != listing.pk:
                    picked.append(other)
            if surveys and rng.random() < 0.12:
                picked.append(rng.choice(surveys))
            out = []
            for x in picked:
                if x.kind == Listing.Kind.SURVEY:
                    out.append((x, Addon.SURVEY_REPORT, x.price_survey_report))
                elif x.price_test_advanced is not None and rng.random() < 0.35:
                    out.append((x, Addon.TEST_ADVANCED, x.price_test_advanced))
                else:
                    out.append((x, Addon.TEST_ONLY, x.price_test_only))
            return buyer, out

        plan = [("COMPLETED", PAID)] + list(OTHERS)
        txs, all_lines, planned = [], [], []
        serial = 0
        for status, count in plan:
            for _ in range(count):
                serial += 1
                buyer, lines = lines_for()
                created = when()
                paid = status == "COMPLETED"
                txs.append(
                    Transaction(
                        profile=buyer,
                        buyer_name=buyer.user.name,
                        status=status,
                        amount=sum(p for _, _, p in lines),
                        remark=", ".join(x.name for x, _, _ in lines)[:300],
                        payment_provider=PROVIDER,
                        payment_id=f"DEMO-{serial:05d}" if paid else "",
                        created_at=created,
                        expires_at=created + timedelta(minutes=30),
                        completed_at=created + timedelta(minutes=rng.randint(1, 12)) if paid else None,
                        closed_at=None if paid else created + timedelta(minutes=rng.randint(2, 30)),
                        failure_reason="Thẻ bị từ chối (demo)" if status == "FAILED" else "",
                    )
                )
                all_lines.append(lines)
                planned.append(created)
        Transaction.objects.bulk_create(txs, batch_size=1000)
        # created_at is auto_now_add: bulk_create stamped "now"; put the planned times back
        for tx, created in zip(txs, planned, strict=True):
            tx.created_at = created
        Transaction.objects.bulk_update(txs, ["created_at"], batch_size=1000)
        TransactionItem.objects.bulk_create(
            [
                TransactionItem(
                    transaction=tx,
                    listing=x,
                    organization_id=x.organization_id,
                    preset_id=x.preset_id,
                    addon=addon,
                    name=x.name,
                    grade=x.grade,
                    subject_codes=[s["code"] for s in x.subjects],
                    price=price,
                )
                for tx, lines in zip(txs, all_lines, strict=True)
                for x, addon, price in lines
            ],
            batch_size=2000,
        )
    revenue = sum(t.amount for t in txs if t.status == "COMPLETED")
    return (
        f"  {organization.name}: demo market of {PAID} paid purchases over 90 days "
        f"({revenue:,} VND) and {sum(n for _, n in OTHERS)} cancelled, expired or failed ones"
    )
