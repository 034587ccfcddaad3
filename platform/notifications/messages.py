"""The catalogue of notification texts. A notification stores a key and its arguments; the text
is rendered in the reader's language when read (issue 3, item 10)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

MESSAGES = {
    "batch_low_slot.title": _("Few slots left in %(batch)s"),
    "batch_low_slot.body": _("Only %(available)s of %(slots)s slots are left in %(batch)s of %(test)s."),
    "organization_learner.title": _("Invitation from %(organization)s"),
    "organization_learner.body": _("%(inviter)s invites you to join %(organization)s as a learner."),
    "organization_educator.title": _("Invitation from %(organization)s"),
    "organization_educator.body": _("%(inviter)s invites you to join %(organization)s as an educator."),
    "test_scheduled.title": _("%(test)s is scheduled"),
    "test_scheduled.body": _("Your test %(test)s starts at %(start)s. Prepare your camera and a quiet room."),
    "test_waiting_list.title": _("A slot opened for %(test)s"),
    "test_waiting_list.body": _("A slot is free in %(batch)s of %(test)s. Book it before someone else does."),
    "action.view_invitation": _("View invitation"),
    "action.view_test": _("View test"),
    "action.book_slot": _("Book the slot"),
    "action.view_batch": _("View batch"),
    "action.accept": _("Accept"),
    "action.reject": _("Decline"),
}


def render(key: str, args: dict[str, Any] | None) -> str:
    """The text of ``key`` in the active language with ``args`` filled in; the key itself when it
    is not in the catalogue or an argument is missing (never an error for the reader)."""
    template = MESSAGES.get(key)
    if template is None:
        return key
    try:
        return str(template) % (args or {})
    except (KeyError, TypeError, ValueError):
        return str(template)
