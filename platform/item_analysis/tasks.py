"""Huey tasks of item analysis (issue 19, decision 0017): an analysis is computed by a task per
scope, queued after a change of a result."""

from __future__ import annotations

from tenants.tasks import tenant_task


@tenant_task()
def item_analysis_compute(analysis_id: int) -> None:
    """Compute and store the ``ItemAnalysis`` ``analysis_id`` in the schema given as the first
    argument (``item_analysis.services.item_analysis_run``; issue 19, decision 0017). Queued by
    ``services.item_analysis_request`` after the commit that changed a result."""
    from item_analysis.services import item_analysis_run

    item_analysis_run(analysis_id=analysis_id)
