"""The roster and what it has played: a player's statistics, renaming, head to head. Read from
stored results (games/stats.py), so the number of queries never grows with the games."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import stats
from games.access import AuthenticatedHttpRequest
from games.charts import win_rate_story
from games.forms import PlayerNameForm
from games.models import Player, RosterError


def get_roster_player(request: AuthenticatedHttpRequest, player_id: int) -> Player:
    """A player of this account's roster; 404 for anyone else's."""
    return get_object_or_404(request.user.players, pk=player_id)


@login_required
@require_GET
def players(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "players/index.html", {"roster": stats.roster(request.user)})


@login_required
@require_GET
def player_page(request: AuthenticatedHttpRequest, player_id: int) -> HttpResponse:
    player = get_roster_player(request, player_id)
    return render(request, "players/player.html", player_context(player, PlayerNameForm()))


def player_context(player: Player, form: PlayerNameForm) -> dict[str, object]:
    figures = stats.player_stats(player)
    chart = win_rate_story(player.name, figures.wins)
    return {"player": player, "stats": figures, "chart": chart, "form": form}


@login_required
@require_POST
def player_rename(request: AuthenticatedHttpRequest, player_id: int) -> HttpResponse:
    player = get_roster_player(request, player_id)
    old_name = player.name
    form = PlayerNameForm(request.POST)
    if form.is_valid():
        try:
            player.rename(form.cleaned_data["name"])
        except RosterError as error:
            form.add_error("name", error.message)
        else:
            said = _("%(old)s is now %(new)s in every game.")
            messages.success(request, said % {"old": old_name, "new": player.name})
            return redirect("player", player.pk)
    player.name = old_name
    return render(request, "players/player.html", player_context(player, form), status=422)


@login_required
@require_GET
def head_to_head(request: AuthenticatedHttpRequest, player_id: int, other_id: int) -> HttpResponse:
    first = get_roster_player(request, player_id)
    second = get_roster_player(request, other_id)
    record = stats.head_to_head(first, second)
    return render(request, "players/head_to_head.html", {"record": record})
