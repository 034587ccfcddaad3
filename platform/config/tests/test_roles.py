"""Every operation's required role, read from its authentication (issue 35, item 5; decision
0041; ``accounts.auth``).

``REQUIRED_ROLE`` lists every operation of both OpenAPI documents with the role its Ninja
authentication declares (the class's ``role``); an operation missing from the table, one whose
role differs, one of ``/api/v1/`` that leaves its role to the API's default instead of declaring it
on its router or itself, and a table row without an operation each fail with their names. A new
endpoint therefore needs a row here and an ``auth=`` (or a router that has one).

Then, per role, a profile of another role is refused with the code and message the SPA shows,
before the operation reads its input.
"""

from __future__ import annotations

import pytest
from ninja.constants import NOT_SET

from accounts.tests.factories import ProfileFactory
from config.api import api, public_api
from conftest import client_for
from surveys.tests.helpers import allow

PUBLIC = "public"  # config.api.public_api: no authentication
SIGNED_IN = "signed_in"  # ProfileSessionAuth: any profile
LEARNER = "learner"  # LearnerSessionAuth
EDUCATOR = "educator"  # EducatorSessionAuth
ORG_ADMIN = "org_admin"  # OrgAdminSessionAuth
SURVEY_MANAGER = "survey_manager"  # surveys.api.SurveyManagerAuth
MARKET_VIEWER = "market_viewer"  # analytics.api.MarketAuth: an educator or the SuperAdmin

