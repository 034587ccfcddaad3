"""Personal data requests in the Django admin (issue 24, item 5): the SuperAdmin reads every
request (who asked, when, the deletion's summary of what was deleted and anonymized) and may
withdraw a scheduled deletion; nothing is edited by hand."""

from __future__ import annotations

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from data_requests.models import DataRequest
from data_requests.services import cancel_account_deletion


@admin.register(DataRequest)
class DataRequestAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "status", "user", "requested_by", "due_at", "finished_at")
    list_filter = ("kind", "status", "requested_by")
    search_fields = ("user__email",)
    ordering = ("-created_at",)
    actions = ["cancel_deletions"]

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(description=_("Cancel the selected scheduled deletions"))
    def cancel_deletions(self, request, queryset):
        done = 0
        for row in queryset.filter(kind=DataRequest.Kind.DELETION, status=DataRequest.Status.SCHEDULED):
            cancel_account_deletion(user=row.user, cancelled_by=DataRequest.RequestedBy.ADMIN)
            done += 1
        self.message_user(request, _("Deletions cancelled: %(n)d.") % {"n": done}, messages.SUCCESS)
