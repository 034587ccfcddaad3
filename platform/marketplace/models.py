"""Marketplace listings (public schema): what learners of any organization can buy (issue 5,
item 6). A listing mirrors one approved test preset of an organization's schema, with prices
per add-on in whole VND."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from config.i18n import localized, localized_with_language
from config.stored_files import StoredFileField


class Listing(models.Model):
    class Kind(models.TextChoices):
        TEST = "test", _("Test")
        SURVEY = "survey", _("Survey")

    class Status(models.TextChoices):
        ACTIVE = "active", _("On sale")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    organization = models.ForeignKey(
        "tenants.Organization", on_delete=models.CASCADE, related_name="listings"
    )
    kind = models.CharField(max_length=10, choices=Kind, default=Kind.TEST)
    preset_id = models.BigIntegerField(
        help_text="Id of the test preset (or survey) in the organization's schema."
    )
    name = models.CharField(max_length=200)
    # English texts where the item has them (a survey's; issue 38 item 6): the reader's pick with
    # fallback is ``shown_name`` / ``shown_description`` (config.i18n).
    name_en = models.CharField(max_length=200, blank=True, default="")
    description = models.TextField(blank=True)
    description_en = models.TextField(blank=True, default="")
    grade = models.PositiveSmallIntegerField(null=True, blank=True)
    subjects = models.JSONField(default=list, blank=True, help_text='[{"code", "name_vi", "name_en"}]')
    cover_image = StoredFileField(max_length=300, blank=True)
    duration_minutes = models.PositiveIntegerField(null=True, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    camera_proctoring = models.BooleanField(default=True)
    batches = models.JSONField(
        default=list, blank=True, help_text="Summary of the preset's batches, kept in step."
    )
    price_test_only = models.PositiveBigIntegerField(_("price: test only (VND)"))
    price_test_advanced = models.PositiveBigIntegerField(
        _("price: test + advanced report (VND)"), null=True, blank=True
    )
    price_survey_report = models.PositiveBigIntegerField(
        _("price: survey report (VND)"), null=True, blank=True
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.ACTIVE)
    search_text = models.TextField(blank=True)
    published_by_profile_id = models.BigIntegerField(null=True, blank=True)
    published_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-published_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["organization", "kind", "preset_id"],
                condition=Q(status="active"),
                name="one_active_listing_per_item",
            )
        ]
        indexes = [
            models.Index(fields=["status", "grade"]),
            models.Index(fields=["status", "price_test_only"]),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def shown_name(self) -> str:
        """The name in the reader's language, the other language's when blank (``config.i18n``)."""
        return localized(self, "name")

    @property
    def name_lang(self) -> str:
        """``"vi"`` or ``"en"``: the language of ``shown_name`` (for the page's ``lang``)."""
        return localized_with_language(self, "name")[1]

    @property
    def shown_description(self) -> str:
        """The description in the reader's language, the other language's when blank."""
        return localized(self, "description")

    @property
    def description_lang(self) -> str:
        """``"vi"`` or ``"en"``: the language of ``shown_description``."""
        return localized_with_language(self, "description")[1]


class Addon(models.TextChoices):
    """What a learner buys with a listing (issue 5, item 6): the test alone, or the test with the
    advanced report. The survey report is bought from a survey listing (issue 8)."""

    TEST_ONLY = "test_only", _("Test only")
    TEST_ADVANCED = "test_advanced", _("Test + advanced report")
    SURVEY_REPORT = "survey_report", _("Survey report")


ADDON_PRICE_FIELD = {
    Addon.TEST_ONLY: "price_test_only",
    Addon.TEST_ADVANCED: "price_test_advanced",
    Addon.SURVEY_REPORT: "price_survey_report",
}


class CartItem(models.Model):
    """A listing in a learner profile's shopping cart with the chosen add-on and batch. The price
    is read from the listing at checkout (never stored here)."""

    profile = models.ForeignKey("accounts.Profile", on_delete=models.CASCADE, related_name="cart_items")
    listing = models.ForeignKey(Listing, on_delete=models.CASCADE, related_name="+")
    addon = models.CharField(max_length=16, choices=Addon, default=Addon.TEST_ONLY)
    batch_id = models.BigIntegerField(
        null=True, blank=True, help_text="Batch id in the listing organization's schema (none for a survey)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [models.UniqueConstraint(fields=["profile", "listing"], name="cart_listing_once")]

    def __str__(self) -> str:
        return f"{self.profile_id}: {self.listing_id}"


class Transaction(models.Model):
    """A purchase (spec section 3 "Transaction"; issue 6). Status values:

    - ``PENDING``: checked out; its batch slots are reserved until ``expires_at``;
    - ``COMPLETED``: paid; assignments exist in the organizations' schemas;
    - ``CANCELLED``: cancelled by the learner while pending; slots freed;
    - ``EXPIRED``: not paid in time (``PENDING_TRANSACTION_MINUTES``); slots freed;
    - ``FAILED``: the payment provider declined it; slots freed.
    """

    class Status(models.TextChoices):
        PENDING = "PENDING", _("Pending payment")
        COMPLETED = "COMPLETED", _("Completed")
        CANCELLED = "CANCELLED", _("Cancelled")
        EXPIRED = "EXPIRED", _("Expired")
        FAILED = "FAILED", _("Payment failed")

    profile = models.ForeignKey("accounts.Profile", on_delete=models.PROTECT, related_name="transactions")
    buyer_name = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    amount = models.PositiveBigIntegerField(help_text="Total in VND.")
    remark = models.CharField(max_length=300, blank=True)
    payment_provider = models.CharField(max_length=30, blank=True)
    payment_id = models.CharField(max_length=80, blank=True)
    idempotency_key = models.CharField(max_length=80, blank=True)
    failure_reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    completed_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True, help_text="When cancelled, expired or failed.")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["profile", "status", "-created_at"]),
            models.Index(fields=["status", "expires_at"]),
            # Market analytics (decision 0010): the join from an organization's items reads
            # the transaction's status, dates and buyer from the index alone.
            models.Index(
                fields=["id"],
                include=["status", "completed_at", "created_at", "profile"],
                name="mkt_tx_id_cover",
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="transaction_idempotency_once",
            )
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.status} {self.amount} VND"