REQUIRED_ROLE = {
    # /api/v1/ (config.api.api)
    "GET /api/v1/take-test/{enrollment_id}": LEARNER,
    "POST /api/v1/take-test/{enrollment_id}/camera-consent": LEARNER,
    "POST /api/v1/take-test/{enrollment_id}/video": LEARNER,
    "POST /api/v1/take-test/{enrollment_id}/pay": LEARNER,
    "POST /api/v1/take-test/{enrollment_id}/start": LEARNER,
    "GET /api/v1/take-test/{enrollment_id}/attempt": LEARNER,
    "PUT /api/v1/take-test/{enrollment_id}/answers/{question_id}": LEARNER,
    "POST /api/v1/take-test/{enrollment_id}/events": LEARNER,
    "POST /api/v1/take-test/{enrollment_id}/submit": LEARNER,
    "GET /api/v1/take-test/{enrollment_id}/result": LEARNER,
    "GET /api/v1/take-test/{enrollment_id}/report": LEARNER,
    "POST /api/v1/take-test/{enrollment_id}/report": LEARNER,
    "GET /api/v1/take-test/{enrollment_id}/report/pdf": LEARNER,
    "GET /api/v1/take-test/{enrollment_id}/video-views": LEARNER,
    "GET /api/v1/auth/is-authorized": SIGNED_IN,
    "POST /api/v1/auth/logout": SIGNED_IN,
    "GET /api/v1/auth/request-token-exchange": SIGNED_IN,
    "GET /api/v1/users/my-profiles": SIGNED_IN,
    "POST /api/v1/users/switch-profile": SIGNED_IN,
    "PUT /api/v1/users/profile/self": SIGNED_IN,
    "PUT /api/v1/users/profile/self/grade": SIGNED_IN,
    "POST /api/v1/users/profile/self/upload-photo": SIGNED_IN,
    "DELETE /api/v1/users/profile/self/remove-photo": SIGNED_IN,
    "GET /api/v1/users/profile/list": EDUCATOR,
    "POST /api/v1/users/register-pandai-survey": LEARNER,
    "GET /api/v1/notification/list": SIGNED_IN,
    "GET /api/v1/notification/unread-count": SIGNED_IN,
    "POST /api/v1/notification/mark-as-read": SIGNED_IN,
    "GET /api/v1/question-banks": EDUCATOR,
    "POST /api/v1/question-banks": EDUCATOR,
    "GET /api/v1/question-banks/import-template": EDUCATOR,
    "GET /api/v1/question-banks/{bank_id}": EDUCATOR,
    "GET /api/v1/question-banks/{bank_id}/export/{export_format}": EDUCATOR,  # issue 36: Moodle XML, QTI
    "POST /api/v1/question-files": EDUCATOR,  # issue 36: Word, Moodle XML, GIFT, Aiken, QTI read and previewed
    "GET /api/v1/question-files/sample": EDUCATOR,  # the sample Word exam of the import page
    "GET /api/v1/question-files/{question_file_id}": EDUCATOR,
    "GET /api/v1/question-files/{question_file_id}/candidates": EDUCATOR,
    "PATCH /api/v1/question-files/{question_file_id}/candidates/{candidate_id}": EDUCATOR,
    "GET /api/v1/question-files/{question_file_id}/candidates/{candidate_id}/images/{name}": EDUCATOR,
    "POST /api/v1/question-files/{question_file_id}/import": EDUCATOR,
    "POST /api/v1/test-presets/{preset_id}/paper-exports": EDUCATOR,  # issue 36: paper tests
    "GET /api/v1/test-presets/{preset_id}/paper-exports/{job_id}": EDUCATOR,
    "GET /api/v1/test-presets/{preset_id}/paper-exports/{job_id}/download": EDUCATOR,
    "PUT /api/v1/question-banks/{bank_id}": EDUCATOR,
    "DELETE /api/v1/question-banks/{bank_id}": EDUCATOR,
    "POST /api/v1/question-banks/{bank_id}/import": EDUCATOR,
    "GET /api/v1/question-banks/{bank_id}/export": EDUCATOR,
    "GET /api/v1/subjects": EDUCATOR,
    "GET /api/v1/matrix-clusters": EDUCATOR,
    "POST /api/v1/matrix-clusters": EDUCATOR,
    "PUT /api/v1/matrix-clusters/{cluster_id}": EDUCATOR,
    "DELETE /api/v1/matrix-clusters/{cluster_id}": EDUCATOR,
    "GET /api/v1/questions": EDUCATOR,
    "POST /api/v1/questions": EDUCATOR,
    "GET /api/v1/questions/vetting-queue": EDUCATOR,
    "POST /api/v1/questions/images": EDUCATOR,
    "POST /api/v1/questions/bulk": EDUCATOR,
    "POST /api/v1/questions/move": EDUCATOR,
    "GET /api/v1/questions/{question_id}": EDUCATOR,
    "PUT /api/v1/questions/{question_id}": EDUCATOR,
    "DELETE /api/v1/questions/{question_id}": EDUCATOR,
    "PUT /api/v1/questions/{question_id}/matrix": EDUCATOR,
    "POST /api/v1/questions/{question_id}/submit": EDUCATOR,
    "POST /api/v1/questions/{question_id}/approve": EDUCATOR,
    "POST /api/v1/questions/{question_id}/reject": EDUCATOR,
    "POST /api/v1/questions/{question_id}/publish": EDUCATOR,
    "GET /api/v1/questions/{question_id}/history": EDUCATOR,
    "GET /api/v1/stimuli": EDUCATOR,
    "POST /api/v1/stimuli": EDUCATOR,
    "GET /api/v1/stimuli/{stimulus_id}": EDUCATOR,
    "PUT /api/v1/stimuli/{stimulus_id}": EDUCATOR,
    "DELETE /api/v1/stimuli/{stimulus_id}": EDUCATOR,
    "PUT /api/v1/stimuli/{stimulus_id}/questions": EDUCATOR,
    "POST /api/v1/stimuli/{stimulus_id}/submit": EDUCATOR,
    "POST /api/v1/stimuli/{stimulus_id}/approve": EDUCATOR,
    "POST /api/v1/stimuli/{stimulus_id}/reject": EDUCATOR,
    "POST /api/v1/stimuli/{stimulus_id}/publish": EDUCATOR,
    "GET /api/v1/test-banks": EDUCATOR,
    "POST /api/v1/test-banks": EDUCATOR,
    "GET /api/v1/test-banks/{test_bank_id}": EDUCATOR,
    "PUT /api/v1/test-banks/{test_bank_id}": EDUCATOR,
    "DELETE /api/v1/test-banks/{test_bank_id}": EDUCATOR,
    "POST /api/v1/test-banks/{test_bank_id}/questions": EDUCATOR,
    "POST /api/v1/test-banks/{test_bank_id}/presets": EDUCATOR,
    "GET /api/v1/rounds": EDUCATOR,
    "POST /api/v1/rounds": EDUCATOR,
    "GET /api/v1/rounds/{round_id}": EDUCATOR,
    "PUT /api/v1/rounds/{round_id}": EDUCATOR,
    "DELETE /api/v1/rounds/{round_id}": EDUCATOR,
    "POST /api/v1/rounds/{round_id}/close": EDUCATOR,
    "GET /api/v1/test-presets": EDUCATOR,
    "GET /api/v1/test-presets/templates/thpt-2025": EDUCATOR,  # issue 39 item 2 (decision 0056)
    "GET /api/v1/test-presets/templates/thpt-2025/{subject_id}": EDUCATOR,
    "POST /api/v1/test-presets": EDUCATOR,
    "GET /api/v1/test-presets/{preset_id}": EDUCATOR,
    "PUT /api/v1/test-presets/{preset_id}": EDUCATOR,
    "POST /api/v1/test-presets/{preset_id}/generate": EDUCATOR,
    "GET /api/v1/test-presets/{preset_id}/form": EDUCATOR,
    "POST /api/v1/test-presets/{preset_id}/form/{row_id}/swap": EDUCATOR,
    "PUT /api/v1/test-presets/{preset_id}/form/order": EDUCATOR,
    "POST /api/v1/test-presets/{preset_id}/approve": ORG_ADMIN,
    "POST /api/v1/test-presets/{preset_id}/reject": ORG_ADMIN,
    "POST /api/v1/test-presets/{preset_id}/batches": EDUCATOR,
    "PUT /api/v1/test-presets/{preset_id}/batches/{batch_id}": EDUCATOR,
    "DELETE /api/v1/test-presets/{preset_id}/batches/{batch_id}": EDUCATOR,
    "GET /api/v1/assignments": EDUCATOR,
    "POST /api/v1/assignments": EDUCATOR,
    "GET /api/v1/assignments/overview": EDUCATOR,
    "GET /api/v1/assignments/tests": EDUCATOR,
    "GET /api/v1/assignments/{assignment_id}": EDUCATOR,
    "DELETE /api/v1/assignments/{assignment_id}": EDUCATOR,
    "GET /api/v1/batches": EDUCATOR,
    "GET /api/v1/batches/{batch_id}": EDUCATOR,
    "GET /api/v1/waiting-list": EDUCATOR,
    "GET /api/v1/assignment-users/my-list": LEARNER,
    "GET /api/v1/assignment-users/{enrollment_id}": LEARNER,
    "GET /api/v1/grading": EDUCATOR,
    "PUT /api/v1/grading/{answer_id}": EDUCATOR,
    "GET /api/v1/attempts": EDUCATOR,
    "GET /api/v1/attempts/{attempt_id}": EDUCATOR,
    "GET /api/v1/attempts/{attempt_id}/video": EDUCATOR,
    "POST /api/v1/attempts/{attempt_id}/release": EDUCATOR,
    "GET /api/v1/questions/{question_id}/key-corrections": EDUCATOR,
    "POST /api/v1/questions/{question_id}/key-corrections/preview": EDUCATOR,
    "POST /api/v1/questions/{question_id}/key-corrections": EDUCATOR,
    "GET /api/v1/key-corrections/{correction_id}": EDUCATOR,
    "POST /api/v1/attempts/{attempt_id}/reinstate": EDUCATOR,
    "POST /api/v1/batches/{batch_id}/release": EDUCATOR,
    "POST /api/v1/batches/{batch_id}/backup-answers/preview": EDUCATOR,  # issue 38, item 3
    "POST /api/v1/batches/{batch_id}/backup-answers": EDUCATOR,
    "GET /api/v1/batches/{batch_id}/progress": EDUCATOR,
    "GET /api/v1/accommodations": EDUCATOR,
    "POST /api/v1/accommodations": EDUCATOR,
    "DELETE /api/v1/accommodations/{accommodation_id}": EDUCATOR,
    "GET /api/v1/test-presets/{preset_id}/item-analysis": EDUCATOR,
    "GET /api/v1/batches/{batch_id}/item-analysis": EDUCATOR,
    "POST /api/v1/test-presets/{preset_id}/item-analysis/recompute": EDUCATOR,
    "POST /api/v1/batches/{batch_id}/item-analysis/recompute": EDUCATOR,
    "GET /api/v1/test-presets/{preset_id}/item-analysis/export": EDUCATOR,
    "GET /api/v1/batches/{batch_id}/item-analysis/export": EDUCATOR,
    "GET /api/v1/questions/{question_id}/item-analysis": EDUCATOR,
    "POST /api/v1/questions/{question_id}/send-to-vetting": EDUCATOR,
    "GET /api/v1/test-presets/{preset_id}/gradebook": EDUCATOR,
    "GET /api/v1/batches/{batch_id}/gradebook": EDUCATOR,
    "GET /api/v1/test-presets/{preset_id}/gradebook/export": EDUCATOR,
    "GET /api/v1/batches/{batch_id}/gradebook/export": EDUCATOR,
    "GET /api/v1/organization/invitations": EDUCATOR,
    "POST /api/v1/organization/invitations": ORG_ADMIN,
    "POST /api/v1/organization/invitations/import": ORG_ADMIN,
    "POST /api/v1/organization/invitations/{invitation_id}/resend": ORG_ADMIN,
    "DELETE /api/v1/organization/invitations/{invitation_id}": ORG_ADMIN,
    "PUT /api/v1/organization/members/{profile_id}": ORG_ADMIN,
    "DELETE /api/v1/organization/members/{profile_id}": ORG_ADMIN,
    "GET /api/v1/organization/members/{profile_id}/events": EDUCATOR,
    "GET /api/v1/organization/members/{profile_id}/activity": EDUCATOR,
    "GET /api/v1/organization/settings": EDUCATOR,
    "PUT /api/v1/organization/settings": ORG_ADMIN,
    "POST /api/v1/organization/settings/logo": ORG_ADMIN,
    "DELETE /api/v1/organization/settings/logo": ORG_ADMIN,
    "GET /api/v1/organization/consents": EDUCATOR,  # issue 37: who has not re-consented (decision 0048)
    "GET /api/v1/organization/members/{profile_id}/consent": EDUCATOR,
    "POST /api/v1/organization/members/{profile_id}/consent/paper": ORG_ADMIN,
    "DELETE /api/v1/organization/members/{profile_id}/consent/paper": ORG_ADMIN,
    "POST /api/v1/organization/members/{profile_id}/birth-date/confirm": ORG_ADMIN,
    "POST /api/v1/organization/members/{profile_id}/birth-date/refuse": ORG_ADMIN,
    "GET /api/v1/consent/me": SIGNED_IN,
    "POST /api/v1/consent/prompt": LEARNER,
    "POST /api/v1/consent/withdraw": LEARNER,
    "POST /api/v1/consent/parent/resend": LEARNER,
    "PUT /api/v1/consent/parent": LEARNER,
    "GET /api/v1/home/attention": EDUCATOR,
    "GET /api/v1/marketplace": SIGNED_IN,
    "POST /api/v1/marketplace/create_multiple": EDUCATOR,
    "GET /api/v1/marketplace/subjects": SIGNED_IN,
    "GET /api/v1/marketplace/{listing_id}": SIGNED_IN,
    "DELETE /api/v1/marketplace/{listing_id}": EDUCATOR,
    "GET /api/v1/marketplace/{listing_id}/waiting-list": LEARNER,
    "POST /api/v1/marketplace/{listing_id}/waiting-list": LEARNER,
    "DELETE /api/v1/marketplace/{listing_id}/waiting-list": LEARNER,
    "GET /api/v1/shopping-cart": SIGNED_IN,
    "POST /api/v1/shopping-cart": LEARNER,
    "DELETE /api/v1/shopping-cart/{item_id}": LEARNER,
    "POST /api/v1/transaction/analytics": MARKET_VIEWER,
    "GET /api/v1/transaction/analytics/filters": MARKET_VIEWER,
    "GET /api/v1/transaction/analytics/markets": MARKET_VIEWER,
    "POST /api/v1/transaction/analytics/markets/assessments": MARKET_VIEWER,
    "POST /api/v1/transaction/analytics/markets/assessments/transactions": MARKET_VIEWER,
    "POST /api/v1/transaction/analytics/markets/assessments/transactions/export": MARKET_VIEWER,
    "POST /api/v1/transaction/analytics/export-dashboard": MARKET_VIEWER,
    "GET /api/v1/transaction/analytics/exports/{job_id}": MARKET_VIEWER,
    "GET /api/v1/transaction/analytics/exports/{job_id}/download": MARKET_VIEWER,
    "POST /api/v1/transaction/analytics/history": MARKET_VIEWER,
    "GET /api/v1/transaction": SIGNED_IN,
    "GET /api/v1/transaction/list-addons": SIGNED_IN,
    "GET /api/v1/transaction/{transaction_id}": SIGNED_IN,
    "POST /api/v1/transaction/checkout": LEARNER,
    "POST /api/v1/transaction/pay": LEARNER,
    "DELETE /api/v1/transaction/cancel/{transaction_id}": LEARNER,
    "POST /api/v1/users/invitations/{invitation_id}/accept": SIGNED_IN,
    "POST /api/v1/users/invitations/{invitation_id}/reject": SIGNED_IN,
    "GET /api/v1/import-jobs/{job_id}": EDUCATOR,
    "GET /api/v1/data-requests": SIGNED_IN,
    "POST /api/v1/data-requests/export": SIGNED_IN,
    "GET /api/v1/data-requests/export/{request_id}/download": SIGNED_IN,
    "POST /api/v1/data-requests/deletion": SIGNED_IN,
    "POST /api/v1/data-requests/deletion/cancel": SIGNED_IN,
    "POST /api/v1/data-requests/correction": SIGNED_IN,  # issue 37, item 8
    "GET /api/v1/organization/data-requests": ORG_ADMIN,
    "POST /api/v1/organization/data-requests/{request_id}/answer": ORG_ADMIN,
    "GET /api/v1/privacy/retention": EDUCATOR,
    "PUT /api/v1/privacy/retention": ORG_ADMIN,
    "GET /api/v1/privacy/access-log": ORG_ADMIN,
    "GET /api/v1/privacy/record-of-processing": ORG_ADMIN,  # issue 37, item 7
    "GET /api/v1/surveys/submissions/{user_survey_id}/overview": SIGNED_IN,
    "POST /api/v1/surveys/submissions/{user_survey_id}/start": LEARNER,
    "GET /api/v1/surveys/submissions/{user_survey_id}/questions": LEARNER,
    "POST /api/v1/surveys/submissions/store-answer": LEARNER,
    "POST /api/v1/surveys/submissions/{user_survey_id}/finish": LEARNER,
    "POST /api/v1/surveys/submissions/{user_survey_id}/cancel": SURVEY_MANAGER,
    "GET /api/v1/surveys/list": SURVEY_MANAGER,
    "POST /api/v1/surveys": SURVEY_MANAGER,
    "GET /api/v1/surveys/{survey_id}": SURVEY_MANAGER,
    "PUT /api/v1/surveys/{survey_id}": SURVEY_MANAGER,
    "DELETE /api/v1/surveys/{survey_id}": SURVEY_MANAGER,
    "POST /api/v1/surveys/{survey_id}/publish": SURVEY_MANAGER,
    "POST /api/v1/surveys/{survey_id}/end": SURVEY_MANAGER,
    "POST /api/v1/surveys/{survey_id}/cancel": SURVEY_MANAGER,
    "POST /api/v1/surveys/{survey_id}/market-publish": SURVEY_MANAGER,
    "POST /api/v1/surveys/{survey_id}/market-withdraw": SURVEY_MANAGER,
    "GET /api/v1/surveys/{survey_id}/takers": SURVEY_MANAGER,
    "GET /api/v1/surveys/{survey_id}/results": SURVEY_MANAGER,
    "GET /api/v1/survey-users/my-list": LEARNER,
    "GET /api/v1/survey-users/available": LEARNER,
    "POST /api/v1/survey-users": LEARNER,
    "GET /api/v1/survey-users/{user_survey_id}": SIGNED_IN,
    "GET /api/v1/survey-users/{user_survey_id}/category-score": SIGNED_IN,
    "GET /api/v1/survey-users/{user_survey_id}/category-suitable": SIGNED_IN,
    "POST /api/v1/survey-users/{user_survey_id}/checkout-analytic": LEARNER,
    "GET /api/v1/survey-users/{user_survey_id}/report/pdf": SIGNED_IN,
    # /public/api/ (config.api.public_api): no session
    "GET /public/api/auth/csrf": PUBLIC,
    "POST /public/api/auth/login": PUBLIC,
    "POST /public/api/auth/resend-verification-email": PUBLIC,
    "POST /public/api/auth/token-exchange": PUBLIC,
    "POST /public/api/users/register": PUBLIC,
    "POST /public/api/users/verify-email": PUBLIC,
    "POST /public/api/users/forgot-password": PUBLIC,
    "POST /public/api/users/reset-password": PUBLIC,
    "POST /public/api/users/{kind}/check-invitation": PUBLIC,
    "POST /public/api/users/{kind}/reject-invitation": PUBLIC,
    "POST /public/api/users/{kind}/register-invited": PUBLIC,
    "GET /public/api/provinces": PUBLIC,
    "GET /public/api/consent/notices": PUBLIC,
    "POST /public/api/consent/parent/check": PUBLIC,
    "POST /public/api/consent/parent/consent": PUBLIC,
    "POST /public/api/consent/parent/withdraw": PUBLIC,
    "POST /public/api/consent/birth-date/check": PUBLIC,
    "POST /public/api/consent/birth-date/confirm": PUBLIC,
    "POST /public/api/consent/birth-date/refuse": PUBLIC,
    "POST /public/api/data-requests/parent": PUBLIC,
    "POST /public/api/data-requests/parent/export": PUBLIC,
    "POST /public/api/data-requests/parent/export/{request_id}/download": PUBLIC,
    "POST /public/api/data-requests/parent/deletion": PUBLIC,
    "POST /public/api/data-requests/parent/deletion/cancel": PUBLIC,
}


