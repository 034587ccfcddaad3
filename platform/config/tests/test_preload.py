"""config.preload: the modulepreload links of a page's chunks (issue 20, decision 0029)."""

import json
import os

from config.preload import Preloads, with_preloads

MANIFEST = {
    "index.html": {"file": "assets-E.js", "isEntry": True},
    "src/app/layouts/default-layout.tsx": {
        "file": "default-layout-L.js",
        "imports": ["index.html", "_header-H.js"],
    },
    "_header-H.js": {"file": "header-H.js", "imports": ["index.html", "_dialog-D.js"]},
    "_dialog-D.js": {"file": "dialog-D.js"},
    "src/features/marketplace/routes/marketplace.tsx": {
        "file": "marketplace-M.js",
        "imports": ["index.html", "_dialog-D.js", "_pager-P.js"],
        "dynamicImports": ["src/features/marketplace/components/publish-dialog.tsx"],
    },
    "_pager-P.js": {"file": "pager-P.js"},
    "src/app/layouts/blank-layout.tsx": {"file": "blank-layout-B.js", "imports": ["_header-H.js"]},
    "src/features/take-test/routes/take-test.tsx": {"file": "take-test-T.js"},
    "src/features/take-test/routes/preparation.tsx": {"file": "preparation-R.js"},
    "src/features/errors/routes/not-found.tsx": {"file": "not-found-N.js"},
}
ROUTES = [
    {
        "path": "/marketplace",
        "modules": ["src/app/layouts/default-layout.tsx", "src/features/marketplace/routes/marketplace.tsx"],
    },
    {
        "path": "/take-test/preparation/:id",
        "modules": ["src/app/layouts/blank-layout.tsx", "src/features/take-test/routes/preparation.tsx"],
    },
    {
        "path": "/take-test/:id",
        "modules": ["src/app/layouts/blank-layout.tsx", "src/features/take-test/routes/take-test.tsx"],
    },
    {"path": "/*", "modules": ["src/features/errors/routes/not-found.tsx"]},
]


# The chunks that carry groups of Vietnamese texts, and the English chunks (messages-plugin.ts).
TEXTS = {
    "groups": {
        "header-H.js": ["titles"],
        "take-test-T.js": ["takeTest"],
        "marketplace-M.js": ["shop", "marketplace"],
    },
    "english": {
        "core": "en-core-C.js",
        "titles": "titles-E.js",
        "takeTest": "takeTest-E.js",
        "shop": "shop-E.js",
    },
}


def build(tmp_path, manifest=MANIFEST, routes=ROUTES, texts=TEXTS):
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    (tmp_path / "routes.json").write_text(json.dumps(routes))
    (tmp_path / "texts.json").write_text(json.dumps(texts))
    return Preloads(tmp_path)


def test_a_page_preloads_its_layout_page_and_their_static_imports_once_without_the_entry(tmp_path):
    preloads = build(tmp_path)
    assert preloads.files("/marketplace") == [
        "default-layout-L.js",
        "header-H.js",
        "dialog-D.js",
        "marketplace-M.js",
        "pager-P.js",
    ]
    assert preloads.files("/marketplace/") == preloads.files("/marketplace")


def test_static_segments_win_over_dynamic_ones_and_the_splat_comes_last(tmp_path):
    preloads = build(tmp_path)
    assert preloads.files("/take-test/preparation/12") == [
        "blank-layout-B.js",
        "header-H.js",
        "dialog-D.js",
        "preparation-R.js",
    ]
    assert preloads.files("/take-test/12") == [
        "blank-layout-B.js",
        "header-H.js",
        "dialog-D.js",
        "take-test-T.js",
    ]
    assert preloads.files("/no/such/page") == ["not-found-N.js"]


def test_links_go_before_the_head_end(tmp_path):
    preloads = build(tmp_path)
    html = with_preloads("<html><head><title>x</title></head><body></body></html>", "/take-test/12", preloads)
    assert html == (
        "<html><head><title>x</title>"
        '<link rel="modulepreload" crossorigin href="/static/blank-layout-B.js">'
        '<link rel="modulepreload" crossorigin href="/static/header-H.js">'
        '<link rel="modulepreload" crossorigin href="/static/dialog-D.js">'
        '<link rel="modulepreload" crossorigin href="/static/take-test-T.js">'
        "</head><body></body></html>"
    )


def test_no_build_no_links_and_a_new_build_is_read_again(tmp_path):
    preloads = Preloads(tmp_path)
    assert with_preloads("<head></head>", "/marketplace", preloads) == "<head></head>"
    build(tmp_path)
    assert preloads.files("/take-test/1")[-1] == "take-test-T.js"
    renamed = {**MANIFEST, "src/features/take-test/routes/take-test.tsx": {"file": "take-test-NEW.js"}}
    (tmp_path / "manifest.json").write_text(json.dumps(renamed))
    stamp = os.stat(tmp_path / "manifest.json").st_mtime + 5
    os.utime(tmp_path / "manifest.json", (stamp, stamp))
    assert preloads.files("/take-test/1")[-1] == "take-test-NEW.js"


def test_the_served_index_names_the_pages_chunks(tmp_path, monkeypatch, client):
    from config import preload

    build(tmp_path)
    monkeypatch.setattr(preload.PRELOADS, "build", tmp_path)
    html = client.get("/take-test/12").content.decode()
    assert '<link rel="modulepreload" crossorigin href="/static/take-test-T.js"></head>' in html
    assert "marketplace-M.js" not in html


def test_an_english_reader_also_preloads_the_english_core_and_the_english_texts_of_its_chunks(tmp_path):
    preloads = build(tmp_path)
    # the page's chunks carry titles and takeTest: the core, then those groups' English chunks
    assert preloads.files("/take-test/12", "en") == [
        "blank-layout-B.js",
        "header-H.js",
        "dialog-D.js",
        "take-test-T.js",
        "en-core-C.js",
        "takeTest-E.js",
        "titles-E.js",
    ]
    # a group without an English chunk in the build (marketplace here) is left out
    assert preloads.files("/marketplace", "en")[-3:] == ["en-core-C.js", "shop-E.js", "titles-E.js"]
    assert preloads.files("/take-test/12", "vi") == preloads.files("/take-test/12")
    assert "en-core" not in "".join(preloads.files("/take-test/12"))


def test_the_served_index_names_the_english_texts_for_a_reader_whose_cookie_says_english(
    tmp_path, monkeypatch, client
):
    from config import preload

    build(tmp_path)
    monkeypatch.setattr(preload.PRELOADS, "build", tmp_path)
    client.cookies["lang"] = "en"
    html = client.get("/take-test/12").content.decode()
    assert html.count('rel="modulepreload"') == 7
    assert (
        '<link rel="modulepreload" crossorigin href="/static/en-core-C.js">'
        '<link rel="modulepreload" crossorigin href="/static/takeTest-E.js">'
        '<link rel="modulepreload" crossorigin href="/static/titles-E.js"></head>'
    ) in html
    client.cookies["lang"] = "vi"
    assert "en-core" not in client.get("/take-test/12").content.decode()


def test_a_build_without_texts_json_preloads_its_chunks_without_english_texts(tmp_path):
    preloads = build(tmp_path)
    (tmp_path / "texts.json").unlink()
    stamp = os.stat(tmp_path / "manifest.json").st_mtime + 5
    os.utime(tmp_path / "manifest.json", (stamp, stamp))
    assert (
        preloads.files("/take-test/12", "en")
        == preloads.files("/take-test/12")
        == [
            "blank-layout-B.js",
            "header-H.js",
            "dialog-D.js",
            "take-test-T.js",
        ]
    )
