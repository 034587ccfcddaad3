"""The two NinjaAPI objects (ARCHITECTURE.md "API contract") and where routers are assembled.

- ``public_api`` at ``/public/api/``: no session needed, no CSRF (login, register, invitations).
- ``api`` at ``/api/v1/``: Django session cookie, CSRF on unsafe methods; OpenAPI at /api/v1/docs.
"""

from __future__ import annotations

from ninja import NinjaAPI

from config.auth import ProfileSessionAuth
from config.errors import install_handlers
from config.renderers import ApiRenderer

api = NinjaAPI(
    title="Platform API",
    version="1",
    urls_namespace="api-v1",
    auth=ProfileSessionAuth(),
    renderer=ApiRenderer(),
    description="Authenticated API. Envelope: {success, data, message} or {success: false, message, code, errors}.",
)
public_api = NinjaAPI(
    title="Platform public API",
    version="1",
    urls_namespace="public-api",
    auth=None,
    renderer=ApiRenderer(),
    docs_url="/docs",
    description="Calls that need no session: login, registration, e-mail verification, invitations.",
)
install_handlers(api)
install_handlers(public_api)


def _assemble() -> None:
    from people.api import invitee_router as people_invitee_router
    from people.api import router as people_router

    from accounts.api import private_router as accounts_private
    from accounts.api import public_router as accounts_public
    from accounts.api import users_router as accounts_users
    from assessments.api import router as assessments_router
    from assessments.api_presets import router as presets_router
    from marketplace.api import router as marketplace_router
    from notifications.api import router as notifications_router

    api.add_router("/", accounts_private)
    api.add_router("/users/", accounts_users)
    api.add_router("/notification/", notifications_router)
    api.add_router("/", assessments_router)
    api.add_router("/", presets_router)
    api.add_router("/organization/", people_router)
    api.add_router("/marketplace", marketplace_router)
    api.add_router("/users/", people_invitee_router)
    public_api.add_router("/", accounts_public)


_assemble()