def _operations() -> dict[str, tuple[str, bool]]:
    """``"METHOD /path"`` of every operation in both OpenAPI documents -> (its role from its
    authentication, whether the role is declared on the operation or its router)."""
    found = {}
    for ninja_api in (api, public_api):
        by_id = {}
        for bound in ninja_api._get_bound_routers():
            for path_view in bound.path_operations.values():
                for operation in path_view.operations:
                    declared = operation.auth_param is not NOT_SET or bound.auth is not NOT_SET
                    operation_id = operation.operation_id or ninja_api.get_openapi_operation_id(operation)
                    by_id[operation_id] = (operation, declared)
        for path, methods in ninja_api.get_openapi_schema()["paths"].items():
            for method, details in methods.items():
                operation, declared = by_id[details["operationId"]]
                callbacks = operation.auth_callbacks
                if not callbacks:
                    role = PUBLIC
                elif len(callbacks) == 1:
                    role = getattr(callbacks[0], "role", f"<{type(callbacks[0]).__name__} has no role>")
                else:
                    role = "<several authentications>"
                found[f"{method.upper()} {path}"] = (role, declared or ninja_api is public_api)
    return found


def test_every_operation_declares_the_role_in_the_table():
    operations = _operations()
    missing = sorted(f"{op} ({role})" for op, (role, _d) in operations.items() if op not in REQUIRED_ROLE)
    assert not missing, "operations without a row in REQUIRED_ROLE: " + ", ".join(missing)
    stale = sorted(set(REQUIRED_ROLE) - set(operations))
    assert not stale, "rows of REQUIRED_ROLE without an operation: " + ", ".join(stale)
    undeclared = sorted(op for op, (_r, declared) in operations.items() if not declared)
    assert not undeclared, "operations without auth= on their router or themselves: " + ", ".join(undeclared)
    differ = sorted(
        f"{op} ({role}, table: {REQUIRED_ROLE[op]})"
        for op, (role, _d) in operations.items()
        if role != REQUIRED_ROLE[op]
    )
    assert not differ, "operations whose authentication requires another role: " + ", ".join(differ)


