"""The controller's record of processing (issue 37, item 7; decision 0050): what the
impact-assessment dossier of the Law on Personal Data Protection (No. 91/2025/QH15) needs to
know about the product's personal data, printed from the registry (``privacy.registry``) for one
organization (its admins download it) or for the public schema (the SuperAdmin, in the Django
admin), as a spreadsheet (openpyxl) or a PDF (reportlab, Be Vietnam Pro: ``config.pdf``), in
Vietnamese or English, dated in Vietnam time (``config.dates``).

What is read from where, so that the record says what the installation does:

- the categories, their columns, subjects, purposes, bases, sensitivity and measures: the
  registry; where each column is stored: its app's place in ``SHARED_APPS`` (schema ``public``)
  or ``TENANT_APPS`` (the organization's schema);
- the retention periods: the organization's policy (``privacy.selectors.retention_policy_of``;
  the defaults of ``privacy.rules`` for the public schema) and the rules the registry's
  functions read;
- the processors: the settings (the database's host, S3's bucket, endpoint and region or the
  file system, the SMTP host or the file backend, Redis or the database for sessions, the
  payment provider's name, Sentry on or off), never credentials.

An organization's record names that organization only (its name, contact, schema and periods);
nothing of another organization is read. The file holds no one's personal data (categories, not
people), so it is not a private file of the access log (``privacy/tests/test_access_log.py``).
Built at once (tens of milliseconds: decision 0050), not in a background job.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.apps import apps
from django.conf import settings
from django.utils.module_loading import import_string
from django.utils.text import slugify
from django.utils.translation import gettext as _

from config import dates
from config.i18n import in_language, pick
from privacy import rules
from privacy.registry import Basis, Category, Facts, Measure, Recipient, Subject, categories
from privacy.selectors import retention_policy_of

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF_TYPE = "application/pdf"
FORMATS = ("pdf", "xlsx")


@dataclass(frozen=True)
class RecordTables:
    """The record as rows of text in one language: ``title``; ``about`` (label, value) rows;
    ``processors`` (header row first); ``categories`` (header row first, one row per category);
    ``fields`` (header row first, one row per column). The spreadsheet writes them as they are;
    the PDF lays them out; the tests read them."""

    title: str
    about: list[list[str]]
    processors: list[list[str]]
    categories: list[list[str]]
    fields: list[list[str]]
    sensitive: list[bool]


def record_facts(organization=None) -> Facts:
    """``Facts`` of ``organization`` (a ``tenants.Organization``; one query for its policy), or
    of the public schema (None: the default periods of ``privacy.rules``)."""
    if organization is None:
        return Facts(
            None,
            "",
            settings.PUBLIC_SCHEMA_NAME,
            rules.VIDEO_KEEP_DAYS_DEFAULT,
            rules.FILE_KEEP_HOURS_DEFAULT,
        )
    policy = retention_policy_of(organization.pk)
    return Facts(
        organization.pk,
        organization.shown_name,
        organization.schema_name,
        policy.video_keep_days,
        policy.file_keep_hours,
    )


def _host(url: str) -> str:
    return urlsplit(url).hostname or ""


def _tenant_only_apps() -> set[str]:
    return {a.rsplit(".", 1)[-1] for a in settings.TENANT_APPS} - {
        a.rsplit(".", 1)[-1] for a in settings.SHARED_APPS
    }


def _in_organization_schema(field: str) -> bool:
    """True for a column of a model of a tenant app (stored in each organization's schema)."""
    app_label = field.split(".", 1)[0]
    return apps.get_app_config(app_label).name in _tenant_only_apps()


def _stored_in(category: Category) -> tuple[bool, bool]:
    """(in the public schema, in the organizations' schemas) of the category's columns."""
    places = {_in_organization_schema(f) for f in category.fields}
    return False in places, True in places


def storage_text() -> str:
    """Where stored files go: the S3-compatible bucket (name, endpoint's host, region) or the
    server's file system (``MEDIA_ROOT``)."""
    bucket = settings.AWS_STORAGE_BUCKET_NAME
    if bucket:
        storage: dict[str, Any] = dict(settings.STORAGES["default"])
        options: dict[str, Any] = storage.get("OPTIONS") or {}
        host = _host(options.get("endpoint_url") or "") or "Amazon S3"
        region = options.get("region_name") or "—"
        return _("S3-compatible object storage: bucket %(bucket)s at %(host)s, region %(region)s") % {
            "bucket": bucket,
            "host": host,
            "region": region,
        }
    return _("The server's own file system (no outside provider)")


def mail_text() -> str:
    """The mail provider: the SMTP server, or none (mails written to files on the server)."""
    if settings.EMAIL_BACKEND.endswith("smtp.EmailBackend"):
        return _("SMTP server %(host)s, port %(port)s (%(tls)s)") % {
            "host": settings.EMAIL_HOST,
            "port": settings.EMAIL_PORT,
            "tls": _("TLS") if getattr(settings, "EMAIL_USE_TLS", False) else _("without TLS"),
        }
    return _("No mail provider: mails are written to files on the server")


def sessions_text() -> str:
    """Where sessions and the shared cache live: Redis (its host) or the database."""
    redis = settings.REDIS_URL
    if redis:
        return _("Redis at %(host)s (sessions and the shared cache)") % {"host": _host(redis)}
    return _("The database (sessions table)")


def payment_text() -> str:
    """The payment provider (``settings.PAYMENT_PROVIDER``'s ``name``) and what it receives."""
    name = import_string(settings.PAYMENT_PROVIDER).name
    return _("Payment provider “%(name)s”: the amount and the order's reference") % {"name": name}


def sentry_text() -> str:
    """Error reports: Sentry (the DSN's host) when ``SENTRY_ENABLED``, else none."""
    if settings.SENTRY_ENABLED:
        return _("Sentry at %(host)s: error reports, without personal data") % {
            "host": _host(os.environ.get("SENTRY_DSN", "")) or "sentry.io"
        }
    return _("Not configured: no error reports leave the server")


def database_text() -> str:
    """The database server (PostgreSQL, its host and database name)."""
    db = settings.DATABASES["default"]
    return _("PostgreSQL at %(host)s, database %(name)s") % {
        "host": db.get("HOST") or "localhost",
        "name": db.get("NAME") or "—",
    }


def subject_text(subject: Subject) -> str:
    return {
        Subject.LEARNER: _("Learners"),
        Subject.MINOR: _("Learners under 16 (children)"),
        Subject.PARENT: _("Parents and guardians"),
        Subject.EDUCATOR: _("Educators and organization admins"),
        Subject.STAFF: _("The platform's administrators"),
    }[subject]


def basis_text(basis: Basis) -> str:
    return {
        Basis.CONSENT: _("Consent of the data subject (a parent's too, under 16)"),
        Basis.CONTRACT: _("Performance of a contract with the data subject"),
        Basis.LEGAL_OBLIGATION: _("A legal obligation of the controller"),
    }[basis]


def recipient_text(recipient: Recipient, facts: Facts) -> str:
    if recipient == Recipient.ORGANIZATION:
        if facts.organization_id is None:
            return _("The educators and admins of the learner's organizations, by role")
        return _("The educators and admins of %(organization)s, by role") % {
            "organization": facts.organization_name
        }
    return {
        Recipient.PARENT: _("The learner's parent or guardian (through the consent link)"),
        Recipient.PLATFORM: _("The platform's administrators (SuperAdmin)"),
        Recipient.STORAGE: _("File storage: %(where)s") % {"where": storage_text()},
        Recipient.MAIL: _("Mail: %(where)s") % {"where": mail_text()},
        Recipient.PAYMENT: payment_text(),
        Recipient.SESSIONS: _("Sessions: %(where)s") % {"where": sessions_text()},
    }[recipient]


def measure_text(measure: Measure) -> str:
    """What a measure means in this installation (HTTPS is read from the settings)."""
    if measure == Measure.TLS:
        if getattr(settings, "SECURE_SSL_REDIRECT", False):
            return _("HTTPS only, with HSTS for %(seconds)s seconds and secure cookies") % {
                "seconds": settings.SECURE_HSTS_SECONDS
            }
        return _("HTTPS is not enforced by this installation (SECURE is off)")
    return {
        Measure.ROLES: _(
            "Access by role (learner, educator, organization admin, SuperAdmin) on every request"
        ),
        Measure.SCHEMA_PER_ORGANIZATION: _(
            "Each organization's data in its own database schema; another organization's records answer 404"
        ),
        Measure.CCCD_ENCRYPTED: _(
            "Encrypted at rest (Fernet: AES-128 and HMAC-SHA256, keys outside the database), found by a "
            "keyed hash, shown masked to anyone but its owner"
        ),
        Measure.PASSWORD_HASHED: _("Passwords stored only as salted hashes"),
        Measure.TOKENS_HASHED: _("The links' tokens stored only as SHA-256 digests"),
        Measure.PRIVATE_FILES: _(
            "Private files have random names and are streamed only to those allowed, never by a public address"
        ),
        Measure.ACCESS_LOG: _("Every view or download by staff is logged: who, what, when, from where"),
        Measure.RETENTION_SWEEP: _("Deleted automatically when the period ends"),
        Measure.CONSENT_GATE: _("Nothing is processed without the consents in force (a parent's under 16)"),
        Measure.ERASURE: _("Deleted or anonymized when the account is deleted"),
        Measure.RATE_LIMITS: _("Sign-in and public requests limited per address and account"),
    }[measure]


def stored_text(category: Category, facts: Facts) -> str:
    """Where the category's columns and files are: the public schema, the organization's schema
    (named) or every organization's, the file storage, and Redis for the sessions if used."""
    public, organization = _stored_in(category)
    places = []
    if public:
        places.append(_("PostgreSQL, schema “public” (shared by the platform)"))
    if organization:
        if facts.organization_id is None:
            places.append(_("PostgreSQL, each organization's own schema"))
        else:
            places.append(
                _("PostgreSQL, schema “%(schema)s” (this organization's only)")
                % {"schema": facts.schema_name}
            )
    if category.files:
        places.append(_("Files: %(where)s") % {"where": storage_text()})
    if Recipient.SESSIONS in category.recipients and settings.REDIS_URL:
        places.append(sessions_text())
    return "; ".join(places)


def record_categories(facts: Facts) -> list[Category]:
    """The categories of the record: an organization's has those concerning organizations (every
    one but the platform's own records); the public schema's has those with columns in it."""
    if facts.organization_id is None:
        return [c for c in categories() if _stored_in(c)[0]]
    return [c for c in categories() if c.for_organizations]


def _field_rows(category: Category, facts: Facts, language: str) -> list[list[str]]:
    rows = []
    for label in category.fields:
        app_label, model_name, name = label.split(".")
        model = apps.get_model(app_label, model_name)
        field = model._meta.get_field(name)
        if field.many_to_many:
            table, column = field.m2m_db_table(), field.m2m_column_name()  # type: ignore[union-attr]
        else:
            table, column = model._meta.db_table, field.column  # type: ignore[union-attr]
        schema = (
            facts.schema_name
            if _in_organization_schema(label) and facts.organization_id
            else (
                _("each organization's schema")
                if _in_organization_schema(label)
                else settings.PUBLIC_SCHEMA_NAME
            )
        )
        rows.append([category.name.shown(language), schema, table, column])
    return rows


def record_tables(*, organization=None, language: str) -> RecordTables:
    """The record of ``organization`` (or of the public schema) as text in ``language``
    (``vi`` | ``en``), dated now (Vietnam time). One query (the organization's policy)."""
    facts = record_facts(organization)
    with in_language(language) as lang:
        title = _("Record of personal data processing")
        made = _("%(time)s (Vietnam time)") % {"time": dates.format_datetime(dates.now(), language=lang)}
        if organization is None:
            controller = _("The platform (public schema)")
            contact = "—"
        else:
            controller = organization.shown_name
            contact = organization.contact_email or "—"
        about = [
            [_("Controller"), controller],
            [_("Contact"), contact],
            [_("Database schema"), facts.schema_name],
            [_("Made on"), made],
            [
                _("Legal framework"),
                _("Law on Personal Data Protection No. 91/2025/QH15 and Decree 356/2025/ND-CP guiding it"),
            ],
            [
                _("Retention policy"),
                _(
                    "Proctoring videos: %(days)s days after the result's release; exports and imports: %(hours)s hours"
                )
                % {"days": facts.video_keep_days, "hours": facts.file_keep_hours},
            ],
        ]
        processors = [
            [_("Processor"), _("Who or where")],
            [_("Database"), database_text()],
            [_("File storage"), storage_text()],
            [_("Mail"), mail_text()],
            [_("Sessions and cache"), sessions_text()],
            [_("Payments"), payment_text()],
            [_("Error reports"), sentry_text()],
        ]
        chosen = record_categories(facts)
        rows = [
            [
                _("Category"),
                _("Data"),
                _("Data subjects"),
                _("Purposes"),
                _("Legal basis"),
                _("Sensitive"),
                _("Retention"),
                _("Recipients and processors"),
                _("Where stored"),
                _("Protection measures"),
            ]
        ]
        fields = [[_("Category"), _("Schema"), _("Table"), _("Column")]]
        for c in chosen:
            rows.append(
                [
                    c.name.shown(lang),
                    c.data.shown(lang),
                    "; ".join(subject_text(s) for s in c.subjects),
                    c.purposes.shown(lang),
                    "; ".join(basis_text(b) for b in c.basis),
                    c.sensitive.shown(lang) if c.sensitive else _("No"),
                    c.retention(facts).shown(lang),
                    "; ".join(recipient_text(r, facts) for r in c.recipients),
                    stored_text(c, facts),
                    "; ".join(measure_text(m) for m in c.measures),
                ]
            )
            fields += _field_rows(c, facts, lang)
        return RecordTables(
            title=title,
            about=about,
            processors=processors,
            categories=rows,
            fields=fields,
            sensitive=[c.sensitive is not None for c in chosen],
        )


def write_xlsx(tables: RecordTables) -> bytes:
    """The record as a workbook: sheet 1 the record (title, about rows, processors), sheet 2 the
    categories (a header row, one row per category), sheet 3 the columns. Text cells only,
    wrapped; the header rows bold."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    wb = Workbook()
    bold, wrap = Font(bold=True), Alignment(wrap_text=True, vertical="top")
    sheet = wb.worksheets[0]
    sheet.title = _("Record")[:31]
    sheet.append([tables.title])
    sheet["A1"].font = Font(bold=True, size=14)
    for row in tables.about:
        sheet.append(row)
    sheet.append([])
    for row in tables.processors:
        sheet.append(row)
    header = len(tables.about) + 3
    for cell in sheet[header]:
        cell.font = bold
    sheet.column_dimensions["A"].width = 28
    sheet.column_dimensions["B"].width = 90
    for name, rows, widths in (
        (_("Categories"), tables.categories, [24, 48, 26, 40, 32, 36, 48, 48, 40, 60]),
        (_("Columns"), tables.fields, [30, 22, 32, 28]),
    ):
        ws = wb.create_sheet(name[:31])
        for row in rows:
            ws.append(row)
        for cell in ws[1]:
            cell.font = bold
        for index, width in enumerate(widths):
            ws.column_dimensions[get_column_letter(index + 1)].width = width
        for row_cells in ws.iter_rows(min_row=2):
            for cell in row_cells:
                cell.alignment = wrap
        ws.freeze_panes = "B2"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def write_pdf(tables: RecordTables) -> bytes:
    """The record as an A4 landscape PDF: the title, the about and processors tables, then each
    category as a heading (marked when sensitive) and a two-column table of its attributes.
    Every text goes through ``config.pdf.markup_text`` (issue 16, item 7)."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import cm
    from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from config.pdf import markup_text, pdf_fonts

    font, bold = pdf_fonts()
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        style.fontName = font
    styles["Title"].fontName = bold
    styles["Heading2"].fontName = bold
    cell = styles["BodyText"].clone("cell", fontSize=8.5, leading=11)
    label = cell.clone("label", fontName=bold)
    out = io.BytesIO()
    page = landscape(A4)
    doc = SimpleDocTemplate(
        out,
        pagesize=page,
        title=tables.title,
        leftMargin=1.5 * cm,
        rightMargin=1.5 * cm,
        topMargin=1.3 * cm,
        bottomMargin=1.3 * cm,
    )
    width = page[0] - 3 * cm
    line = colors.HexColor("#CBD5E1")

    def pairs(rows: list[list[str]], *, header: bool = False) -> Table:
        data = [
            [
                Paragraph(markup_text(a), label),
                Paragraph(markup_text(b), label if header and i == 0 else cell),
            ]
            for i, (a, b) in enumerate(rows)
        ]
        table = Table(data, colWidths=[width * 0.25, width * 0.75])
        style: list[Any] = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, line)]
        if header:
            style.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#EFF6FF")))
        table.setStyle(TableStyle(style))
        return table

    story: list = [
        Paragraph(markup_text(tables.title), styles["Title"]),
        pairs(tables.about),
        Spacer(1, 0.4 * cm),
    ]
    story += [pairs(tables.processors, header=True), Spacer(1, 0.4 * cm)]
    headers = tables.categories[0]
    for row, sensitive in zip(tables.categories[1:], tables.sensitive, strict=True):
        heading = row[0] + (f" — {_('sensitive personal data')}" if sensitive else "")
        attributes = [[headers[i], row[i]] for i in range(1, len(headers))]
        story.append(KeepTogether([Paragraph(markup_text(heading), styles["Heading2"]), pairs(attributes)]))
        story.append(Spacer(1, 0.3 * cm))
    doc.build(story)
    return out.getvalue()


def record_file(*, organization=None, file_format: str, language: str) -> tuple[bytes, str, str]:
    """``(content, file name, content type)`` of the record of ``organization`` (or of the
    public schema) as ``file_format`` (``pdf`` | ``xlsx``) in ``language`` (``vi`` | ``en``).
    File name: ``ho-so-xu-ly-du-lieu-ca-nhan-<slug>-<Vietnam day>.<ext>`` (vi) or
    ``record-of-processing-<slug>-<Vietnam day>.<ext>`` (en); the slug is the organization's,
    or ``public``. Raises ``ValueError`` for another format (the API's schema allows only these)."""
    if file_format not in FORMATS:
        raise ValueError(f"unknown format {file_format!r}")
    tables = record_tables(organization=organization, language=language)
    with in_language(language) as lang:
        content = write_pdf(tables) if file_format == "pdf" else write_xlsx(tables)
        stem = pick("ho-so-xu-ly-du-lieu-ca-nhan", "record-of-processing", language=lang)
    slug = slugify(organization.slug) if organization is not None else "public"
    name = f"{stem}-{slug}-{dates.today().isoformat()}.{file_format}"
    return content, name, PDF_TYPE if file_format == "pdf" else XLSX_TYPE
