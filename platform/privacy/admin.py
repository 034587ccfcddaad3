"""Read-only admin pages of the privacy records for the SuperAdmin (issue 24)."""

from django.contrib import admin

from privacy.models import AccessLogEntry, DeletionRecord, RetentionPolicy


@admin.register(RetentionPolicy)
class RetentionPolicyAdmin(admin.ModelAdmin):
    list_display = ("organization", "video_keep_days", "file_keep_hours", "updated_at", "updated_by_name")


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(DeletionRecord)
class DeletionRecordAdmin(ReadOnly):
    list_display = ("deleted_at", "organization", "kind", "object_type", "object_id", "reason", "file_found")
    list_filter = ("kind", "reason")


@admin.register(AccessLogEntry)
class AccessLogEntryAdmin(ReadOnly):
    list_display = (
        "created_at",
        "organization",
        "actor_name",
        "actor_role",
        "kind",
        "object_label",
        "learner_name",
    )
    list_filter = ("kind", "actor_role")
