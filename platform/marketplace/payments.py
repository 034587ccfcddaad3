"""The payment provider interface (issue 6, item 4) and the simulated provider used here.

A real Vietnamese gateway (VNPay, MoMo) implements ``PaymentProvider.charge``: it is given the
transaction and an idempotency key and returns a ``PaymentResult``; it must charge at most once
per key (gateways take a merchant reference for this: pass the key). ``settings.PAYMENT_PROVIDER``
names the class. Redirect-based gateways would add a ``start``/``callback`` pair; the service
keeps the same all-or-nothing completion step. :func:`charge` is the one way the marketplace
charges a transaction (the key chosen once, the provider's answer written on the row)."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from dataclasses import dataclass

from django.conf import settings
from django.utils.module_loading import import_string

from marketplace.models import Transaction


@dataclass(frozen=True)
class PaymentResult:
    approved: bool
    payment_id: str
    reason: str = ""


class PaymentProvider(ABC):
    """Charge ``transaction.amount`` VND once per ``idempotency_key``."""

    name = "abstract"

    @abstractmethod
    def charge(self, transaction, *, idempotency_key: str, method: str = "") -> PaymentResult:
        """Charge once per key; a repeated key returns the first result."""


class SimulatedProvider(PaymentProvider):
    """Approves every payment with a deterministic payment id derived from the key (so a retry
    with the same key gets the same id), except ``method="decline"``, which the checkout page
    offers to show what a declined card looks like."""

    name = "simulated"

    def charge(self, transaction, *, idempotency_key: str, method: str = "") -> PaymentResult:
        digest = hashlib.sha256(f"{transaction.pk}:{idempotency_key}".encode()).hexdigest()[:12].upper()
        if method == "decline":
            return PaymentResult(False, f"SIM-{digest}", "declined by the simulated bank")
        return PaymentResult(True, f"SIM-{digest}")


def provider() -> PaymentProvider:
    return import_string(settings.PAYMENT_PROVIDER)()


def charge(transaction, *, idempotency_key: str, default_key: str, method: str = "") -> PaymentResult:
    """Charge ``transaction`` (a ``marketplace.models.Transaction`` holding ``amount`` VND) once
    through the configured provider, and write ``payment_provider``, ``payment_id`` and
    ``idempotency_key`` on it (the caller saves it, in its database transaction).

    The key is ``idempotency_key`` (the client's, for retries) or ``default_key``, at most 80
    characters; a key another transaction already used is prefixed with this transaction's id,
    so two purchases never share a charge. ``method`` "decline" makes the simulated provider
    decline. Returns the provider's :class:`PaymentResult`."""
    key = (idempotency_key or default_key)[:80]
    if Transaction.objects.filter(idempotency_key=key).exclude(pk=transaction.pk).exists():
        key = f"tx-{transaction.pk}-{key}"[:80]
    gateway = provider()
    result = gateway.charge(transaction, idempotency_key=key, method=method)
    transaction.payment_provider = gateway.name
    transaction.payment_id = result.payment_id
    transaction.idempotency_key = key
    return result
