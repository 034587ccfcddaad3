"""schedule_account_deletion / cancel_account_deletion (issue 24, item 5): the service the
consent withdrawal (helper D) and the profile page call."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from accounts.tests.factories import ProfileFactory
from config.errors import ApplicationError
from data_requests.models import DataRequest
from data_requests.services import cancel_account_deletion, open_deletion, schedule_account_deletion

pytestmark = pytest.mark.django_db


def test_schedule_waits_seven_days_and_mails_the_owner_in_their_language(django_capture_on_commit_callbacks):
    profile = ProfileFactory(user__preferred_language="en", user__name="Lan Anh")
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        request = schedule_account_deletion(
            user=profile.user, requested_by="consent_withdrawn", reason="Parent withdrew"
        )
    assert request.kind == "deletion"
    assert request.status == "scheduled"
    assert request.requested_by == "consent_withdrawn"
    assert request.reason == "Parent withdrew"
    assert before + timedelta(days=7) <= request.due_at <= timezone.now() + timedelta(days=7)
    assert [m.to for m in mail.outbox] == [[profile.user.email]]
    assert mail.outbox[0].subject == "Your account will be deleted"
    assert "The consent to process your data was withdrawn" in mail.outbox[0].body


def test_schedule_is_idempotent_and_a_parent_takes_over_the_learners_request(
    django_capture_on_commit_callbacks,
):
    profile = ProfileFactory()
    with django_capture_on_commit_callbacks(execute=True):
        first = schedule_account_deletion(user=profile.user, requested_by="learner")
        second = schedule_account_deletion(user=profile.user, requested_by="parent", reason="from the link")
    assert second.pk == first.pk
    assert second.due_at == first.due_at
    assert second.requested_by == "parent"
    assert len(mail.outbox) == 1  # one mail for one request
    assert DataRequest.objects.filter(user=profile.user, kind="deletion").count() == 1


def test_only_the_parent_cancels_a_parents_request(django_capture_on_commit_callbacks):
    profile = ProfileFactory(user__preferred_language="en")
    schedule_account_deletion(user=profile.user, requested_by="parent")
    with pytest.raises(ApplicationError) as refused:
        cancel_account_deletion(user=profile.user, cancelled_by="learner")
    assert (refused.value.code, refused.value.status) == ("deletion_not_cancellable", 403)
    with django_capture_on_commit_callbacks(execute=True):
        cancelled = cancel_account_deletion(user=profile.user, cancelled_by="parent")
    assert cancelled.status == "cancelled"
    assert cancelled.cancelled_by == "parent"
    assert open_deletion(user=profile.user) is None
    assert mail.outbox[-1].to == [profile.user.email]
    assert mail.outbox[-1].subject == "The deletion of your account is cancelled"


def test_an_unknown_requester_is_a_programming_error():
    with pytest.raises(ValueError):
        schedule_account_deletion(user=ProfileFactory().user, requested_by="someone")


def test_an_educator_account_is_not_deleted_by_request(org_a):
    educator = ProfileFactory(educator=True, organization=org_a)
    with pytest.raises(ApplicationError) as refused:
        schedule_account_deletion(user=educator.user, requested_by="learner")
    assert (refused.value.code, refused.value.status) == ("educator_account", 409)
