"""Statistics across games, from stored results only (no hand is replayed): a player's record,
the roster's headline figures, and two players head to head. Each is a fixed number of queries
however many games there are."""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db.models import Count, F, Max, Q, QuerySet
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.timezone import localtime

from games import rules as engine
from games.models import Game, Player, Seat, seats_with_names, team_name
from games.templatetags.numbers import format_number


@dataclass
class Record:
    """Games finished and won; `in_progress` counts the others."""

    played: int = 0
    won: int = 0
    in_progress: int = 0

    def add(self, finished: bool, won: bool) -> None:
        if not finished:
            self.in_progress += 1
            return
        self.played += 1
        self.won += won

    @property
    def win_rate(self) -> int | None:
        """In percent, rounded; None before the first finished game."""
        return round(100 * self.won / self.played) if self.played else None


@dataclass
class RuleSetRecord(Record):
    """A player's games of one rule set: the record, and their side's hand scores, the best
    being the highest or, where the lowest total wins, the lowest."""

    high_score_wins: bool = True
    #: Said beside the rule set's name where its games may be won either way.
    note: str = ""
    hands: int = 0
    points: int = 0
    best_hand: int | None = None

    def add_hands(self, result: SeatResult) -> None:
        self.hands += result.hands
        self.points += result.total
        if result.best_hand is not None:
            pick = max if self.high_score_wins else min
            best = result.best_hand
            self.best_hand = best if self.best_hand is None else pick(self.best_hand, best)

    @property
    def average_hand(self) -> int | None:
        return round(self.points / self.hands) if self.hands else None


@dataclass
class Partner:
    player_id: int
    name: str
    record: Record = field(default_factory=Record)


@dataclass
class Opponent:
    """Games against one other player (on another side): who won them."""

    player_id: int
    name: str
    played: int = 0
    won: int = 0
    lost: int = 0


class SeatResult(NamedTuple):
    """One game of a player's, as the stored result has it (a tuple: there are hundreds)."""

    game_id: int
    team_id: int
    rules_slug: str
    finished: bool
    hands: int
    when: datetime.datetime
    total: int
    best_hand: int | None
    won: bool
    pennies_paid: int
    pennies_won: int
    #: The game's house rules (who wins may be one of them).
    options: dict[str, engine.OptionValue]

    @property
    def rules(self) -> engine.RuleSet:
        return rules_with_options(self.rules_slug, self.options)


@functools.cache
def _rules_with_options(slug: str, options: str) -> engine.RuleSet:
    return engine.get_rule_set(slug).with_options(json.loads(options))


def rules_with_options(slug: str, options: Mapping[str, engine.OptionValue]) -> engine.RuleSet:
    """A rule set with a game's stored house rules (the same few are asked again and again;
    most games keep none)."""
    if not options:
        return engine.get_rule_set(slug)
    return _rules_with_options(slug, json.dumps(options, sort_keys=True))


SEAT_RESULT_FIELDS = (
    "game_id",
    "team_id",
    "game__rules_slug",
    "game__finished",
    "game__hands_played",
    "when",
    "team__total",
    "team__best_hand",
    "team__won",
    "team__pennies_paid",
    "team__pennies_won",
    "game__options",
)


#: A deleted game (waiting in "Recently deleted", or gone) counts in no statistic.
LIVE_GAME = Q(game__deleted__isnull=True)


def seat_results(seats: QuerySet[Seat]) -> list[SeatResult]:
    """Oldest first (by the last hand played, or the start of a game without hands); deleted
    games left out."""
    rows = (
        seats.filter(LIVE_GAME)
        .annotate(when=Coalesce("game__last_hand_at", "game__created"))
        .order_by("when", "game_id")
        .values_list(*SEAT_RESULT_FIELDS)
    )
    return [SeatResult._make(row) for row in rows]


