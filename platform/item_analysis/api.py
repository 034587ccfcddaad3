"""Educator endpoints of item analysis (issue 19, section 2; decision 0017), in the style of spec
section 7: ``/api/v1/test-presets/{id}/item-analysis`` (every counted attempt of the test) and
``/api/v1/batches/{id}/item-analysis``, each with ``/export`` (.xlsx) and ``/recompute``;
``/api/v1/questions/{id}/item-analysis`` (a question's figures in every test it appeared in) and
``/api/v1/questions/{id}/send-to-vetting``. Educators of the organization; other organizations'
ids are 404 (the schema holds only this organization's rows).

Thin: reads in ``selectors``, writes in ``services``, the file in ``export``."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse
from django.utils.translation import gettext as _
from ninja import Router

from accounts.auth import EducatorSessionAuth
from assessments.schemas import QuestionOut
from assessments.selectors import question_row
from assessments.services.common import Actor
from assignments import access_log, selectors
from config.envelope import Envelope, ok
from config.fields import Id
from config.requests import ProfileRequest
from item_analysis import export, services
from item_analysis import selectors as item_selectors
from item_analysis.schemas import ItemAnalysisOut, QuestionItemAnalysisOut, SendToVettingIn
from privacy.access import private_file
from privacy.models import AccessLogEntry

router = Router(tags=["item analysis"], auth=EducatorSessionAuth())


def _view(
    *, preset_id: int | None = None, batch_id: int | None = None, recompute: bool = False
) -> item_selectors.ItemAnalysisView:
    """The scope's ``ItemAnalysisOut``; queued first when never computed (or when asked)."""
    scope = selectors.scope_get(preset_id=preset_id, batch_id=batch_id)
    preset, batch = scope.preset, scope.batch
    batch_pk = batch.pk if batch else None
    if recompute:
        services.item_analysis_request(preset_id=preset.pk, batch_id=batch_pk)
    analysis = services.item_analysis_ensure(preset_id=preset.pk, batch_id=batch_pk)
    return item_selectors.item_analysis_view(analysis=analysis, preset=preset, batch=batch)


@router.get("test-presets/{preset_id}/item-analysis", response=Envelope[ItemAnalysisOut])
def preset_item_analysis(request: ProfileRequest, preset_id: Id) -> dict[str, Any]:
    """The test's item analysis over every counted attempt (each learner's latest submitted,
    graded attempt, in any batch; voided ones left out and counted). The first read queues the
    computation: poll while ``state.status`` is ``queued`` or ``running``. 404 "Test not found."."""
    return ok(_view(preset_id=preset_id))


@router.get("batches/{batch_id}/item-analysis", response=Envelope[ItemAnalysisOut])
def batch_item_analysis(request: ProfileRequest, batch_id: Id) -> dict[str, Any]:
    """One batch's item analysis (as the test's, for the batch's attempts). 404 "Batch not found."."""
    return ok(_view(batch_id=batch_id))


@router.post("test-presets/{preset_id}/item-analysis/recompute", response=Envelope[ItemAnalysisOut])
def preset_item_analysis_recompute(request: ProfileRequest, preset_id: Id) -> dict[str, Any]:
    """Queue the test's analysis again (after a failure); answers the state, as the GET."""
    return ok(_view(preset_id=preset_id, recompute=True), _("The item analysis is being computed."))


@router.post("batches/{batch_id}/item-analysis/recompute", response=Envelope[ItemAnalysisOut])
def batch_item_analysis_recompute(request: ProfileRequest, batch_id: Id) -> dict[str, Any]:
    """Queue the batch's analysis again (after a failure); answers the state, as the GET."""
    return ok(_view(batch_id=batch_id, recompute=True), _("The item analysis is being computed."))


@router.get("test-presets/{preset_id}/item-analysis/export", response={200: None})
@private_file(AccessLogEntry.Kind.ITEM_ANALYSIS_EXPORT, subject=access_log.preset_subject)
def preset_item_analysis_export(request: ProfileRequest, preset_id: Id) -> FileResponse:
    """The per-question table as .xlsx in the reader's language (``item-analysis-test-<id>.xlsx``),
    with an Options sheet (the distractor analysis, one row per option) and a Summary sheet.
    409 ``item_analysis_not_ready`` before the first computation ends."""
    return export.item_analysis_file(_view(preset_id=preset_id))


@router.get("batches/{batch_id}/item-analysis/export", response={200: None})
@private_file(AccessLogEntry.Kind.ITEM_ANALYSIS_EXPORT, subject=access_log.batch_subject)
def batch_item_analysis_export(request: ProfileRequest, batch_id: Id) -> FileResponse:
    """The batch's per-question table as .xlsx (``item-analysis-batch-<id>.xlsx``); 409 as above."""
    return export.item_analysis_file(_view(batch_id=batch_id))


@router.get("questions/{question_id}/item-analysis", response=Envelope[QuestionItemAnalysisOut])
def question_item_analysis(request: ProfileRequest, question_id: Id) -> dict[str, Any]:
    """The question's figures (and its other versions') in every batch and test they appeared
    in, newest computation first; empty ``appearances`` before any. 404 "Question not found."."""
    return ok(item_selectors.question_item_analysis(question_id=question_id))


@router.post("questions/{question_id}/send-to-vetting", response=Envelope[QuestionOut])
def question_send_to_vetting(
    request: ProfileRequest, question_id: Id, payload: SendToVettingIn
) -> dict[str, Any]:
    """Send a published question back to vetting with its figures: its next version is created
    submitted, the figures (and ``comment``) as the note of that step; returns the new version.
    409 ``item_analysis_missing``, ``question_not_published``, ``question_locked``."""
    q = services.question_send_to_vetting(
        actor=Actor.of(request.auth), question_id=question_id, comment=payload.comment
    )
    return ok(question_row(q), _("Sent back to vetting with its item analysis."))
