"""Every processing of a child's data is behind the consent gate (issue 37, item 3; decision
0048). The list of operations comes from the two OpenAPI documents (``config.tests.test_roles
._operations``), not from a hand-written list: every write operation (POST, PUT, PATCH, DELETE) a
learner can call (roles ``learner``, ``signed_in`` and the public API) is called as a 15-year-old
whose parent has not consented, and must answer the gate's refusal, with its own code and
message, before anything is read. The operations that are not processing of the child's data
are listed in ``OPEN`` with the reason; a new operation that forgets the gate fails here until
it is gated or listed.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from accounts.tests.factories import ProfileFactory
from config.api import api, public_api
from config.tests.test_roles import LEARNER, PUBLIC, SIGNED_IN, _operations
from conftest import client_for
from consent.tests.factories import consent_given
from consent.tests.test_gate import BLOCKED_EN, BLOCKED_VI, RENEWAL_EN, WITHDRAWN_EN, WITHDRAWN_VI

pytestmark = pytest.mark.django_db

WRITES = ("POST", "PUT", "PATCH", "DELETE")
LEARNER_ROLES = (LEARNER, SIGNED_IN, PUBLIC)
CHILD = date(2011, 6, 1)  # 15 in November 2026

CONSENT_ITSELF = "consent itself: how the learner answers the prompt, asks the parent, or withdraws"
PARENT_LINK = (
    "the parent's link (decisions 0021, 0022): the parent consents, withdraws, or asks for the child's data"
)
RIGHTS = (
    "a data subject's right (Law No. 91/2025/QH15, Article 4): a copy of one's data, the deletion "
    "of the account, or its cancellation; refused to nobody"
)
STOPS = "stops processing: removes the learner's own row or cancels an order; nothing new is processed"
SESSION = "the session, not the child's data: signing in and out, switching profile, proving the account"

OPEN = {
    # the learner's session and account
    "POST /api/v1/auth/logout": SESSION,
    "POST /api/v1/users/switch-profile": SESSION,
    "POST /public/api/auth/login": SESSION,
    "POST /public/api/auth/token-exchange": SESSION,
    "POST /public/api/auth/resend-verification-email": SESSION,
    "POST /public/api/users/verify-email": SESSION,
    "POST /public/api/users/forgot-password": SESSION,
    "POST /public/api/users/reset-password": SESSION,
    "POST /public/api/users/register": (
        "sign-up records the learner's own consent and, under 16, mails the parent's request "
        "(decision 0021): the account is the precondition of asking the parent, and nothing else "
        "is processed until the parent consents"
    ),
    "POST /public/api/users/{kind}/check-invitation": "reads an invitation by its token; changes nothing",
    "POST /public/api/users/{kind}/reject-invitation": "refuses an invitation: nothing is processed",
    "POST /public/api/users/{kind}/register-invited": (
        "accepting a learner invitation records the learner's own consent (decision 0021); the "
        "school that invited them can then record the parent's paper consent"
    ),
    "POST /api/v1/users/invitations/{invitation_id}/accept": (
        "joining an organization's roster: how a school that holds the parent's paper form can "
        "record it (decision 0021); nothing of the child's is processed beyond the membership"
    ),
    "POST /api/v1/users/invitations/{invitation_id}/reject": "refuses an invitation: nothing is processed",
    "PUT /api/v1/users/profile/self": (
        "the data subject's correction of their own profile (Law No. 91/2025/QH15, Article 4); "
        "the date of birth the age rule reads is corrected here too"
    ),
    "PUT /api/v1/users/profile/self/grade": "the data subject's correction of their own grade (Article 4)",
    "DELETE /api/v1/users/profile/self/remove-photo": STOPS,
    "POST /api/v1/notification/mark-as-read": "reading one's notifications (one of them may be why the gate refuses)",
    # consent itself
    "POST /api/v1/consent/prompt": CONSENT_ITSELF,
    "POST /api/v1/consent/withdraw": CONSENT_ITSELF,
    "POST /api/v1/consent/parent/resend": CONSENT_ITSELF,
    "PUT /api/v1/consent/parent": CONSENT_ITSELF,
    "POST /api/v1/take-test/{enrollment_id}/camera-consent": (
        "consent itself: the consent to camera proctoring of one test (decision 0023); the video "
        "it allows is gated"
    ),
    "POST /public/api/consent/parent/check": PARENT_LINK,
    "POST /public/api/consent/parent/consent": PARENT_LINK,
    "POST /public/api/consent/parent/withdraw": PARENT_LINK,
    "POST /public/api/consent/birth-date/check": PARENT_LINK,
    "POST /public/api/consent/birth-date/confirm": PARENT_LINK,
    "POST /public/api/consent/birth-date/refuse": PARENT_LINK,
    "POST /public/api/data-requests/parent": PARENT_LINK,
    "POST /public/api/data-requests/parent/export": PARENT_LINK,
    "POST /public/api/data-requests/parent/export/{request_id}/download": PARENT_LINK,
    "POST /public/api/data-requests/parent/deletion": PARENT_LINK,
    "POST /public/api/data-requests/parent/deletion/cancel": PARENT_LINK,
    # the data subject's rights
    "POST /api/v1/data-requests/export": RIGHTS,
    "POST /api/v1/data-requests/deletion": RIGHTS,
    "POST /api/v1/data-requests/deletion/cancel": RIGHTS,
    "POST /api/v1/data-requests/correction": RIGHTS,
    # what stops processing
    "DELETE /api/v1/marketplace/{listing_id}/waiting-list": STOPS,
    "DELETE /api/v1/shopping-cart/{item_id}": STOPS,
    "DELETE /api/v1/transaction/cancel/{transaction_id}": STOPS,
    # browsing
    "POST /api/v1/shopping-cart": (
        "browsing (decision 0021): the cart keeps the listings chosen, by the account's id and "
        "nothing else of the child's; the checkout that makes it an order is gated"
    ),
}


# A sitting in progress (issue 37, item 6; decision 0049): the saves, events and submission of an
# attempt that started behind the gate (the start is gated) are not declared behind it, so that a
# save stays one statement and a notice's new version does not cut a sitting short (decision
# 0048); a withdrawal ends the sitting in its own transaction, and from then on each of these
# answers the gate's own refusal. They are walked in that state, with a real attempt, below.
SITTING = (
    "PUT /api/v1/take-test/{enrollment_id}/answers/{question_id}",
    "POST /api/v1/take-test/{enrollment_id}/events",
    "POST /api/v1/take-test/{enrollment_id}/submit",
)


def learner_writes() -> list[str]:
    """Every write operation a learner (or anyone, on the public API) can call, from the schemas."""
    return sorted(
        op
        for op, (role, _declared) in _operations().items()
        if op.split()[0] in WRITES and role in LEARNER_ROLES
    )


def gated() -> list[str]:
    return [op for op in learner_writes() if op not in OPEN and op not in SITTING]


def call(client, op: str, **extra):
    """The operation with every path parameter 1 and an empty JSON body: the gate answers before
    the input is read."""
    method, path = op.split(" ", 1)
    path = re.sub(r"\{[^}]+\}", "1", path)
    return getattr(client, method.lower())(path, "{}", content_type="application/json", **extra)


def refusal(response) -> tuple[int, str, str]:
    body = response.json()
    return response.status_code, body.get("code", ""), body.get("message", "")


def gate_declared() -> dict[str, bool]:
    """``"METHOD /path"`` of every operation of both documents -> whether its authentication is
    the consent gate's (``consent.gate.ConsentedLearnerAuth`` / ``ConsentedProfileAuth``)."""
    found = {}
    for ninja_api in (api, public_api):
        by_id = {}
        for bound in ninja_api._get_bound_routers():
            for path_view in bound.path_operations.values():
                for operation in path_view.operations:
                    operation_id = operation.operation_id or ninja_api.get_openapi_operation_id(operation)
                    by_id[operation_id] = operation
        for path, methods in ninja_api.get_openapi_schema()["paths"].items():
            for method, details in methods.items():
                callbacks = by_id[details["operationId"]].auth_callbacks
                found[f"{method.upper()} {path}"] = any(getattr(a, "consent_gated", False) for a in callbacks)
    return found


