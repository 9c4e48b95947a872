"""Scoring before signing up: "Score a game" makes a guest account for this browser (a POST,
so link previews and crawlers make none), "Keep my games" turns it into a normal account, and
logging in from a guest offers to move its games into the account. Guests count in the same
sign-up limit per address as new accounts."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, update_session_auth_hash
from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import (
    password_validators_help_text_html,
    validate_password,
)
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from games import rules as engine
from games.access import AuthenticatedHttpRequest
from games.accounts import TOO_MANY_SIGNUPS, count_signup, signup_refused
from games.forms import check_new_username, username_field
from games.models import GUEST_DAYS, Guest, GuestRefused
from games.templatetags.numbers import format_number

#: The session's note that its account is a guest this browser made (set when it is made).
GUEST_SESSION_KEY = "guest"
#: The guest this browser scored as before logging in to an account: its games may move there.
MOVE_SESSION_KEY = "guest_to_move"
#: A guest's session lasts as long as `purge_guests` keeps its games, renewed each day it is
#: used: Django's usual two weeks would shut a guest out of games that are still there.
GUEST_SESSION_AGE = timedelta(days=GUEST_DAYS)
BACKEND = "django.contrib.auth.backends.ModelBackend"


def is_guest(request: HttpRequest) -> bool:
    return bool(request.user.is_authenticated and request.session.get(GUEST_SESSION_KEY))


#: The session's note of the day a guest was last seen (its row is written once a day at most).
SEEN_SESSION_KEY = "guest_seen"


def guest_refused(request: HttpRequest) -> HttpResponse:
    context = {"refusal": _(TOO_MANY_SIGNUPS), "rule_sets": engine.RULE_SETS.values()}
    return render(request, "home.html", context, status=429)


@require_POST
def guest_start(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("new_game")
    if signup_refused(request):
        return guest_refused(request)
    with transaction.atomic():
        if not count_signup(request):
            return guest_refused(request)
        user = Guest.start()
    auth_login(request, user, backend=BACKEND)
    request.session[GUEST_SESSION_KEY] = user.pk
    request.session[SEEN_SESSION_KEY] = timezone.localdate().isoformat()
    request.session.set_expiry(GUEST_SESSION_AGE)
    return redirect("new_game")


class KeepGamesForm(forms.Form):
    username = username_field()
    password = forms.CharField(
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validators_help_text_html,
        error_messages={"required": gettext_lazy("Pick a password.")},
    )

    def __init__(self, user: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_username(self) -> str:
        return check_new_username(self.cleaned_data["username"], account=self.user.pk)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        username, password = cleaned.get("username"), cleaned.get("password")
        if password:
            # Checked against the account as it will be, not the guest's "guest-…" name: a
            # password that is the new username is refused here as at sign-up.
            becoming = get_user_model()(username=username or self.user.get_username())
            try:
                validate_password(password, becoming)
            except ValidationError as refused:
                self.add_error("password", refused)
        return cleaned


@login_required
@require_http_methods(["GET", "POST"])
def keep_games(request: AuthenticatedHttpRequest) -> HttpResponse:
    if not is_guest(request):
        messages.info(request, _("Your games are kept in your account already."))
        return redirect("home")
    form = KeepGamesForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            Guest.keep(request.user, form.cleaned_data["username"], form.cleaned_data["password"])
        except GuestRefused as refused:
            form.add_error("username", refused.message)
        else:
            update_session_auth_hash(request, request.user)  # the new password keeps this phone in
            del request.session[GUEST_SESSION_KEY]
            request.session.set_expiry(None)  # an account's session, as after logging in
            said = _("Kept: log in as %(username)s on any phone to see your games.")
            messages.success(request, said % {"username": request.user.username})
            return redirect("home")
    status = 422 if form.errors else 200
    return render(request, "registration/keep_games.html", {"form": form}, status=status)


#: The box a guest ticks to log out all the same, losing its games.
LOSE_GAMES = "lose_games"


@require_POST
def log_out(request: HttpRequest) -> HttpResponse:
    """Django's log out; a guest is asked first (its games would be out of reach for good),
    whatever posted here: the header's button, an old page, another tab."""
    if is_guest(request) and not request.POST.get(LOSE_GAMES):
        return redirect("guest_log_out")
    return auth_views.LogoutView.as_view()(request)


@login_required
@require_http_methods(["GET", "HEAD"])
def guest_log_out(request: AuthenticatedHttpRequest) -> HttpResponse:
    """What logging out does to a guest's games, and the way to keep them first."""
    if not is_guest(request):
        return redirect("home")
    count = request.user.games.filter(deleted__isnull=True).count()
    return render(request, "registration/guest_log_out.html", {"count": count, "lose": LOSE_GAMES})


class LoginView(auth_views.LoginView):
    """Django's login; from a guest, it then offers to move the guest's games in."""

    def form_valid(self, form: Any) -> HttpResponse:
        guest = self.request.session.get(GUEST_SESSION_KEY) if is_guest(self.request) else None
        response = super().form_valid(form)
        if guest and guest != self.request.user.pk:
            self.request.session[MOVE_SESSION_KEY] = guest
            return redirect("move_guest_games")
        return response


@login_required
@require_http_methods(["GET", "POST"])
def move_guest_games(request: AuthenticatedHttpRequest) -> HttpResponse:
    wanted = request.session.get(MOVE_SESSION_KEY)
    guest = Guest.objects.filter(user_id=wanted).first() if isinstance(wanted, int) else None
    if guest is None:
        request.session.pop(MOVE_SESSION_KEY, None)
        return redirect("home")
    guest_id = guest.user_id
    if request.method == "POST":
        request.session.pop(MOVE_SESSION_KEY, None)
        if request.POST.get("move"):
            moved = Guest.move_games(guest_id, request.user)
            said = ngettext(
                "Moved %(count)s game here.", "Moved %(count)s games here.", moved.games
            )
            messages.success(request, said % {"count": format_number(moved.games)})
            renamed = _(
                "You had an own game called “%(old)s” already: the guest's is now “%(new)s”."
            )
            for old, new in moved.renamed:
                messages.info(request, renamed % {"old": old, "new": new})
        return redirect("home")
    count = guest.user.games.filter(deleted__isnull=True).count()
    return render(request, "registration/move_games.html", {"count": count})
