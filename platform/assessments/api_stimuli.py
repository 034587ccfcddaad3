"""Shared stimuli (issue 39, item 1; decision 0054) at /api/v1/stimuli: a passage, table or figure
with the questions that hang from it, authored, versioned and vetted as one group. Educators only
(403 ``forbidden_role`` for learners); every id is of the caller's organization's schema, so
another organization's ids answer 404. Thin: reads through ``assessments.selectors``, writes
through ``services.stimuli`` and ``services.stimulus_vetting``."""

from __future__ import annotations

from typing import cast

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema, Status

from accounts.auth import EducatorSessionAuth
from assessments import selectors
from assessments.schemas import CommentIn, StimulusIn, StimulusOut, StimulusQuestionsIn, StimulusRowOut
from assessments.services import stimuli, stimulus_vetting
from assessments.services.common import Actor
from config.envelope import Empty, Envelope, Page, ok
from config.errors import ApplicationError, CommonErrorCode
from config.fields import Choice, Id, Limit, OrderBy, PageNo, Search
from config.requests import ProfileRequest

router = Router(tags=["shared stimuli"], auth=EducatorSessionAuth())


def _actor(request: HttpRequest) -> Actor:
    return Actor.of(cast("ProfileRequest", request).auth)


def _detail(stimulus_id: int) -> dict:
    return selectors.stimulus_detail(stimuli.stimulus_get(stimulus_id))


class StimulusListQuery(Schema):
    page: PageNo = 1
    limit: Limit = 20
    search: Search = ""
    order_by: OrderBy = ""
    bank_id: Id | None = None
    status: Choice = ""


@router.get("stimuli", response=Envelope[Page[StimulusRowOut]])
def stimulus_list(request: HttpRequest, query: Query[StimulusListQuery]):
    """Shared stimuli of ``bank_id`` (or all) with their question counts; ``status``, a
    ``search`` of titles and bodies; ``order_by``: created_at, updated_at, id (newest first)."""
    rows, meta = selectors.stimulus_list(
        page=query.page,
        limit=query.limit,
        bank_id=query.bank_id,
        search=query.search.strip(),
        status=query.status,
        order_by=query.order_by,
    )
    return ok({"items": rows, **meta})


@router.post("stimuli", response={201: Envelope[StimulusOut]})
def stimulus_create(request: HttpRequest, payload: StimulusIn):
    """Create a draft in ``bank_id`` (required). 400 ``validation_error`` for invalid fields."""
    data = payload.dict(exclude_unset=True)
    bank_id = data.pop("bank_id", None)
    if not bank_id:
        raise ApplicationError(
            CommonErrorCode.VALIDATION_ERROR,
            _("The shared stimulus could not be saved."),
            errors={"bank_id": [_("Required")]},
        )
    stimulus = stimuli.stimulus_create(actor=_actor(request), bank_id=bank_id, data=data)
    return Status(201, ok(selectors.stimulus_detail(stimulus), _("Shared stimulus saved.")))


@router.get("stimuli/{stimulus_id}", response=Envelope[StimulusOut])
def stimulus_detail(request: HttpRequest, stimulus_id: Id):
    """One version with its questions in order and ``missing`` (what the group lacks)."""
    return ok(_detail(stimulus_id))


@router.put("stimuli/{stimulus_id}", response=Envelope[StimulusOut])
def stimulus_update(request: HttpRequest, stimulus_id: Id, payload: StimulusIn):
    """Change a draft or rejected stimulus; for a published one, opens and returns the group's
    next version (a draft, with the next version of each question). 409 ``stimulus_locked``."""
    data = payload.dict(exclude_unset=True)
    data.pop("bank_id", None)
    stimulus = stimuli.stimulus_update(actor=_actor(request), stimulus_id=stimulus_id, data=data)
    return ok(selectors.stimulus_detail(stimulus), _("Shared stimulus saved."))


@router.delete("stimuli/{stimulus_id}", response=Envelope[Empty])
def stimulus_delete(request: HttpRequest, stimulus_id: Id):
    """Delete a never-published stimulus (its author only); its questions stay, alone."""
    stimuli.stimulus_delete(actor=_actor(request), stimulus_id=stimulus_id)
    return ok({}, _("Shared stimulus deleted."))


@router.put("stimuli/{stimulus_id}/questions", response=Envelope[StimulusOut])
def stimulus_questions(request: HttpRequest, stimulus_id: Id, payload: StimulusQuestionsIn):
    """Set the stimulus' questions in their order (``services.stimuli.stimulus_set_questions``):
    400 naming ``question_ids.N``, 404 for an unknown id, 409 ``stimulus_locked``."""
    stimulus = stimuli.stimulus_set_questions(
        actor=_actor(request), stimulus_id=stimulus_id, question_ids=payload.question_ids
    )
    return ok(selectors.stimulus_detail(stimulus), _("Questions of the shared stimulus saved."))


@router.post("stimuli/{stimulus_id}/submit", response=Envelope[StimulusOut])
def stimulus_submit(request: HttpRequest, stimulus_id: Id):
    """draft -> submitted with every question. 400 ``stimulus_incomplete`` (each missing item in
    ``errors``), 409 ``already_submitted``."""
    stimulus_vetting.stimulus_submit(actor=_actor(request), stimulus_id=stimulus_id)
    return ok(_detail(stimulus_id), _("Submitted for vetting."))


@router.post("stimuli/{stimulus_id}/approve", response=Envelope[StimulusOut])
def stimulus_approve(request: HttpRequest, stimulus_id: Id, payload: CommentIn):
    """submitted -> approved with every question, by a colleague. 403 ``own_question``, 409
    ``invalid_transition``."""
    stimulus_vetting.stimulus_approve(actor=_actor(request), stimulus_id=stimulus_id, comment=payload.comment)
    return ok(_detail(stimulus_id), _("Shared stimulus approved."))


@router.post("stimuli/{stimulus_id}/reject", response=Envelope[StimulusOut])
def stimulus_reject(request: HttpRequest, stimulus_id: Id, payload: CommentIn):
    """submitted -> rejected with every question and a required ``comment``."""
    stimulus_vetting.stimulus_reject(actor=_actor(request), stimulus_id=stimulus_id, comment=payload.comment)
    return ok(_detail(stimulus_id), _("Shared stimulus rejected."))


@router.post("stimuli/{stimulus_id}/publish", response=Envelope[StimulusOut])
def stimulus_publish(request: HttpRequest, stimulus_id: Id):
    """approved -> published with every question. 409 ``question_not_vetted`` /
    ``already_published``, 400 ``matrix_incomplete`` (naming ``questions.N.matrix``)."""
    stimulus_vetting.stimulus_publish(actor=_actor(request), stimulus_id=stimulus_id)
    return ok(_detail(stimulus_id), _("Shared stimulus published."))
