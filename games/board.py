"""The presenter `Board`: what the game page, the live view and the hand form show of a game
(worked out once per request from the model and the engine). It asks the rule set what it has
(an opening minimum, a pot, rounds, a hand-in-progress tracker) and never which rule set it is.
Lists of games read stored results instead (games/stats.py, `game_listings`)."""

from __future__ import annotations

import marshal
import threading
from collections import OrderedDict
from dataclasses import replace
from functools import cached_property
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy, override

from games import board_accounts, words
from games import rules as engine
from games.models import Game
from games.templatetags.numbers import format_number
from games.words import filling, hand_word
from games.words.games.shared import tracker_view
from games.words.spelled import number_in_words

#: Games scored lately, by everything their score is worked out from: every tap on the hand
#: form asks for a preview, and each would otherwise score the same recorded hands again.
SCORES_KEPT = 64


def in_words(number: int) -> str:
    """`number` as a word where it is small ("seven"), else in figures ("1,500"), in the
    active language (games/words/spelled.py)."""
    return number_in_words(number)


#: Why a part of a hand score is what it is (RuleSet.part_reasons), in a player's words:
#: %(number)s is written in words ("two"), %(count)s picks the plural.
PART_REASONS: dict[str, Promise] = {
    # Translators: why red threes or melds count against a side.
    "melded_nothing": gettext_lazy("nothing melded, so they count against"),
    "no_canasta": gettext_lazy("no canasta yet, so it counts against"),
    "fewer_canastas": ngettext_lazy(
        "fewer than %(number)s canasta", "fewer than %(number)s canastas", "count"
    ),
    "all_red_threes": gettext_lazy("all of them, so they score together"),
    "many_red_threes": ngettext_lazy(
        # Translators: "four or more (red threes), so each scores more".
        "%(number)s or more, so each scores more",
        "%(number)s or more, so each scores more",
        "count",
    ),
}


def reason_words(reason: engine.PartReason | None) -> str:
    if reason is None:
        return ""
    words = PART_REASONS[reason.code]
    if reason.number is None:
        return str(words)
    return str(words % {"number": in_words(reason.number), "count": reason.number})


#: From this many sides, the hand form's live scores stand under the sides' names.
PANEL_SCORES_FROM = 5
#: The longest name a line of the hand form's score bar holds on a 320 px phone (two to a row).
BAR_NAME_LENGTH = 14

#: What "Leading" means, by the rule set's code for how it ranks (RuleSet.leads_by).
LEADS_BY = {
    "phase_then_points": gettext_lazy(
        "Leading: the player on the furthest phase, then the fewest points."
    ),
}
_scores: OrderedDict[bytes, engine.GameScore] = OrderedDict()
_scores_lock = threading.Lock()


def recorded_score(setup: engine.GameSetup, inputs: list[engine.HandInput]) -> engine.GameScore:
    """`setup.score(inputs)`, kept for the next request that scores the same set-up and hands.
    The key is all the engine reads (the rules with their options, seating, sides, closed, each
    hand's dealer, tallies and upcard), so a kept score is always the engine's own; each caller gets
    a copy of its own (own_copy)."""
    # Written by marshal, in a quarter of the time json took with its keys sorted: version 2
    # writes no references between objects, so the same values in the same order are the same
    # bytes. Tallies come in the order their rows are read, the same for the same hands; were
    # it another, the hands would only be scored again.
    key = marshal.dumps(
        [
            setup.rules.slug,
            setup.rules.options,
            setup.players,
            [[side.name, side.players] for side in setup.sides],
            setup.closed,
            [[hand.dealer, hand.tallies, hand.upcard] for hand in inputs],
        ],
        2,
    )
    with _scores_lock:
        kept = _scores.get(key)
        if kept is not None:
            _scores.move_to_end(key)
            return own_copy(kept)
    score = setup.score(inputs)
    with _scores_lock:
        _scores[key] = score
        while len(_scores) > SCORES_KEPT:
            _scores.popitem(last=False)
    return own_copy(score)


def own_copy(score: engine.GameScore) -> engine.GameScore:
    """A score of the request's own: its list of hands is not the one kept (the hands in it,
    frozen, are shared)."""
    return replace(score, hands=list(score.hands))


