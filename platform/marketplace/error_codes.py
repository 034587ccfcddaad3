"""Stable error codes of the marketplace API."""

from enum import StrEnum


class MarketplaceErrorCode(StrEnum):
    PRESET_NOT_APPROVED = "preset_not_approved"
    ALREADY_LISTED = "already_listed"
    LISTING_HAS_PENDING = "listing_has_pending"
    NOT_OWN_LISTING = "not_own_listing"
