"""Fixtures of the market analytics' tests."""

from __future__ import annotations

import pytest

from analytics.tests.factories import build_market


@pytest.fixture
def market(org_a, org_b):
    """The hand-computed market of ``factories.build_market`` in Org A and Org B."""
    return build_market(org_a, org_b)
