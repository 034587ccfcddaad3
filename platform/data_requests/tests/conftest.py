from __future__ import annotations

import pytest

from conftest import client_for


@pytest.fixture
def media(settings, tmp_path):
    """Stored files under a temporary folder (FileSystemStorage follows MEDIA_ROOT)."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def seeded(media, as_educator_a, educator_b, bank, round_id, org_a, org_b):
    from data_requests.tests.seed import seed_learner

    return seed_learner(
        educator_a_client=as_educator_a,
        educator_b_client=client_for(educator_b),
        bank=bank,
        round_id=round_id,
        org_a=org_a,
        org_b=org_b,
    )
