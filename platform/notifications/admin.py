from django.contrib import admin

from notifications.models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("id", "recipient", "notifiable_type", "title_key", "has_read", "created_at")
    list_filter = ("notifiable_type", "has_read")
    raw_id_fields = ("recipient",)
    list_select_related = ("recipient__user", "recipient__organization")
