"""Demo consents for ``manage.py seed_demo`` (issue 24, item 1, "Done when"). Idempotent.

- every demo learner has consented to the notices in force at sign-up (the demo buyers and takers
  stay able to buy and take tests);
- the centre's grade-9 roster (hocsinh01..18@demo.vn) is 14 or 15 years old: the centre collected
  their parents' consent on paper, recorded by its admin;
- ``hocsinh.nho@demo.vn`` (Trương Bảo Châu, 14, a public learner) signed up and is waiting for
  her parent's consent: her request to ``phuhuynh.chau@demo.vn`` is mailed once (the link is in
  the mail under ``.data/mail``), so she can browse but not buy, take a test, take the career
  survey or record video;
- the notices are at a new version (decision 0048: ``consent.services.NOTICE_VERSION``, which
  names the Law on Personal Data Protection No. 91/2025/QH15), and ``hocsinh01@demo.vn``
  (Nguyễn Gia Bảo, 15) consented, with a parent's consent on paper, under the earlier version
  1.0: asked again at login (the prompt asks to accept the new version and for the parent's
  e-mail), the learner cannot start a test until the parent consents again through the mailed
  link (or the centre records a new paper consent).
"""

from __future__ import annotations

from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile, User
from config import dates
from config.i18n import in_language
from consent import rules, selectors
from consent.models import Consent, NoticeVersion, ParentRequest
from consent.services import (
    learner_consent_record,
    notices_checked,
    notices_ensure,
    parent_request_send,
)

WAITING_EMAIL = "hocsinh.nho@demo.vn"
WAITING_NAME = "Trương Bảo Châu"
WAITING_BORN = date(2012, 3, 12)
WAITING_PARENT = "phuhuynh.chau@demo.vn"
PAPER_NOTE = "Phiếu đồng ý của phụ huynh lưu tại văn phòng trung tâm"
RENEWAL_EMAIL = "hocsinh01@demo.vn"
EARLIER_VERSION = "1.0"
EARLIER_DAY = date(2026, 11, 1)
"""Version 1.0 of the notices (in force from 1 November 2026, citing Decree 13/2023/ND-CP until
the Law's version replaced it): what ``RENEWAL_EMAIL`` and the parent consented to."""


def _current():
    notices_ensure()
    current = rules.notices_current()
    return notices_checked(terms_version=current["terms"].version, privacy_version=current["privacy"].version)


def _own(user: User) -> None:
    if not selectors.consented_now(user.pk):
        learner_consent_record(user=user, source=Consent.Source.SIGNUP, notices=_current(), ip=None)


@transaction.atomic
def seed_demo_consents(*, emails: list[str]) -> int:
    """Every LEARNER profile's person among ``emails`` has consented to the notices in force
    (at sign-up). Returns how many consents were recorded."""
    users = User.objects.filter(
        email__in=emails, profiles__pandai_profile_role=Profile.Role.LEARNER
    ).distinct()
    count = 0
    for user in users:
        if not selectors.consented_now(user.pk):
            _own(user)
            count += 1
    return count


@transaction.atomic
def seed_demo_roster_consents(*, organization, admin: Profile) -> int:
    """The organization's learners without a date of birth get one of a grade-9 pupil (2011, 14
    or 15 years old), their own consent, and a parent's consent on paper recorded by ``admin``,
    both to the notices in force; ``RENEWAL_EMAIL`` consented to the earlier version only (asked
    again, decision 0048). Returns how many paper consents were recorded."""
    count = 0
    learners = (
        Profile.objects.select_related("user")
        .filter(organization=organization, pandai_profile_role=Profile.Role.LEARNER)
        .order_by("id")
    )
    for index, learner in enumerate(learners):
        if learner.date_of_birth is None:
            learner.date_of_birth = date(2011, index % 12 + 1, index % 27 + 1)
            learner.save(update_fields=["date_of_birth", "updated_at"])
        if learner.user.email == RENEWAL_EMAIL:
            count += _consented_to_earlier_version(learner, organization=organization, admin=admin)
            continue
        _own(learner.user)
        facts = rules.consent_facts(learner.user_id)
        if rules.needs_parent(facts.band) and not selectors.is_current(facts.parent, facts.current):
            notices = _current()
            Consent.objects.create(
                user=learner.user,
                subject=Consent.Subject.PARENT,
                source=Consent.Source.PAPER,
                terms_version=notices.terms,
                privacy_version=notices.privacy,
                organization=organization,
                recorded_by=admin,
                recorded_by_name=admin.user.name_or_email,
                note=PAPER_NOTE,
            )
            count += 1
    return count


def _consented_to_earlier_version(learner: Profile, *, organization, admin: Profile) -> int:
    """``RENEWAL_EMAIL``'s consents, once (a learner with any consent is left as they are: asked
    again, or re-consented since): their own at sign-up and their parent's on paper, both to version
    ``EARLIER_VERSION`` of the notices, given on its first day at 09:00 Vietnam time. Returns 1
    when the paper consent was recorded."""
    if Consent.objects.filter(user=learner.user).exists():
        return 0
    notices_ensure()
    terms, privacy = (
        NoticeVersion.objects.get_or_create(
            kind=kind, version=EARLIER_VERSION, defaults={"effective_on": EARLIER_DAY}
        )[0]
        for kind in (NoticeVersion.Kind.TERMS, NoticeVersion.Kind.PRIVACY)
    )
    given_at = dates.day_start(EARLIER_DAY) + timedelta(hours=9)
    common = {"user": learner.user, "terms_version": terms, "privacy_version": privacy, "given_at": given_at}
    Consent.objects.create(subject=Consent.Subject.LEARNER, source=Consent.Source.SIGNUP, **common)
    Consent.objects.create(
        subject=Consent.Subject.PARENT,
        source=Consent.Source.PAPER,
        organization=organization,
        recorded_by=admin,
        recorded_by_name=admin.user.name_or_email,
        note=PAPER_NOTE,
        **common,
    )
    return 1


@transaction.atomic
def seed_demo_waiting_learner(*, password: str) -> User:
    """``WAITING_EMAIL``: a 14-year-old public learner who signed up (consent recorded) and whose
    parent has not answered yet (one request, mailed in Vietnamese when first created)."""
    user, created = User.objects.get_or_create(email=WAITING_EMAIL, defaults={"name": WAITING_NAME})
    user.name = WAITING_NAME
    user.is_active = True
    user.email_verified_at = user.email_verified_at or timezone.now()
    user.set_password(password)
    user.save()
    Profile.objects.update_or_create(
        user=user,
        pandai_profile_role=Profile.Role.LEARNER,
        organization=None,
        defaults={
            "status": Profile.Status.ACTIVE,
            "joined_at": user.created_at,
            "grade": 9,
            "class_name": "9A2",
            "school_name": "THCS Nguyễn Du",
            "province_code": "79",
            "gender": "female",
            "date_of_birth": WAITING_BORN,
        },
    )
    _own(user)
    if not ParentRequest.objects.filter(user=user).exists():
        with in_language("vi"):
            parent_request_send(user=user, parent_email=WAITING_PARENT, ip=None)
    return user
