"""Who may see which game, and the request types of our views."""

from __future__ import annotations

from typing import NamedTuple

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_htmx.middleware import HtmxDetails

from games.models import DELETED_GAMES_KEPT, Game, seats_with_names
from games.templatetags.numbers import format_number


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HttpRequest):
    """A request behind @login_required: its user is a real account."""

    user: User


class AuthenticatedHtmxHttpRequest(AuthenticatedHttpRequest):
    htmx: HtmxDetails


class ExplainedNotFound(Http404):
    """A 404 whose page says what happened, in the players' words (games.views.not_found)."""

    def __init__(self, title: str, explanation: str) -> None:
        self.title = title
        self.explanation = explanation
        super().__init__(explanation)


def game_not_open() -> ExplainedNotFound:
    return ExplainedNotFound(
        _("This game isn't open to you"),
        _(
            "It was deleted, or its owner no longer shares it with you (co-scorekeepers can be "
            "removed). If you were keeping score in it, ask the owner to add you again."
        ),
    )


def gone_for_good() -> ExplainedNotFound:
    days = DELETED_GAMES_KEPT.days
    return ExplainedNotFound(
        _("That game is gone for good"),
        ngettext(
            "A deleted game can be restored for %(days)s day; this one's time ran out, and it "
            "has been deleted for good.",
            "A deleted game can be restored for %(days)s days; this one's time ran out, and it "
            "has been deleted for good.",
            days,
        )
        % {"days": format_number(days)},
    )


def live_games() -> QuerySet[Game]:
    """Games that are not deleted: a deleted game is gone for everyone but its owner's
    "Recently deleted" list."""
    return Game.objects.filter(deleted__isnull=True)


def scorekeeper_games(user: User) -> QuerySet[Game]:
    """The games this account may score: its own and those it was asked to help with (by a
    subquery: a join would repeat a game and need DISTINCT, which makes the database read and
    sort every column a list is ordered by)."""
    shared = Game.co_scorekeepers.through.objects.filter(user=user).values("game_id")
    return live_games().filter(Q(owner=user) | Q(pk__in=shared))


def seated_games(games: QuerySet[Game]) -> QuerySet[Game]:
    """`games` with their seats, players and teams read in one query for all of them: a game
    reads every name through them (Game.players, Game.sides), so a list never reads them game
    by game."""
    return games.prefetch_related(seats_with_names())


def with_hands(games: QuerySet[Game]) -> QuerySet[Game]:
    return seated_games(games).prefetch_related("hands")


def get_scorekeeper_game(user: User, game_id: int) -> Game:
    """The game, if this account owns it or scores it; 404 otherwise, so nothing leaks."""
    return game_if_open(with_hands(scorekeeper_games(user)), game_id)


def get_scorekeeper_game_to_show(user: User, game_id: int) -> Game:
    """`get_scorekeeper_game` without its hands as model objects: the scoreboard and the
    preview (asked for at every tap on the hand form) read them with their entries as plain
    values, in one query (`Game.hand_inputs`); the game with its seats in another
    (`Game.seated_for`, which reads what `seated_games(scorekeeper_games(user))` would)."""
    game = Game.seated_for(user.pk, game_id)
    if game is None:
        raise game_not_open()
    return game


def game_if_open(games: QuerySet[Game], game_id: int) -> Game:
    """Game `game_id` of `games`, or the 404 that says it isn't open to this account."""
    game = games.filter(pk=game_id).first()
    if game is None:
        raise game_not_open()
    return game


def get_owned_game(user: User, game_id: int) -> Game:
    return game_if_open(with_hands(live_games().filter(owner=user)), game_id)


def recently_deleted(user: User) -> QuerySet[Game]:
    """The owner's deleted games that can still be restored."""
    return seated_games(
        Game.objects.filter(owner=user, deleted__gte=timezone.now() - DELETED_GAMES_KEPT)
    )


#: Games on one page of each of the home page's lists (in play, finished, archived).
HOME_PAGE_GAMES = 20


class HomeLists(NamedTuple):
    """An account's games as its home page lists them, by number: in play (the ones played
    last first), finished and archived (newest first). The page paginates each list."""

    in_play: list[int]
    finished: list[int]
    archived: list[int]


def home_lists(user: User) -> HomeLists:
    """One small query for the order and state of every game this account may score (no
    results, no names): only one page of each list is then read in full
    (games.stats.game_listings)."""
    # scorekeeper_games written by hand (tests/views/test_home.py checks that they agree), each
    # game's list a number worked out by the database: thousands of rows of plain integers, read
    # straight from the cursor. Through the ORM, building the query and converting each value
    # cost more than running it (`make bench` holds home to 10 times a trivial view).
    quote = connection.ops.quote_name
    shared = quote(Game.co_scorekeepers.through._meta.db_table)
    sql = (
        "SELECT id, CASE WHEN archived THEN 2 WHEN finished THEN 1 ELSE 0 END "
        f"FROM {quote(Game._meta.db_table)} WHERE deleted IS NULL AND (owner_id = %s "
        f"OR id IN (SELECT game_id FROM {shared} WHERE user_id = %s)) ORDER BY updated DESC"
    )
    lists = HomeLists(in_play=[], finished=[], archived=[])
    with connection.cursor() as cursor:
        cursor.execute(sql, [user.pk, user.pk])
        for pk, which in cursor.fetchall():
            lists[which].append(pk)
    return lists
