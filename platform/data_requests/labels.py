"""What stands where a deleted account's identity used to be (issue 24, item 5: "Educators see
anonymized rows where a deleted learner used to be"; decision 0022). The one home of the label
and of the freed address.

The label is written into the stored rows at deletion time (the user's name, and the learner's
name copied into each organization's assignments, submissions and waiting lists), in the
organization's default language for its rows and in Vietnamese, the product's default, for the
public user row. Every screen, list, search, spreadsheet and PDF that shows a learner's stored
name then shows the label, without knowing that deletions exist.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from config.i18n import in_language

DELETED_EMAIL_DOMAIN = "deleted.invalid"
"""The ``.invalid`` top-level domain is reserved (RFC 2606): no real address can have it, so a
deleted account's placeholder address never collides with a new sign-up."""


def deleted_learner_label(user_id: int, language: str | None = None) -> str:
    """ "Người học đã xoá tài khoản #<id>" / "Deleted learner #<id>" in ``language`` (``vi`` or
    ``en``; the product's default for anything else). ``user_id`` is the ``accounts.User`` id,
    the same in every organization's rows."""
    with in_language(language):
        return _("Deleted learner #%(id)s") % {"id": user_id}


def deleted_email(user_id: int) -> str:
    """The placeholder address of a deleted account (unique, unusable): frees the real one."""
    return f"deleted-{user_id}@{DELETED_EMAIL_DOMAIN}"


def is_deleted_email(email: str) -> bool:
    return (email or "").lower().endswith("@" + DELETED_EMAIL_DOMAIN)
