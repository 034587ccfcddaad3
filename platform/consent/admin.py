"""Notice versions and consents in the SuperAdmin's Django admin (issue 24, item 1): a new
version of the terms or of the privacy notice is added here with the day it takes effect; from
that day learners are asked again. Consents are read-only (a record of what happened)."""

from django.contrib import admin

from consent.models import BirthDateChange, Consent, NoticeVersion, ParentRequest


@admin.register(NoticeVersion)
class NoticeVersionAdmin(admin.ModelAdmin):
    list_display = ("kind", "version", "effective_on", "created_at")
    list_filter = ("kind",)
    ordering = ("kind", "-effective_on")

    def has_delete_permission(self, request, obj=None) -> bool:  # consents point at versions
        return False


@admin.register(Consent)
class ConsentAdmin(admin.ModelAdmin):
    list_display = (
        "user",
        "subject",
        "source",
        "terms_version",
        "privacy_version",
        "given_at",
        "withdrawn_at",
    )
    list_filter = ("subject", "source")
    search_fields = ("user__email", "parent_email")
    raw_id_fields = ("user", "request", "recorded_by")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ParentRequest)
class ParentRequestAdmin(admin.ModelAdmin):
    list_display = ("user", "parent_email", "status", "sent_at", "sends")
    list_filter = ("status",)
    search_fields = ("user__email", "parent_email")
    exclude = ("token_hash",)
    raw_id_fields = ("user",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(BirthDateChange)
class BirthDateChangeAdmin(admin.ModelAdmin):
    """Changes of date of birth across 16 held for confirmation (issue 37, item 5): read-only."""

    list_display = ("user", "previous", "requested", "status", "confirmer", "requested_at", "decided_at")
    list_filter = ("status", "confirmer")
    search_fields = ("user__email", "parent_email")
    exclude = ("token_hash",)
    raw_id_fields = ("user", "profile")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
