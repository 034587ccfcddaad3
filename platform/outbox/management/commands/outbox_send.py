"""``python manage.py outbox_send``: send the outbox's due mails now (what the minute's task
does: retries whose time has come, mails whose task was lost or whose consumer died), e.g. after
the mail server was down; prints how many attempts were made (issue 38, item 2)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from outbox.services import outbox_send_due


class Command(BaseCommand):
    help = "Send the mail outbox's due mails now."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{outbox_send_due()} mail attempt(s)")
