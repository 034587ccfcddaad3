"""URL map: the two APIs, the admin, health, robots.txt and the sitemap, media in development, and
the SPA catch-all."""

from django.conf import settings
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import path, re_path
from health_check.views import HealthCheckView

from config.api import api, public_api
from config.media import public_media
from config.observability import metrics_view
from config.seo import SITEMAPS, robots_txt
from config.views import api_not_found, spa_index

urlpatterns = [
    path("api/v1/", api.urls),
    path("public/api/", public_api.urls),
    path("admin/", admin.site.urls),
    path("robots.txt", robots_txt),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="django.contrib.sitemaps.views.sitemap"),
    path(
        "health/",
        HealthCheckView.as_view(
            checks=[
                "health_check.checks.Database",
                "health_check.checks.Cache",
                "health_check.checks.Storage",
                "config.health.HueyQueue",  # depth and oldest age of the job queue (issue 21 item 5)
            ]
        ),
    ),
    path("metrics", metrics_view),  # Prometheus, from METRICS_ALLOWED_ADDRESSES only (issue 21 item 5)
]
if not settings.AWS_STORAGE_BUCKET_NAME:
    # Public files of the embedded FileSystemStorage (photos, logos, question images, listing
    # covers); an S3 bucket serves its own in production, through signed URLs. Proctoring videos,
    # report PDFs and exports are never served from here: they are streamed by the API to those
    # allowed to see them (GET /api/v1/attempts/{id}/video, .../report/pdf, exports/{id}/download).
    # config.media.public_media resolves the path before it checks the prefix (issue 16, item 2).
    urlpatterns.append(re_path(r"^media/(?P<path>.*)$", public_media))
urlpatterns.append(re_path(r"^(api/v1|public/api)/", api_not_found))
# Every other path is a client route of the SPA; /api/ and /public/api/ never fall through to it.
urlpatterns.append(re_path(r"^(?!api/|public/api/|admin/|static/|media/|metrics$).*$", spa_index))

# Errors raised outside Ninja (a middleware, Django's request parsing) answer the JSON envelope on
# API paths, never Django's HTML page (issue 16 item 9).
handler400 = "config.views.bad_request"
handler500 = "config.views.server_error"
