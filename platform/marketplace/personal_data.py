"""A person's purchases, as personal data (issue 24, item 5; decision 0022). Registered with
``data_requests.sources``.

Export: ``purchases.json``, every transaction of the person's profiles with its items, prices
(VND), status and times, and the cart.

Deletion: transactions are kept for accounting (amounts, items, dates, payment references stay)
but say nothing about the buyer any more: the name given at checkout is emptied and the
transaction points at the profile, which the account's deletion empties. The cart is deleted.
"""

from __future__ import annotations

from collections.abc import Callable

from data_requests.personal_data import iso
from data_requests.sources import ExportPart, Person, Text, register
from marketplace.models import CartItem, Transaction, TransactionItem
from privacy.registry import Basis, Category, Measure, Recipient, Subject, columns, describe, not_personal


@register
class PurchasesSource:
    name = "purchases"

    def organization_ids(self, profile_ids: list[int]) -> set[int]:
        """The organizations whose tests or surveys the person bought or has in the cart."""
        bought = TransactionItem.objects.filter(transaction__profile_id__in=profile_ids)
        carted = CartItem.objects.filter(profile_id__in=profile_ids)
        return set(bought.values_list("organization_id", flat=True)) | set(
            carted.values_list("listing__organization_id", flat=True)
        )

    def export(self, person: Person) -> list[ExportPart]:
        transactions = (
            Transaction.objects.filter(profile_id__in=person.profile_ids)
            .prefetch_related("items__organization")
            .order_by("created_at", "id")
        )
        cart = CartItem.objects.filter(profile_id__in=person.profile_ids).select_related("listing")
        data = {
            "transactions": [
                {
                    "id": t.pk,
                    "status": t.status,
                    "amount_vnd": t.amount,
                    "buyer_name": t.buyer_name,
                    "remark": t.remark,
                    "payment_provider": t.payment_provider,
                    "payment_id": t.payment_id,
                    "created_at": iso(t.created_at),
                    "completed_at": iso(t.completed_at),
                    "closed_at": iso(t.closed_at),
                    "items": [
                        {
                            "name": i.name,
                            "organization": i.organization.shown_name,
                            "addon": i.addon,
                            "batch": i.batch_name or None,
                            "price_vnd": i.price,
                        }
                        for i in t.items.all()
                    ],
                }
                for t in transactions
            ],
            "cart": [{"name": c.listing.name, "addon": c.addon, "added_at": iso(c.created_at)} for c in cart],
        }
        return [
            ExportPart(
                path="purchases.json",
                about=Text(
                    "Các giao dịch mua của bạn (số tiền bằng đồng), từng mục đã mua và giỏ hàng.",
                    "Your purchases (amounts in VND), each item bought, and your cart.",
                ),
                data=data,
            )
        ]

    def erase(self, person: Person, label: Callable[[str], str]) -> dict[str, int]:
        anonymized = Transaction.objects.filter(profile_id__in=person.profile_ids).update(buyer_name="")
        cart, _ = CartItem.objects.filter(profile_id__in=person.profile_ids).delete()
        return {"transactions_anonymized": anonymized, "cart_items": cart}


# --- the registry of personal data (issue 37, item 7; decision 0050) -------------------------------

describe(
    Category(
        key="purchases",
        name=Text("Giao dịch mua bài", "Purchases"),
        data=Text(
            "Giỏ hàng, giao dịch và các mục đã mua: người mua và tên ghi khi thanh toán, bài và gói "
            "đã chọn, số tiền (VND), trạng thái, mã thanh toán và các thời điểm.",
            "The cart, the transactions and their items: the buyer and the name given at checkout, "
            "the tests and add-ons chosen, the amounts (VND), the state, the payment references "
            "and the times.",
        ),
        fields=columns("marketplace.CartItem", "profile listing addon batch_id created_at")
        + columns(
            "marketplace.Transaction",
            "profile buyer_name status amount remark payment_provider payment_id idempotency_key "
            "failure_reason created_at expires_at completed_at closed_at",
        )
        + columns(
            "marketplace.TransactionItem",
            "transaction listing organization preset_id batch_id batch_name batch_starts_at addon name "
            "grade subject_codes price assignment_id",
        ),
        subjects=(Subject.LEARNER, Subject.MINOR),
        purposes=Text(
            "Bán bài kiểm tra và báo cáo, nhận thanh toán, giữ sổ sách kế toán và số liệu thị trường.",
            "Selling tests and reports, taking the payment, keeping the accounts and the market figures.",
        ),
        basis=(Basis.CONTRACT, Basis.LEGAL_OBLIGATION),
        retention=lambda facts: Text(
            "Được giữ cho sổ sách kế toán; khi tài khoản bị xóa, tên người mua bị xóa trắng và giỏ "
            "hàng bị xóa.",
            "Kept for the accounts; when the account is deleted the buyer's name is emptied and "
            "the cart deleted.",
        ),
        recipients=(Recipient.ORGANIZATION, Recipient.PAYMENT, Recipient.PLATFORM),
        measures=(Measure.TLS, Measure.CONSENT_GATE, Measure.ROLES, Measure.ERASURE),
    )
)

not_personal(
    "marketplace.Listing",
    "organization kind preset_id name name_en description description_en grade subjects cover_image duration_minutes "
    "starts_at ends_at camera_proctoring batches price_test_only price_test_advanced "
    "price_survey_report status search_text published_at updated_at",
    why="what is sold, the same for every buyer (its publisher is in the authorship category)",
)
