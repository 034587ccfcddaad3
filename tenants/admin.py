"""The SuperAdmin's organization admin: create (schema made by a huey task), toggle survey
management, see the schema's provisioning state, retry a failed provisioning."""

from django.contrib import admin, messages
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tenants.models import Domain, Organization


class DomainInline(admin.TabularInline):
    model = Domain
    extra = 0


@admin.register(Organization)
class OrganizationAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "slug",
        "schema_name",
        "survey_management_allowed",
        "provisioning_status",
        "created_at",
    )
    list_filter = ("survey_management_allowed", "provisioning_status")
    list_editable = ("survey_management_allowed",)
    search_fields = ("name", "slug", "schema_name")
    readonly_fields = ("schema_name", "provisioning_status", "provisioning_error", "created_at")
    fields = (
        "name",
        "slug",
        "survey_management_allowed",
        "schema_name",
        "provisioning_status",
        "provisioning_error",
        "created_at",
    )
    inlines = [DomainInline]
    actions = ["retry_provisioning"]

    def get_queryset(self, request):
        return super().get_queryset(request).exclude(schema_name="public")

    def save_model(self, request, obj, form, change):
        from tenants.services import _schema_name_for
        from tenants.tasks import organization_provision

        if not change:
            obj.schema_name = _schema_name_for(obj.slug)
        super().save_model(request, obj, form, change)
        if not change:
            transaction.on_commit(lambda: organization_provision(obj.pk))
            messages.info(request, _("The organization's schema is being created; its status shows here."))

    @admin.action(description=_("Create or migrate the schema again"))
    def retry_provisioning(self, request, queryset):
        from tenants.tasks import organization_provision

        for org in queryset:
            organization_provision(org.pk)
        messages.info(request, _("Provisioning queued."))
