"""Who may see which game, and the request types of our views."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django_htmx.middleware import HtmxDetails

from games.models import Game


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HttpRequest):
    """A request behind @login_required: its user is a real account."""

    user: User


class AuthenticatedHtmxHttpRequest(AuthenticatedHttpRequest):
    htmx: HtmxDetails


def scorekeeper_games(user: User) -> QuerySet[Game]:
    """The games this account may score: its own and those it was asked to help with."""
    return Game.objects.filter(Q(owner=user) | Q(co_scorekeepers=user)).distinct()


def with_hands(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related("hands")


def get_scorekeeper_game(user: User, game_id: int) -> Game:
    """The game, if this account owns it or scores it; 404 otherwise, so nothing leaks."""
    return get_object_or_404(with_hands(scorekeeper_games(user)), pk=game_id)


def get_owned_game(user: User, game_id: int) -> Game:
    return get_object_or_404(with_hands(Game.objects.filter(owner=user)), pk=game_id)
