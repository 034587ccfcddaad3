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
