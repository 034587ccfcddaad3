"""Background exports of the market analytics (issue 10, item 3), public schema.

An export larger than the synchronous threshold (``ANALYTICS_EXPORT_SYNC_MAX_ROWS`` rows for the
spreadsheet, ``ANALYTICS_PDF_SYNC_MAX_ROWS`` purchases for the dashboard PDF) becomes an
``ExportJob`` (a proxy of the one background job, ``jobs.models.Job``; issue 35, item 3,
docs/decisions/0040): the API answers at once with the job, a huey task writes the file to storage and
reports its progress on the row, and the SPA polls the job, then downloads the file. The row is
the job's state (not the cache: the web and huey processes share no memory in the embedded
set-up). Files are deleted with their job after the organization's retention (``privacy``'s
``file_keep_hours``, 24 hours by default; issue 24, item 3).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from jobs.models import Job, KindManager


class ExportJob(Job):
    """An export: the resolved scope and filters in ``params`` (``analytics.filters
    .MarketQuery``), the finished file in ``file`` (its name ``file_name``, type
    ``content_type``)."""

    class Kind(models.TextChoices):
        TRANSACTIONS_XLSX = "transactions_xlsx", _("Transactions spreadsheet")
        DASHBOARD_PDF = "dashboard_pdf", _("Dashboard PDF")
        PAPER_VERSIONS = "paper_versions", _("Paper test versions")  # question_formats.paper (issue 36)

    objects = KindManager()

    class Meta:
        proxy = True
