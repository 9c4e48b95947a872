"""Statistics across games, from stored results only (no hand is replayed): a player's record,
the roster's headline figures, and two players head to head. Each is a fixed number of queries
however many games there are."""

from __future__ import annotations

import datetime
import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, cast

from django.db import connection
from django.db.models import Count, DateTimeField, Max, Q, QuerySet, Value
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games import rules as engine
from games.models import Game, Player, Seat, Team, seats_with_names, team_name
from games.templatetags.numbers import format_number
from games.words import hand_word, rule_set_name


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

    def add_hands(self, hands: int, total: int, best: int | None) -> None:
        """A game's hands: how many, its side's total and best hand."""
        self.hands += hands
        self.points += total
        if best is not None:
            pick = max if self.high_score_wins else min
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
    #: The two players' head-to-head page.
    url: str = ""


@functools.cache
def _rules_with_options(slug: str, options: str) -> engine.RuleSet:
    return engine.get_rule_set(slug).with_options(json.loads(options) or {})


def rules_with_stored_options(slug: str, options: str) -> engine.RuleSet:
    """A rule set with a game's house rules as the database stores them, JSON text (the same
    few are asked again and again; most games keep none)."""
    if options == "{}":
        return engine.get_rule_set(slug)
    return _rules_with_options(slug, options)


#: A deleted game (waiting in "Recently deleted", or gone) counts in no statistic.
LIVE_GAME = Q(game__deleted__isnull=True)


def plain_rows(sql: str, params: Sequence[int | str]) -> list[tuple[Any, ...]]:
    """The rows of `sql` as the database sends them. The player page's queries and the home
    page's sides are written by hand, as Game.version_for_share_token is: building them through
    the ORM cost more than running them, and converting hundreds of rows value by value about as
    much again (`make bench` holds both pages to 10 times a trivial view)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def stored_datetime(value: Any) -> datetime.datetime:
    """A date and time read by plain SQL, converted as the ORM converts it (SQLite sends
    text)."""
    expression = Value(value, output_field=DateTimeField())
    for convert in connection.ops.get_db_converters(expression):
        value = convert(value, expression, connection)
    return cast(datetime.datetime, value)


def seat_rows(player: Player) -> list[tuple[Any, ...]]:
    """The player's games, oldest first (by the last hand played, or the start of a game
    without hands), deleted ones left out: each its rule set, stored house rules (JSON text),
    whether it is finished and their side won (1 or 0 in SQLite), the hands their side played
    and the sum of their scores, its best hand, pennies paid and taken, and when (as the
    database sends it)."""
    quote = connection.ops.quote_name
    when = "COALESCE(g.last_hand_at, g.created)"
    sql = (
        "SELECT g.rules_slug, CAST(g.options AS TEXT), g.finished, t.won, t.hands_in, "
        f"t.hands_total, t.best_hand, t.pennies_paid, t.pennies_won, {when} "
        f"FROM {quote(Seat._meta.db_table)} s "
        f"JOIN {quote(Game._meta.db_table)} g ON g.id = s.game_id "
        f"JOIN {quote(Team._meta.db_table)} t ON t.id = s.team_id "
        f"WHERE s.player_id = %s AND g.deleted IS NULL ORDER BY {when}, g.id"
    )
    return plain_rows(sql, [player.pk])


@dataclass
class PlayerStats:
    player: Player
    overall: Record
    by_rules: list[tuple[engine.RuleSet, RuleSetRecord]]
    partners: list[Partner]
    opponents: list[Opponent]
    #: Whether the player's side won each finished game, oldest first.
    wins: list[bool] = field(default_factory=list)
    last_played: datetime.datetime | None = None
    pennies_paid: int = 0
    pennies_won: int = 0

    @property
    def hands(self) -> int:
        return sum(record.hands for _, record in self.by_rules)

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
        return round(sum(record.points for _, record in self.by_rules) / self.hands)

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
        for won in self.wins:
            run = run + 1 if won else 0
            longest = max(longest, run)
        return longest

    @property
    def plays_pot_games(self) -> bool:
        """Whether any of the player's games has a pot of pennies."""
        # A pot is the rule set's, whatever the house rules.
        return any(engine.get_rule_set(rules.slug).pot is not None for rules, _ in self.by_rules)


