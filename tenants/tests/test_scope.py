"""tenants.scope: the only ways to move between organizations' schemas (issue 17, item 3)."""

from __future__ import annotations

import pytest
from django.db import connection

from accounts.models import Enrollment
from assessments.models import QuestionBank
from config.errors import ApplicationError
from tenants import scope
from tenants.services import public_tenant_ensure

pytestmark = pytest.mark.django_db


def test_every_ready_organization_runs_and_one_failure_does_not_stop_the_others(org_a, org_b):
    public_tenant_ensure()  # READY too, as under ./ops/run: never visited
    seen = []

    def count_banks():
        seen.append(connection.schema_name)
        if connection.schema_name == org_a.schema_name:
            raise RuntimeError("broken organization")
        return QuestionBank.objects.count()

    assert scope.for_each_ready_organization(count_banks, label="test") == {org_b.schema_name: 0}
    assert seen == [org_a.schema_name, org_b.schema_name]
    assert connection.schema_name == "public"


def test_union_all_quotes_schema_names_and_keeps_the_parameters():
    sql = scope.union_all("SELECT %s::text FROM {schema}.t JOIN {public}.e ON TRUE", ["org_a", 'org"b'])
    assert sql == (
        'SELECT %s::text FROM "org_a".t JOIN "public".e ON TRUE UNION ALL '
        'SELECT %s::text FROM "org""b".t JOIN "public".e ON TRUE'
    )
    with pytest.raises(ValueError):
        scope.union_all("SELECT 1", [])


def test_an_enrollment_opens_only_for_its_owner(org_a, learner, educator_a):
    enrollment = Enrollment.objects.create(
        profile=learner, organization=org_a, kind=Enrollment.Kind.TEST, object_id=1, item_id=1, name="Toán 9"
    )
    with scope.owned_enrollment(
        profile=learner, enrollment_id=enrollment.pk, kind="test", message="Không thấy."
    ) as e:
        assert e == enrollment
        assert connection.schema_name == org_a.schema_name
    assert connection.schema_name == "public"
    for profile, kind in ((educator_a, "test"), (learner, "survey")):
        with pytest.raises(ApplicationError) as raised:
            with scope.owned_enrollment(
                profile=profile, enrollment_id=enrollment.pk, kind=kind, message="Không thấy."
            ):
                pass
        assert raised.value.status == 404
        assert raised.value.message == "Không thấy."


def test_a_profile_activates_its_schema(educator_a, learner):
    scope.profile_schema_activate(educator_a)
    assert connection.schema_name == educator_a.organization.schema_name
    scope.profile_schema_activate(learner)
    assert connection.schema_name == "public"
    scope.profile_schema_activate(None)
    assert connection.schema_name == "public"
