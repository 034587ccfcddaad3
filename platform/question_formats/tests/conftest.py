"""The readers' messages are asserted in English (``translation.override``); the Vietnamese ones
are checked where the API answers them."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield
