"""Signing up, and the limits on logging in and signing up.

Logging in: django-axes counts the failures (settings.AXES_*). Its backend stands first in
AUTHENTICATION_BACKENDS, so every login that goes through Django's `authenticate()` (the app's
login page, the admin's) is refused before any password check once a limit is reached, and its
signal handler records each failure as a row of its AccessAttempt table in the app's database:
shared by every gunicorn worker and server, kept across restarts, no extra service.
This module tells axes what we decided:

* the limits: FAILURES_PER_USERNAME for one username from one address (the two counted
  together, axes' combined lockout parameters: someone guessing a player's password from
  elsewhere locks only themselves, never the player) and FAILURES_PER_ADDRESS from one client
  address, a ceiling high enough for a club's Wi-Fi (30 phones each mistyping a few times);
  axes has a single limit for all its counts, so LoginLimitHandler checks the two;
* which username a failure counts against: the one Django would log in (NFKC, as the login
  form normalises it) with letter case folded, since signup refuses names that differ only in
  case (`ＡＬＩＣＥ`, `Alice` and `alice` are one count);
* which address: REMOTE_ADDR, or behind DJANGO_PROXY_COUNT proxies the entry of X-Forwarded-For
  the outermost trusted proxy added;
* the page a refused login gets: the login form again, with our message, answering 429.

Signing up: at most SIGNUPS_PER_ADDRESS new accounts from one address in SIGNUP_WINDOW
(games.models.Signup rows), so nobody scripts thousands of accounts.
"""

from __future__ import annotations

import unicodedata
from datetime import timedelta
from ipaddress import ip_address, ip_network
from typing import Any, cast

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.contrib.auth import login as auth_login
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.core.validators import validate_ipv46_address
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from games.forms import SignupForm, username_taken_message
from games.models import Signup
from games.models.account_names import USERNAME_LENGTH

__all__ = ["USERNAME_LENGTH"]

#: Failures of one username from one address.
FAILURES_PER_USERNAME = 5
#: Failures from one address, whatever the usernames: 30 phones x 5.
FAILURES_PER_ADDRESS = 150
#: The refusals' English words (marked for the catalogues); gettext them where they are said.
TOO_MANY = gettext_noop("Too many failed logins. Wait 15 minutes and try again.")

SIGNUPS_PER_ADDRESS = 10
SIGNUP_WINDOW = timedelta(hours=1)
TOO_MANY_SIGNUPS = gettext_noop(
    "Too many new accounts from this network in the last hour. "
    "Wait an hour, or log in to an account you already have."
)

#: Not a username's length but the width of axes' column for the username a failed login
#: counts against (255): whatever was typed is cut to fit it.
COUNTED_USERNAME_LENGTH = cast(int, AccessAttempt._meta.get_field("username").max_length)


def client_address(request: HttpRequest) -> str:
    """The client's IP address: REMOTE_ADDR, or with PROXY_COUNT proxies in front, the entry
    of X-Forwarded-For that the outermost trusted proxy added (earlier entries are whatever
    the client sent, so they are not trusted)."""
    address = request.META.get("REMOTE_ADDR") or "0.0.0.0"
    proxies = getattr(settings, "PROXY_COUNT", 0)
    if proxies > 0:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        hops = [hop for hop in hops if hop]
        if len(hops) >= proxies:
            address = hops[-proxies]
    return address if _is_ip(address) else "0.0.0.0"


def _is_ip(value: str) -> bool:
    try:
        validate_ipv46_address(value)
    except ValidationError:
        return False
    return True


def normalized(username: str) -> str:
    return unicodedata.normalize("NFKC", username).strip().casefold()[:COUNTED_USERNAME_LENGTH]