def test_the_list_is_the_schemas_and_every_open_operation_is_a_real_ungated_one():
    writes = learner_writes()
    assert len(writes) > 40  # both documents were read
    assert "POST /api/v1/surveys/submissions/{user_survey_id}/start" in gated()
    assert "POST /api/v1/transaction/checkout" in gated()
    stale = sorted((set(OPEN) | set(SITTING)) - set(writes))
    assert not stale, "OPEN names operations that are not learner write operations: " + ", ".join(stale)
    declared = gate_declared()
    behind = sorted(op for op in [*OPEN, *SITTING] if declared[op])
    assert not behind, "OPEN names operations that are behind the gate: " + ", ".join(behind)


@pytest.mark.parametrize("language", ["en", "vi"])
def test_every_learner_write_operation_refuses_a_child_without_a_parents_consent(language):
    child = ProfileFactory(date_of_birth=CHILD)  # their own consent to the notices in force
    client = client_for(child)
    expected = (403, "parental_consent_required", BLOCKED_EN if language == "en" else BLOCKED_VI)
    wrong = {
        op: refusal(res)
        for op in gated()
        if refusal(res := call(client, op, HTTP_ACCEPT_LANGUAGE=language)) != expected
    }
    assert not wrong, wrong


def test_every_learner_write_operation_refuses_a_child_whose_parent_consented_to_an_earlier_version():
    child = ProfileFactory(date_of_birth=CHILD)
    consent_given(child.user, subject="parent", source="paper", earlier=True)
    client = client_for(child)
    expected = (403, "parental_consent_required", RENEWAL_EN)
    wrong = {
        op: refusal(res)
        for op in gated()
        if refusal(res := call(client, op, HTTP_ACCEPT_LANGUAGE="en")) != expected
    }
    assert not wrong, wrong


