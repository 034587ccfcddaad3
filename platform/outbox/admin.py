"""The mail outbox in the SuperAdmin's Django admin (issue 38, item 2): every mail's state,
attempts, next attempt and last error; failed mails can be queued again. Read-only otherwise."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from outbox.models import Mail
from outbox.services import mail_send_again

if TYPE_CHECKING:  # Django's ModelAdmin is generic for the checker only (django-stubs)
    MailModelAdmin = admin.ModelAdmin[Mail]
else:
    MailModelAdmin = admin.ModelAdmin


@admin.register(Mail)
class MailAdmin(MailModelAdmin):
    list_display = (
        "created_at",
        "kind",
        "to",
        "state",
        "attempts",
        "next_attempt_at",
        "sent_at",
        "last_error",
    )
    list_filter = ("state", "kind")
    search_fields = ("to", "message_id")
    ordering = ("-created_at",)
    date_hierarchy = "created_at"
    actions = ["send_again"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description=_("Send the failed mails again"))
    def send_again(self, request: HttpRequest, queryset: QuerySet[Mail]) -> None:
        count = mail_send_again(list(queryset.values_list("pk", flat=True)))
        self.message_user(
            request,
            ngettext("%(n)d failed mail queued again.", "%(n)d failed mails queued again.", count)
            % {"n": count},
            messages.SUCCESS,
        )
