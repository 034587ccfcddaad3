"""Maintenance of the encrypted CCCD numbers (issue 24, item 6; decision 0023)."""

from __future__ import annotations

from django.db import transaction

from accounts.models import Profile

CHUNK = 500


def profiles_cccd_reencrypt() -> int:
    """Rewrite every stored CCCD number with the first of ``CCCD_KEYS`` and recompute its hash
    with ``CCCD_HASH_KEY``: run after putting a new key first (then the old key may go) or after
    changing the hash key. One transaction per 500 profiles; idempotent. Returns how many
    profiles were rewritten."""
    done = 0
    ids = list(Profile.objects.exclude(cccd="").order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), CHUNK):
        with transaction.atomic():
            for profile in Profile.objects.select_for_update().filter(pk__in=ids[start : start + CHUNK]):
                profile.save(update_fields=["cccd"])  # encrypts anew; the hash follows (Profile.save)
                done += 1
    return done
