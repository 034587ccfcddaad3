"""Read-only admin pages of the privacy records for the SuperAdmin (issue 24), and the record of
processing of the public schema and of each organization (issue 37, item 7; decision 0050):
``/admin/privacy/retentionpolicy/record-of-processing/``, linked from the retention policies'
list, downloads it as PDF or .xlsx in either language."""

from django.contrib import admin
from django.http import Http404, HttpRequest
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from privacy.models import AccessLogEntry, DeletionRecord, RetentionPolicy
from privacy.record import FORMATS
from privacy.services import record_download

LANGUAGES = (("vi", "Tiếng Việt"), ("en", "English"))


@admin.register(RetentionPolicy)
class RetentionPolicyAdmin(admin.ModelAdmin):
    list_display = ("organization", "video_keep_days", "file_keep_hours", "updated_at", "updated_by_name")

    def get_urls(self):
        view = self.admin_site.admin_view(self.record_of_processing)
        return [path("record-of-processing/", view, name="privacy_record_of_processing"), *super().get_urls()]

    def changelist_view(self, request, extra_context=None):
        extra = {"record_label": gettext_lazy("Record of personal data processing"), **(extra_context or {})}
        return super().changelist_view(request, extra_context=extra)

    def record_of_processing(self, request: HttpRequest):
        """Without ``scope``: the page of links (the public schema, then each ready organization,
        each as PDF and .xlsx in both languages). With ``scope`` (``public`` or an organization's
        id), ``file_format`` and ``language``: the file (``privacy.services.record_download``).
        Superusers only (the admin site's login, then 404 for staff who are not)."""
        from tenants.models import Organization

        if not request.user.is_superuser:
            raise Http404
        scope = request.GET.get("scope")
        if scope is not None:
            file_format, language = request.GET.get("file_format", "pdf"), request.GET.get("language")
            if file_format not in FORMATS or language not in dict(LANGUAGES):
                raise Http404
            organization = None
            if scope != "public":
                organization = Organization.objects.filter(pk=scope if scope.isdigit() else 0).first()
                if organization is None:
                    raise Http404
            return record_download(organization=organization, file_format=file_format, language=language)
        base = reverse("admin:privacy_record_of_processing")
        scopes = [("public", _("The platform (public schema)"))] + [
            (str(org.pk), org.shown_name)
            for org in Organization.objects.filter(provisioning_status=Organization.ProvisioningStatus.READY)
            .exclude(schema_name="public")
            .order_by("name")
        ]
        rows = [
            {
                "name": name,
                **{
                    fmt: [
                        {"url": f"{base}?scope={key}&file_format={fmt}&language={code}", "label": label}
                        for code, label in LANGUAGES
                    ]
                    for fmt in FORMATS
                },
            }
            for key, name in scopes
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Record of personal data processing"),
            "intro": _(
                "The record the impact-assessment dossier needs, printed from the registry of "
                "personal data: for the public schema and for each organization."
            ),
            "scope_label": _("Controller"),
            "rows": rows,
        }
        return TemplateResponse(request, "admin/privacy/record_of_processing.html", context)


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
