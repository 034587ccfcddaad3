"""The catalogue of notification texts. A notification stores a key and its arguments; the text
is rendered in the reader's language when read (issue 3, item 10).

Arguments are plain values (names, counts) except instants: an argument whose name ends in
``_at`` holds an ISO 8601 instant (``"2026-11-28T01:00:00+00:00"``, written by
``services.notify`` from an aware ``datetime``) and is shown by ``config.dates.format_datetime``
in the READER's language at read time: ``"08:00 28/11/2026"`` (vi), ``"28 Nov 2026, 08:00"``
(en), Vietnam time (issue 17, item 1). Nothing formats a date when the notification is made.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.translation import gettext_lazy as _

from config.dates import format_datetime
from config.i18n import format_number, format_score, in_language, reader_language

MESSAGES = {
    "batch_low_slot.title": _("Few slots left in %(batch)s"),
    "batch_low_slot.body": _("Only %(available)s of %(slots)s slots are left in %(batch)s of %(test)s."),
    "organization_learner.title": _("Invitation from %(organization)s"),
    "organization_learner.body": _("%(inviter)s invites you to join %(organization)s as a learner."),
    "organization_educator.title": _("Invitation from %(organization)s"),
    "organization_educator.body": _("%(inviter)s invites you to join %(organization)s as an educator."),
    "test_scheduled.title": _("%(test)s is scheduled"),
    "test_scheduled.body": _(
        "Your test %(test)s starts at %(starts_at)s. Prepare your camera and a quiet room."
    ),
    # A test taken without the camera (``TestPreset.camera_proctoring`` off) asks for none.
    "test_scheduled.body_no_camera": _(
        "Your test %(test)s starts at %(starts_at)s. Find a quiet room; this test does not use the camera."
    ),
    "test_waiting_list.title": _("A slot opened for %(test)s"),
    "test_waiting_list.body": _("A slot is free in %(batch)s of %(test)s. Book it before someone else does."),
    "data_request_answered.title": _("Your correction request was answered"),
    "data_request_answered.done": _("Your data was corrected. %(answer)s"),
    "data_request_answered.refused": _("Your data was not corrected: %(answer)s"),
    "data_requests_due.title": _("%(count)s personal data requests to answer soon"),
    "data_requests_due.body": _(
        "%(count)s requests about personal data must be answered within %(days)s days; %(overdue)s "
        "of them are overdue. The Law sets these deadlines."
    ),
    # issue 37, item 5 (consent.birth_dates): a change of date of birth to confirm, its outcome,
    # and a parent's consent stopped by a date of birth that did not match
    "birth_date_change.title": _("%(learner)s asks to change their date of birth"),
    "birth_date_change.body": _(
        "%(learner)s asked to change their date of birth from %(previous)s to %(requested)s, across "
        "the age of 16. Confirm or refuse it in their consent on the learners' page."
    ),
    "birth_date_confirmed.title": _("Your date of birth was changed"),
    "birth_date_confirmed.body": _("%(by)s confirmed your new date of birth, %(requested)s."),
    "birth_date_refused.title": _("Your change of date of birth was refused"),
    "birth_date_refused.body": _(
        "%(by)s did not confirm %(requested)s as your date of birth. Your date of birth stays as it was."
    ),
    "parent_mismatch.title": _("Your parent's consent was not recorded"),
    "parent_mismatch.body": _(
        "The date of birth %(parent)s entered does not match yours. Check your date of birth on your "
        "profile, then send the request again."
    ),
    "action.review": _("Review"),
    # issue 39 item 2: a key corrected after the exam changed a released score (grading.corrections)
    "result_corrected.title": _("Your score in %(test)s was corrected"),
    "result_corrected.body": _(
        "The answer key of a question in %(test)s was corrected after the exam. Your score changed "
        "from %(old_score)s to %(new_score)s."
    ),
    "action.view_invitation": _("View invitation"),
    "action.view_test": _("View test"),
    "action.view_result": _("View result"),
    "action.book_slot": _("Book the slot"),
    "action.view_batch": _("View batch"),
    "action.view_profile": _("View my data"),
    "action.view_requests": _("View the requests"),
    "action.accept": _("Accept"),
    "action.reject": _("Decline"),
}

INSTANT_SUFFIX = "_at"
"""Arguments named ``*_at`` are instants (ISO 8601 text in the database)."""
SCORE_SUFFIX = "_score"
"""Arguments named ``*_score`` are scores (decimal text such as ``"8.75"``), shown in the reader's
number format when read (issue 39 item 2). With a ``max_score`` argument (``MAX_SCORE``), each other
score is written as a score on its reporting scale is on every screen, out of that maximum
(``config.i18n.format_score``: "8,75/10" / "8.75/10"); the maximum itself, and a score without
one, by ``config.i18n.format_number`` ("10", "7,25")."""
MAX_SCORE = "max_score"


def is_instant(name: str) -> bool:
    """True for an argument that holds an instant (its name ends in ``_at``)."""
    return name.endswith(INSTANT_SUFFIX)


def _shown_score(value: Any, maximum: Any, language: str | None) -> Any:
    """A ``*_score`` argument in the reader's number format: out of ``maximum`` when there is one
    (``format_score``: "8,75/10"), else alone (``format_number``: "8,75"); a value that is no
    number as stored, and alone when the maximum is none."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return value
    try:
        return format_score(number, float(maximum), language=language)
    except (TypeError, ValueError, ArithmeticError):  # no maximum, or none readable
        return format_number(number, language=language)


def parse_instant(value: Any) -> datetime | None:
    """The aware ``datetime`` of an instant argument (an ISO 8601 string with an offset, or an
    aware ``datetime``); ``None`` for anything else (a naive or unreadable value)."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, datetime) and value.utcoffset() is not None:
        return value
    return None


def shown_args(args: dict[str, Any] | None, *, language: str | None = None) -> dict[str, Any]:
    """``args`` as the reader sees them: each instant (``*_at``) formatted by
    ``config.dates.format_datetime`` and each score (``*_score``) as ``SCORE_SUFFIX`` says (out
    of ``max_score`` when there is one: "8,75/10") in ``language`` (the active one by default);
    other values unchanged. An unreadable instant or score is shown as stored."""
    stored = dict(args or {})
    shown = dict(stored)
    for name, value in stored.items():
        if is_instant(name):
            instant = parse_instant(value)
            if instant is not None:
                shown[name] = format_datetime(instant, language=language)
        elif name == MAX_SCORE:
            shown[name] = _shown_score(value, None, language)
        elif name.endswith(SCORE_SUFFIX):
            shown[name] = _shown_score(value, stored.get(MAX_SCORE), language)
    return shown


def render(key: str, args: dict[str, Any] | None, *, language: str | None = None) -> str:
    """The text of ``key`` in the reader's language (``language``, else the active one) with
    ``args`` filled in (instants as Vietnam time for that reader, ``shown_args``); the key itself
    when it is not in the catalogue, the bare template when an argument is missing (never an
    error for the reader)."""
    template = MESSAGES.get(key)
    if template is None:
        return key
    lang = reader_language(language)  # None: the active language (a request's reader)
    with in_language(lang):
        try:
            return str(template) % shown_args(args, language=lang)
        except (KeyError, TypeError, ValueError):
            return str(template)