def counted_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The username a login attempt counts against (AXES_USERNAME_CALLABLE)."""
    typed = (credentials or {}).get("username") or request.POST.get("username")
    return normalized(str(typed)) if typed else None


class LoginLimitHandler(AxesDatabaseHandler):
    """axes' database handler with one limit per username and address together and another
    per address."""

    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        # get_user_attempts gives one queryset per AXES_LOCKOUT_PARAMETERS entry, in order.
        by_username_here, by_address = (
            attempts.aggregate(failures=Sum("failures_since_start"))["failures"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        has_username = get_client_username(request, credentials) is not None
        return (
            has_username and by_username_here >= FAILURES_PER_USERNAME
        ) or by_address >= FAILURES_PER_ADDRESS

    def user_login_failed(
        self,
        sender: Any,
        credentials: dict[str, Any],
        request: HttpRequest | None = None,
        **kwargs: Any,
    ) -> None:
        """Record the failure (axes), then lock as soon as either limit is reached, so the
        failure that reaches it already gets the message."""
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is None or request.axes_locked_out:  # type: ignore[attr-defined]
            return
        if self.is_locked(request, credentials):
            request.axes_locked_out = True  # type: ignore[attr-defined]
            request.axes_credentials = credentials  # type: ignore[attr-defined]
            user_locked_out.send(
                "axes",
                request=request,
                username=get_client_username(request, credentials),
                ip_address=request.axes_ip_address,  # type: ignore[attr-defined]
            )

    def reset_user_attempts(
        self, request: HttpRequest, credentials: dict[str, Any] | None = None
    ) -> int:
        """A good login forgets that account's failures from its address: not those of other
        accounts tried from the same address (else one real account would reset an address's
        count), nor those of someone guessing the same account from elsewhere."""
        username = get_client_username(request, credentials)
        address = client_address(request)
        count, _deleted = AccessAttempt.objects.filter(
            username=username, ip_address=address
        ).delete()
        return count


class BlockedLoginForm(AuthenticationForm):
    """The login form as a refused attempt sees it: our message, no password checked."""

    def clean(self) -> dict[str, Any]:
        raise ValidationError(_(TOO_MANY), code="too_many_failures")


def lockout_response(
    request: HttpRequest, response: HttpResponse | None, credentials: dict[str, Any] | None
) -> HttpResponse:
    """What a refused login gets (AXES_LOCKOUT_CALLABLE), on the app's and the admin's login
    page alike: the login form with what was typed kept and the message, status 429."""
    form = BlockedLoginForm(request, data=request.POST)
    form.is_valid()
    next_page = request.POST.get("next") or request.GET.get("next", "")
    return render(request, "registration/login.html", {"form": form, "next": next_page}, status=429)


def signup_address(request: HttpRequest) -> str:
    """The address a new account counts against: the client's, or for IPv6 its /64, the block
    one home or phone is given (counting single IPv6 addresses, one phone has billions)."""
    address = ip_address(client_address(request))
    if address.version == 6:
        return str(ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def signup_refused(request: HttpRequest) -> bool:
    """Whether this address made SIGNUPS_PER_ADDRESS accounts within SIGNUP_WINDOW (a read for
    the page's message: `count_signup` decides under a lock)."""
    since = timezone.now() - SIGNUP_WINDOW
    return Signup.made_since(signup_address(request), since) >= SIGNUPS_PER_ADDRESS


def count_signup(request: HttpRequest) -> bool:
    """Count a new account against the address's limit; False, counting nothing, once the
    limit is reached. Call it in the transaction that makes the account."""
    return Signup.reserve(
        signup_address(request), timezone.now(), SIGNUPS_PER_ADDRESS, SIGNUP_WINDOW
    )


def refused_signup(request: HttpRequest, form: SignupForm) -> HttpResponse:
    form.add_error(None, _(TOO_MANY_SIGNUPS))
    return render(request, "registration/signup.html", {"form": form}, status=429)


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and signup_refused(request):
        return refused_signup(request, form)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                if not count_signup(request):
                    return refused_signup(request, form)
                user = form.save()
        except IntegrityError:  # the name was taken between the form's check and the save
            form.add_error("username", username_taken_message(form.cleaned_data["username"]))
        else:
            # Named, as there are two backends: axes' (which logs nobody in) and Django's.
            auth_login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
