"""The THPT 2025 mock exam of ``manage.py seed_demo`` with its results (issue 39, item 5): the test,
its batch and the 42 learners' submitted attempts come from ``assignments.demo.seed_demo_mock_exam``
(the sitting's services); the results are then released as an educator releases a batch
(``grading.services.batch_release``) and the batch's and the preset's item analyses computed once
(``item_analysis.services.item_analysis_run``), so the gradebook shows the three parts and the item
analysis its figures from the first visit. In ``people``, the app at the top of the import contract:
grading and item analysis sit above assignments, beside each other (``.importlinter``)."""

from __future__ import annotations

from accounts.models import Profile
from assignments.demo import seed_demo_mock_exam
from grading.services import batch_release
from item_analysis.services import item_analysis_run
from tenants.scope import organization_schema


def seed_demo_mock_exam_results(*, organization, author: Profile, admin: Profile, password: str) -> int:
    """The mock exam (once) with its released results and computed item analyses; returns how many
    results were released (0 when the mock exam existed already)."""
    made = seed_demo_mock_exam(organization=organization, author=author, admin=admin, password=password)
    if made is None:
        return 0
    with organization_schema(organization.schema_name):
        released = batch_release(batch_id=made.batch_id)
        for analysis_id in made.analysis_ids:
            item_analysis_run(analysis_id=analysis_id)
    return released
