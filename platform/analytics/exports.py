"""The spreadsheet of the market analytics (issue 10, item 3), and the texts both exports share.

- ``write_transactions_xlsx``: the market transaction rows of a ``MarketQuery`` as an .xlsx
  (openpyxl write-only mode: styled header row, frozen, with an auto filter; VND number format;
  dates as Excel dates in Vietnam time), plus a "Summary" sheet with the filters and totals.
  Reads the rows in chunks from a server-side cursor, so memory stays flat whatever the count.
  File name ``market-assessment-transactions-{test_preset_id or all}.xlsx`` (spec section 7).
- ``filters_text`` and the number formats (``format_number``, ``format_vnd``,
  ``format_change``): the filters and figures as the reader reads them, in the active language
  (exports run in huey tasks under ``config.i18n.in_language(job.language)``); the dashboard PDF
  (``analytics.dashboard_pdf``) uses them too.

Dates and times are Vietnam time in the reader's format (``config.dates``, issue 17 item 1);
numbers use the reader's CLDR separators through Babel (``390.000`` in vi, ``390,000`` in en;
issue 17 item 2).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import IO

from babel.numbers import format_decimal
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from analytics import rules
from analytics.filters import MarketQuery
from analytics.selectors import rows
from config import dates
from config.i18n import reader_language
from config.spreadsheets import CellStyles

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
VND_FORMAT = '#,##0 "₫"'
DATE_FORMAT = "dd/mm/yyyy hh:mm"
CHUNK = 2000

Progress = Callable[[int], None]


def transactions_file_name(q: MarketQuery) -> str:
    """``market-assessment-transactions-{test_preset_id or all}.xlsx`` (spec section 7)."""
    return f"market-assessment-transactions-{q.test_preset_id or 'all'}.xlsx"


def _local(value: datetime | None) -> datetime | None:
    """An aware datetime as a naive Vietnam time (Excel has no time zones)."""
    return dates.in_vietnam(value).replace(tzinfo=None, microsecond=0) if value else None


# --- the reader's numbers and filters --------------------------------------------------------------


def format_number(value: int | float) -> str:
    """A whole number with the reader's grouping: ``"390.000"`` (vi), ``"390,000"`` (en)."""
    return format_decimal(int(value), locale=dates.BABEL_LOCALES[reader_language()])


def format_vnd(amount: int | float) -> str:
    """An amount in VND for the reader: ``"390.000 ₫"`` (vi), ``"390,000 ₫"`` (en)."""
    return f"{format_number(amount)} ₫"


def format_change(change: float | None) -> str:
    """A change in percent, signed, one decimal: ``"+160,0 %"`` (vi), ``"-13.3 %"`` (en);
    ``"—"`` without a previous period."""
    if change is None:
        return "—"
    text = format_decimal(change, format="+#,##0.0;-#,##0.0", locale=dates.BABEL_LOCALES[reader_language()])
    return f"{text} %"


def _columns(q: MarketQuery) -> list[tuple[str, int]]:
    cols = [
        (_("Transaction ID"), 14),
        (_("Student"), 28),
        (_("Assessment"), 40),
        (_("Grade"), 8),
        (pgettext("market transaction column", "Purchase"), 26),
        (_("Total paid (VND)"), 16),
        (_("Purchase date (Vietnam time)"), 20),
        (_("Completed date (Vietnam time)"), 20),
        (_("Payment ID"), 26),
        (_("Status"), 16),
    ]
    if q.organization_ids is None or len(q.organization_ids) > 1:
        cols.append((_("Organization"), 30))
    return cols


def filters_text(q: MarketQuery) -> list[tuple[str, str]]:
    """The filters of ``q`` as ``(label, value)`` lines for the reader, the period first:
    ``("Period", "1 Nov 2026 – 27 Nov 2026")`` in en, ``("Khoảng thời gian", "01/11/2026 –
    27/11/2026")`` in vi (``config.dates.format_date``), "the beginning" without a start."""
    start, end = q.period()
    since = dates.format_date(start) if start else _("the beginning")
    lines = [(_("Period"), f"{since} – {dates.format_date(end)}")]
    if q.grade is not None:
        lines.append((_("Grade"), str(q.grade)))
    if q.subject:
        lines.append((_("Subject"), rules.subject_names(q.organization_ids).get(q.subject, q.subject)))
    if q.province_code:
        lines.append((_("Province/city"), rules.province_names().get(q.province_code, q.province_code)))
    if q.round_id:
        lines.append((_("Round"), f"#{q.round_id}"))
    if q.test_preset_id:
        lines.append((_("Assessment"), f"#{q.test_preset_id}"))
    if q.status != "COMPLETED":
        lines.append((_("Status"), q.status))
    if q.search:
        lines.append((_("Search"), q.search))
    return lines


