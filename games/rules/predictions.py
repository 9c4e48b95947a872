"""The scores of the likely next taps on a hand form, worked out ahead by the engine.

A tap on one of a count's choices, a yes/no or "who went out" changes one value of the
tallies. Each preview scores the tallies as they are; this module lists the changes one tap away
and scores each state with the same engine call the preview makes (`GameSetup.score_next_hand`),
so that the phone can show a tap's score before the server's own preview of it arrives. The
server still scores every preview and every saved hand: this is only a table of answers given
early, and a state missing from it is simply asked for as before.

Pure Python, no Django: the web layer (games/next_taps.py) says which fields the form shows and
turns each change into the form input it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .core import GameScore, GameSetup
from .errors import RulesError
from .scoring import HandInput
from .tally import FieldKind, TallyField

#: The most states scored for one table: each is a whole engine call (50-100 µs), and the
#: preview that carries the table must stay within its server-time budget (12 ms in `make
#: bench`; about 10 ms without the table). The likeliest taps come first: with 16, every usual
#: count of two sides one up or down, and each "who went out"; the rest is asked as it is tapped.
MOST_SCORED = 16

Tallies = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Change:
    """One tap: `field` of side `side` (an index) set to `value`; for a field asked once for the
    whole hand ("who went out"), `side` is None and `value` the index of the side picked (None
    for nobody)."""

    side: int | None
    field: str
    value: int | bool | None


@dataclass(frozen=True)
class Outcome:
    """What the engine says of a state: each side's hand score in seating order, or why not."""

    scores: tuple[int, ...] | None
    refusal: RulesError | None = None


@dataclass(frozen=True)
class Asked:
    """A field the form shows: per side (`side` an index), or once for the hand (None). For a
    count, `choices` are the values its one-tap choices set (a bigger count is typed)."""

    side: int | None
    field: TallyField
    choices: tuple[int, ...] = ()
    #: Tucked away ("More"): seldom tapped, so scored last.
    rare: bool = False


@dataclass(frozen=True)
class Prediction:
    change: Change
    outcome: Outcome


def likely_changes(
    setup: GameSetup, tallies: Tallies, asked: Sequence[Asked]
) -> Iterable[tuple[int, Change]]:
    """(priority, change) for every change one tap away: a lower priority is likelier. The
    choices asked once and the yes/no flips first (few, and each decides a lot), then each
    count one away from what it holds, then the other values a tap sets; the fields tucked
    away under "More" after all the others."""
    names = setup.side_names
    for item in asked:
        f = item.field
        if item.side is None:
            picked = [i for i, name in enumerate(names) if tallies[name].get(f.name) is True]
            current = picked[0] if picked else None
            # "Nobody" where it is a hand of its own is a tap even on tallies that hold no
            # pick yet (Gin Rummy's dead hand): it turns "nothing entered" into a hand.
            nobody_tapped = setup.rules.nobody_is_a_hand
            for choice in [*range(len(names)), None]:
                if choice != current or (choice is None and nobody_tapped):
                    yield 0, Change(None, f.name, choice)
            continue
        tally = tallies[names[item.side]]
        if "total" in tally:  # "just the total": its fields are not scored, not asked
            continue
        value = tally.get(f.name, f.blank)
        if f.kind is FieldKind.YES_NO:
            yield 0, Change(item.side, f.name, not value)
        elif f.kind is FieldKind.COUNT and isinstance(value, int):
            for v in item.choices:
                likely = 1 if abs(v - value) <= 1 else 2
                yield likely + 2 * item.rare, Change(item.side, f.name, v)


def changed(
    setup: GameSetup, tallies: Tallies, change: Change
) -> tuple[dict[str, Mapping[str, Any]], tuple[tuple[str, str, Any], ...]]:
    """The tallies after `change`, as the form would send them, and what differs from before
    ((side, field, value) for each value changed: none when the tap changes nothing scored)."""
    names = setup.side_names
    after: dict[str, Mapping[str, Any]] = dict(tallies)
    differs = []
    for index, name in enumerate(names):
        if change.side is None and "total" not in tallies[name]:
            value: Any = index == change.value
        elif change.side == index:
            value = change.value
        else:
            continue
        tapped = setup.rules.with_implied({**tallies[name], change.field: value})
        if tapped != tallies[name]:
            after[name] = tapped
            differs.append((name, change.field, value))
    return after, tuple(differs)


def outcome(setup: GameSetup, so_far: GameScore, hand: HandInput) -> Outcome:
    """The engine's word on one state: the preview's own call."""
    try:
        scored = setup.score_next_hand(so_far, hand)
    except RulesError as error:
        return Outcome(None, error)
    return Outcome(tuple(scored.scores[name] for name in setup.side_names))


def predict(
    setup: GameSetup,
    so_far: GameScore,
    dealer: str | None,
    tallies: Tallies,
    asked: Sequence[Asked],
    upcard: str | None = None,
    most: int = MOST_SCORED,
) -> list[Prediction]:
    """Each likely next tap with what the engine says of the state it leads to. Taps that lead
    to the same tallies share one engine call; after `most` calls the less likely taps are left
    out (the phone asks the server for those, as for anything typed). `upcard`: the hand's
    first upcard as picked, where its rule set asks one."""
    ordered = sorted(likely_changes(setup, tallies, asked), key=lambda pair: pair[0])
    scored: dict[tuple[tuple[str, str, Any], ...], Outcome] = {}
    predictions = []
    for _, change in ordered:
        after, key = changed(setup, tallies, change)
        if key not in scored:
            if len(scored) >= most:
                continue
            scored[key] = outcome(setup, so_far, HandInput(after, dealer, upcard=upcard))
        predictions.append(Prediction(change, scored[key]))
    return predictions
