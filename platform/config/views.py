"""The SPA's index.html for client routes (built by Vite into frontend/dist)."""

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie

INDEX = settings.BASE_DIR / "frontend" / "dist" / "index.html"

FALLBACK = """<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Platform</title></head>
<body><p>The web app is not built yet: run ./ops/run (it builds frontend/). API: <a href="/api/v1/docs">/api/v1/docs</a>,
admin: <a href="/admin/">/admin/</a>.</p></body></html>"""


@ensure_csrf_cookie
def spa_index(request, *args, **kwargs):
    """Serve ``index.html`` for any client route, with the CSRF cookie set for the SPA."""
    if INDEX.exists():
        return HttpResponse(INDEX.read_text(encoding="utf-8"), content_type="text/html; charset=utf-8")
    return HttpResponse(FALLBACK, content_type="text/html; charset=utf-8")


def api_not_found(request, *args, **kwargs):
    """Unknown /api/v1/ or /public/api/ path: the error envelope with 404 ``not_found``."""
    return JsonResponse(
        {"success": False, "message": _("Not found."), "code": "not_found", "errors": {}}, status=404
    )
