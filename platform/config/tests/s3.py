"""pytest plugin (loaded from the root conftest): a real S3 API on loopback for the suite
(issue 21, item 1; decision 0025).

``s3_server`` (session): moto's S3 in server mode (``ThreadedMotoServer``) on 127.0.0.1 and a free
port, with fake credentials in the environment. ``s3_storage`` (function): the default storage
switched to django-storages' ``S3Storage`` against it, over real HTTP (boto3 -> moto), in a fresh
bucket that the test owns; it yields an :class:`S3Bucket` to look into the bucket::

    def test_photo_lands_in_the_bucket(s3_storage, ...):
        ...upload...
        assert s3_storage.keys("profiles/") == [name]
        assert s3_storage.get(name)[:4] == b"RIFF"
        assert s3_storage.fetch(url) == (200, body)  # a URL the storage gave, fetched over HTTP
"""

from __future__ import annotations

import os
import socket
import urllib.error
import urllib.request
import uuid

import pytest

FAKE_CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",  # noqa: S105 - moto's fake credentials
    "AWS_DEFAULT_REGION": "us-east-1",
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def s3_server():
    """The endpoint URL (``http://127.0.0.1:<port>``) of moto's S3 server, up for the session."""
    from moto.server import ThreadedMotoServer

    saved = {key: os.environ.get(key) for key in FAKE_CREDENTIALS}
    os.environ.update(FAKE_CREDENTIALS)
    port = _free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.stop()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


class S3Bucket:
    """The test's bucket, read with boto3 (not through the storage under test)."""

    def __init__(self, endpoint_url: str, name: str) -> None:
        import boto3

        self.endpoint_url = endpoint_url
        self.name = name
        self.client = boto3.client("s3", endpoint_url=endpoint_url, region_name="us-east-1")
        self.client.create_bucket(Bucket=name)

    def keys(self, prefix: str = "") -> list[str]:
        """Every object key under ``prefix``, sorted."""
        pages = self.client.get_paginator("list_objects_v2").paginate(Bucket=self.name, Prefix=prefix)
        return sorted(obj["Key"] for page in pages for obj in page.get("Contents", []))

    def get(self, key: str) -> bytes:
        return self.client.get_object(Bucket=self.name, Key=key)["Body"].read()

    @staticmethod
    def fetch(url: str) -> tuple[int, bytes]:
        """GET ``url`` over HTTP as a browser would (no credentials): ``(status, body)``."""
        try:
            with urllib.request.urlopen(url, timeout=10) as res:  # noqa: S310 - a loopback test URL
                return res.status, res.read()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read()

    def empty(self) -> None:
        for key in self.keys():
            self.client.delete_object(Bucket=self.name, Key=key)
        self.client.delete_bucket(Bucket=self.name)


@pytest.fixture
def s3_storage(s3_server, settings):
    """The default storage on S3 (moto over HTTP) in a new bucket for this test; the bucket is
    emptied and removed afterwards. The options are those of ``config.settings`` with
    ``AWS_STORAGE_BUCKET_NAME`` set (signed URLs, no ACL, no overwrite)."""
    bucket = S3Bucket(s3_server, f"test-{uuid.uuid4().hex[:12]}")
    settings.AWS_STORAGE_BUCKET_NAME = bucket.name
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": bucket.name,
                "endpoint_url": s3_server,
                "region_name": "us-east-1",
                "default_acl": None,
                "querystring_auth": True,
                "file_overwrite": False,
            },
        },
    }
    try:
        yield bucket
    finally:
        bucket.empty()
