"""Stable error codes of the marketplace API."""

from enum import StrEnum


class MarketplaceErrorCode(StrEnum):
    PRESET_NOT_APPROVED = "preset_not_approved"
    ALREADY_LISTED = "already_listed"
    LISTING_HAS_PENDING = "listing_has_pending"
    NOT_OWN_LISTING = "not_own_listing"
    GRADE_REQUIRED = "grade_required"
    CART_INVALID = "cart_invalid"
    CHECKOUT_FAILED = "checkout_failed"
    NO_SLOT_AVAILABLE = "no_slot_available"
    NO_BATCH_SLOT = "no_batch_slot"
    DUPLICATE_SUBJECT = "duplicate_subject_grade"
    ALREADY_OWNED = "already_owned"
    FREE_ONLY = "free_only_cart"
    NOT_PENDING = "transaction_not_pending"
    PAYMENT_DECLINED = "payment_declined"
    ROUND_NOT_PASSED = "round_not_passed"
    NOTHING_TO_PAY = "nothing_to_pay"
