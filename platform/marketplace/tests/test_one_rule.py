"""One rule, one place (issue 17) as the marketplace shows it: the transaction list's days are
Vietnam days (item 1), a bilingual subject falls back to the other language (item 2), the
checkout body keeps its three shapes under a typed schema (item 5), and the marketplace imports
no product app, reaching them through the listing kinds they register (item 6)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from marketplace import listing_kinds
from marketplace.models import CartItem, Listing, Transaction
from marketplace.payments import charge

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
BATCH = {
    "id": 7,
    "name": "Ca 1",
    "starts_at": "2099-11-28T01:00:00+00:00",
    "expires_at": "2099-11-28T03:00:00+00:00",
    "slots": 30,
    "available": 30,
}


def _tx(profile, created_at: datetime, amount: int) -> Transaction:
    tx = Transaction.objects.create(profile=profile, amount=amount, remark=f"{amount}", expires_at=created_at)
    Transaction.objects.filter(pk=tx.pk).update(created_at=created_at)
    return tx


@pytest.mark.parametrize("time_zone", ["Asia/Ho_Chi_Minh", "UTC"])
def test_transaction_days_are_vietnam_days(learner, settings, time_zone):
    # Whatever TIME_ZONE says, a day is a Vietnam calendar day (it was cut at UTC midnight).
    settings.TIME_ZONE = time_zone
    late = _tx(learner, datetime(2026, 11, 27, 16, 30, tzinfo=UTC), 100_000)  # 23:30 on 27/11 in Vietnam
    early = _tx(learner, datetime(2026, 11, 27, 17, 30, tzinfo=UTC), 200_000)  # 00:30 on 28/11 in Vietnam
    client = client_for(learner)

    def ids(from_date: str, to_date: str) -> list[int]:
        page = client.get(f"/api/v1/transaction?from_date={from_date}&to_date={to_date}").json()["data"]
        return [row["id"] for row in page["items"]]

    assert ids("2026-11-27", "2026-11-27") == [late.pk]
    assert ids("2026-11-28", "2026-11-28") == [early.pk]
    assert ids("2026-11-27", "2026-11-28") == [early.pk, late.pk]
    assert ids("2026-11-26", "2026-11-26") == []


def _listing(org, subjects: list[dict[str, str]]) -> Listing:
    return Listing.objects.create(
        organization=org,
        kind=Listing.Kind.TEST,
        preset_id=9,
        name="Đề kiểm tra",
        grade=9,
        subjects=subjects,
        batches=[BATCH],
        price_test_only=100_000,
    )


def test_an_english_reader_sees_the_vietnamese_subject_when_it_has_no_english_name(org_a):
    listing = _listing(
        org_a,
        [
            {"code": "toan", "name_vi": "Toán", "name_en": ""},
            {"code": "van", "name_vi": "Ngữ văn", "name_en": "Literature"},
        ],
    )
    learner = ProfileFactory(grade=9)
    CartItem.objects.create(profile=learner, listing=listing, batch_id=BATCH["id"])
    client = client_for(learner)

    assert client.get(f"/api/v1/marketplace/{listing.pk}", **EN).json()["data"]["subjects"] == [
        "Toán",
        "Literature",
    ]
    assert client.get("/api/v1/marketplace", **EN).json()["data"]["items"][0]["subjects"] == [
        "Toán",
        "Literature",
    ]
    cart = client.get("/api/v1/shopping-cart", **EN).json()["data"]
    assert cart["cartItems"][0]["listing"]["subjects"] == ["Toán", "Literature"]
    assert client.get("/api/v1/marketplace/subjects", **EN).json()["data"] == [
        {"code": "van", "name": "Literature"},
        {"code": "toan", "name": "Toán"},
    ]
    # A Vietnamese reader of a subject with only an English name sees the English one.
    Listing.objects.filter(pk=listing.pk).update(
        subjects=[{"code": "toan", "name_vi": "", "name_en": "Maths"}]
    )
    assert client.get(f"/api/v1/marketplace/{listing.pk}").json()["data"]["subjects"] == ["Maths"]


def test_listing_batches_are_typed_in_the_answer(org_a, learner):
    listing = _listing(org_a, [{"code": "toan", "name_vi": "Toán", "name_en": "Mathematics"}])
    data = client_for(learner).get(f"/api/v1/marketplace/{listing.pk}").json()["data"]
    assert data["batches"] == [
        {
            "id": 7,
            "name": "Ca 1",
            "starts_at": "2099-11-28T01:00:00Z",
            "expires_at": "2099-11-28T03:00:00Z",
            "slots": 30,
            "available": 30,
        }
    ]
    assert data["available_slots"] == 30


@pytest.mark.parametrize(
    ("body", "code", "item"),
    [
        ({"items": [{"listing_id": 999_999}]}, "checkout_failed", 404),
        ([{"listing_id": 999_999}], "checkout_failed", 404),
        ({"listing_id": 999_999}, "checkout_failed", 404),
        ({"cart_item_id": 999_999}, "checkout_failed", 404),
        ({}, "checkout_failed", 400),  # the whole cart, empty
        (None, "validation_error", 422),  # no body
        ({"items": "x"}, "validation_error", 422),
        ([{"listing_id": "x"}], "validation_error", 422),
        ("text", "validation_error", 422),
    ],
)
def test_checkout_body_shapes(body, code, item):
    client = client_for(ProfileFactory(grade=9))
    data = b"" if body is None else json.dumps(body)
    res = client.post("/api/v1/transaction/checkout", data=data, content_type="application/json")
    assert (res.status_code, res.json()["code"]) == (item, code)
    assert Transaction.objects.count() == 0


def test_one_charge_helper_keeps_keys_unique(learner):
    first = Transaction.objects.create(profile=learner, amount=1000, expires_at=datetime.now(UTC))
    second = Transaction.objects.create(profile=learner, amount=1000, expires_at=datetime.now(UTC))
    assert charge(first, idempotency_key="", default_key=f"tx-{first.pk}").approved
    first.save()
    assert first.idempotency_key == f"tx-{first.pk}" and first.payment_provider == "simulated"
    charge(second, idempotency_key=f"tx-{first.pk}", default_key="unused")
    assert second.idempotency_key == f"tx-{second.pk}-tx-{first.pk}"
    assert second.payment_id != first.payment_id
    assert not charge(second, idempotency_key="k", default_key="", method="decline").approved


def test_listing_kinds_are_registered_by_their_apps():
    from assignments.listing_kind import TestListingKind
    from surveys.listing_kind import SurveyListingKind

    assert isinstance(listing_kinds.handler(Listing.Kind.TEST), TestListingKind)
    assert isinstance(listing_kinds.handler(Listing.Kind.SURVEY), SurveyListingKind)
    with pytest.raises(LookupError):
        listing_kinds.handler("course")


def test_the_marketplace_imports_no_product_app():
    import grimp

    products = ("assessments", "assignments", "surveys", "analytics", "people", "imports")
    graph = grimp.build_graph("marketplace", *products)
    found = sorted(
        (module, imported)
        for module in graph.find_descendants("marketplace") | {"marketplace"}
        if ".tests" not in module
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.split(".")[0] in products
    )
    assert found == []


def test_a_listing_kind_must_say_how_it_fulfils_a_purchase():
    """``fulfil`` has no default: a kind without it cannot even be built, so a purchase of it can
    never be paid and then left unfulfilled."""

    class Incomplete(listing_kinds.ListingKindBase):
        pass

    with pytest.raises(TypeError, match="fulfil"):
        Incomplete()
