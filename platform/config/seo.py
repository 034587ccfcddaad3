"""What crawlers read (issue 20): ``/robots.txt`` and ``/sitemap.xml`` of the public pages.

The public pages are spec section 1's routes that need no account; every other client route is
behind the login and is left out of the sitemap (the API, the admin and the SPA's signed-in
pages are disallowed in ``robots.txt``). The sitemap is Django's (``django.contrib.sitemaps``),
with the request's host (no ``django.contrib.sites``).
"""

from django.contrib.sitemaps import Sitemap
from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

PUBLIC_PAGES: tuple[str, ...] = (
    "/",
    "/introductions",
    "/awards",
    "/hardware-facility",
    "/terms-and-conditions",
    "/privacy-policy",
    *(f"/instructions/step-{n}" for n in range(1, 10)),
    "/login",
    "/signup",
)
"""Spec section 1's public routes, in the order a visitor meets them (``/v1``, the older landing,
is left out: it duplicates ``/``)."""

DISALLOWED = ("/api/", "/public/api/", "/admin/", "/media/")


class PublicPagesSitemap(Sitemap):  # type: ignore[type-arg]  # Sitemap[str] needs django-stubs-ext at run time
    """One ``<url>`` per public page; the landing has the highest priority."""

    changefreq = "monthly"

    def items(self) -> tuple[str, ...]:
        return PUBLIC_PAGES

    def location(self, item: str) -> str:
        return item

    def priority(self, item: str) -> float:
        return 1.0 if item == "/" else 0.5


SITEMAPS = {"public": PublicPagesSitemap}


@require_safe
@cache_control(max_age=3600, public=True)
def robots_txt(request: HttpRequest) -> HttpResponse:
    """``text/plain``: every crawler may read the public pages, not the API, the admin or media;
    the sitemap's absolute URL on the request's host. GET and HEAD (issue 38 item 6)."""
    lines = ["User-agent: *", "Allow: /", *(f"Disallow: {path}" for path in DISALLOWED)]
    lines.append(f"Sitemap: {request.build_absolute_uri('/sitemap.xml')}")
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
