"""gunicorn's settings, one place for every way the product is served (issue 38 item 4; decision 0047).

``gunicorn -c platform/config/gunicorn_conf.py --bind HOST:PORT --workers N --threads M`` from the
repository's root (the Dockerfile's CMD, ``ops/run``, ``ops/cluster``, ``bench/``, the tests'
live servers): the address and the sizing are the caller's (a laptop, a node, an image); how
connections are handled is decided here and nowhere else.

- ``config.wsgi:application`` from ``platform/`` (``chdir``), loaded once in the master before
  the workers fork (``preload_app``: config/wsgi.py warms the URL map and the catalogues, the
  metrics registry is built in ``AppConfig.ready``).
- ``gthread`` workers: each accepts connections in its main loop and serves them with its
  threads.
- ``keepalive`` 75 s: a load balancer that reuses a node's idle connections must close them
  before the node does, or a request it sends as the node closes one is lost. Balancers keep an
  idle connection 60 s (AWS ALB's and HAProxy's ``timeout client`` in ops/cluster); 75 is
  longer. ops/cluster's HAProxy does not reuse them at all (``option http-server-close``,
  decision 0047): a node's close could still cross a request on a worker's stop or reload.
- ``backlog`` 2048 connections waiting to be accepted (the kernel caps it at
  ``net.core.somaxconn``, 4096 on Linux since 5.4): far more than a burst of 200 checkouts
  through the balancer opens at once (measured: no listen overflow, decision 0047).
- ``timeout`` 30 s: a worker silent that long is killed and replaced (gthread's main loop
  reports while its threads work, so only a stuck worker is killed, not a slow request);
  ``graceful_timeout`` 30 s for the requests in flight when a worker stops.
"""

from __future__ import annotations

from pathlib import Path

wsgi_app = "config.wsgi:application"
chdir = str(Path(__file__).resolve().parent.parent)  # platform/
preload_app = True
worker_class = "gthread"
keepalive = 75
backlog = 2048
timeout = 30
graceful_timeout = 30
