"""Users, profiles and invitations in the SuperAdmin's Django admin."""

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.cccd import cccd_shown
from accounts.models import Invitation, Profile, User


class ProfileInline(admin.StackedInline):
    model = Profile
    fk_name = "user"
    extra = 0
    raw_id_fields = ("invited_by",)
    fields = (
        "pandai_profile_role",
        "organization",
        "is_admin",
        "status",
        "job_title",
        "grade",
        "class_name",
        "school_name",
        "province_code",
        "has_pandai_survey_account",
        "joined_at",
    )


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    ordering = ("email",)
    list_display = ("email", "name", "is_active", "email_verified_at", "is_superuser", "created_at")
    list_filter = ("is_active", "is_superuser")
    search_fields = ("email", "name")
    readonly_fields = ("created_at", "updated_at", "last_login")
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Personal"), {"fields": ("name", "preferred_language")}),
        (
            _("Status"),
            {
                "fields": (
                    "is_active",
                    "email_verified_at",
                    "is_staff",
                    "is_superuser",
                    "groups",
                    "user_permissions",
                )
            },
        ),
        (_("Dates"), {"fields": ("last_login", "created_at", "updated_at")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "name", "password1", "password2")}),)
    inlines = [ProfileInline]


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "pandai_profile_role", "organization", "is_admin", "status", "grade", "joined_at")
    list_filter = ("pandai_profile_role", "status", "is_admin", "organization")
    search_fields = ("user__email", "user__name")
    list_select_related = ("user", "organization")
    raw_id_fields = ("user", "invited_by")
    # The SuperAdmin is not the number's owner: masked, read-only (issue 24, item 6; accounts.cccd).
    exclude = ("cccd",)
    readonly_fields = ("cccd_masked",)

    @admin.display(description=_("CCCD number"))
    def cccd_masked(self, obj: Profile) -> str:
        return cccd_shown(obj, viewer_user_id=None)


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ("email", "role", "organization", "status", "sent_at", "resend_count")
    list_filter = ("role", "status", "organization")
    search_fields = ("email",)
    list_select_related = ("organization",)
    exclude = ("token_hash",)
    readonly_fields = ("sent_at", "responded_at", "created_at")
