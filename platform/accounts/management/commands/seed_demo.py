"""manage.py seed_demo: idempotent demo data, printed credentials (issue 2, item 8).

- the SuperAdmin (Django admin at /admin/),
- two organizations, each with its schema,
- an organization-admin educator and a second educator in the first organization,
- three learners: a public learner, a learner of the second organization, and one with both a
  public learner profile and a profile in the first organization.
Running it again changes nothing that exists (passwords are reset to the printed ones).
"""

from __future__ import annotations

from datetime import date

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile, User
from tenants.models import Organization
from tenants.services import organization_provision_now

PASSWORD = "Demo@12345"
SUPERADMIN = ("admin@demo.vn", "Admin@12345")
ORGS = [
    ("Trung tâm Học tập Suốt đời", "trung-tam", True),
    ("Trường THPT Nguyễn Du", "thpt-nguyen-du", False),
]
PEOPLE = [
    # email, name, [(role, org slug or None, is_admin, extra)]
    (
        "educator.admin@demo.vn",
        "Nguyễn Thị Lan",
        [("EDUCATOR", "trung-tam", True, {"job_title": "Trưởng phòng khảo thí"})],
    ),
    (
        "educator@demo.vn",
        "Trần Văn Minh",
        [
            ("EDUCATOR", "trung-tam", False, {"job_title": "Giáo viên Toán"}),
            ("LEARNER", None, False, {"grade": 12, "class_name": "12A1"}),  # both roles: Switch Account
        ],
    ),
    ("educator2@demo.vn", "Phạm Thu Hà", [("EDUCATOR", "thpt-nguyen-du", True, {"job_title": "Hiệu phó"})]),
    ("learner@demo.vn", "Lê Hoàng Nam", [("LEARNER", None, False, {"grade": 10, "class_name": "10A1"})]),
    (
        "learner2@demo.vn",
        "Võ Ngọc Anh",
        [("LEARNER", "thpt-nguyen-du", False, {"grade": 11, "class_name": "11B2"})],
    ),
    (
        "learner.both@demo.vn",
        "Đặng Minh Khoa",
        [
            ("LEARNER", None, False, {"grade": 12, "class_name": "12C3"}),
            ("LEARNER", "trung-tam", False, {"grade": 12, "class_name": "12C3"}),
        ],
    ),
]


