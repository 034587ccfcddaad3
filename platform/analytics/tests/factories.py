"""A hand-computed market (issue 10 tests): two organizations, four listings in A (one of them a
survey whose id equals a test's), one in B, and transactions of every status around the period
1-10 March 2025 (Vietnam days). The expected figures are written out in the tests."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from accounts.tests.factories import ProfileFactory, UserFactory
from config.dates import VN
from marketplace.models import Listing, Transaction, TransactionItem
from tenants.scope import organization_schema

PERIOD = {"from_date": "2025-03-01", "to_date": "2025-03-10"}
TOAN = {"code": "toan", "name_vi": "Toán", "name_en": "Mathematics"}
ANH = {"code": "tieng-anh", "name_vi": "Tiếng Anh", "name_en": "English"}
VAN = {"code": "van", "name_vi": "Ngữ văn", "name_en": "Literature"}


def vn(text: str) -> datetime:
    """``"2025-03-02 09:05"`` in Vietnam time, aware."""
    return datetime.fromisoformat(text).replace(tzinfo=VN)


@dataclass
class Market:
    org_a: Any
    org_b: Any
    round_id: int
    presets: dict[str, int]
    listings: dict[str, Listing]
    buyers: dict[str, Any]
    tx: dict[str, Transaction]


def _listing(org, kind, preset_id, name, grade, subjects, p1, p2=None, p3=None, published="2025-01-10 08:00"):
    listing = Listing.objects.create(
        organization=org,
        kind=kind,
        preset_id=preset_id,
        name=name,
        grade=grade,
        subjects=subjects,
        price_test_only=p1,
        price_test_advanced=p2,
        price_survey_report=p3,
        search_text=name.lower(),
    )
    Listing.objects.filter(pk=listing.pk).update(published_at=vn(published))
    return listing


def _tx(buyer, status, created, completed, lines, buyer_name=None, payment_id=""):
    tx = Transaction.objects.create(
        profile=buyer,
        buyer_name=buyer.user.name if buyer_name is None else buyer_name,
        status=status,
        amount=sum(price for _, _, price in lines),
        payment_id=payment_id,
        expires_at=vn(created) + timedelta(minutes=30),
        completed_at=vn(completed) if completed else None,
    )
    Transaction.objects.filter(pk=tx.pk).update(created_at=vn(created))
    for listing, addon, price in lines:
        TransactionItem.objects.create(
            transaction=tx,
            listing=listing,
            organization=listing.organization,
            preset_id=listing.preset_id,
            addon=addon,
            name=listing.name,
            grade=listing.grade,
            subject_codes=[s["code"] for s in listing.subjects],
            price=price,
        )
    tx.refresh_from_db()
    return tx


def build_market(org_a, org_b) -> Market:
    from assessments.models import Round, TestPreset

    with organization_schema(org_a.schema_name):
        rnd = Round.objects.create(
            name="Vòng 1", starts_at=vn("2025-01-01 00:00"), expires_at=vn("2025-12-31 00:00")
        )
        p1 = TestPreset.objects.create(name="Toán 9", grade=9, round=rnd, created_by_profile_id=1)
        p2 = TestPreset.objects.create(name="Tiếng Anh 10", grade=10, created_by_profile_id=1)
        p3 = TestPreset.objects.create(name="Toán Văn 9", grade=9, round=rnd, created_by_profile_id=1)
    la1 = _listing(org_a, "test", p1.pk, "Đánh giá năng lực Toán 9", 9, [TOAN], 100_000, 180_000)
    la2 = _listing(org_a, "test", p2.pk, "Tiếng Anh 10 giữa kỳ", 10, [ANH], 80_000)
    la3 = _listing(org_a, "test", p3.pk, "Toán và Văn 9", 9, [TOAN, VAN], 50_000, 90_000)
    # a survey listing whose id is the same number as test p1: kinds must never mix
    ls = _listing(org_a, "survey", p1.pk, "Khảo sát hướng nghiệp", None, [], 0, None, 30_000)
    lb1 = _listing(org_b, "test", p1.pk, "Toán 9 trường B", 9, [TOAN], 200_000)
    # a listing published after the period: not counted as published in it
    _listing(org_a, "test", p2.pk + 1000, "Sau kỳ", 10, [ANH], 10_000, published="2025-04-01 08:00")

    b1 = ProfileFactory(grade=9, province_code="79", user=UserFactory(name="Nguyễn Văn An"))
    b2 = ProfileFactory(grade=10, province_code="1", user=UserFactory(name="Trần Thị Bình"))
    b3 = ProfileFactory(grade=9, province_code="", user=UserFactory(name="", email="b3@example.vn"))
    tx = {
        # paid inside the period
        "T1": _tx(b1, "COMPLETED", "2025-03-02 09:00", "2025-03-02 09:05",
                  [(la1, "test_advanced", 180_000), (lb1, "test_only", 200_000)], payment_id="SIM-T1"),
        "T2": _tx(b2, "COMPLETED", "2025-03-05 20:25", "2025-03-05 20:30",
                  [(la2, "test_only", 80_000), (ls, "survey_report", 30_000)], buyer_name="", payment_id="SIM-T2"),
        "T3": _tx(b3, "COMPLETED", "2025-03-10 23:20", "2025-03-10 23:30",
                  [(la1, "test_only", 100_000)], buyer_name="", payment_id="SIM-T3"),
        # paid at 00:10 on 11 March in Vietnam (still 10 March in UTC): outside the period
        "T4": _tx(b1, "COMPLETED", "2025-03-11 00:05", "2025-03-11 00:10", [(la2, "test_only", 80_000)]),
        # not counted as revenue
        "T5": _tx(b2, "CANCELLED", "2025-03-03 10:00", None, [(la1, "test_only", 100_000)]),
        "T6": _tx(b3, "EXPIRED", "2025-03-04 10:00", None, [(la1, "test_advanced", 180_000)]),
        "T7": _tx(b1, "PENDING", "2025-03-09 10:00", None, [(la2, "test_only", 80_000)]),
        "T9": _tx(b1, "FAILED", "2025-03-06 10:00", None, [(la1, "test_only", 100_000)]),
        # the previous period (19-28 February)
        "T8": _tx(b2, "COMPLETED", "2025-02-25 08:00", "2025-02-25 08:01",
                  [(la3, "test_only", 50_000), (la1, "test_only", 100_000)]),
    }  # fmt: skip
    return Market(
        org_a=org_a,
        org_b=org_b,
        round_id=rnd.pk,
        presets={"p1": p1.pk, "p2": p2.pk, "p3": p3.pk},
        listings={"la1": la1, "la2": la2, "la3": la3, "ls": ls, "lb1": lb1},
        buyers={"b1": b1, "b2": b2, "b3": b3},
        tx=tx,
    )
