"""The payment provider interface (issue 6, item 4) and the simulated provider used here.

A real Vietnamese gateway (VNPay, MoMo) implements ``PaymentProvider.charge``: it is given the
transaction and an idempotency key and returns a ``PaymentResult``; it must charge at most once
per key (gateways take a merchant reference for this: pass the key). ``settings.PAYMENT_PROVIDER``
names the class. Redirect-based gateways would add a ``start``/``callback`` pair; the service
keeps the same all-or-nothing completion step."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from dataclasses import dataclass

from django.conf import settings
from django.utils.module_loading import import_string


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
