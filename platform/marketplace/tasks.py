"""Periodic work of the marketplace (huey)."""

from __future__ import annotations

import logging

from huey import crontab
from huey.contrib.djhuey import db_periodic_task

logger = logging.getLogger(__name__)


@db_periodic_task(crontab(minute="*"))
def transactions_expire() -> int:
    """Every minute: expire PENDING transactions older than ``PENDING_TRANSACTION_MINUTES``,
    free their slots and offer them to the waiting lists (issue 6, item 4). Returns the count."""
    from marketplace.purchases import expire_due

    count = expire_due()
    if count:
        logger.info("transactions: %d expired", count)
    return count
