"""Periodic work of the tests feature (huey)."""

from __future__ import annotations

import logging

from django_tenants.utils import schema_context
from huey import crontab
from huey.contrib.djhuey import db_periodic_task

logger = logging.getLogger(__name__)


@db_periodic_task(crontab(minute="*"))
def waiting_list_lapse() -> int:
    """Every minute, in every ready organization: lapse waiting-list offers whose claim time has
    passed and offer the freed slots to the next in line (issue 5, item 5). Returns the count."""
    from assessments.services.waiting_list import waiting_list_lapse_due
    from tenants.services import ready_schema_names

    total = 0
    for schema in ready_schema_names():
        with schema_context(schema):
            total += waiting_list_lapse_due()
    if total:
        logger.info("waiting list: %d offers lapsed", total)
    return total
