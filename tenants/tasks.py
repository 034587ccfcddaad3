"""Tenant-aware huey tasks.

``tenant_task`` is the only way to write a huey task that touches an organization's data: the
task receives the schema name as its first argument and its body runs inside that organization's
schema (``tenants.scope.organization_schema``). Periodic work over every organization uses
``tenants.scope.for_each_ready_organization`` instead.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from django.db import connection
from huey.contrib.djhuey import db_task

from tenants.scope import organization_schema

logger = logging.getLogger(__name__)


def tenant_task(**task_kwargs: Any) -> Callable:
    """Decorator: a huey ``db_task`` whose first argument is a schema name.

    Usage::

        @tenant_task()
        def questions_import_job(job_id: str) -> None: ...

        questions_import_job(org.schema_name, job.id)  # queued; the body runs in org's schema

    The wrapped function does not receive the schema name: it runs with the connection's
    search_path set to that schema (then public) by ``organization_schema``, and the previous
    schema is restored afterwards. Services queue such tasks with ``transaction.on_commit``.
    """

    def decorator(func: Callable) -> Callable:
        @functools.wraps(func)
        def in_schema(schema_name: str, *args: Any, **kwargs: Any) -> Any:
            with organization_schema(schema_name):
                return func(*args, **kwargs)

        return db_task(**task_kwargs)(in_schema)

    return decorator


@db_task()
def organization_provision(organization_id: int) -> None:
    """Create the schema of an organization (a copy of the template schema, decision 0026);
    record the outcome on it.

    Sets ``provisioning_status`` to ``ready`` or ``failed`` (with the error text). Idempotent: an
    existing schema is left as it is, never recreated (``migrate_tenants`` migrates it).
    """
    from tenants.services import organization_provision_now

    organization_provision_now(organization_id=organization_id)
    connection.set_schema_to_public()
