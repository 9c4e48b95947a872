"""Signing up, and logging in with a limit on failed attempts per account and per address.

At most FAILURES_PER_USERNAME failed logins for one username and FAILURES_PER_ADDRESS from one
client address within WINDOW; past either, the login page answers 429 "Too many failed logins"
without checking the password at all, until the oldest failures age out of the window.

The failures are rows of games.models.LoginAttempt rather than entries in Django's cache: the
default cache (LocMemCache) is per process, so behind several gunicorn workers each would keep
its own count (and a restart would forget it). A table in the app's database is shared by every
process and server using that database, survives restarts, and needs no extra service and no
`createcachetable` step: `migrate` creates it.

Behind a reverse proxy every request comes from the proxy's address; set DJANGO_PROXY_COUNT
(settings.PROXY_COUNT) to the number of proxies that append to X-Forwarded-For so the limit
counts per client, not per proxy.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.core.validators import validate_ipv46_address
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from games.forms import SignupForm
from games.models import LoginAttempt

FAILURES_PER_USERNAME = 5
FAILURES_PER_ADDRESS = 20
WINDOW = timedelta(minutes=15)
TOO_MANY = "Too many failed logins. Wait 15 minutes and try again."

USERNAME_LENGTH = LoginAttempt._meta.get_field("username").max_length or 150


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
    return username.strip().lower()[:USERNAME_LENGTH]


def is_blocked(username: str, address: str) -> bool:
    recent = LoginAttempt.objects.filter(when__gte=timezone.now() - WINDOW)
    if username and recent.filter(username=username).count() >= FAILURES_PER_USERNAME:
        return True
    return recent.filter(address=address).count() >= FAILURES_PER_ADDRESS


def record_failure(username: str, address: str) -> None:
    now = timezone.now()
    LoginAttempt.objects.filter(when__lt=now - WINDOW).delete()  # keep the table small
    LoginAttempt.objects.create(username=username, address=address, when=now)


def forget_failures(username: str) -> None:
    """A successful login clears that account's failures (not those of other accounts from
    the same address)."""
    LoginAttempt.objects.filter(username=username).delete()


class BlockedLoginForm(AuthenticationForm):
    """The login form as a blocked attempt sees it: refused before any password check."""

    def clean(self) -> dict[str, Any]:
        raise ValidationError(TOO_MANY, code="too_many_failures")


class RateLimitedLoginView(auth_views.LoginView):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        self.attempt = (normalized(request.POST.get("username", "")), client_address(request))
        if is_blocked(*self.attempt):
            form = BlockedLoginForm(request, data=request.POST)
            form.is_valid()  # shows TOO_MANY; checks no password
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        forget_failures(self.attempt[0])
        return super().form_valid(form)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        username, address = self.attempt
        if username and request_has_password(self.request):
            record_failure(username, address)
        return super().form_invalid(form)


def request_has_password(request: HttpRequest) -> bool:
    """Only a real guess counts: a form sent with no password checks nothing."""
    return bool(request.POST.get("password"))


#: The login view: django.contrib.auth's LoginView behind the failed-login limit.
login = RateLimitedLoginView.as_view()


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        auth_login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})
