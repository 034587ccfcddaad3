"""The Law's deadlines for answering a data subject's request (issue 37, item 8; decision 0050):
each request stores its due day (new ones and, by the migration, the old ones); the requester
sees it; an organization's admins list the requests concerning them by due day, with due-soon
and overdue ones counted and filtered, answer corrections, and are reminded each day; nothing
of another organization is shown or answered."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
import time_machine
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from accounts.tests.factories import PASSWORD, ProfileFactory, UserFactory
from conftest import client_for
from data_requests.deadlines import ANSWER_DAYS, answer_due_on, due_state
from data_requests.models import DataRequest
from data_requests.services import deadline_reminders, grace_days
from notifications.messages import render
from notifications.models import Notification

pytestmark = pytest.mark.django_db
AT = datetime(2026, 11, 28, 1, 0, tzinfo=UTC)  # 08:00 28/11/2026 Vietnam time
STATE = "/api/v1/data-requests"
ORG = "/api/v1/organization/data-requests"


def test_a_request_is_due_ten_vietnam_days_after_the_day_it_was_received():
    late_evening = datetime(2026, 11, 28, 16, 30, tzinfo=UTC)  # 23:30 28/11 Vietnam time
    after_midnight = datetime(2026, 11, 28, 17, 30, tzinfo=UTC)  # 00:30 29/11 Vietnam time
    assert answer_due_on("export", late_evening) == date(2026, 12, 8)
    assert answer_due_on("correction", after_midnight) == date(2026, 12, 9)
    assert answer_due_on("deletion", AT) == date(2026, 12, 8)
    today = date(2026, 12, 6)
    assert [due_state(date(2026, 12, d), today=today) for d in (5, 6, 8, 9)] == [
        "overdue",
        "due_soon",
        "due_soon",
        "on_time",
    ]


def test_the_grace_period_of_a_deletion_ends_before_its_deadline():
    assert grace_days() < ANSWER_DAYS["deletion"]


def test_the_requester_sees_the_day_each_request_will_be_answered_by(learner, org_a):
    client = client_for(learner)
    with time_machine.travel(AT, tick=False):
        client.post("/api/v1/data-requests/export")
        client.post("/api/v1/data-requests/deletion", {"password": PASSWORD}, content_type="application/json")
        state = client.get(STATE).json()["data"]
    assert state["export"]["answer_due_on"] == "2026-12-08"
    assert state["deletion"]["answer_due_on"] == "2026-12-08"
    assert state["deletion"]["due_at"] == "2026-12-05T01:00:00Z"  # the grace period ends first
    assert state["answer_days"] == {"export": 10, "correction": 10, "deletion": 10, "withdrawal": 15}
    assert state["corrections"] == [] and state["correction_organizations"] == []


@pytest.fixture
def rostered(org_a):
    """A learner on organization A's roster (a LEARNER profile of A)."""
    return ProfileFactory(organization=org_a, user__name="Nguyễn Thu Hà")