def test_the_public_api_has_no_session_and_the_session_api_a_default_one():
    """A forgotten ``auth=`` in ``/api/v1/`` still needs a session (the table test names it)."""
    assert public_api.auth is None
    assert [type(a).__name__ for a in api.auth] == ["ProfileSessionAuth"]


# --- a wrong role is refused, before the input is read -----------------------------------------

FORBIDDEN_ROLE = (403, "forbidden_role", "You're not allowed to access this page")


def _refusal(response) -> tuple[int, str, str]:
    body = response.json()
    return response.status_code, body["code"], body["message"]


def _call(client, method: str, path: str):
    """A call in English, with an empty JSON body where there is one, which no operation of
    these accepts: the refusal comes before the input is validated."""
    if method == "GET":
        return client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    call = getattr(client, method.lower())
    return call(path, "{}", content_type="application/json", HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/v1/take-test/1"),
        ("PUT", "/api/v1/take-test/1/answers/2"),
        ("POST", "/api/v1/shopping-cart"),
        ("POST", "/api/v1/transaction/checkout"),
        ("POST", "/api/v1/consent/prompt"),
        ("GET", "/api/v1/assignment-users/my-list"),
        ("POST", "/api/v1/surveys/submissions/1/start"),
    ],
)
def test_an_educator_is_refused_a_learners_operation(as_educator_a, method, path):
    assert _refusal(_call(as_educator_a, method, path)) == FORBIDDEN_ROLE


