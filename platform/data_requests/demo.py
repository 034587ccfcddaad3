"""Demo personal data requests (issue 37, item 8): two corrections addressed to the centre, so that
its admin's requests page (/organization/data-requests) shows the Law's deadlines at work: one of
``hocsinh11@demo.vn`` received 9 days ago (due tomorrow: due soon) and one of ``hocsinh08@demo.vn``
received 12 days ago (overdue since 2 days). Idempotent: a learner who already has a correction
gets no other."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from accounts.models import User
from data_requests.deadlines import answer_due_on
from data_requests.models import DataRequest

DEMO_CORRECTIONS = (
    ("hocsinh11@demo.vn", 9, "Lớp của em là 9A2, không phải 9A1."),
    ("hocsinh08@demo.vn", 12, "Số điện thoại phụ huynh đúng là 0912 345 678."),
)


def seed_demo_requests(*, organization) -> None:
    """Create the demo corrections addressed to ``organization`` (the centre), received the given
    number of days ago, their due day counted from then (``data_requests.deadlines``)."""
    now = timezone.now()
    for email, days_ago, text in DEMO_CORRECTIONS:
        user = User.objects.filter(email=email).first()
        if user is None or DataRequest.objects.filter(user=user, kind=DataRequest.Kind.CORRECTION).exists():
            continue
        received = now - timedelta(days=days_ago)
        request = DataRequest.objects.create(
            kind=DataRequest.Kind.CORRECTION,
            status=DataRequest.Status.OPEN,
            user=user,
            requested_by=DataRequest.RequestedBy.LEARNER,
            reason=text,
            organization=organization,
            answer_due_on=answer_due_on(DataRequest.Kind.CORRECTION, received),
        )
        DataRequest.objects.filter(pk=request.pk).update(created_at=received)
