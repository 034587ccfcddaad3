"""The default survey content and the rules every survey's content follows (issue 8, item 1).

The default survey lives in ``fixtures/default_survey.json``: our own 48 statements (8 per
RIASEC group, written for Vietnamese secondary-school students), a 5-point agreement scale and,
per group, a description, traits, suitable careers, Vietnamese university fields of study, the
usual admission subject combinations and tips, all in Vietnamese and English. The data
migration ``0002`` copies it into every organization's schema as a draft survey; educators
create further surveys from it and edit their copies.

Content shapes (the API's and the database's):
- ``scale``: 5 items ``{"value": 1..5, "label": {"vi", "en"}}``, values 1..5 in order;
- ``groups``: the six codes R, I, A, S, E, C once each, in that order, each
  ``{"code", "name", "nickname", "description", "tips": {"vi","en"}, "traits", "careers",
  "fields", "combinations": {"vi": [str], "en": [str]}}``;
- statements: ``{"group": code, "text": {"vi", "en"}}``; a publishable survey has exactly
  ``STATEMENTS_PER_GROUP`` per group (spec section 9).
"""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path
from typing import Any

from django.utils.translation import gettext as _

from config import i18n
from config.errors import FieldErrors
from surveys.models import RIASEC

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "default_survey.json"
STATEMENTS_PER_GROUP = 8
SCALE_POINTS = 5
TEXT_FIELDS = ("name", "nickname", "description", "tips")
LIST_FIELDS = ("traits", "careers", "fields", "combinations")
MAX_TEXT = 2000
MAX_ITEMS = 20


@functools.cache
def _default() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def default_content() -> dict[str, Any]:
    """A fresh copy of the default survey content (``name``, ``description``, ``scale``,
    ``groups``, ``statements``, ``time_limit_minutes``)."""
    return copy.deepcopy(_default())


def pick(value: Any, language: str | None = None) -> str:
    """The reader's text of a stored bilingual ``{"vi", "en"}`` (``language``, else the active
    one), falling back to the other language when blank (``config.i18n.pick``); a plain string
    is returned as is, anything else is ``""``."""
    if isinstance(value, str):
        return value
    if not isinstance(value, dict):
        return ""
    return i18n.pick(value.get("vi"), value.get("en"), language=language)


def pick_list(value: Any, language: str | None = None) -> list[str]:
    """The reader's list of a stored ``{"vi": [..], "en": [..]}``, falling back to the other
    language's list when empty (the same rule as ``config.i18n.pick``)."""
    if not isinstance(value, dict):
        return []
    first, second = ("en", "vi") if i18n.is_english(language) else ("vi", "en")
    return list(value.get(first) or value.get(second) or [])


def group_names(groups: list[dict[str, Any]], language: str | None = None) -> dict[str, str]:
    """``{code: name}`` of a survey's groups in the reader's language (with fallback)."""
    return {g["code"]: pick(g.get("name"), language) for g in groups}


def _text(errors: FieldErrors, field: str, value: Any, *, required: bool) -> dict[str, str]:
    """A clean ``{"vi", "en"}``: both trimmed strings; Vietnamese required when ``required``."""
    if not isinstance(value, dict):
        value = {}
    clean = {lang: str(value.get(lang) or "").strip() for lang in ("vi", "en")}
    if required and not clean["vi"] and not clean["en"]:
        errors.add(field, _("Required"))
    for lang in ("vi", "en"):
        if len(clean[lang]) > MAX_TEXT:
            errors.add(f"{field}.{lang}", _("This value is too long."))
    return clean


def _lines(errors: FieldErrors, field: str, value: Any) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        value = {}
    clean: dict[str, list[str]] = {}
    for lang in ("vi", "en"):
        items = value.get(lang) or []
        if not isinstance(items, list):
            items = []
        clean[lang] = [str(item).strip()[:200] for item in items if str(item).strip()][:MAX_ITEMS]
    return clean


def clean_scale(errors: FieldErrors, scale: Any) -> list[dict[str, Any]]:
    """Five points valued 1..5, each with a label (spec: a 5-point agreement scale)."""
    if not isinstance(scale, list) or len(scale) != SCALE_POINTS:
        errors.add("scale", _("The scale needs exactly 5 points."))
        return []
    clean = []
    for index, point in enumerate(scale):
        point = point if isinstance(point, dict) else {}
        clean.append(
            {
                "value": index + 1,
                "label": _text(errors, f"scale.{index}.label", point.get("label"), required=True),
            }
        )
    return clean


def clean_groups(errors: FieldErrors, groups: Any) -> list[dict[str, Any]]:
    """The six RIASEC groups, in R I A S E C order, with their texts and lists."""
    by_code = {g.get("code"): g for g in groups if isinstance(g, dict)} if isinstance(groups, list) else {}
    if set(by_code) != set(RIASEC) or len(groups) != len(RIASEC):
        errors.add("groups", _("A survey has the six groups R, I, A, S, E and C, once each."))
        return []
    clean = []
    for index, code in enumerate(RIASEC):
        group = by_code[code]
        row: dict[str, Any] = {"code": code}
        for name in TEXT_FIELDS:
            row[name] = _text(errors, f"groups.{index}.{name}", group.get(name), required=name == "name")
        for name in LIST_FIELDS:
            row[name] = _lines(errors, f"groups.{index}.{name}", group.get(name))
        clean.append(row)
    return clean


def clean_statements(errors: FieldErrors, statements: Any) -> list[dict[str, Any]]:
    """Statements with a known group and a text; ``id`` kept when given (edits of a published
    survey keep their ids)."""
    if not isinstance(statements, list):
        errors.add("statements", _("Enter a list."))
        return []
    if len(statements) > len(RIASEC) * STATEMENTS_PER_GROUP * 2:
        errors.add("statements", _("Too many statements."))
        return []
    clean = []
    for index, item in enumerate(statements):
        item = item if isinstance(item, dict) else {}
        group = item.get("group")
        if group not in RIASEC:
            errors.add(f"statements.{index}.group", _("Choose one of the allowed values."))
        clean.append(
            {
                "id": item.get("id") if isinstance(item.get("id"), int) else None,
                "group": group,
                "text": _text(errors, f"statements.{index}.text", item.get("text"), required=True),
            }
        )
    return clean


def missing_for_publish(groups: list[dict[str, Any]], statements: list[tuple[str, dict]]) -> list[str]:
    """Localized reasons a survey cannot be published yet: the six groups, exactly
    ``STATEMENTS_PER_GROUP`` statements per group, every statement and group name written."""
    reasons = []
    if {g.get("code") for g in groups} != set(RIASEC):
        reasons.append(_("A survey has the six groups R, I, A, S, E and C, once each."))
    counts = {code: 0 for code in RIASEC}
    for group, _text_value in statements:
        if group in counts:
            counts[group] += 1
    for code, count in counts.items():
        if count != STATEMENTS_PER_GROUP:
            reasons.append(
                _("Group %(code)s has %(count)d statements; it needs %(needed)d.")
                % {"code": code, "count": count, "needed": STATEMENTS_PER_GROUP}
            )
    return reasons
