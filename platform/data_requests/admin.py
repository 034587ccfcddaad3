"""Personal data requests in the Django admin (issue 24, item 5): the SuperAdmin reads every
request (who asked, when, the Law's due day, the deletion's summary of what was deleted and
anonymized) and may withdraw a scheduled deletion; nothing is edited by hand, except the answer
to an open correction addressed to the platform (issue 37, item 8), which goes through
``data_requests.services.correction_answer`` like an organization admin's."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from data_requests.models import DataRequest
from data_requests.services import cancel_account_deletion, correction_answer


class CorrectionAnswerForm(forms.ModelForm):
    """The SuperAdmin's answer to a correction addressed to the platform: corrected or refused,
    with the answer (required to refuse)."""

    status = forms.ChoiceField(
        label=_("Answer"),
        choices=[(DataRequest.Status.DONE, _("Corrected")), (DataRequest.Status.REFUSED, _("Refused"))],
    )

    class Meta:
        model = DataRequest
        fields = ["status", "answer"]

    def clean(self):
        data = super().clean()
        if data.get("status") == DataRequest.Status.REFUSED and not (data.get("answer") or "").strip():
            self.add_error("answer", _("Say why the data is not corrected."))
        return data


def _platform_correction(obj: DataRequest | None) -> bool:
    """An unanswered correction addressed to the platform (``answered_at`` rather than the
    status: a form that failed its checks has already put the chosen status on the object)."""
    return (
        obj is not None
        and obj.kind == DataRequest.Kind.CORRECTION
        and obj.organization_id is None
        and obj.answered_at is None
    )


@admin.register(DataRequest)
class DataRequestAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "kind",
        "status",
        "user",
        "requested_by",
        "organization",
        "answer_due_on",
        "due_at",
        "finished_at",
    )
    list_filter = ("kind", "status", "requested_by")
    search_fields = ("user__email",)
    ordering = ("-created_at",)
    actions = ["cancel_deletions"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        if _platform_correction(obj):
            kwargs["form"] = CorrectionAnswerForm
        return super().get_form(request, obj, change=change, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        editable = {"status", "answer"} if _platform_correction(obj) else set()
        return [f.name for f in self.model._meta.fields if f.name not in editable]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None or _platform_correction(obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change) -> None:
        """Answer the platform's correction through the service (the person is notified)."""
        correction_answer(
            organization_id=None,
            request_id=str(obj.pk),
            outcome=form.cleaned_data["status"],
            answer=form.cleaned_data.get("answer", ""),
            answered_by_name=request.user.name_or_email,
        )

    @admin.action(description=_("Cancel the selected scheduled deletions"))
    def cancel_deletions(self, request, queryset):
        done = 0
        for row in queryset.filter(kind=DataRequest.Kind.DELETION, status=DataRequest.Status.SCHEDULED):
            cancel_account_deletion(user=row.user, cancelled_by=DataRequest.RequestedBy.ADMIN)
            done += 1
        self.message_user(request, _("Deletions cancelled: %(n)d.") % {"n": done}, messages.SUCCESS)
