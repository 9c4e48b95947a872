"""A table's own games (RULINGS.md section 15): saved from the new-game page or a game's rules
page, listed, renamed, changed and deleted, and printed under their names. Every query starts
from the account: nobody reaches another account's own games."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import rules as engine
from games.access import AuthenticatedHttpRequest, get_scorekeeper_game
from games.forms import OwnGameForm
from games.models import Game, OwnGame, OwnGameRefused
from games.rules.names import folded


def get_own_game(request: AuthenticatedHttpRequest, own_id: int) -> OwnGame:
    """One of this account's own games; 404 for anyone else's."""
    return get_object_or_404(request.user.own_games, pk=own_id)


def offers_to_keep(user: User, game: Game) -> bool:
    """Whether the scoreboard offers to keep the own game this game was played as (an imported
    file's, or a co-scorekeeper's): only where the account has none of that name."""
    if not game.own_game_name:
        return False
    return not user.own_games.filter(folded_name=folded(game.own_game_name)).exists()


def start_url(own: OwnGame) -> str:
    return f"{reverse('new_game')}?own={own.pk}"


@login_required
@require_GET
def own_games(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "own_games/index.html", {"own_games": request.user.own_games.all()})


@login_required
@require_POST
def own_game_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    """ "Save as our game" on the new-game page: the rule set and house rules as picked there."""
    rules = engine.RULE_SETS.get(request.POST.get("rules", ""))
    if rules is None:
        messages.error(request, _("Pick the game your own game starts from, then save it."))
        return redirect("new_game")
    form = OwnGameForm(rules, request.POST)
    return keep_own_game(request, form, "own_games/new.html")


@login_required
@require_POST
def own_game_from_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """ "Save as our game" on a game's rules page: the game's rule set and house rules."""
    game = get_scorekeeper_game(request.user, game_id)
    rules = engine.get_rule_set(game.rules_slug)
    form = OwnGameForm(rules, request.POST, options=game.options, ask_house_rules=False)
    return keep_own_game(request, form, "own_games/new.html")


def keep_own_game(
    request: AuthenticatedHttpRequest, form: OwnGameForm, template: str
) -> HttpResponse:
    assert form.rules is not None  # both callers name the rule set
    if form.is_valid():
        try:
            own = OwnGame.keep(
                request.user,
                form.cleaned_data["own_name"],
                form.rules.slug,
                form.options,
                form.cleaned_data["own_note"],
            )
        except OwnGameRefused as refused:
            form.add_error("own_name", refused.message)
        else:
            said = _("Saved “%(name)s”: it is first on the new-game page.")
            messages.success(request, said % {"name": own.name})
            return redirect(start_url(own))
    return render(request, template, {"form": form}, status=422)


@login_required
@require_http_methods(["GET", "POST"])
def own_game_edit(request: AuthenticatedHttpRequest, own_id: int) -> HttpResponse:
    """Rename it, change its house rules or its note: games already started keep theirs."""
    own = get_own_game(request, own_id)
    rules = engine.get_rule_set(own.rules_slug)
    initial = {"own_name": own.name, "own_note": own.note}
    if request.method == "GET":
        form = OwnGameForm(rules, initial=initial, options=own.rules.options)
        return render(request, "own_games/edit.html", {"form": form, "own": own})
    form = OwnGameForm(rules, request.POST, initial=initial, options=own.rules.options)
    if form.is_valid():
        try:
            OwnGame.keep(
                request.user,
                form.cleaned_data["own_name"],
                rules.slug,
                form.options,
                form.cleaned_data["own_note"],
                instead_of=own,
            )
        except OwnGameRefused as refused:
            form.add_error("own_name", refused.message)
        else:
            said = _("Saved “%(name)s”. Games already played keep theirs.")
            messages.success(request, said % {"name": own.name})
            return redirect("own_games")
    own.refresh_from_db()
    return render(request, "own_games/edit.html", {"form": form, "own": own}, status=422)


@login_required
@require_POST
def own_game_delete(request: AuthenticatedHttpRequest, own_id: int) -> HttpResponse:
    own = get_own_game(request, own_id)
    own.delete()
    said = _("Deleted “%(name)s”. Games already played keep its rules.")
    messages.success(request, said % {"name": own.name})
    return redirect("own_games")