class Board:
    """Everything the scoreboard shows, worked out once per request."""

    def __init__(self, game: Game) -> None:
        """`game` with its hands prefetched where the page needs them as model objects; the
        scoreboard and the preview read them without (`Game.hand_inputs`)."""
        self.game = game
        self.setup = game.setup()
        self.rules = self.setup.rules
        self.inputs = game.hand_inputs(self.setup)
        self.score = recorded_score(self.setup, self.inputs)
        self.next_number = self.score.next_hand_number
        self.finished = self.score.finished
        self.closed = game.is_closed(self.score)

    @property
    def title(self) -> str:
        """The game's name on its screens: its own game's, else its rule set's."""
        return self.game.title

    @property
    def own_game(self) -> engine.OwnGame | None:
        return self.setup.own_game

    @cached_property
    def house_rules(self) -> list[str]:
        """The house rules this table changed, in a few words each (none: all as usual)."""
        return words.house_rules_in_force(self.rules, len(self.setup.players))

    @property
    def leaders(self) -> list[str]:
        """Who would win if the game ended now."""
        return self.score.leaders

    @property
    def leading_total(self) -> int | None:
        leaders = self.leaders
        return self.score.totals[leaders[0]] if leaders else None

    @property
    def can_finish(self) -> bool:
        """The game has no end of its own and is going on: the owner may say it is over."""
        return self.rules.ends_by_scorekeeper and not self.finished and bool(self.score.hands)

    @cached_property
    def dealer(self) -> str | None:
        return None if self.finished else self.game.dealer_for(self.next_number, self.inputs)

    @cached_property
    def deals(self) -> list[tuple[str, str]]:
        """Who deals what in the next hand: [("dealer", name), ...]; empty when unknown."""
        return self.setup.deals(self.dealer) if self.dealer else []

    @cached_property
    def deal_lines(self) -> list[tuple[str, str, str | None]]:
        """Who deals what, each with the game's one-line explanation of the word (or None):
        worked out once, as the scoreboard asks for them three times."""
        rules = self.rules
        return [
            (words.deal_word(rules, what), who, words.explain_deal(rules, what))
            for what, who in self.deals
        ]

    @cached_property
    def tracker_facts(self) -> list[tuple[str, str, str | None]]:
        """The hand in progress's facts, each with the explanation of its label (or None)."""
        if self.tracker is None:
            return []
        # Each fact is explained by its English label (the words' terms are by that).
        with override(None):
            keys = tracker_view(self.rules, self.game.hand_in_progress, self.setup.side_names).facts
        return [
            (label, value, filling.explain(self.rules, key))
            for (label, value), (key, _value) in zip(self.tracker.facts, keys, strict=True)
        ]

    def to_go(self, total: int) -> int | None:
        """How far a side is from the target score, while the game is on (where the highest
        total wins: where the lowest wins, the target ends the game but nobody aims for it)."""
        target = self.rules.target_score
        if target is None or self.finished or total >= target or not self.rules.high_score_wins:
            return None
        return target - total

    @cached_property
    def minimums(self) -> dict[str, int]:
        """What each side needs to open in the next hand (empty once the game is over)."""
        return self.score.opening_minimums(self.game.failed_openings(self.setup))

    @property
    def opening_line(self) -> str | None:
        """Where the opening minimum goes by the hand's number and every side needs the same:
        "Deal 3 of 4: 120 to open"; None otherwise (each side's own minimum says it)."""
        rules = self.rules
        needed = set(self.minimums.values())
        if rules.opening.kind is not engine.OpeningKind.BY_HAND or len(needed) != 1:
            return None
        said = {
            "hand": hand_word(rules.hand_word),
            "number": format_number(self.next_number),
            "points": format_number(needed.pop()),
        }
        if rules.fixed_hands:
            # Translators: "Deal 3 of 4: 120 to open": the points a side needs to open.
            words = _("%(hand)s %(number)s of %(hands)s: %(points)s to open")
            return words % {**said, "hands": format_number(rules.fixed_hands)}
        # Translators: "Hand 3: 120 to open": the points a side needs to open.
        return _("%(hand)s %(number)s: %(points)s to open") % said

    @property
    def leading_means(self) -> str | None:
        """What "Leading" on a total card means, where the best total alone does not decide."""
        if not any(side["leading"] for side in self.sides):
            return None
        means = LEADS_BY.get(self.rules.leads_by or "")
        return None if means is None else str(means)

    @cached_property
    def sides(self) -> list[dict[str, Any]]:
        totals = self.score.totals
        minimums = self.minimums
        leaders = self.score.leaders
        tracker = self.tracker
        phases = self.score.phases or {}
        moved_on = set(self.score.completed_last_hand)
        victory_points = (self.victory_points or {}) if self.finished else {}
        knock_outs = self.knock_outs
        boxes = self.score.boxes or {}
        return [
            {
                "index": index,
                "name": name,
                "players": self.setup.sides[index].players,
                "total": totals[name],
                "leading": name in leaders and len(leaders) < len(totals),
                "winner": name in self.score.winners,
                "minimum": minimums.get(name),
                # A side with no minimum to open (one not vulnerable) has no failed
                # openings to count.
                "tracker_buttons": tracker.side_buttons[index]
                if tracker and minimums.get(name) != 0
                else [],
                "tracker_note": tracker.side_notes[index]
                if tracker and minimums.get(name) != 0
                else "",
                "to_go": self.total_to_go(totals[name])
                if name not in knock_outs
                else knock_outs[name]["to_go"],
                "phase": self.phase_line(phases.get(name), name in moved_on),
                "victory_points": victory_points.get(name),
                "in_or_out": knock_outs.get(name),
                "boxes": boxes.get(name),
            }
            for index, name in enumerate(self.setup.side_names)
        ]

    def total_to_go(self, total: int) -> int | None:
        """How far a side's total is from the target, where the total is what the target is
        for (a session of several games has a target in each game, and says it there)."""
        return None if self.session_games else self.to_go(total)

    @cached_property
    def session_games(self) -> list[board_accounts.SessionGame]:
        """The games a session writes each hand into, side by side (empty: one game)."""
        return board_accounts.session_games(self.score, self.to_go)

    @cached_property
    def session_rows(self) -> list[board_accounts.PlayerRow]:
        """The same, a row for each player."""
        return board_accounts.player_rows(self.setup.side_names, self.session_games)

    @cached_property
    def next_games_line(self) -> str | None:
        """Which games each player's next win goes into, while a session goes on."""
        return board_accounts.next_games_line(self.score) if self.session_games else None

    @cached_property
    def final_accounts(self) -> list[board_accounts.Account]:
        """Once the game is over, where its rule set adds a final account: each of a
        session's games' own, then the game's (or the session's)."""
        if not self.finished:
            return []
        account = board_accounts.game_account(self.score)
        if account is None:
            return []
        return [*board_accounts.session_accounts(self.score), account]

    @cached_property
    def settlement_lines(self) -> list[str]:
        """Who pays whom how much, once the game is over ("Bob pays Ann 220")."""
        return board_accounts.settlement_lines(self.score) if self.final_accounts else []

    @cached_property
    def tied_total(self) -> int | None:
        """The total the leaders share where the target is reached but a game needs one
        leader to end: another hand decides. None otherwise."""
        totals = self.score.totals
        if self.finished or not self.rules.tied_at_target(totals):
            return None
        return totals[self.rules.winners(totals)[0]]

    @cached_property
    def victory_points(self) -> dict[str, int] | None:
        """What the totals give each side in victory points, where the game is decided in them
        (a tournament game of a few hands): as it stands, or once finished, its result."""
        return self.rules.victory_points_for(self.score.totals)

    @property
    def hands_in_game(self) -> int | None:
        """The game's number of hands, for "Hand 2 of 3", where it is decided in victory
        points (other games with a number of hands say it their own way)."""
        return self.rules.fixed_hands if self.victory_points is not None else None

    @cached_property
    def victory_line(self) -> str | None:
        """The difference between the totals and the victory points it gives as it stands
        ("Ann & Cy +420: 14 – 6"), while a game decided in them goes on."""
        points = self.victory_points
        if points is None or self.finished or not self.score.hands:
            return None
        (first, first_total), (second, second_total) = self.score.totals.items()
        ahead, behind = (first, second) if first_total >= second_total else (second, first)
        said = {"leading": format_number(points[ahead]), "other": format_number(points[behind])}
        if first_total == second_total:
            # Translators: equal totals in a game decided in victory points: "10 – 10".
            return _("Level: %(leading)s – %(other)s") % said
        difference = format_number(abs(first_total - second_total))
        # Translators: "Ann & Cy +420: 14 – 6": the side ahead, by how much, and the victory
        # points that gives each side (the side ahead's first).
        words = _("%(side)s +%(difference)s: %(leading)s – %(other)s")
        return words % {**said, "side": ahead, "difference": difference}

    @cached_property
    def victory_result(self) -> str | None:
        """A finished game's victory points, the winner's first ("16 – 4")."""
        points = self.victory_points if self.finished else None
        if points is None:
            return None
        return " – ".join(format_number(n) for n in sorted(points.values(), reverse=True))

    @property
    def players_in(self) -> set[str] | None:
        """Who is still in the game, where players are knocked out (Chinchón); else None."""
        still_in = self.score.players_in
        return None if still_in is None else set(still_in)

    @property
    def rejoins(self) -> tuple[dict[str, int], set[str], int | None]:
        """The rejoins each player used, who may rejoin before the next hand and at what
        total (R): worked out once, for every player's card."""
        score = self.score
        return score.rejoins or {}, set(self.rules.may_rejoin(score)), score.rejoin_total

    @cached_property
    def knock_outs(self) -> dict[str, dict[str, Any]]:
        """Where players are knocked out, by name: whether each is out, how far a player in is
        from the limit, whether one out may rejoin and at what total, and their rejoins so
        far. Empty where every side plays every hand."""
        players_in = self.players_in
        if players_in is None:
            return {}
        used, may_rejoin, rejoin_at = self.rejoins
        totals = self.score.totals
        going_on = not self.finished
        return {
            name: {
                "out": name not in players_in,
                "to_go": self.rules.to_knock_out(totals[name])
                if going_on and name in players_in
                else None,
                "rejoin_at": rejoin_at if name in may_rejoin else None,
                "no_rejoin": going_on and name not in players_in and name not in may_rejoin,
                "rejoins": used.get(name, 0),
            }
            for name in self.setup.side_names
        }

    @cached_property
    def stakes(self) -> int | None:
        """The pot in stakes (Chinchón: one per player and one per rejoin), or None."""
        return self.rules.stakes(self.score)

    @property
    def undoable_hand_number(self) -> int | None:
        """The deleted hand that "Undo" can still bring back (its number), if any."""
        return self.game.undoable_hand_number(len(self.inputs))

    @property
    def hands_played(self) -> int:
        """How many hands are recorded (the grid draws them: games/templatetags/grid.py)."""
        return len(self.score.hands)

    @cached_property
    def tracker(self) -> engine.TrackerView | None:
        """The hand in progress, while there is one."""
        tracker = self.rules.tracker
        if tracker is None or self.finished:
            return None
        return tracker_view(self.rules, self.game.hand_in_progress, self.setup.side_names)

    @property
    def round_card(self) -> engine.RoundCard | None:
        return self.score.round_card

    @property
    def round_lines(self) -> tuple[engine.CardLine, engine.CardLine | None] | None:
        """The next round's card in the table's words: its headline and its detail (or None);
        None without one."""
        card = self.round_card
        if card is None:
            return None
        return words.round_headline(self.rules, card), words.round_detail(self.rules, card)

    def phase_line(self, phase: int | None, moved_on: bool) -> dict[str, Any] | None:
        """A player's phase in the next hand, what it asks and the phase completed in the last
        hand (None if they stay on it); None without phases."""
        track = self.rules.phase_track
        if phase is None or track is None:
            return None
        return {
            "number": phase,
            "words": words.phase_words(self.rules, phase),
            "completed": phase - 1 if moved_on else None,
        }

    def side_notes(self, number: int) -> dict[str, str]:
        """What each side's panel of hand `number` says under its name: the phase it plays
        in that hand (Phase 10); nothing for a rule set without phases."""
        track = self.rules.phase_track
        if track is None:
            return {}
        played = track.phases_played(self.score)
        phases = played[number - 1] if number <= len(played) else track.next_phases(self.score)
        return {
            name: _("Phase %(number)s: %(phase)s")
            % {"number": format_number(phase), "phase": words.phase_words(self.rules, phase)}
            for name, phase in phases.items()
            if phase <= track.last
        }

    @cached_property
    def why_they_won(self) -> str | None:
        why = self.rules.why_they_won(self.score) if self.finished else None
        return None if why is None else words.problem(why)

    @cached_property
    def pot(self) -> engine.Pot | None:
        return self.score.pot()

    @property
    def scores_in_panels(self) -> bool:
        """Whether the hand form shows each side's live score under its name rather than as a
        line in the bar at the foot of the screen: with five sides or more, or a name longer
        than a line of the bar holds on a phone, the lines would cover most of the screen."""
        names = self.setup.side_names
        return len(names) >= PANEL_SCORES_FROM or max(map(len, names)) > BAR_NAME_LENGTH

    @cached_property
    def field_labels(self) -> dict[str, str]:
        """Each tally field's label in the table's language, by name: put into words once a
        request, for the preview's lines and the hand form (games/hand_page.py) alike."""
        return {f.name: words.field_label(self.rules, f) for f in self.rules.tally_fields}

    def preview_sides(self, scored: engine.HandScore | None) -> list[dict[str, Any]]:
        """Each side's hand score and the parts it is made of, in the tally's own words."""
        labels: dict[str, str] = {}
        if scored is not None:  # no lines to label before a hand scores
            labels = {**self.field_labels, **words.part_labels(self.rules), "total": _("Total")}

        def lines(name: str) -> list[tuple[str, int, str]]:
            """(label, points, why) of each part; why says where the rule is not plain."""
            if scored is None:
                return []
            breakdown = scored.breakdown[name]
            tally = scored.tallies.get(name)
            reasons = self.rules.part_reasons(tally, breakdown) if tally is not None else {}
            parts = [
                (
                    labels.get(part, part),
                    points,
                    reason_words(reasons.get(part)) or self.name_picked(part, tally),
                )
                for part, points in breakdown.items()
            ]
            # A part at 0 shows where its rule says why (threes that count nothing yet); a side
            # that scored nothing (the player who went out) shows its parts at 0, not "Nothing
            # scored yet".
            return [line for line in parts if line[1] or line[2]] or parts

        return [
            {
                "name": name,
                "score": scored.scores[name] if scored else None,
                "lines": lines(name),
            }
            for name in self.setup.side_names
        ]

    def recorded_sides(self, number: int) -> list[dict[str, Any]]:
        """What recorded hand `number` holds, side by side (a finished game's read-only hand):
        each field that was filled in, as typed, with the points it scored."""
        scored = self.score.hands[number - 1]
        fields = self.setup.fields_by_name
        sides = []
        for name in self.setup.side_names:
            tally = scored.tallies[name]
            points = scored.breakdown[name]
            rows: list[tuple[str, str | int, int]]
            if tally is None:
                rows = [(_("Just the total"), "", scored.scores[name])]
            else:
                rows = [
                    (
                        words.field_label(self.rules, fields[key]),
                        self.value_as_typed(fields[key], value),
                        points.get(key, 0),
                    )
                    for key, value in tally.items()
                    if value != fields[key].blank or points.get(key, 0)
                ]
            sides.append({"name": name, "score": scored.scores[name], "rows": rows})
        return sides

    def name_picked(self, part: str, tally: dict[str, int | bool] | None) -> str:
        """Where a part is a field whose value is a name (a special hand), the name picked,
        said beside it in the breakdown ("Special hand: Garbage"); else ""."""
        field = self.setup.fields_by_name.get(part)
        if field is None or not field.value_names or not tally or not tally.get(part):
            return ""
        return str(self.value_as_typed(field, tally[part]))

    def value_as_typed(self, field: engine.TallyField, value: int | bool) -> str | int:
        """A recorded value as the form took it: "yes", a name picked (a special hand's,
        "Garbage", not its place in the list), or the number."""
        if value is True:
            return _("yes")
        if field.value_names and 0 < value <= len(field.value_names):
            return words.value_word(self.rules, field, field.value_names[int(value) - 1])
        return value