def test_a_correction_is_listed_by_its_due_day_answered_by_the_admin_and_hidden_from_others(
    rostered, org_a, educator_a, educator_b
):
    learner = client_for(rostered)
    with time_machine.travel(AT, tick=False):
        choices = learner.get(STATE).json()["data"]["correction_organizations"]
        assert choices == [{"id": org_a.pk, "name": org_a.shown_name}]
        res = learner.post(
            "/api/v1/data-requests/correction",
            {"organization_id": org_a.pk, "text": "Ngày sinh đúng là 12/03/2011, không phải 21/03/2011."},
            content_type="application/json",
            HTTP_ACCEPT_LANGUAGE="en",
        )
    assert res.status_code == 201 and res.json()["message"] == "Your request was sent."
    correction = res.json()["data"]
    assert (correction["status"], correction["answer_due_on"], correction["organization_name"]) == (
        "open",
        "2026-12-08",
        org_a.shown_name,
    )
    admin = client_for(educator_a)
    with time_machine.travel(datetime(2026, 12, 1, 1, 0, tzinfo=UTC), tick=False):
        page = admin.get(ORG).json()["data"]
    assert (page["total"], page["open"], page["due_soon"], page["overdue"]) == (1, 1, 0, 0)
    row = page["items"][0]
    assert row == {
        "id": correction["id"],
        "kind": "correction",
        "status": "open",
        "requested_by": "learner",
        "requester_name": "Nguyễn Thu Hà",
        "requester_email": rostered.user.email,
        "text": "Ngày sinh đúng là 12/03/2011, không phải 21/03/2011.",
        "created_at": "2026-11-28T01:00:00Z",
        "answer_due_on": "2026-12-08",
        "due_state": "on_time",
        "answer": "",
        "answered_by_name": "",
        "answered_at": None,
        "can_answer": True,
    }
    with time_machine.travel(datetime(2026, 12, 6, 1, 0, tzinfo=UTC), tick=False):
        page = admin.get(ORG, {"state": "due_soon"}).json()["data"]
    assert [r["due_state"] for r in page["items"]] == ["due_soon"] and page["due_soon"] == 1
    with time_machine.travel(datetime(2026, 12, 9, 1, 0, tzinfo=UTC), tick=False):
        page = admin.get(ORG, {"state": "overdue"}).json()["data"]
        assert [r["due_state"] for r in page["items"]] == ["overdue"] and page["overdue"] == 1
        assert admin.get(ORG, {"state": "answered"}).json()["data"]["total"] == 0
        # organization B neither sees nor answers it
        other = client_for(educator_b)
        assert other.get(ORG, {"state": ""}).json()["data"]["total"] == 0
        url = f"{ORG}/{correction['id']}/answer"
        res = other.post(url, {"outcome": "done", "answer": ""}, content_type="application/json")
        assert res.status_code == 404 and res.json()["code"] == "not_found"
        res = admin.post(url, {"outcome": "refused", "answer": " "}, content_type="application/json")
        assert res.status_code == 400
        assert res.json()["errors"] == {"answer": ["Hãy cho biết vì sao không chỉnh sửa dữ liệu."]}
        res = admin.post(
            url,
            {"outcome": "done", "answer": "Đã sửa ngày sinh thành 12/03/2011."},
            content_type="application/json",
        )
        assert res.status_code == 200 and res.json()["message"] == "Đã gửi câu trả lời."
        answered = res.json()["data"]
        assert (answered["status"], answered["due_state"], answered["can_answer"]) == (
            "done",
            "answered",
            False,
        )
        assert answered["answered_at"] == "2026-12-09T01:00:00Z"
        assert answered["answered_by_name"] == educator_a.user.name
        again = admin.post(url, {"outcome": "refused", "answer": "x"}, content_type="application/json")
        assert again.status_code == 409 and again.json()["code"] == "request_already_answered"
        assert admin.get(ORG, {"state": "answered"}).json()["data"]["total"] == 1
    shown = learner.get(STATE).json()["data"]["corrections"][0]
    assert (shown["status"], shown["answer"]) == ("done", "Đã sửa ngày sinh thành 12/03/2011.")
    note = Notification.objects.get(recipient=rostered)
    assert (note.notifiable_type, note.title_key, note.body_key) == (
        "PersonalDataRequest",
        "data_request_answered.title",
        "data_request_answered.done",
    )
    assert render(note.body_key, note.body_args, language="en") == (
        "Your data was corrected. Đã sửa ngày sinh thành 12/03/2011."
    )


