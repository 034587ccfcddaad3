"""The two NinjaAPI objects (ARCHITECTURE.md "API contract") and where routers are assembled.

- ``public_api`` at ``/public/api/``: no session needed, no CSRF (login, register, invitations).
- ``api`` at ``/api/v1/``: Django session cookie, CSRF on unsafe methods; OpenAPI at /api/v1/docs.

Both parse with ``config.parsers.GuardedParser`` behind ``config.middleware.HostileInputMiddleware``
(issue 16 item 9: size, depth, NUL and surrogate guards) and answer errors through
``config.errors.install_handlers``.
"""

from __future__ import annotations

from ninja import NinjaAPI
from ninja.operation import Operation

from accounts.auth import ProfileSessionAuth
from config.errors import install_handlers
from config.parsers import GuardedParser
from config.renderers import ApiRenderer


class PlatformApi(NinjaAPI):
    """``NinjaAPI`` whose operations keep the ids they had before the sitting, grading and item
    analysis left ``assignments`` (decision 0039): the SPA's generated types and clients name
    them. Ninja derives an id from the view's module and name; a moved module answers for its
    old one here, and the operations moved into another module say their old id themselves."""

    MOVED = {
        "sitting.api": "assignments.api_taking",
        "grading.api": "assignments.api_grading",
        "item_analysis.api": "assignments.api_item_analysis",
    }

    def get_openapi_operation_id(self, operation: Operation) -> str:
        module = operation.view_func.__module__
        return f"{self.MOVED.get(module, module)}_{operation.view_func.__name__}".replace(".", "_")


api = PlatformApi(
    title="Platform API",
    version="1",
    urls_namespace="api-v1",
    auth=ProfileSessionAuth(),
    renderer=ApiRenderer(),
    parser=GuardedParser(),
    description="Authenticated API. Envelope: {success, data, message} or {success: false, message, code, errors}.",
)
public_api = NinjaAPI(
    title="Platform public API",
    version="1",
    urls_namespace="public-api",
    auth=None,
    renderer=ApiRenderer(),
    parser=GuardedParser(),
    docs_url="/docs",
    description="Calls that need no session: login, registration, e-mail verification, invitations.",
)
install_handlers(api)
install_handlers(public_api)


def _assemble() -> None:
    from accounts.api import private_router as accounts_private
    from accounts.api import public_router as accounts_public
    from accounts.api import users_router as accounts_users
    from analytics.api import router as analytics_router
    from assessments.api import router as assessments_router
    from assessments.api_presets import router as presets_router
    from assessments.api_stimuli import router as stimuli_router
    from assignments.api import router as assignments_router
    from consent.api import organization_router as consent_organization_router
    from consent.api import public_router as consent_public_router
    from consent.api import router as consent_router
    from data_requests.api import organization_router as data_requests_organization_router
    from data_requests.api import parent_router as data_requests_parent_router
    from data_requests.api import router as data_requests_router
    from grading.api import gradebook_router
    from grading.api import router as grading_router
    from imports.api import router as imports_router
    from item_analysis.api import router as item_analysis_router
    from marketplace.api import router as marketplace_router
    from marketplace.api_purchases import cart_router, transaction_router
    from notifications.api import router as notifications_router
    from people.api import invitee_router as people_invitee_router
    from people.api import router as people_router
    from people.api_home import router as home_router
    from privacy.api import router as privacy_router
    from question_formats.api import router as question_files_router
    from question_formats.api_exports import router as question_exports_router
    from question_formats.api_paper import router as paper_router
    from sitting.api import invigilator_router as backup_answers_router
    from sitting.api import learner_router as assignments_learner_router
    from sitting.api import router as taking_router
    from surveys.api import learner_router as survey_users_router
    from surveys.api import router as surveys_router
    from surveys.api import submissions_router as survey_submissions_router

    # First: Django tries URL patterns in order, and a sitting's saves are the busiest path
    # (issue 23). Its paths all start with take-test/, so no other route can be shadowed.
    api.add_router("/take-test/", taking_router)
    api.add_router("/", accounts_private)
    api.add_router("/users/", accounts_users)
    api.add_router("/notification/", notifications_router)
    api.add_router("/", assessments_router)
    api.add_router("/", stimuli_router)  # issue 39, item 1: shared stimuli (decision 0054)
    api.add_router("/", question_exports_router)  # issue 36, item 2: Moodle XML and QTI exports
    api.add_router("/", presets_router)
    api.add_router("/", paper_router)  # issue 36, item 3: paper tests
    api.add_router("/", assignments_router)
    api.add_router("/assignment-users/", assignments_learner_router)
    api.add_router("/", grading_router)
    api.add_router("/", backup_answers_router)  # issue 38, item 3: backup answers on the batch page
    api.add_router("/", item_analysis_router)  # issue 19, section 2
    api.add_router("/", gradebook_router)  # issue 19, section 1
    api.add_router("/organization/", people_router)
    api.add_router("/organization/", consent_organization_router)  # issue 24, item 1: paper consent
    api.add_router("/organization/", data_requests_organization_router)  # issue 37, item 8: deadlines
    api.add_router("/consent/", consent_router)  # issue 24, item 1
    api.add_router("/home/", home_router)  # issue 19, section 1: the educator's /home panel
    api.add_router("/marketplace", marketplace_router)
    api.add_router("/shopping-cart", cart_router)
    api.add_router("/transaction", analytics_router)  # /transaction/analytics... (issue 10)
    api.add_router("/transaction", transaction_router)
    api.add_router("/users/", people_invitee_router)
    api.add_router("/import-jobs", imports_router)  # issue 16, item 8
    api.add_router("/question-files", question_files_router)  # issue 36
    api.add_router("/data-requests", data_requests_router)  # issue 24, item 5
    api.add_router("/privacy/", privacy_router)  # issue 24, items 3 and 4
    api.add_router("/surveys/submissions", survey_submissions_router)
    api.add_router("/surveys", surveys_router)
    api.add_router("/survey-users", survey_users_router)
    public_api.add_router("/", accounts_public)
    public_api.add_router("/consent/", consent_public_router)  # issue 24, item 1: notices, parent's link
    public_api.add_router("/data-requests/parent", data_requests_parent_router)  # issue 24, item 5


_assemble()