@dataclass
class PlayerStats:
    player: Player
    results: list[SeatResult]
    overall: Record
    by_rules: list[tuple[engine.RuleSet, RuleSetRecord]]
    partners: list[Partner]
    opponents: list[Opponent]

    @property
    def hands(self) -> int:
        return sum(r.hands for r in self.results)

    @property
    def comparable_hands(self) -> bool:
        """Whether all the player's hand scores read the same way (a high score is good, or
        a low one): only then do an overall average and best hand mean something."""
        return len({record.high_score_wins for _, record in self.by_rules}) <= 1

    @property
    def average_hand(self) -> int | None:
        """The average hand score of the player's side, over every hand they played."""
        if not self.hands or not self.comparable_hands:
            return None
        return round(sum(r.total for r in self.results) / self.hands)

    @property
    def best_hand(self) -> int | None:
        if not self.comparable_hands:
            return None
        bests = [record.best_hand for _, record in self.by_rules if record.best_hand is not None]
        high = all(record.high_score_wins for _, record in self.by_rules)
        return (max if high else min)(bests, default=None)

    @property
    def longest_streak(self) -> int:
        """The most finished games won in a row."""
        longest = run = 0
        for result in self.finished:
            run = run + 1 if result.won else 0
            longest = max(longest, run)
        return longest

    @property
    def finished(self) -> list[SeatResult]:
        return [r for r in self.results if r.finished]

    @property
    def last_played(self) -> datetime.datetime | None:
        return self.results[-1].when if self.results else None

    @property
    def plays_pot_games(self) -> bool:
        """Whether any of the player's games has a pot of pennies."""
        # A pot is the rule set's, whatever the house rules.
        slugs = {r.rules_slug for r in self.results}
        return any(engine.get_rule_set(slug).pot is not None for slug in slugs)

    @property
    def pennies_paid(self) -> int:
        return sum(r.pennies_paid for r in self.results)

    @property
    def pennies_won(self) -> int:
        return sum(r.pennies_won for r in self.results)


def player_stats(player: Player) -> PlayerStats:
    """Everything the player page shows: three queries, however many games."""
    results = seat_results(Seat.objects.filter(player=player))
    overall = Record()
    # One record per rule set and way of winning: a score pad may be won by the highest total
    # in one game and the lowest in the next, and the two read hand scores the other way round.
    by_kind: dict[tuple[str, bool], tuple[engine.RuleSet, RuleSetRecord]] = {}
    for result in results:
        overall.add(result.finished, result.won)
        rules = result.rules
        key = (result.rules_slug, rules.high_score_wins)
        if key not in by_kind:
            usual = engine.get_rule_set(result.rules_slug).high_score_wins
            note = "" if rules.high_score_wins == usual else "lowest total wins"
            by_kind[key] = (rules, RuleSetRecord(high_score_wins=rules.high_score_wins, note=note))
        record = by_kind[key][1]
        record.add(result.finished, result.won)
        record.add_hands(result)
    order = list(engine.RULE_SETS)
    by_rules = [
        by_kind[key] for key in sorted(by_kind, key=lambda key: (order.index(key[0]), not key[1]))
    ]
    partners, opponents = table_mates(player)
    return PlayerStats(player, results, overall, by_rules, partners, opponents)


def table_mates(player: Player) -> tuple[list[Partner], list[Opponent]]:
    """The player's partners (same side) and opponents (other sides), with their records:
    counted by the database, a row per partner or opponent."""
    finished = Q(game__finished=True)
    partners = [
        Partner(other_id, name, Record(played, won, in_progress))
        for other_id, name, played, won, in_progress in (
            Seat.objects.filter(LIVE_GAME, team__seats__player=player)
            .exclude(player=player)
            .values("player_id", "player__name")
            .annotate(
                played=Count("pk", filter=finished),
                won=Count("pk", filter=finished & Q(team__won=True)),
                in_progress=Count("pk", filter=Q(game__finished=False)),
            )
            .values_list("player_id", "player__name", "played", "won", "in_progress")
        )
    ]
    # One filter() joins the player's own seat in each game once: the other seat's side is not
    # the player's, and the count of the player's wins reads that same seat.
    opponents = [
        Opponent(other_id, name, played, won, lost)
        for other_id, name, played, won, lost in (
            Seat.objects.filter(
                finished, LIVE_GAME, ~Q(team=F("game__seats__team")), game__seats__player=player
            )
            .values("player_id", "player__name")
            .annotate(
                played=Count("pk"),
                won=Count("pk", filter=Q(game__seats__team__won=True)),
                lost=Count("pk", filter=Q(team__won=True)),
            )
            .values_list("player_id", "player__name", "played", "won", "lost")
        )
    ]
    return (
        sorted(partners, key=lambda p: (-p.record.played, p.name)),
        sorted(opponents, key=lambda o: (-o.played, o.name)),
    )


def roster(owner: Any) -> QuerySet[Player]:
    """The account's players with headline figures (`finished`, `won`, `last`), deleted games
    left out: one query."""
    live = Q(seats__game__deleted__isnull=True)
    finished = live & Q(seats__game__finished=True)
    return (
        Player.objects.filter(owner=owner)
        .annotate(
            finished_games=Count("seats", filter=finished),
            won_games=Count("seats", filter=finished & Q(seats__team__won=True)),
            in_progress=Count("seats", filter=live & Q(seats__game__finished=False)),
            last_game=Max("seats__game__last_hand_at", filter=live),
        )
        .order_by("-finished_games", "name")
    )


@dataclass
class HeadToHead:
    """Two players' games on opposite sides (and together, as partners)."""

    first: Player
    second: Player
    games: list[Game]
    first_won: int = 0
    second_won: int = 0
    neither: int = 0
    together: Record = field(default_factory=Record)

    @property
    def played(self) -> int:
        return self.first_won + self.second_won + self.neither


