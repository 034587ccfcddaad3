"""factory-boy factories for users and profiles."""

from __future__ import annotations

from datetime import date

import factory
from django.utils import timezone

from accounts.models import Profile, User

PASSWORD = "Sup3r-secret-pass"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"person{n}@example.vn")
    name = factory.Faker("name", locale="vi_VN")
    is_active = True
    email_verified_at = factory.LazyFunction(timezone.now)
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _save(self, create, extracted, **kwargs):
        if create:
            self.save()


class ProfileFactory(factory.django.DjangoModelFactory):
    """A LEARNER profile in the public schema by default; ``educator=True`` for an EDUCATOR
    (give ``organization``)."""

    class Meta:
        model = Profile
        skip_postgeneration_save = True

    class Params:
        educator = factory.Trait(pandai_profile_role=Profile.Role.EDUCATOR, grade=None, job_title="Giáo viên")

    user = factory.SubFactory(UserFactory)
    pandai_profile_role = Profile.Role.LEARNER
    organization = None
    status = Profile.Status.ACTIVE
    joined_at = factory.LazyFunction(timezone.now)
    grade = 10
    class_name = "10A1"
    school_name = "THPT Lê Quý Đôn"
    province_code = "79"
    gender = "female"
    date_of_birth = date(2009, 3, 14)

    @factory.post_generation
    def consented(self, create, extracted, **kwargs):
        """A LEARNER has consented to the notices in force (issue 24, item 1: the consent gate),
        unless made with ``consented=False``."""
        if create and extracted is not False and self.pandai_profile_role == Profile.Role.LEARNER:
            from consent.tests.factories import learner_consented

            learner_consented(self.user)
