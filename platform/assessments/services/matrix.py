"""Matrix clusters: create, update, delete (issue 4, item 2; spec section 5)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from assessments.error_codes import AuthoringErrorCode as Code
from assessments.models import MatrixCluster, Question, Subject
from config.errors import ApplicationError, FieldErrors, not_found

TYPES = MatrixCluster.Type


def cluster_get(cluster_id: int) -> MatrixCluster:
    """The matrix cluster of this organization; 404 otherwise."""
    cluster = MatrixCluster.objects.filter(pk=cluster_id).first()
    if cluster is None:
        raise not_found(_("Matrix cluster not found."))
    return cluster


def _validated(
    *,
    code: str,
    description: str,
    type: str,
    parent_id: int | None,
    subject_id: int | None,
    failure: str,
    exclude_id: int | None = None,
) -> dict:
    errors = FieldErrors()
    code, description = (code or "").strip(), (description or "").strip()
    if not code:
        errors.add("code", _("Required"))
    if not description:
        errors.add("description", _("Required"))
    if type not in TYPES.values:
        errors.add("type", _("Choose one of the allowed values."))
    parent = None
    if type == TYPES.SUBTOPIC:
        if not parent_id:
            errors.add("parent_id", _("A subtopic needs its parent topic."))
        else:
            parent = MatrixCluster.objects.filter(pk=parent_id, type=TYPES.TOPIC).first()
            if parent is None:
                errors.add("parent_id", _("Choose a topic of this organization."))
    subject = Subject.objects.filter(pk=subject_id).first() if subject_id else None
    if subject_id and subject is None:
        errors.add("subject_id", _("Choose one of the allowed values."))
    errors.raise_if_any(failure)
    taken = MatrixCluster.objects.filter(type=type, code__iexact=code)
    if exclude_id:
        taken = taken.exclude(pk=exclude_id)
    if taken.exists():
        raise ApplicationError(
            Code.MATRIX_CODE_TAKEN,
            failure,
            status=409,
            errors={"code": [_("This code is already used for this type.")]},
        )
    return {"code": code, "description": description, "type": type, "parent": parent, "subject": subject}


def cluster_create(
    *, code: str, description: str, type: str, parent_id: int | None = None, subject_id: int | None = None
) -> MatrixCluster:  # noqa: A002
    """Create a cluster. Code and description required; a subtopic needs a parent topic; codes are
    unique per type (409 ``matrix_code_taken``). Message: "Failed to create the matrix"."""
    data = _validated(
        code=code,
        description=description,
        type=type,
        parent_id=parent_id,
        subject_id=subject_id,
        failure=_("Failed to create the matrix cluster"),
    )
    try:
        with transaction.atomic():
            return MatrixCluster.objects.create(**data)
    except IntegrityError as exc:  # a concurrent create of the same code
        raise ApplicationError(
            Code.MATRIX_CODE_TAKEN, _("Failed to create the matrix cluster"), status=409
        ) from exc


def cluster_in_use(cluster: MatrixCluster) -> int:
    """How many questions (any version) are attached to the cluster."""
    return Question.objects.filter(
        Q(topic=cluster) | Q(subtopic=cluster) | Q(complexity_level=cluster) | Q(cognitive_domain=cluster)
    ).count()


@transaction.atomic
def cluster_update(
    *,
    cluster_id: int,
    code: str,
    description: str,
    parent_id: int | None = None,
    subject_id: int | None = None,
) -> MatrixCluster:
    """Change a cluster's code, description, parent topic or subject; its type is fixed.
    Errors as ``cluster_create`` with "Failed to update the matrix cluster"."""
    cluster = cluster_get(cluster_id)
    data = _validated(
        code=code,
        description=description,
        type=cluster.type,
        parent_id=parent_id,
        subject_id=subject_id,
        failure=_("Failed to update the matrix cluster"),
        exclude_id=cluster.pk,
    )
    for key, value in data.items():
        setattr(cluster, key, value)
    cluster.save()
    return cluster


@transaction.atomic
def cluster_delete(*, cluster_id: int) -> None:
    """Delete a cluster. Refused (409 ``matrix_in_use``, "Failed to delete the matrix cluster")
    while questions use it or, for a topic, while it has subtopics."""
    cluster = cluster_get(cluster_id)
    used = cluster_in_use(cluster)
    if used:
        raise ApplicationError(
            Code.MATRIX_IN_USE,
            ngettext(
                "Failed to delete the matrix cluster: %(count)d question uses it.",
                "Failed to delete the matrix cluster: %(count)d questions use it.",
                used,
            )
            % {"count": used},
            status=409,
        )
    if cluster.subtopics.exists():
        raise ApplicationError(
            Code.MATRIX_IN_USE,
            _("Failed to delete the matrix cluster: delete its subtopics first."),
            status=409,
        )
    cluster.delete()
