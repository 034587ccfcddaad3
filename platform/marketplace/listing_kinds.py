"""What the marketplace asks of the app behind each kind of listing (issue 17, item 6).

The marketplace sells what other apps make (a test preset's batch slot, a survey's full report)
but imports none of them: each product app registers a :class:`ListingKindHandler` for its
``Listing.Kind`` from its ``AppConfig.ready()`` (``assessments`` for ``"test"``, ``surveys`` for
``"survey"``), and the marketplace calls it. Every handler method runs inside the listing's
organization's schema (the marketplace opens it with ``tenants.scope.organization_schema``) and
inside the caller's database transaction.

:class:`ListingKindBase` gives the answers of a kind without batches, slots or a waiting list
(the survey report): a handler overrides what its kind has.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from accounts.models import Profile

Refusal = Literal["batch_ended", "batch_full", "sold_out"]
"""Why a batch slot could not be reserved: the batch is unknown or ended, it is full while
another open batch of the item has a free slot, or no open batch has one."""


@dataclass(frozen=True)
class BatchHold:
    """The batch slot a checkout line now holds (pending until paid): written on the line."""

    batch_id: int
    name: str
    starts_at: datetime


@dataclass(frozen=True)
class CartLine:
    """What a handler sees of a cart or checkout line: the listing, its item (preset) id in the
    organization's schema, the chosen batch, and whether the listing shows that batch full."""

    listing_id: int
    item_id: int
    batch_id: int | None
    batch_full: bool


@dataclass
class Blocks:
    """What stands between a learner and some lines, read once per organization: the listings
    whose round requirement the learner has not passed (issue 7, item 5), and the (listing,
    batch) pairs for which the learner holds a live waiting-list offer (a full batch they may
    claim)."""

    round_blocked: set[int]
    offers: set[tuple[int, int | None]]


@dataclass(frozen=True)
class ListingSource:
    """An item an educator asks to list, locked for the publishing transaction (``item``, passed
    back to :meth:`ListingKindHandler.listing_fields` and ``mark_listed``), its ``name``, and
    whether it may be listed (``listable``: approved or already published)."""

    item: Any
    name: str
    listable: bool


@dataclass(frozen=True)
class WaitingPlace:
    """A learner's place on an item's waiting list: ``status`` waiting or offered, ``position``
    among those waiting (1 = first; 0 once offered), the offered batch and the claim deadline."""

    status: str
    position: int
    offered_batch_id: int | None
    claim_expires_at: datetime | None


@dataclass(frozen=True)
class AssignedPurchase:
    """A test an educator assigned with "requires purchase" (issue 5, item 7), locked for
    payment: its name, cost (VND), whether it is still to be paid, and the transaction that paid
    it when it is paid."""

    name: str
    cost: int
    payable: bool
    paid_transaction_id: int | None


class ListingKindHandler(Protocol):
    """The operations the marketplace needs from the app of one listing kind."""

    def listing_fields(self, item: Any) -> dict[str, Any]:
        """The listing columns that mirror ``item`` (name, description, grade, subjects as
        ``[{"code", "name_vi", "name_en"}]``, duration, dates, camera flag, the batch summary
        ``[{"id", "name", "starts_at", "expires_at" (ISO), "slots", "available"}]``,
        ``search_text``)."""
        ...

    def listing_source(self, item_id: int) -> ListingSource | None:
        """Lock item ``item_id`` for publishing; ``None`` when it does not exist."""
        ...

    def mark_listed(self, item: Any) -> None:
        """Record on the item that it is now on the marketplace."""
        ...

    def pending_purchases(self, item_id: int) -> int:
        """Slots of the item's batches held by purchases awaiting payment."""
        ...

    def blocks(self, *, profile_id: int, lines: list[CartLine], now: datetime) -> Blocks:
        """Round requirements not met and waiting-list offers held, for ``lines`` of one
        organization."""
        ...

    def reserve(
        self, *, item_id: int, batch_id: int | None, profile_id: int, now: datetime
    ) -> BatchHold | Refusal | None:
        """Hold a slot of ``batch_id`` for a checkout (claiming the learner's waiting-list offer
        when they hold one), and bring the listing in step. ``None``: the kind has no slot."""
        ...

    def release(self, *, batch_id: int) -> None:
        """Free the pending slot of a cancelled, expired or failed purchase (offered to the
        waiting list) and bring the listing in step."""
        ...

    def fulfil(self, *, line: Any, profile: Profile, transaction_id: int) -> int | None:
        """A paid line (a ``TransactionItem``): confirm its slot and give the learner what they
        bought (the assignment, the survey report). Returns the id written on the line."""
        ...

    def waiting_place(self, *, item_id: int, profile: Profile) -> WaitingPlace | None:
        """The learner's live place on the item's waiting list, ``None`` when not on it."""
        ...

    def waiting_join(self, *, item_id: int, profile: Profile) -> WaitingPlace:
        """Put the learner on the waiting list (409 ``slots_available``, ``already_waiting``)."""
        ...

    def waiting_leave(self, *, item_id: int, profile: Profile) -> None:
        """Take the learner off the waiting list (404 when not on it)."""
        ...

    def assigned_purchase(self, *, assignment_id: int) -> AssignedPurchase | None:
        """Lock an assigned test for payment; ``None`` when it does not exist."""
        ...

    def assigned_purchase_paid(self, *, assignment_id: int, transaction_id: int, now: datetime) -> None:
        """Mark the assigned test paid by ``transaction_id``."""
        ...


class ListingKindBase(abc.ABC):
    """Defaults for a kind without batches, slots, publishing from the marketplace or a waiting
    list (the survey kind): every such question answers "none". ``fulfil`` has no default.

    The operations only the test kind has (``listing_fields``, ``waiting_join``,
    ``waiting_leave``, ``assigned_purchase_paid``) are not defaulted either: marketplace calls them
    on ``handler(Listing.Kind.TEST)`` only (its waiting list and publishing select test listings),
    so a kind without them never receives them."""

    def listing_source(self, item_id: int) -> ListingSource | None:
        return None

    def mark_listed(self, item: Any) -> None:
        return None

    def pending_purchases(self, item_id: int) -> int:
        return 0

    def blocks(self, *, profile_id: int, lines: list[CartLine], now: datetime) -> Blocks:
        return Blocks(set(), set())

    def reserve(
        self, *, item_id: int, batch_id: int | None, profile_id: int, now: datetime
    ) -> BatchHold | Refusal | None:
        return None

    def release(self, *, batch_id: int) -> None:
        return None

    @abc.abstractmethod
    def fulfil(self, *, line: Any, profile: Profile, transaction_id: int) -> int | None:
        """Give the buyer what ``line`` bought; see ``ListingKindHandler.fulfil``."""

    def waiting_place(self, *, item_id: int, profile: Profile) -> WaitingPlace | None:
        return None

    def assigned_purchase(self, *, assignment_id: int) -> AssignedPurchase | None:
        return None


_handlers: dict[str, ListingKindHandler] = {}


def register(kind: str, handler: ListingKindHandler) -> None:
    """Register ``handler`` for listings of ``kind`` (a ``Listing.Kind`` value); called once
    from the owning app's ``AppConfig.ready()``. A second registration replaces the first."""
    _handlers[kind] = handler


def handler(kind: str) -> ListingKindHandler:
    """The handler of ``kind``. ``LookupError`` when no installed app registered one (a
    configuration error, not a user's)."""
    try:
        return _handlers[kind]
    except KeyError:
        raise LookupError(f"no listing kind handler registered for {kind!r}") from None
