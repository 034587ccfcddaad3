"""Field checks shared by the identity and organization services (spec section 5, "Validation").

Each check adds localized messages to a ``config.errors.FieldErrors`` under the field's name; the
caller raises them together (``errors.raise_if_any(...)``: 400 ``validation_error``). Public because
the organization services (``people.services``) and the invitations check e-mails the same way
(issue 17, item 6: one definition of each).
"""

from __future__ import annotations

from datetime import date, datetime

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from accounts.error_codes import AccountsErrorCode
from accounts.models import (
    User,
    cccd_validator,
)
from config import dates
from config.errors import CommonErrorCode, FieldErrors

GRADES = range(1, 13)  # Vietnamese general education: grades 1 to 12


def normalize_email(email: str) -> str:
    """An e-mail address as stored and compared: trimmed, lower-cased ("" for None)."""
    return (email or "").strip().lower()


def check_email(errors: FieldErrors, field: str, value: str, *, required: bool = True) -> None:
    """Add to ``errors[field]`` "Required" (blank and ``required``) or "Enter a valid e-mail
    address." (Django's ``validate_email`` refuses ``value``; normalize it first)."""
    if not value:
        if required:
            errors.add(field, _("Required"))
        return
    try:
        validate_email(value)
    except DjangoValidationError:
        errors.add(field, _("Enter a valid e-mail address."))


def check_new_password(errors: FieldErrors, password: str, confirm: str, user: User | None = None) -> None:
    """A new password and its confirmation (spec section 5): ``password`` required and passing
    Django's validators (``AUTH_PASSWORD_VALIDATORS``, compared with ``user``'s e-mail and name);
    ``confirm_password`` required and equal ("Passwords do not match.")."""
    if not password:
        errors.add("password", _("Required"))
    else:
        try:
            validate_password(password, user=user)
        except DjangoValidationError as exc:
            for message in exc.messages:
                errors.add("password", message)
    if not confirm:
        errors.add("confirm_password", _("Required"))
    elif password and confirm != password:
        errors.add("confirm_password", _("Passwords do not match."))


def parse_birth_date(errors: FieldErrors, value: str, *, required: bool) -> date | None:
    """The date of birth typed as dd/mm/yyyy, before today in Vietnam (``config.dates.today``);
    ``None`` with an error on ``date_of_birth`` otherwise (or ``None`` alone when blank and not
    ``required``)."""
    if not value:
        if required:
            errors.add("date_of_birth", _("Required"))
        return None
    try:
        born = datetime.strptime(value.strip(), "%d/%m/%Y").date()
    except ValueError:
        errors.add("date_of_birth", _("Enter the date as dd/mm/yyyy."))
        return None
    if born >= dates.today():
        errors.add("date_of_birth", _("The date of birth must be in the past."))
        return None
    return born


def check_choice(errors: FieldErrors, field: str, value: str, allowed, *, required: bool) -> None:
    """``value`` one of ``allowed`` ("Choose one of the allowed values."), or blank when not
    ``required``."""
    if not value:
        if required:
            errors.add(field, _("Required"))
    elif value not in allowed:
        errors.add(field, _("Choose one of the allowed values."))


def check_cccd(errors: FieldErrors, value: str, *, required: bool) -> None:
    """A CCCD (citizen identity card) number: exactly 12 digits (spec section 5)."""
    if not value:
        if required:
            errors.add("cccd", _("Required"))
        return
    try:
        cccd_validator(value)
    except DjangoValidationError:
        errors.add("cccd", _("The CCCD number must be exactly 12 digits."))


def cccd_birth_year(cccd: str) -> int | None:
    """The year of birth a 12-digit CCCD number codes (issue 37, item 5; decision 0049), or None
    for anything but 12 digits. The 4th digit codes the century and the sex (0/1: born 1900-1999,
    male/female; 2/3: 2000-2099; 4/5: 2100-2199; 6/7: 2200-2299; 8/9: 2300-2399), the 5th and 6th
    the last two digits of the year: Decree 137/2015/ND-CP, Article 13, and Circular
    59/2021/TT-BCA, Article 7 (the structure of the personal identification number).
    ``"001208012345"`` -> 2008; ``"079085012345"`` -> 1985."""
    if len(cccd) != 12 or not cccd.isdigit():
        return None
    return 1900 + (int(cccd[3]) // 2) * 100 + int(cccd[4:6])


def check_cccd_birth_date(errors: FieldErrors, field: str, cccd: str, born: date | None) -> None:
    """Add to ``errors[field]`` "The date of birth does not agree with the CCCD number..." when
    both are given and the year the number codes (``cccd_birth_year``) is not ``born``'s year
    (issue 37, item 5). The caller raises with the code ``cccd_birth_mismatch`` when this is the
    only error (``birth_mismatch_code``)."""
    year = cccd_birth_year(cccd or "")
    if born is None or year is None or year == born.year:
        return
    errors.add(
        field,
        _(
            "The date of birth does not agree with the CCCD number: its 4th to 6th digits say you were "
            "born in %(year)d. Check both."
        )
        % {"year": year},
    )


def birth_mismatch_code(errors: FieldErrors, field: str, cccd: str, born: date | None) -> str:
    """The code to raise ``errors`` with: ``cccd_birth_mismatch`` when the only problem is the CCCD
    number against the date of birth (on ``field``), else ``validation_error``."""
    year = cccd_birth_year(cccd or "")
    only = set(errors.errors) == {field} and len(errors.errors[field]) == 1
    if only and born is not None and year is not None and year != born.year:
        return AccountsErrorCode.CCCD_BIRTH_MISMATCH
    return CommonErrorCode.VALIDATION_ERROR


def check_grade(errors: FieldErrors, grade: int | None, *, required: bool) -> None:
    """A school grade in ``GRADES`` (1..12, spec section 5)."""
    if grade is None:
        if required:
            errors.add("grade", _("Required"))
    elif grade not in GRADES:
        errors.add("grade", _("Choose a grade from 1 to 12."))
