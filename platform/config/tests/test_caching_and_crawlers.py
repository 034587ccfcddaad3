"""Issue 20: hashed static files cached for a year, index.html never cached and in the reader's
language, robots.txt and the sitemap of the public pages."""

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.test import RequestFactory
from whitenoise.middleware import WhiteNoiseMiddleware

from config import views
from config.static import immutable_file

SOURCE_INDEX = Path(settings.BASE_DIR) / "frontend" / "index.html"


@pytest.mark.parametrize(
    ("url", "immutable"),
    [
        ("/static/assets-C688-Kf_.js", True),  # the entry
        ("/static/BarChart-BVo38-lB.js", True),  # a chunk
        ("/static/KaTeX_Main-Bold-Cx986IdX.woff2", True),
        ("/static/index-Dk3_a9Zq.css.gz", True),  # WhiteNoise's compressed copy
        ("/static/admin/css/base.0123456789ab.css", True),  # Django's manifest name
        ("/static/favicon.svg", False),
        ("/static/admin/css/base.css", False),
        ("/static/be-vietnam-pro-vietnamese-400-normal.woff2", False),  # no hash
        ("/media/photo-abcdefgh.webp", False),
    ],
)
def test_only_content_hashed_static_files_are_immutable(url, immutable):
    assert immutable_file("", url) is immutable


def test_whitenoise_serves_a_vite_chunk_for_a_year_and_the_favicon_for_a_minute(tmp_path, settings):
    (tmp_path / "BarChart-BVo38-lB.js").write_text("export{}")
    (tmp_path / "favicon.svg").write_text("<svg/>")
    settings.STATIC_ROOT = tmp_path
    settings.STATICFILES_DIRS = []
    middleware = WhiteNoiseMiddleware(lambda request: None)
    chunk = middleware(RequestFactory().get("/static/BarChart-BVo38-lB.js"))
    icon = middleware(RequestFactory().get("/static/favicon.svg"))
    assert chunk["Cache-Control"] == "max-age=315360000, public, immutable"
    assert icon["Cache-Control"] == f"max-age={middleware.max_age}, public"


@pytest.fixture
def built_index(monkeypatch):
    """The index.html Vite builds from (its head is copied as is)."""
    monkeypatch.setattr(views, "INDEX", SOURCE_INDEX)


@pytest.mark.django_db
def test_index_is_never_cached_and_vietnamese_by_default(client, built_index):
    response = client.get("/login")
    html = response.content.decode()
    assert "no-cache" in response["Cache-Control"] and "max-age=0" in response["Cache-Control"]
    assert '<html lang="vi">' in html
    assert "<title>Trung tâm Học tập Suốt đời</title>" in html
    assert (
        '<meta name="description" content="Trung tâm Học tập Suốt đời: đánh giá năng lực và hướng '
        'nghiệp cho học sinh"' in html
    )


@pytest.mark.django_db
def test_index_follows_the_stored_language_cookie(client, built_index):
    client.cookies["lang"] = "en"
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html
    assert "<title>Lifelong Learning Centre</title>" in html
    assert (
        '<meta name="description" content="Lifelong Learning Centre: competency assessment and '
        'career guidance for students"' in html
    )
    client.cookies["lang"] = "fr"  # anything else: Vietnamese
    assert '<html lang="vi">' in client.get("/").content.decode()


@pytest.mark.django_db
def test_robots_txt_is_text_with_the_sitemap(client):
    response = client.get("/robots.txt")
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == (
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /public/api/\nDisallow: /admin/\n"
        "Disallow: /media/\nSitemap: http://testserver/sitemap.xml\n"
    )


@pytest.mark.django_db
def test_sitemap_lists_the_seventeen_public_pages(client):
    response = client.get("/sitemap.xml")
    xml = response.content.decode()
    assert response.status_code == 200
    assert xml.count("<url>") == 17
    assert "<loc>http://testserver/</loc>" in xml
    assert "<loc>http://testserver/instructions/step-9</loc>" in xml
    assert "<loc>http://testserver/signup</loc>" in xml
    assert "/marketplace" not in xml


@pytest.fixture
def prerendered(tmp_path, monkeypatch):
    """A build's index.html and two prerendered pages (vi and en of /, vi of /instructions/step-1)."""
    template = SOURCE_INDEX.read_text(encoding="utf-8")
    index = tmp_path / "index.html"
    index.write_text(template, encoding="utf-8")
    pages = {
        "vi/index.html": "<h1>Trang chủ dựng sẵn</h1>",
        "en/index.html": "<h1>Prerendered landing</h1>",
        "vi/instructions/step-1/index.html": "<h1>Bước 1 dựng sẵn</h1>",
    }
    for name, markup in pages.items():
        file = tmp_path / "prerender" / name
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(template.replace('<div id="root"></div>', f'<div id="root">{markup}</div>'))
    monkeypatch.setattr(views, "INDEX", index)
    monkeypatch.setattr(views, "PRERENDERED", tmp_path / "prerender")


def _root(response) -> str:
    html = response.content.decode()
    return html[html.index('<div id="root">') : html.index("</div>", html.index('<div id="root">'))]


@pytest.mark.django_db
def test_a_public_page_is_served_prerendered_in_the_cookies_language(client, prerendered):
    vietnamese = client.get("/")
    assert _root(vietnamese) == '<div id="root"><h1>Trang chủ dựng sẵn</h1>'
    assert '<html lang="vi">' in vietnamese.content.decode()
    assert "no-cache" in vietnamese["Cache-Control"] and "max-age=0" in vietnamese["Cache-Control"]
    assert "no-store" in vietnamese["Cache-Control"]
    assert _root(client.get("/instructions/step-1")) == '<div id="root"><h1>Bước 1 dựng sẵn</h1>'
    client.cookies["lang"] = "en"
    english = client.get("/")
    assert _root(english) == '<div id="root"><h1>Prerendered landing</h1>'
    assert "<title>Lifelong Learning Centre</title>" in english.content.decode()
    assert "no-cache" in english["Cache-Control"] and "max-age=0" in english["Cache-Control"]


@pytest.mark.django_db
def test_other_paths_and_missing_pages_get_the_plain_index(client, prerendered):
    # signed-in pages, a page not prerendered in English, paths that are not a page's
    for path in ("/marketplace", "/instructions/step-2", "/instructions/step-1/", "/Index", "/index"):
        assert _root(client.get(path)) == '<div id="root">', path
    client.cookies["lang"] = "en"
    assert _root(client.get("/instructions/step-1")) == '<div id="root">'
    client.cookies["lang"] = "fr"  # anything else: Vietnamese
    assert _root(client.get("/")) == '<div id="root"><h1>Trang chủ dựng sẵn</h1>'


def test_paths_outside_the_prerender_folder_are_never_read(prerendered):
    for path in ("/../index.html", "/..", "/vi/../../x", "//etc/passwd", "/a.html"):
        assert views.prerendered_page(path, "vi") is None, path


def test_the_prerendered_pages_are_the_sitemaps_pages():
    """The frontend's list (frontend/src/app/public-pages.json, what the build prerenders) and
    the server's sitemap (config/seo.py) name the same public pages."""
    from config.seo import PUBLIC_PAGES

    listed = Path(settings.BASE_DIR) / "frontend" / "src" / "app" / "public-pages.json"
    assert json.loads(listed.read_text(encoding="utf-8")) == list(PUBLIC_PAGES)
