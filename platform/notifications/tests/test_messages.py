"""Notification texts show instants as Vietnam time in the READER's language, formatted when read
(issue 17, items 1 and 7): an 08:00 batch is announced as "08:00 28/11/2026" to a Vietnamese
reader and "28 Nov 2026, 08:00" to an English one, never "01:00" (UTC) or one fixed format."""

from __future__ import annotations

import importlib
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from django.apps import apps

from conftest import client_for
from notifications.messages import render, shown_args
from notifications.models import Notification
from notifications.services import notify

pytestmark = pytest.mark.django_db

STARTS_AT = datetime(2026, 11, 28, 1, 0, tzinfo=UTC)  # 08:00 on 28/11/2026 in Vietnam
BODY_VI = "Bài Toán 12 của bạn bắt đầu lúc 08:00 28/11/2026. Hãy chuẩn bị camera và một phòng yên tĩnh."
BODY_EN = "Your test Toán 12 starts at 28 Nov 2026, 08:00. Prepare your camera and a quiet room."


def _scheduled(profile, starts_at) -> Notification:
    return notify(
        recipients=profile,
        notifiable_type=Notification.Type.TEST_SCHEDULED,
        title_key="test_scheduled.title",
        body_key="test_scheduled.body",
        title_args={"test": "Toán 12"},
        body_args={"test": "Toán 12", "starts_at": starts_at},
        actions=[{"url": "/assignment/student", "target": "_self", "label": "action.view_test"}],
    )[0]


def test_render_formats_instants_for_the_reader():
    args = {"test": "Toán 12", "starts_at": "2026-11-28T01:00:00Z"}
    assert render("test_scheduled.body", args, language="vi") == BODY_VI
    assert render("test_scheduled.body", args, language="en") == BODY_EN
    # the same instant written with another offset is the same Vietnam time
    args["starts_at"] = "2026-11-28T08:00:00+07:00"
    assert render("test_scheduled.body", args, language="en") == BODY_EN


def test_scheduled_notification_reads_in_vietnam_time_per_reader(learner):
    made = _scheduled(learner, STARTS_AT)
    assert made.body_args == {"test": "Toán 12", "starts_at": "2026-11-28T01:00:00+00:00"}
    client = client_for(learner)
    vi = client.get("/api/v1/notification/list", HTTP_ACCEPT_LANGUAGE="vi").json()["data"]["items"][0]
    en = client.get("/api/v1/notification/list", HTTP_ACCEPT_LANGUAGE="en").json()["data"]["items"][0]
    assert vi["body"] == BODY_VI
    assert en["body"] == BODY_EN
    assert en["title"] == "Toán 12 is scheduled"
    assert vi["body_args"]["starts_at"] == en["body_args"]["starts_at"] == "2026-11-28T01:00:00Z"
    assert vi["body_args"]["test"] == "Toán 12" and vi["body_args"]["available"] is None


def test_notify_refuses_an_instant_that_is_not_one(learner):
    with pytest.raises(ValueError):
        _scheduled(learner, datetime(2026, 11, 28, 8, 0))  # naive: whose 08:00?
    with pytest.raises(ValueError):
        _scheduled(learner, "08:00 28/11/2026")  # already formatted: one language, one zone
    assert not Notification.objects.filter(recipient=learner).exists()


def test_migration_turns_stored_utc_texts_into_instants(learner):
    legacy = Notification.objects.create(
        recipient=learner,
        notifiable_type=Notification.Type.TEST_SCHEDULED,
        title_key="test_scheduled.title",
        body_key="test_scheduled.body",
        title_args={"test": "Toán 12"},
        body_args={"test": "Toán 12", "start": "01:00 28/11/2026"},  # as written under TIME_ZONE UTC
    )
    unreadable = Notification.objects.create(
        recipient=learner,
        notifiable_type=Notification.Type.TEST_SCHEDULED,
        title_key="test_scheduled.title",
        body_key="test_scheduled.body",
        body_args={"test": "Toán 12", "start": "soon"},
    )
    migration = importlib.import_module("notifications.migrations.0002_starts_at_instant")
    migration.forwards(apps, SimpleNamespace(connection=SimpleNamespace(schema_name="public")))
    legacy.refresh_from_db()
    unreadable.refresh_from_db()
    assert legacy.body_args == {"test": "Toán 12", "starts_at": "2026-11-28T01:00:00+00:00"}
    assert render(legacy.body_key, legacy.body_args, language="vi") == BODY_VI
    assert unreadable.body_args == {"test": "Toán 12", "start": "soon"}


def test_render_formats_scores_for_the_reader():
    """``*_score`` arguments are decimal text, shown in the reader's number format, out of
    ``max_score`` as the result writes a score on its scale (issue 39 item 2; decision 0056)."""
    args = {"test": "Toán 9", "old_score": "8.75", "new_score": "7.00", "max_score": "10.00"}
    assert render("result_corrected.body", args, language="vi") == (
        "Đáp án một câu hỏi trong bài Toán 9 đã được sửa sau khi thi. Điểm của bạn đổi từ 8,75/10 "
        "thành 7,00/10."
    )
    assert render("result_corrected.body", args, language="en").endswith(
        "Your score changed from 8.75/10 to 7.00/10."
    )
    # a notification made in raw points (before the scale) reads as points of the attempt's maximum
    raw = {"test": "Toán 9", "old_score": "7.00", "new_score": "5.50", "max_score": "7.00"}
    assert render("result_corrected.body", raw, language="vi").endswith("đổi từ 7,00/7 thành 5,50/7.")
    # a score without a readable maximum is written alone; one that is no number as stored
    assert shown_args({"old_score": "7.5", "max_score": "?"}, language="vi") == {
        "old_score": "7,5",
        "max_score": "?",
    }
    assert shown_args({"old_score": "n/a", "new_score": "7.25"}, language="en") == {
        "old_score": "n/a",
        "new_score": "7.25",
    }


def test_the_inbox_lists_every_type_of_notification():
    """``NotificationOut`` names each ``Notification.Type`` (a PersonalDataRequest notification made
    the inbox answer 500 when the schema's list had fallen behind the model's)."""
    from typing import get_args

    from notifications.schemas import NotificationOut

    listed = set(get_args(NotificationOut.model_fields["notifiable_type"].annotation))
    assert listed == set(Notification.Type.values)