class TransactionItem(models.Model):
    """One test of a transaction: the listing, the batch whose slot it reserves, the add-on and
    the price paid (VND), and once paid the assignment created in the organization's schema."""

    transaction = models.ForeignKey(Transaction, on_delete=models.CASCADE, related_name="items")
    listing = models.ForeignKey(Listing, on_delete=models.PROTECT, related_name="+")
    organization = models.ForeignKey("tenants.Organization", on_delete=models.PROTECT, related_name="+")
    preset_id = models.BigIntegerField(help_text="Test preset (or survey) id in the organization's schema.")
    batch_id = models.BigIntegerField(null=True, blank=True, help_text="None for a survey report.")
    batch_name = models.CharField(max_length=120, blank=True)
    batch_starts_at = models.DateTimeField(null=True, blank=True)
    addon = models.CharField(max_length=16, choices=Addon)
    name = models.CharField(max_length=200)
    grade = models.PositiveSmallIntegerField(null=True, blank=True)
    subject_codes = models.JSONField(default=list)
    price = models.PositiveBigIntegerField(help_text="VND")
    assignment_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["organization", "preset_id"]),
            # Market analytics (decision 0010): an organization's items with every column the
            # dashboard and markets figures read, without visiting the table.
            models.Index(
                fields=["organization", "transaction"],
                include=["price", "addon", "grade", "subject_codes", "preset_id"],
                name="mkt_item_org_tx_cover",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.transaction_id}: {self.name}"