@pytest.mark.django_db
def test_an_educator_is_refused_the_survey_account_with_its_own_code(as_educator_a):
    response = _call(as_educator_a, "POST", "/api/v1/users/register-pandai-survey")
    assert _refusal(response) == (403, "learner_only", "Only learner profiles have a survey account.")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/v1/question-banks"),
        ("POST", "/api/v1/marketplace/create_multiple"),
        ("GET", "/api/v1/users/profile/list"),
        ("GET", "/api/v1/batches/1/gradebook"),
        ("PUT", "/api/v1/organization/settings"),  # an organization admin's: a learner is no educator
        ("GET", "/api/v1/surveys/list"),
        ("POST", "/api/v1/transaction/analytics"),
    ],
)
def test_a_learner_is_refused_an_educators_operation(as_learner, method, path):
    assert _refusal(_call(as_learner, method, path)) == FORBIDDEN_ROLE


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path", "message"),
    [
        ("PUT", "/api/v1/organization/settings", "Only an organization admin can do this."),
        ("PUT", "/api/v1/privacy/retention", "Only an organization admin can do this."),
        ("GET", "/api/v1/privacy/access-log", "Only an organization admin can read the access log."),
        (
            "GET",
            "/api/v1/organization/data-requests",
            "Only an organization admin can see the personal data requests.",
        ),
        (
            "POST",
            "/api/v1/organization/data-requests/00000000-0000-0000-0000-000000000000/answer",
            "Only an organization admin can see the personal data requests.",
        ),
        (
            "GET",
            "/api/v1/privacy/record-of-processing",
            "Only an organization admin can download the record of processing.",
        ),
        ("POST", "/api/v1/test-presets/1/approve", "Only an organization admin can approve tests."),
        ("DELETE", "/api/v1/organization/members/1/consent/paper", "Only an organization admin can do this."),
    ],
)
def test_an_educator_who_is_no_admin_is_refused_an_admins_operation(org_a, method, path, message):
    client = client_for(ProfileFactory(educator=True, organization=org_a, is_admin=False))
    assert _refusal(_call(client, method, path)) == (403, "not_org_admin", message)


@pytest.mark.django_db
def test_an_educator_without_survey_management_is_refused_a_managers_operation(
    org_a, as_educator_a, as_learner
):
    allow(org_a, False)
    assert _refusal(_call(as_educator_a, "GET", "/api/v1/surveys/list")) == (
        403,
        "survey_management_disabled",
        "Survey management is not enabled for your organization. "
        "Ask the platform administrator (SuperAdmin) to allow it.",
    )
    assert _refusal(_call(as_learner, "POST", "/api/v1/surveys/submissions/1/cancel")) == FORBIDDEN_ROLE


@pytest.mark.django_db
def test_no_session_is_refused_before_the_role(client):
    response = _call(client, "GET", "/api/v1/take-test/1")
    assert (response.status_code, response.json()["code"]) == (401, "not_authenticated")
