"""manage.py seed_demo: idempotent demo data, printed credentials (issue 2, item 8).

In ``people``, the app no other imports (issue 17, item 6: the command draws on every product
app's demo module, so it sits at the top of the import contract's layers).

- the SuperAdmin (Django admin at /admin/),
- two organizations, each with its schema,
- an organization-admin educator and a second educator in the first organization,
- three learners: a public learner, a learner of the second organization, and one with both a
  public learner profile and a profile in the first organization.
- in the first organization: the demo question banks, two rounds, three published tests with
  batches on the marketplace, 18 grade-9 learners (hocsinh01..18@demo.vn) assigned to them, and a
  waiting list; people and invitations (``people.demo``);
- and the THPT 2025 mock exam in Mathematics (issue 39, item 5; ``people.demo_mock_exam``): 43
  grade-12 learners (hocsinh19..61@demo.vn), 42 of whom sat its first batch, results released and
  the item analysis computed; hocsinh61 has not taken it.
Running it again changes nothing that exists (passwords are reset to the printed ones).
"""

from __future__ import annotations

from datetime import date

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from accounts.models import Profile, User
from analytics.demo import seed_demo_market  # issue 10: 90 days of purchases for the dashboards
from assessments.demo import seed_demo_questions
from assignments.demo import (  # issue 24: retention, access log; issue 39: the mock exam
    MOCK_BATCH,
    MOCK_EXAM,
    seed_demo_proctoring,
    seed_demo_tests,
)
from consent.demo import (  # issue 24: consents, paper consents, a learner waiting for a parent
    RENEWAL_EMAIL,
    WAITING_EMAIL,
    WAITING_NAME,
    seed_demo_consents,
    seed_demo_roster_consents,
    seed_demo_waiting_learner,
)
from data_requests.demo import seed_demo_requests  # issue 37: corrections due soon and overdue
from notifications.models import Notification
from notifications.services import notify
from people.demo import seed_demo_people  # issue 9: invitations and a logo
from people.demo_mock_exam import seed_demo_mock_exam_results  # issue 39: the THPT 2025 mock exam
from surveys.demo import seed_demo_surveys  # issue 8: the career survey, taken and in progress
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
            seed_demo_consents(emails=[email for email, _, _ in PEOPLE])  # issue 24: before any purchase
            self._notifications(orgs)
        self._questions(orgs)
        self._tests(orgs)
        self._consents(orgs)
        seed_demo_people(organization=orgs["trung-tam"])
        seed_demo_requests(organization=orgs["trung-tam"])
        seed_demo_surveys(organization=orgs["trung-tam"], stdout=self.stdout)
        self.stdout.write(seed_demo_market(organization=orgs["trung-tam"]))
        self.stdout.write(self.style.SUCCESS("Demo accounts (http://127.0.0.1:8000):"))
        self.stdout.write(f"  SuperAdmin (Django admin /admin/): {SUPERADMIN[0]} / {SUPERADMIN[1]}")
        for email, name, profiles in PEOPLE:
            roles = ", ".join(
                f"{role}{' admin' if admin_flag else ''} @ {slug or 'public'}"
                for role, slug, admin_flag, _ in profiles
            )
            self.stdout.write(f"  {email} / {PASSWORD}  ({name}: {roles})")
        self.stdout.write(f"  hocsinh01..18@demo.vn / {PASSWORD}  (learners @ trung-tam with assigned tests)")
        self.stdout.write(
            f"  hocsinh19..61@demo.vn / {PASSWORD}  (grade-12 learners @ trung-tam; 19..60 sat the THPT "
            "mock exam, hocsinh61 has not)"
        )
        self.stdout.write(
            f"  {WAITING_EMAIL} / {PASSWORD}  ({WAITING_NAME}, 14: waiting for her parent's consent, "
            "whose link is in the mail to phuhuynh.chau@demo.vn)"
        )
        self.stdout.write(
            f"  {RENEWAL_EMAIL} / {PASSWORD}  (15: consented with a parent under the notices' earlier "
            "version; asked again at login, the parent by mail, before a test can start)"
        )

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
        centre = orgs["trung-tam"]
        author = Profile.objects.select_related("user").get(
            user__email="educator@demo.vn", organization=centre
        )
        reviewer = Profile.objects.select_related("user").get(
            user__email="educator.admin@demo.vn", organization=centre
        )
        count = seed_demo_questions(schema_name=centre.schema_name, author=author, reviewer=reviewer)
        self.stdout.write(
            f"  {centre.name}: demo question banks (grades 9 and 12) with {count} published questions"
        )

    def _tests(self, orgs) -> None:
        centre = orgs["trung-tam"]
        educators = {
            p.user.email: p
            for p in Profile.objects.select_related("user").filter(
                organization=centre, user__email__in=["educator@demo.vn", "educator.admin@demo.vn"]
            )
        }
        queue = list(
            Profile.objects.select_related("user")
            .filter(organization=None, user__email__in=["learner@demo.vn", "learner.both@demo.vn"])
            .order_by("user__email")
        )
        listed = seed_demo_tests(
            organization=centre,
            author=educators["educator@demo.vn"],
            admin=educators["educator.admin@demo.vn"],
            learners_to_queue=queue,
            password=PASSWORD,
            buyer=next(p for p in queue if p.user.email == "learner@demo.vn"),
        )
        if listed:
            self.stdout.write(
                f"  {centre.name}: {listed} tests on the marketplace, with batches and a waiting list; "
                "learner@demo.vn has bought the practice test (open now, no camera needed) and has an "
                "order of Toán 12 waiting for payment"
            )
        released = seed_demo_mock_exam_results(
            organization=centre,
            author=educators["educator@demo.vn"],
            admin=educators["educator.admin@demo.vn"],
            password=PASSWORD,
        )
        if released:
            self.stdout.write(
                f"  {centre.name}: {MOCK_EXAM}, {released} results of {MOCK_BATCH} released with "
                "the item analysis (hocsinh19..60; hocsinh61 has not taken it)"
            )
        if seed_demo_proctoring(
            organization=centre,
            admin=educators["educator.admin@demo.vn"],
            educator=educators["educator@demo.vn"],
        ):
            self.stdout.write(
                f"  {centre.name}: hocsinh16's proctoring video deleted under the retention policy, "
                "hocsinh17's viewed by two educators (the access log)"
            )

    def _consents(self, orgs) -> None:
        """Issue 24, item 1: the centre's roster (14-15 years old) with their parents' consent on
        paper recorded by its admin, and a 14-year-old waiting for her parent's consent."""
        centre = orgs["trung-tam"]
        admin = Profile.objects.select_related("user").get(
            user__email="educator.admin@demo.vn", organization=centre
        )
        recorded = seed_demo_roster_consents(organization=centre, admin=admin)
        seed_demo_waiting_learner(password=PASSWORD)
        if recorded:
            self.stdout.write(
                f"  {centre.name}: {recorded} roster learners' parents consented on paper; "
                f"{WAITING_EMAIL} waits for her parent's consent"
            )

    def _notifications(self, orgs) -> None:
        """Invitation notifications for demo people (once); the test notifications (BatchLowSlot,
        TestScheduled) come from the demo tests themselves (``_tests``)."""
        kinds = Notification.Type
        centre = orgs["trung-tam"].name
        school = orgs["thpt-nguyen-du"].name
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
                    kinds.ORGANIZATION_EDUCATOR,
                    "organization_educator",
                    {"organization": school, "inviter": "Phạm Thu Hà"},
                    [("/invitation/demo?role=educator", "_blank", "action.view_invitation")],
                ),
            ],
            "learner@demo.vn": [
                (
                    kinds.ORGANIZATION_LEARNER,
                    "organization_learner",
                    {"organization": centre, "inviter": "Nguyễn Thị Lan"},
                    [("/invitation/demo?role=learner", "_blank", "action.view_invitation")],
                ),
            ],
            "learner.both@demo.vn": [
                (
                    kinds.ORGANIZATION_LEARNER,
                    "organization_learner",
                    {"organization": school, "inviter": "Phạm Thu Hà"},
                    [],
                ),
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