@pytest.mark.parametrize("language", ["en", "vi"])
def test_every_write_of_a_sitting_a_withdrawal_ended_answers_the_gates_refusal(
    language, as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
):
    """The operations of ``SITTING``, called as a 14-year-old whose parent withdrew during the
    test (issue 37, item 6), each with a well-formed request of this device: the gate's refusal,
    its code and message in the reader's language."""
    from django.test import Client

    from sitting.tests.test_withdrawal import sitting_of_a_child_with_a_parents_consent

    learner, client, eid, token, questions, link = sitting_of_a_child_with_a_parents_consent(
        as_educator_a, bank, round_id, org_a, django_capture_on_commit_callbacks
    )
    withdrawn = Client().post(
        "/public/api/consent/parent/withdraw", {"token": link}, content_type="application/json"
    )
    assert withdrawn.status_code == 200, withdrawn.json()
    bodies = {
        SITTING[0]: {"answer": {"value": False}, "seq": 2, "flagged": False},
        SITTING[1]: {"kind": "blur"},
        SITTING[2]: {},
    }
    expected = (403, "parental_consent_required", WITHDRAWN_EN if language == "en" else WITHDRAWN_VI)
    answers = {}
    for op in SITTING:
        method, path = op.split(" ", 1)
        path = path.replace("{enrollment_id}", str(eid)).replace("{question_id}", str(questions[1]["id"]))
        res = getattr(client, method.lower())(
            path,
            bodies[op],
            content_type="application/json",
            headers={"X-Device-Token": token, "Accept-Language": language},
        )
        answers[op] = refusal(res)
    assert answers == dict.fromkeys(SITTING, expected)
