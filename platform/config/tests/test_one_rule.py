"""One rule, one place (issue 17): the source tree itself is checked.

Cross-cutting rules have one module each, and these tests fail when a copy appears elsewhere:

- time zone and reader-facing dates: ``config/dates.py`` (no ``strftime``, ``date_format``,
  ``localtime``, ``ZoneInfo`` or a literal zone name elsewhere);
- the reader's language with fallback: ``config/i18n.py`` (no ``get_language()`` compared with a
  code, no inline choice between the two halves of a model's ``*_vi``/``*_en`` pair);
- tenancy: ``tenants/scope.py`` (no ``schema_context``/``set_tenant``/``set_schema*``/quoted schema
  names or hand-made ``UNION ALL`` elsewhere; nothing about schemas in any ``api*.py``);
- a task's or a job's language: ``config.i18n.in_language`` (no ``translation.override`` outside
  ``config``, no ``in ("vi", "en")`` fallback of its own; issue 35, item 3);
- the ``order_by`` allow-list: ``config.envelope.order_by_choice`` (issue 35, item 3);
- the spreadsheet cell-style cache: ``config.spreadsheets.CellStyles`` (issue 35, item 3);
- a mail: ``outbox.services.enqueue`` writes it, ``outbox.services`` alone hands it to Django's mail
  backend (no ``send()``, ``send_mail``, ``send_messages`` or ``django.core.mail`` import
  elsewhere; issue 38, item 2).

Tests, migrations and the ``tenants`` package's own internals are outside the rules.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parents[3]
SOURCES = sorted(
    p
    for base in ("platform", "tenants")
    for p in (ROOT / base).rglob("*.py")
    if "tests" not in p.parts and "migrations" not in p.parts and ".venv" not in p.parts
)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def hits(pattern: str, *, allowed: set[str]) -> list[str]:
    regex = re.compile(pattern)
    found = []
    for path in SOURCES:
        if rel(path) in allowed:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if regex.search(line) and not line.lstrip().startswith("#"):
                found.append(f"{rel(path)}:{number}: {line.strip()}")
    return found


def test_dates_and_the_time_zone_are_formatted_in_one_module():
    # UTC conversions (the wire format, stored ISO instants) are not reader-facing.
    pattern = r"\.strftime\(|date_format\(|\blocaltime\(|ZoneInfo\(|Ho_Chi_Minh|astimezone\((?!UTC\))"
    allowed = {"platform/config/dates.py", "platform/config/settings.py"}
    assert hits(pattern, allowed=allowed) == []


def test_the_reader_language_is_decided_in_one_module():
    pattern = r"get_language\(\)\s*(==|!=|in\b)|get_language\(\)\s*or\b|\benglish\s*="
    assert hits(pattern, allowed={"platform/config/i18n.py"}) == []


def test_tasks_and_jobs_take_their_language_from_one_helper():
    """A task, a job or a mail runs ``with in_language(recorded)``: the fallback for a blank or
    unknown code is written once. ``config`` itself switches for a request (middleware, views)."""
    allowed = {rel(p) for p in SOURCES if rel(p).startswith("platform/config/")}
    pattern = r"translation\.override\(|in \(\"vi\", \"en\"\) else"
    assert hits(pattern, allowed=allowed) == []


def test_the_order_by_allow_list_is_written_once():
    assert hits(r"cannot be sorted by", allowed={"platform/config/envelope.py"}) == []


def test_the_spreadsheet_cell_style_cache_is_written_once():
    """Copying a cell's ``_style`` is the cache of ``config.spreadsheets.CellStyles`` only."""
    pattern = r"\._style\b"
    assert hits(pattern, allowed={"platform/config/spreadsheets.py"}) == []


def test_mail_is_sent_only_by_the_outbox():
    """Every mail is a row of the outbox, written in its cause's transaction (decision 0045): a
    mail sent directly would be lost with its consumer and never retried."""
    pattern = (
        r"django\.core\.mail import|from django\.core import mail\b|\bsend_mail\(|send_mass_mail\("
        r"|mail_admins\(|mail_managers\(|\.send_messages\(|\.send\(\s*(\)|fail_silently)"
    )
    assert hits(pattern, allowed={"platform/outbox/services.py"}) == []


def bilingual_fields() -> set[str]:
    """The English halves of the models' bilingual pairs (``name_en`` beside ``name_vi`` or
    ``name``), plus the keys of the bilingual JSON the marketplace copies (``name_en``)."""
    names = {"name_en"}
    for model in apps.get_models():
        fields = {f.name for f in model._meta.get_fields()}
        for field in fields:
            if field.endswith("_en") and (field[:-3] + "_vi" in fields or field[:-3] in fields):
                names.add(field)
    return names


def test_the_models_bilingual_pairs_are_the_ones_the_check_knows():
    assert bilingual_fields() >= {
        "name_en",
        "passed_message_en",
        "failed_message_en",
        "description_en",
    }


def _is_constant(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant)


def _mentions(node: ast.AST, names: set[str]) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and sub.attr in names:
            return True
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub.value in names:
            return True
    return False


def test_no_inline_choice_between_the_two_languages():
    """A conditional expression or ``or`` that reads a model's English half and has two
    non-constant branches is an inline bilingual choice: it must be ``config.i18n.pick``/
    ``localized``. (``x.name_en or ""`` and ``f"{name_en} (copy)" if name_en else ""`` are not.)"""
    names = bilingual_fields()
    found = []
    for path in SOURCES:
        if rel(path) == "platform/config/i18n.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.IfExp):
                choice = not _is_constant(node.body) and not _is_constant(node.orelse)
            elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
                choice = sum(not _is_constant(v) for v in node.values) > 1
            else:
                choice = False
            if choice and _mentions(node, names):
                found.append(f"{rel(path)}:{node.lineno}: {ast.unparse(node)[:100]}")
    assert found == []


TENANTS_PACKAGE = {rel(p) for p in SOURCES if rel(p).startswith("tenants/")}


def test_schemas_are_switched_only_in_tenants():
    pattern = r"schema_context|tenant_context|set_tenant\(|set_schema_to_public\(|set_schema\("
    assert hits(pattern, allowed=TENANTS_PACKAGE) == []


def test_cross_schema_sql_is_built_only_in_tenants_scope():
    """Schema names are quoted (and ``UNION ALL``s joined) by ``tenants.scope.union_all``;
    quoting a table name (the cache's, the import jobs') is not about schemas."""
    pattern = r"quote_name\([^)]*schema|UNION ALL\s*[\"']|[\"']\s*UNION ALL"
    assert hits(pattern, allowed={"tenants/scope.py"}) == []


def test_no_api_module_touches_schemas():
    pattern = re.compile(
        r"schema_context|organization_schema|owned_enrollment|set_tenant|schema_name|\bconnection\b"
    )
    found = []
    for path in SOURCES:
        if path.name.startswith("api") and path.suffix == ".py":
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{rel(path)}:{number}: {line.strip()}")
    assert found == []
