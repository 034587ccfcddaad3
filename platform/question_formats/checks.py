"""The problems every candidate is checked for, whatever file it came from (issue 36: "a list of
problems ("Câu 7: no option is marked as the answer")").

Readers call ``candidate_check`` once a candidate is built (a reader adds its own problems, such
as ``equation_as_picture``, beside these); the pipeline calls it again after the educator fixes a
candidate in the preview, so that a fixed question is no longer held back. Messages are localized
(``gettext``) in the language active when they are made: the job's language for a read, the
reader's for a fix.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from question_formats.candidates import Candidate, Problem

CHOICE_TYPES = {"single_choice", "multiple_choice"}
GENERIC_CODES = {
    "empty_stem",
    "too_few_options",
    "empty_option",
    "no_key_marked",
    "two_keys",
    "unsupported_type",
}
"""The codes ``candidate_check`` decides; a fix recomputes them, other problems stay as read."""

_TAG = re.compile(r"<(?!img\b)[^>]*>")


def has_text(html: str) -> bool:
    """Whether ``html`` shows something: text, a formula or a picture (markup alone is nothing)."""
    html = html or ""
    return "<img" in html or bool(_TAG.sub("", html).replace("&nbsp;", " ").strip())


def _any_language(texts: dict | None) -> bool:
    texts = texts or {}
    return any(has_text(texts.get(lang, "")) for lang in ("vi", "en"))


def unsupported_message(ref: str, source_type: str) -> str:
    """The "not yet supported" message of an unsupported candidate (``source_type`` as the reader
    names it: ``true_false_set``, ``numeric``, ``stimulus``, ``matching``, ``cloze``...)."""
    names = {
        "true_false_set": _("true/false statements (a–d)"),
        "numeric": _("a numeric answer"),
        "stimulus": _("a shared passage for several questions"),
        "matching": _("a matching question"),
        "cloze": _("a cloze (embedded answers) question"),
        "ddwtos": _("a drag-and-drop question"),
        "calculated": _("a calculated question"),
    }
    what = names.get(source_type, source_type or _("this kind of question"))
    return _("%(ref)s: %(what)s is not yet supported by the bank; skip it or retype it as another type.") % {
        "ref": ref,
        "what": what,
    }


def candidate_check(candidate: Candidate) -> list[Problem]:
    """The problems of ``candidate`` by the rules of the question form (``assessments.services.
    questions``): a stem in some language, at least two options none of them empty for a choice
    type, a key (one option for a single choice), and nothing the bank cannot hold. Each is
    blocking: the question is kept out of the import until fixed or skipped."""
    ref = candidate.ref
    problems: list[Problem] = []
    if candidate.type == "unsupported":
        problems.append(Problem("unsupported_type", unsupported_message(ref, candidate.source_type)))
        return problems
    content = candidate.content or {}
    if not _any_language(content.get("stem")):
        problems.append(Problem("empty_stem", _("%(ref)s: the question has no text.") % {"ref": ref}))
    if candidate.type in CHOICE_TYPES:
        options = content.get("options") or []
        if len(options) < 2:
            problems.append(
                Problem(
                    "too_few_options",
                    _("%(ref)s: a choice question needs at least two options.") % {"ref": ref},
                )
            )
        elif not all(_any_language(o) for o in options):
            problems.append(Problem("empty_option", _("%(ref)s: an option has no text.") % {"ref": ref}))
        key = candidate.answer_key or {}
        marked = [key["option"]] if key.get("option") else list(key.get("options") or [])
        if not marked:
            problems.append(
                Problem("no_key_marked", _("%(ref)s: no option is marked as the answer.") % {"ref": ref})
            )
    return problems


def merge_problems(read: list[Problem], checked: list[Problem]) -> list[Problem]:
    """``read`` (a reader's own problems) with those of ``checked`` whose code is not there yet."""
    codes = {p.code for p in read}
    if "two_keys" in codes:  # the reader found several marks: "no key" would contradict it
        codes.add("no_key_marked")
    return [*read, *(p for p in checked if p.code not in codes)]
