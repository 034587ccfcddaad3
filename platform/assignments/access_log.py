"""What the access log names for each private-file endpoint of assignments (issue 24, item 4;
``privacy.access.private_file``): the object opened, as named now, and the learner concerned.
Each runs after its endpoint succeeded, in the educator's organization's schema: one query."""

from __future__ import annotations

from assessments.models import Batch, TestPreset
from assignments.models import Attempt
from privacy.services import AccessSubject


def attempt_video_subject(attempt_id: int | str) -> AccessSubject:
    """An attempt's proctoring video: the attempt, the test's name and the learner."""
    t = Attempt.objects.select_related("assignment__preset").get(pk=int(attempt_id))
    a = t.assignment
    return AccessSubject(
        object_type="attempt",
        object_id=t.pk,
        label=a.preset.name,
        learner_profile_id=a.learner_profile_id,
        learner_name=a.learner_name,
    )


def preset_subject(preset_id: int | str) -> AccessSubject:
    """A file about a whole test (its gradebook, its item analysis): the test and its name."""
    preset = TestPreset.objects.only("id", "name").get(pk=int(preset_id))
    return AccessSubject(object_type="test_preset", object_id=preset.pk, label=preset.name)


def batch_subject(batch_id: int | str) -> AccessSubject:
    """A file about one batch: the batch, named "<test> · <batch>" (the test's name alone for a
    batch without a name)."""
    batch = Batch.objects.select_related("preset").only("id", "name", "preset__name").get(pk=int(batch_id))
    label = f"{batch.preset.name} · {batch.name}" if batch.name else batch.preset.name
    return AccessSubject(object_type="batch", object_id=batch.pk, label=label)