def player_stats(player: Player) -> PlayerStats:
    """Everything the player page shows: two queries, however many games."""
    rows = seat_rows(player)
    # One record per rule set and way of winning: a score pad may be won by the highest total
    # in one game and the lowest in the next, and the two read hand scores the other way round.
    by_kind: dict[tuple[str, bool], tuple[engine.RuleSet, RuleSetRecord]] = {}
    # The record of each rule set and stored house rules, looked up once per game.
    records: dict[tuple[str, str], RuleSetRecord] = {}
    wins: list[bool] = []
    paid = taken = 0
    for slug, options, finished, won, hands, total, best, pennies_paid, pennies_won, _when in rows:
        record = records.get((slug, options))
        if record is None:
            record = records[slug, options] = kind_record(by_kind, slug, options)
        record.add(bool(finished), bool(won))
        record.add_hands(hands, total, best)
        if finished:
            wins.append(bool(won))
        paid += pennies_paid
        taken += pennies_won
    order = list(engine.RULE_SETS)
    by_rules = [
        by_kind[key] for key in sorted(by_kind, key=lambda key: (order.index(key[0]), not key[1]))
    ]
    overall = Record(
        sum(record.played for _, record in by_rules),
        sum(record.won for _, record in by_rules),
        sum(record.in_progress for _, record in by_rules),
    )
    partners, opponents = table_mates(player)
    last_played = stored_datetime(rows[-1][-1]) if rows else None
    return PlayerStats(
        player, overall, by_rules, partners, opponents, wins, last_played, paid, taken
    )


def kind_record(
    by_kind: dict[tuple[str, bool], tuple[engine.RuleSet, RuleSetRecord]], slug: str, options: str
) -> RuleSetRecord:
    """The record in `by_kind` that games of rule set `slug` with house rules `options` count
    in, made on the first such game (with its rule set, as the page names it)."""
    rules = rules_with_stored_options(slug, options)
    key = (slug, rules.high_score_wins)
    if key not in by_kind:
        usual = engine.get_rule_set(slug).high_score_wins
        note = "" if rules.high_score_wins == usual else _("lowest total wins")
        by_kind[key] = (rules, RuleSetRecord(high_score_wins=rules.high_score_wins, note=note))
    return by_kind[key][1]


def table_mates(player: Player) -> tuple[list[Partner], list[Opponent]]:
    """The player's partners (same side) and opponents (other sides, finished games only),
    with their records: counted by the database in one query, a row per other player, from the
    player's seat (m) and each other seat (o) of each of their games."""
    quote = connection.ops.quote_name
    together, apart = "o.team_id = m.team_id", "o.team_id <> m.team_id"
    counts = {
        "played": f"{together} AND g.finished",
        "won": f"{together} AND g.finished AND mt.won",
        "playing": f"{together} AND NOT g.finished",
        "against": f"{apart} AND g.finished",
        "beaten": f"{apart} AND g.finished AND mt.won",
        "lost": f"{apart} AND g.finished AND ot.won",
    }
    counted = ", ".join(
        f"COUNT(CASE WHEN {when} THEN 1 END) AS {name}" for name, when in counts.items()
    )
    seats, teams = quote(Seat._meta.db_table), quote(Team._meta.db_table)
    # Counted first, named after: a name looked up per other player, not per seat.
    sql = (
        f"SELECT c.*, p.name FROM (SELECT o.player_id, {counted} FROM {seats} m "
        f"JOIN {quote(Game._meta.db_table)} g ON g.id = m.game_id "
        f"JOIN {teams} mt ON mt.id = m.team_id "
        f"JOIN {seats} o ON o.game_id = m.game_id AND o.player_id <> m.player_id "
        f"JOIN {teams} ot ON ot.id = o.team_id "
        "WHERE m.player_id = %s AND g.deleted IS NULL GROUP BY o.player_id) c "
        f"JOIN {quote(Player._meta.db_table)} p ON p.id = c.player_id"
    )
    # The head-to-head page's address worked out once, not once per opponent.
    versus = reverse("head_to_head", args=[player.pk, 0]).removesuffix("0/")
    partners, opponents = [], []
    rows = plain_rows(sql, [player.pk])
    for other_id, played, won, playing, against, beaten, lost, name in rows:
        if played or playing:
            partners.append(Partner(other_id, name, Record(played, won, playing)))
        if against:
            url = f"{versus}{other_id}/"
            opponents.append(Opponent(other_id, name, against, beaten, lost, url))
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


