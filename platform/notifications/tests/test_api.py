"""Notifications API (spec sections 3, 4, 7): keyset pages of 5, unread filter, mark read."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.tests.factories import ProfileFactory
from conftest import client_for
from notifications.models import Notification
from notifications.services import notify

pytestmark = pytest.mark.django_db

J = "application/json"


def _seed(profile, n: int) -> list[Notification]:
    out = []
    for i in range(n):
        out += notify(
            recipients=profile,
            notifiable_type=Notification.Type.TEST_SCHEDULED,
            title_key="test_scheduled.title",
            body_key="test_scheduled.body",
            title_args={"test": f"Bài {i}"},
            body_args={"test": f"Bài {i}", "starts_at": "2026-11-29T01:00:00+00:00"},
            actions=[{"url": "/assignment/student", "target": "_self", "label": "action.view_test"}],
        )
    return out


def test_pages_by_offset_id_newest_first(learner):
    made = _seed(learner, 12)
    client = client_for(learner)
    page1 = client.get("/api/v1/notification/list?limit=5").json()["data"]
    assert [i["id"] for i in page1["items"]] == [n.id for n in reversed(made)][:5]
    assert page1["has_more_record"] is True and page1["next_offset_id"] == page1["items"][-1]["id"]
    page2 = client.get(f"/api/v1/notification/list?limit=5&offset_id={page1['next_offset_id']}").json()[
        "data"
    ]
    page3 = client.get(f"/api/v1/notification/list?limit=5&offset_id={page2['next_offset_id']}").json()[
        "data"
    ]
    assert len(page3["items"]) == 2 and page3["has_more_record"] is False and page3["next_offset_id"] is None
    ids = [i["id"] for p in (page1, page2, page3) for i in p["items"]]
    assert len(set(ids)) == 12


def test_item_shape_and_language(learner):
    _seed(learner, 1)
    client = client_for(learner)
    vi = client.get("/api/v1/notification/list").json()["data"]["items"][0]
    en = client.get("/api/v1/notification/list", HTTP_ACCEPT_LANGUAGE="en").json()["data"]["items"][0]
    assert set(vi) == {
        "id",
        "title",
        "body",
        "created_at",
        "has_read",
        "actions",
        "notifiable_type",
        "title_args",
        "body_args",
    }
    assert en["title"] == "Bài 0 is scheduled"
    assert vi["title"] != en["title"] and "Bài 0" in vi["title"]
    assert en["actions"] == [{"url": "/assignment/student", "target": "_self", "label": "View test"}]
    assert vi["notifiable_type"] == "TestScheduled" and vi["has_read"] is False


def test_unread_filter_and_mark_read(learner):
    made = _seed(learner, 4)
    other = ProfileFactory()
    theirs = _seed(other, 1)[0]
    client = client_for(learner)
    res = client.post("/api/v1/notification/mark-as-read", {"ids": [made[0].id, theirs.id]}, content_type=J)
    assert res.json()["data"] == {"updated": 1, "unread_count": 3}
    theirs.refresh_from_db()
    assert theirs.has_read is False  # someone else's id is ignored
    unread = client.get("/api/v1/notification/list?has_read=false").json()["data"]["items"]
    assert made[0].id not in {i["id"] for i in unread} and len(unread) == 3
    assert client.get("/api/v1/notification/unread-count").json()["data"]["count"] == 3
    res = client.post("/api/v1/notification/mark-as-read", {"all": True}, content_type=J)
    assert res.json()["data"] == {"updated": 3, "unread_count": 0}
    assert client.get("/api/v1/notification/list?has_read=false").json()["data"]["items"] == []


def test_notifications_are_per_profile_and_need_a_session(learner):
    _seed(ProfileFactory(), 3)
    assert client_for(learner).get("/api/v1/notification/list").json()["data"]["items"] == []
    assert Client().get("/api/v1/notification/list").status_code == 401


def test_list_constant_queries(learner, django_assert_max_num_queries):
    _seed(learner, 20)
    client = client_for(learner)
    with django_assert_max_num_queries(4):  # + the session row
        res = client.get("/api/v1/notification/list?limit=20")
    assert len(res.json()["data"]["items"]) == 20


def test_notify_rejects_unknown_keys(learner):
    with pytest.raises(ValueError):
        notify(
            recipients=learner,
            notifiable_type="Nope",
            title_key="test_scheduled.title",
            body_key="test_scheduled.body",
        )
    with pytest.raises(ValueError):
        notify(
            recipients=learner,
            notifiable_type="TestScheduled",
            title_key="nope",
            body_key="test_scheduled.body",
        )