def test_a_correction_is_checked_before_it_is_stored(rostered, org_b):
    learner = client_for(rostered)
    res = learner.post(
        "/api/v1/data-requests/correction",
        {"organization_id": org_b.pk, "text": "ngắn"},
        content_type="application/json",
    )
    assert res.status_code == 400
    assert res.json()["errors"] == {
        "text": ["Hãy cho biết thông tin nào sai và cần sửa thành gì (ít nhất 10 ký tự)."],
        "organization_id": ["Hãy chọn một tổ chức của bạn, hoặc nền tảng."],
    }
    too_long = learner.post(
        "/api/v1/data-requests/correction", {"text": "x" * 1001}, content_type="application/json"
    )
    assert too_long.status_code == 422
    for n in range(5):
        res = learner.post(
            "/api/v1/data-requests/correction",
            {"text": f"Số CCCD thứ {n} bị nhập sai một chữ số."},
            content_type="application/json",
        )
        assert res.status_code == 201 and res.json()["data"]["organization_name"] is None
    res = learner.post(
        "/api/v1/data-requests/correction",
        {"text": "Số CCCD bị nhập sai một chữ số."},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert res.status_code == 409 and res.json()["code"] == "too_many_open_corrections"
    assert res.json()["message"] == "You already have 5 corrections waiting for an answer."
    assert DataRequest.objects.filter(user=rostered.user, kind="correction").count() == 5


def test_the_admins_list_holds_the_copies_and_deletions_of_their_learners_nearest_due_first(
    rostered, org_a, org_b, educator_a, educator_b, django_capture_on_commit_callbacks, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    elsewhere = ProfileFactory(organization=org_b)
    with time_machine.travel(datetime(2026, 11, 20, 1, 0, tzinfo=UTC), tick=False):
        client_for(rostered).post(
            "/api/v1/data-requests/deletion", {"password": PASSWORD}, content_type="application/json"
        )
    with time_machine.travel(AT, tick=False):
        client_for(rostered).post(
            "/api/v1/data-requests/correction",
            {"organization_id": org_a.pk, "text": "Tên trường ghi sai: THCS Lê Lợi."},
            content_type="application/json",
        )
        with django_capture_on_commit_callbacks(execute=True):
            client_for(elsewhere).post("/api/v1/data-requests/export")  # ready at once (huey inline)
    with time_machine.travel(datetime(2026, 11, 30, 1, 0, tzinfo=UTC), tick=False):
        page = client_for(educator_a).get(ORG, {"state": ""}).json()["data"]
        other = client_for(educator_b).get(ORG, {"state": ""}).json()["data"]
    assert [(r["kind"], r["answer_due_on"], r["due_state"], r["can_answer"]) for r in page["items"]] == [
        ("deletion", "2026-11-30", "due_soon", False),
        ("correction", "2026-12-08", "on_time", True),
    ]
    assert [(r["kind"], r["status"], r["due_state"]) for r in other["items"]] == [
        ("export", "ready", "answered")
    ]
    assert (other["open"], other["due_soon"], other["overdue"]) == (0, 0, 0)


def test_the_admins_are_reminded_each_day_of_what_is_due_within_two_days(
    rostered, org_a, educator_a, educator_b
):
    second_admin = ProfileFactory(educator=True, organization=org_a, is_admin=True)
    ProfileFactory(educator=True, organization=org_a, is_admin=False)  # not an admin: not reminded
    with time_machine.travel(datetime(2026, 11, 20, 1, 0, tzinfo=UTC), tick=False):
        client_for(rostered).post(
            "/api/v1/data-requests/correction",
            {"organization_id": org_a.pk, "text": "Lớp ghi sai: 9A2 chứ không phải 9A1."},
            content_type="application/json",
        )  # due 30/11
    with time_machine.travel(datetime(2026, 11, 27, 1, 0, tzinfo=UTC), tick=False):
        client_for(rostered).post(
            "/api/v1/data-requests/correction",
            {"organization_id": org_a.pk, "text": "Số điện thoại phụ huynh ghi sai."},
            content_type="application/json",
        )  # due 07/12
    with time_machine.travel(datetime(2026, 12, 1, 1, 5, tzinfo=UTC), tick=False):
        assert deadline_reminders() == 2
    notes = Notification.objects.filter(notifiable_type="PersonalDataRequest").order_by("recipient_id")
    assert [n.recipient_id for n in notes] == sorted([educator_a.pk, second_admin.pk])
    note = notes[0]
    assert (
        render(note.title_key, note.title_args, language="vi")
        == "1 yêu cầu về dữ liệu cá nhân sắp đến hạn trả lời"
    )
    assert render(note.body_key, note.body_args, language="en") == (
        "1 requests about personal data must be answered within 2 days; 1 of them are overdue. "
        "The Law sets these deadlines."
    )
    assert note.actions == [
        {"url": "/organization/data-requests", "target": "_self", "label": "action.view_requests"}
    ]
    with time_machine.travel(datetime(2026, 12, 5, 1, 5, tzinfo=UTC), tick=False):
        Notification.objects.all().delete()
        assert deadline_reminders() == 2  # now both are due within 2 days (07/12) or overdue
        assert Notification.objects.get(recipient=educator_a).body_args == {
            "count": 2,
            "overdue": 1,
            "days": 2,
        }
    assert not Notification.objects.filter(recipient=educator_b).exists()


def test_the_superadmin_answers_a_correction_addressed_to_the_platform(learner):
    with time_machine.travel(AT, tick=False):
        res = client_for(learner).post(
            "/api/v1/data-requests/correction",
            {"text": "Số CCCD đúng là 079211000123."},
            content_type="application/json",
        )
    request_id = res.json()["data"]["id"]
    admin = Client()
    admin.force_login(UserFactory(is_staff=True, is_superuser=True, name="Quản trị nền tảng"))
    url = f"/admin/data_requests/datarequest/{request_id}/change/"
    refused = admin.post(url, {"status": "refused", "answer": ""})
    assert (
        refused.status_code == 200
        and "Hãy cho biết vì sao không chỉnh sửa dữ liệu." in refused.content.decode()
    )
    done = admin.post(url, {"status": "done", "answer": "Đã sửa số CCCD."})
    assert done.status_code == 302
    request = DataRequest.objects.get(pk=request_id)
    assert (request.status, request.answer, request.answered_by_name) == (
        "done",
        "Đã sửa số CCCD.",
        "Quản trị nền tảng",
    )
    assert Notification.objects.get(recipient=learner).body_key == "data_request_answered.done"
    assert admin.get(url).status_code == 200  # read-only now


def test_the_migration_gives_every_existing_request_its_due_day():
    learner = ProfileFactory()
    executor = MigrationExecutor(connection)
    executor.migrate([("data_requests", "0001_initial")])
    with connection.cursor() as cursor:
        for kind, status, created in (
            ("export", "ready", "2026-11-28 16:30:00+00"),  # 23:30 28/11 Vietnam time
            ("deletion", "scheduled", "2026-11-28 17:30:00+00"),  # 00:30 29/11 Vietnam time
        ):
            cursor.execute(
                "INSERT INTO data_requests_datarequest (id, kind, status, user_id, requested_by, reason, "
                "language, steps_total, steps_done, file, file_size, summary, error_code, error_message, "
                "cancelled_by, created_at) VALUES (gen_random_uuid(), %s, %s, %s, 'learner', '', 'vi', 0, 0, "
                "'', 0, '{}', '', '', '', %s)",
                [kind, status, learner.user_id, created],
            )
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the rows' checks, before the table changes
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes("data_requests"))
    rows = DataRequest.objects.filter(user=learner.user).order_by("kind").values_list("kind", "answer_due_on")
    assert list(rows) == [("deletion", date(2026, 12, 9)), ("export", date(2026, 12, 8))]


def test_the_demo_shows_a_correction_due_soon_and_an_overdue_one_once(org_a, educator_a):
    from data_requests.demo import seed_demo_requests

    for email in ("hocsinh11@demo.vn", "hocsinh08@demo.vn"):
        ProfileFactory(organization=org_a, user__email=email)
    with time_machine.travel(AT, tick=False):
        seed_demo_requests(organization=org_a)
        seed_demo_requests(organization=org_a)  # idempotent
        page = client_for(educator_a).get(ORG).json()["data"]
    assert [(r["requester_email"], r["answer_due_on"], r["due_state"]) for r in page["items"]] == [
        ("hocsinh08@demo.vn", "2026-11-26", "overdue"),
        ("hocsinh11@demo.vn", "2026-11-29", "due_soon"),
    ]
    assert page["items"][0]["created_at"] == "2026-11-16T01:00:00Z"