MONTHS = (
    pgettext_lazy("abbreviated month", "Jan"),
    pgettext_lazy("abbreviated month", "Feb"),
    pgettext_lazy("abbreviated month", "Mar"),
    pgettext_lazy("abbreviated month", "Apr"),
    pgettext_lazy("abbreviated month", "May"),
    pgettext_lazy("abbreviated month", "Jun"),
    pgettext_lazy("abbreviated month", "Jul"),
    pgettext_lazy("abbreviated month", "Aug"),
    pgettext_lazy("abbreviated month", "Sep"),
    pgettext_lazy("abbreviated month", "Oct"),
    pgettext_lazy("abbreviated month", "Nov"),
    pgettext_lazy("abbreviated month", "Dec"),
)


class ListWords:
    """The words a list of games says again and again (the finished game's line, the month
    names, the hand words), each translated once per list: once per game, they cost as much as
    the rest of a heading."""

    def __init__(self) -> None:
        self.said: dict[object, str] = {}

    def once(self, key: object, say: Callable[[], str]) -> str:
        if key not in self.said:
            self.said[key] = say()
        return self.said[key]


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
    #: Shared by the games of a list (game_listings).
    words: ListWords = field(default_factory=ListWords)

    @property
    def title(self) -> str:
        rules = self.rules
        return self.own_game_name or self.words.once(rules, lambda: rule_set_name(rules))

    @property
    def heading(self) -> str:
        """ "Ten Pennies (deuces wild) · Round 4", or the day a finished game was last changed."""
        if self.finished:
            # Month names by hand rather than Django's date formatting, which costs a tenth of a
            # millisecond a game in a list of hundreds.
            day = localtime(self.updated)
            words = self.words
            # Translators: a finished game in a list, "<game> · 4 Mar 2025" (its last day).
            said = words.once("finished", lambda: _("%(game)s · %(day)s %(month)s %(year)s"))
            month = words.once(day.month, lambda: str(MONTHS[day.month - 1]))
            return said % {"game": self.title, "day": day.day, "month": month, "year": day.year}
        word = self.rules.hand_word
        heading_word = self.words.once(word, lambda: hand_word(word))
        # Translators: a game in play in a list, "<game> · Round 4" (the next hand to play).
        said = self.words.once("playing", lambda: _("%(game)s · %(hand)s %(number)s"))
        number = format_number(self.hands_played + 1)
        return said % {"game": self.title, "hand": heading_word, "number": number}

    @cached_property
    def sides_html(self) -> SafeString:
        """Each side's name and total, the winners marked: built here once, as a template loop
        per side costs more than the rest of the list (and by plain string formatting, as
        format_html's checks cost as much again; `escape` is Django's, the standard library's)."""
        return mark_safe(
            "".join(
                f'<span class="home-side{" winner" if won else ""}"><b class="whole-name">'
                f'{escape(name)}</b> <span class="num">{escape(format_number(total))}</span></span>'
                for name, total, won in self.sides
            )
        )

    @property
    def winner_names(self) -> list[str]:
        return [name for name, _, won in self.sides if won]


def game_listings(games: QuerySet[Game]) -> list[GameListing]:
    """`games` (in their order) with their sides' names and stored totals: two queries, read
    as plain values (a model object per game and side costs too much in a list of hundreds)."""
    # The scoreboard's address worked out once, not once per game.
    prefix = reverse("game", args=[0]).removesuffix("0/")
    words = ListWords()
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
            words=words,
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
    if not game_ids:
        return {}
    # Plain SQL (see plain_rows): building this query through the ORM cost twice running it.
    quote = connection.ops.quote_name
    sql = (
        "SELECT s.game_id, s.team_id, t.name, t.named_after_players, t.total, t.won, p.name "
        f"FROM {quote(Seat._meta.db_table)} s "
        f"JOIN {quote(Team._meta.db_table)} t ON t.id = s.team_id "
        f"JOIN {quote(Player._meta.db_table)} p ON p.id = s.player_id "
        f"WHERE s.game_id IN ({', '.join(['%s'] * len(game_ids))}) "
        f"ORDER BY s.game_id, t.{quote('order')}, s.place_on_side"
    )
    seats = plain_rows(sql, game_ids)
    sides: dict[int, dict[int, tuple[str, bool, int, bool, list[str]]]] = {}
    for game_id, team_id, name, after_players, total, won, player in seats:
        team = sides.setdefault(game_id, {}).setdefault(
            team_id, (name, after_players, total, won, [])
        )
        team[4].append(player)
    return {
        game_id: [
            (team_name(players) if after else name, total, bool(won))
            for name, after, total, won, players in teams.values()
        ]
        for game_id, teams in sides.items()
    }