def head_to_head(first: Player, second: Player) -> HeadToHead:
    """Three queries: the two players' seats in shared games (deleted ones left out), and
    those games with their seats, players and sides for the list."""
    mine = {
        game_id: (team_id, won)
        for game_id, team_id, won in Seat.objects.filter(
            LIVE_GAME, player=first, game__seats__player=second
        ).values_list("game_id", "team_id", "team__won")
    }
    theirs = {
        game_id: (team_id, won)
        for game_id, team_id, won in Seat.objects.filter(
            LIVE_GAME, player=second, game__seats__player=first
        ).values_list("game_id", "team_id", "team__won")
    }
    games = list(
        Game.objects.filter(pk__in=mine, deleted__isnull=True)
        .prefetch_related(seats_with_names())
        .order_by("-last_hand_at", "-pk")
    )
    result = HeadToHead(first, second, [])
    for game in games:
        (my_team, i_won), (their_team, they_won) = mine[game.pk], theirs[game.pk]
        if my_team == their_team:
            result.together.add(game.finished, i_won)
            continue
        result.games.append(game)
        if not game.finished:
            continue
        if i_won and not they_won:
            result.first_won += 1
        elif they_won and not i_won:
            result.second_won += 1
        else:
            result.neither += 1
    return result


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass
class GameListing:
    """A game in a list, from its stored result: no model objects, no replayed hands."""

    pk: int
    rules: engine.RuleSet
    finished: bool
    hands_played: int
    updated: datetime.datetime
    url: str
    archived: bool = False
    #: (name, total, won) per side, in seating order.
    sides: list[tuple[str, int, bool]] = field(default_factory=list)
    #: The table's own game it was started as ("" for none).
    own_game_name: str = ""

    @property
    def title(self) -> str:
        return self.own_game_name or self.rules.name

    @property
    def heading(self) -> str:
        """ "Ten Pennies (deuces wild) · Round 4", or the day a finished game was last changed."""
        if self.finished:
            # Month names by hand rather than Django's date formatting, which costs a tenth of a
            # millisecond a game in a list of hundreds.
            day = localtime(self.updated)
            return f"{self.title} · {day.day} {MONTHS[day.month - 1]} {day.year}"
        return f"{self.title} · {self.rules.hand_word} {self.hands_played + 1}"

    @cached_property
    def sides_html(self) -> SafeString:
        """Each side's name and total, the winners marked: built here once, as a template loop
        per side costs more than the rest of the list."""
        return format_html_join(
            "",
            '<span class="home-side{}"><b class="whole-name">{}</b> '
            '<span class="num">{}</span></span>',
            (
                (" winner" if won else "", name, format_number(total))
                for name, total, won in self.sides
            ),
        )

    @property
    def winner_names(self) -> list[str]:
        return [name for name, _, won in self.sides if won]


def game_listings(games: QuerySet[Game]) -> list[GameListing]:
    """`games` (in their order) with their sides' names and stored totals: two queries, read
    as plain values (a model object per game and side costs too much in a list of hundreds)."""
    # The scoreboard's address worked out once, not once per game.
    prefix = reverse("game", args=[0]).removesuffix("0/")
    listings = {
        pk: GameListing(
            pk,
            engine.get_rule_set(slug),
            finished,
            hands,
            updated,
            f"{prefix}{pk}/",
            archived,
            own_game_name=own,
        )
        for pk, slug, finished, hands, updated, archived, own in games.values_list(
            "pk", "rules_slug", "finished", "hands_played", "updated", "archived", "own_game_name"
        )
    }
    for game_id, sides in sides_with_totals(list(listings)).items():
        listings[game_id].sides = sides
    return list(listings.values())


def sides_with_totals(game_ids: list[int]) -> dict[int, list[tuple[str, int, bool]]]:
    """(name, total, won) of each side of each game, in the sides' order, from one query of
    the seats: a side named after its players is named from the roster now (as
    Game.sides names it), another by its own name."""
    seats = (
        Seat.objects.filter(game_id__in=game_ids)
        .order_by("game_id", "team__order", "place_on_side")
        .values_list(
            "game_id",
            "team_id",
            "team__name",
            "team__named_after_players",
            "team__total",
            "team__won",
            "player__name",
        )
    )
    sides: dict[int, dict[int, tuple[str, bool, int, bool, list[str]]]] = {}
    for game_id, team_id, name, after_players, total, won, player in seats:
        team = sides.setdefault(game_id, {}).setdefault(
            team_id, (name, after_players, total, won, [])
        )
        team[4].append(player)
    return {
        game_id: [
            (team_name(players) if after else name, total, won)
            for name, after, total, won, players in teams.values()
        ]
        for game_id, teams in sides.items()
    }