def count_transactions(q: MarketQuery, *, search: str = "") -> int:
    """The number of rows ``write_transactions_xlsx`` would write (one query)."""
    return rows.transactions_qs(q, search=search).count()


def write_transactions_xlsx(
    q: MarketQuery, out: IO[bytes], *, search: str = "", order_by: str = "", progress: Progress | None = None
) -> int:
    """Write the .xlsx of the market transaction rows to ``out``; ``progress(rows_done)`` is
    called every CHUNK rows. Returns the number of rows. Query count: the totals, then one
    server-side cursor read in chunks (plus the names of the filters)."""
    from django.db.models import Sum
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter

    from marketplace.models import Addon, Transaction

    qs = rows.transactions_qs(q, search=search, order_by=order_by)
    totals = qs.order_by().aggregate(total=Sum("price", default=0))
    cols = _columns(q)
    with_org = len(cols) == 11
    addon_names = {a.value: str(a.label) for a in Addon}
    status_names = {s.value: str(s.label) for s in Transaction.Status}

    wb = Workbook(write_only=True)
    ws = wb.create_sheet(_("Transactions")[:31])
    ws.freeze_panes = "A2"
    for index, (_title, width) in enumerate(cols, start=1):
        ws.column_dimensions[get_column_letter(index)].width = width
    header_font = Font(bold=True, color="FFFFFF")
    header_fill = PatternFill("solid", fgColor="1D4ED8")
    header_border = Border(bottom=Side(style="thin", color="1E3A8A"))
    header = []
    for title, _width in cols:
        cell = WriteOnlyCell(ws, value=title)
        cell.font = header_font
        cell.fill = header_fill
        cell.border = header_border
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        header.append(cell)
    ws.append(header)

    styled = CellStyles(ws).cell

    fields = [
        "transaction_id",
        "transaction__payment_id",
        "id",
        "transaction__buyer_name",
        "transaction__profile__user__name",
        "transaction__profile__user__email",
        "name",
        "eff_grade",
        "addon",
        "price",
        "transaction__created_at",
        "transaction__completed_at",
        "transaction__status",
    ]
    if with_org:
        fields += ["organization__display_name", "organization__name"]
    done = 0
    for r in qs.values_list(*fields).iterator(chunk_size=CHUNK):
        row = [
            rows.row_id(r[0], r[1], r[2]),
            rows.student_name(r[3], r[4], r[5]),
            r[6],
            r[7],
            addon_names.get(r[8], r[8]),
            styled(r[9], VND_FORMAT),
            styled(_local(r[10]), DATE_FORMAT),
            styled(_local(r[11]), DATE_FORMAT),
            r[1] or None,
            status_names.get(r[12], r[12]),
        ]
        if with_org:
            row.append(r[13] or r[14])
        ws.append(row)
        done += 1
        if progress and done % CHUNK == 0:
            progress(done)
    last = get_column_letter(len(cols))
    ws.auto_filter.ref = f"A1:{last}{done + 1}"

    info = wb.create_sheet(_("Summary")[:31])
    info.column_dimensions["A"].width = 34
    info.column_dimensions["B"].width = 48
    bold = Font(bold=True)
    title = WriteOnlyCell(info, value=_("Market transactions"))
    title.font = Font(bold=True, size=14)
    info.append([title])
    styled_info = CellStyles(info).cell
    info.append([_("Generated at (Vietnam time)"), styled_info(_local(dates.now()), DATE_FORMAT)])
    for label, value in filters_text(q):
        info.append([label, value])
    count_label = WriteOnlyCell(info, value=_("Rows"))
    count_label.font = bold
    info.append([count_label, done])
    total_label = WriteOnlyCell(info, value=_("Total paid (VND)"))
    total_label.font = bold
    info.append([total_label, styled_info(totals["total"], VND_FORMAT)])
    info.append([_("Only completed transactions count as revenue.")])
    wb.save(out)
    if progress:
        progress(done)
    return done