class Command(BaseCommand):
    help = "Create the demo organizations and accounts (idempotent) and print their credentials."

    def handle(self, *args, **options):
        orgs = {slug: self._organization(name, slug, surveys) for name, slug, surveys in ORGS}
        with transaction.atomic():
            admin, _ = User.objects.get_or_create(
                email=SUPERADMIN[0], defaults={"name": "SuperAdmin", "is_staff": True, "is_superuser": True}
            )
            admin.is_staff = admin.is_superuser = admin.is_active = True
            admin.email_verified_at = admin.email_verified_at or timezone.now()
            admin.set_password(SUPERADMIN[1])
            admin.save()
            for email, name, profiles in PEOPLE:
                self._person(email, name, profiles, orgs)
            self._notifications(orgs)
        self._questions(orgs)
        self.stdout.write(self.style.SUCCESS("Demo accounts (http://127.0.0.1:8000):"))
        self.stdout.write(f"  SuperAdmin (Django admin /admin/): {SUPERADMIN[0]} / {SUPERADMIN[1]}")
        for email, name, profiles in PEOPLE:
            roles = ", ".join(
                f"{role}{' admin' if admin_flag else ''} @ {slug or 'public'}"
                for role, slug, admin_flag, _ in profiles
            )
            self.stdout.write(f"  {email} / {PASSWORD}  ({name}: {roles})")

    def _organization(self, name: str, slug: str, surveys: bool) -> Organization:
        org = Organization.objects.filter(slug=slug).first()
        if org is None:
            from tenants.services import organization_create

            with transaction.atomic():
                org = organization_create(name=name, slug=slug, survey_management_allowed=surveys)
        if not org.is_ready:
            org = organization_provision_now(organization_id=org.pk)
        return org

    def _person(self, email, name, profiles, orgs) -> None:
        user, _ = User.objects.get_or_create(email=email, defaults={"name": name})
        user.name = name
        user.is_active = True
        user.email_verified_at = user.email_verified_at or timezone.now()
        user.set_password(PASSWORD)
        user.save()
        for role, slug, is_admin, extra in profiles:
            org = orgs[slug] if slug else None
            Profile.objects.update_or_create(
                user=user,
                pandai_profile_role=role,
                organization=org,
                defaults={
                    "is_admin": is_admin,
                    "status": Profile.Status.ACTIVE,
                    "joined_at": timezone.now(),
                    "school_name": "THPT Nguyễn Du" if role == "LEARNER" else "",
                    "province_code": "79",
                    "gender": "male",
                    "date_of_birth": date(2009, 5, 17) if role == "LEARNER" else None,
                    **extra,
                },
            )

    def _questions(self, orgs) -> None:
        from assessments.demo import seed_demo_questions

        centre = orgs["trung-tam"]
        author = Profile.objects.select_related("user").get(
            user__email="educator@demo.vn", organization=centre
        )
        reviewer = Profile.objects.select_related("user").get(
            user__email="educator.admin@demo.vn", organization=centre
        )
        count = seed_demo_questions(schema_name=centre.schema_name, author=author, reviewer=reviewer)
        self.stdout.write(f"  {centre.name}: demo question bank with {count} published questions")

    def _notifications(self, orgs) -> None:
        """A few notifications of each type for the demo educators and learners (once)."""
        from notifications.models import Notification
        from notifications.services import notify

        kinds = Notification.Type
        centre = orgs["trung-tam"].name
        school = orgs["thpt-nguyen-du"].name
        test = {"test": "Đánh giá năng lực Toán 10", "batch": "Ca 1 - 08:00"}
        by_email: dict[str, Profile] = {}
        people = (
            Profile.objects.select_related("user")
            .filter(user__email__in=[e for e, _, _ in PEOPLE])
            .order_by("id")
        )
        for profile in people:
            by_email.setdefault(profile.user.email, profile)  # the first profile of each person
        plan = {
            "educator.admin@demo.vn": [
                (
                    kinds.BATCH_LOW_SLOT,
                    "batch_low_slot",
                    {**test, "available": 4, "slots": 30},
                    [("/test-preset", "_self", "action.view_batch")],
                ),
                (
                    kinds.ORGANIZATION_EDUCATOR,
                    "organization_educator",
                    {"organization": school, "inviter": "Phạm Thu Hà"},
                    [("/invitation/demo?role=educator", "_blank", "action.view_invitation")],
                ),
            ],
            "learner@demo.vn": [
                (
                    kinds.TEST_SCHEDULED,
                    "test_scheduled",
                    {**test, "start": "08:00 29/11/2026"},
                    [("/assignment/student", "_self", "action.view_test")],
                ),
                (
                    kinds.TEST_WAITING_LIST,
                    "test_waiting_list",
                    test,
                    [("/marketplace", "_self", "action.book_slot")],
                ),
                (
                    kinds.ORGANIZATION_LEARNER,
                    "organization_learner",
                    {"organization": centre, "inviter": "Nguyễn Thị Lan"},
                    [("/invitation/demo?role=learner", "_blank", "action.view_invitation")],
                ),
            ],
            "educator@demo.vn": [
                (
                    kinds.BATCH_LOW_SLOT,
                    "batch_low_slot",
                    {**test, "available": 3, "slots": 20},
                    [("/test-preset", "_self", "action.view_batch")],
                ),
                (
                    kinds.TEST_SCHEDULED,
                    "test_scheduled",
                    {**test, "start": "08:00 29/11/2026"},
                    [("/test-preset", "_self", "action.view_test")],
                ),
            ],
            "learner.both@demo.vn": [
                (
                    kinds.TEST_SCHEDULED,
                    "test_scheduled",
                    {**test, "start": "14:00 30/11/2026"},
                    [("/assignment/student", "_self", "action.view_test")],
                ),
                (
                    kinds.TEST_WAITING_LIST,
                    "test_waiting_list",
                    test,
                    [("/marketplace", "_self", "action.book_slot")],
                ),
                (
                    kinds.ORGANIZATION_LEARNER,
                    "organization_learner",
                    {"organization": school, "inviter": "Phạm Thu Hà"},
                    [],
                ),
                (kinds.BATCH_LOW_SLOT, "batch_low_slot", {**test, "available": 2, "slots": 25}, []),
            ],
        }
        for email, items in plan.items():
            profile = by_email[email]
            if Notification.objects.filter(recipient=profile).exists():
                continue
            for kind, key, args, actions in items:
                notify(
                    recipients=profile,
                    notifiable_type=kind,
                    title_key=f"{key}.title",
                    body_key=f"{key}.body",
                    title_args=args,
                    body_args=args,
                    actions=[{"url": u, "target": t, "label": label} for u, t, label in actions],
                )
