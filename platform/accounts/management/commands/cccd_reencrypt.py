"""``manage.py cccd_reencrypt``: every CCCD number encrypted with the first of CCCD_KEYS and its
hash recomputed with CCCD_HASH_KEY (key rotation; issue 24, item 6; decision 0023)."""

from django.core.management.base import BaseCommand

from accounts.services.cccd import profiles_cccd_reencrypt


class Command(BaseCommand):
    help = "Encrypt every CCCD number with the first of CCCD_KEYS and recompute its lookup hash."

    def handle(self, *args, **options):
        count = profiles_cccd_reencrypt()
        self.stdout.write(f"{count} CCCD numbers re-encrypted.")
