"""The rule data in printable words: every number here is read from the engine, never typed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.rules import FieldKind, OpeningKind, RuleSet, Seating, TallyField

from .layout import number, signed


class _Lookup(dict):
    """format_map source: the rule set's attributes, and pts[field] (points, without sign)."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, key: str) -> Any:
        if key == "pts":
            return {f.name: abs(f.points_each) for f in self.rules.tally_fields if f.points_each}
        value = getattr(self.rules, key, None)
        if value is None or callable(value):
            raise KeyError(key)
        return value


def prose(rules: RuleSet, text: str) -> str:
    """Rule-set prose with its `{placeholders}` filled from the rule set's data."""
    return text.format_map(_Lookup(rules)).replace(" -", " \u2212")


def is_pot_game(rules: RuleSet) -> bool:
    return rules.pot is not None


def seating_text(rules: RuleSet) -> str:
    return {
        Seating.PARTNERS: "in partnerships, partners sitting opposite",
        Seating.ALONE: "each playing on their own",
        Seating.ALONE_OR_TEAMS: "each on their own, or in teams of equal size",
    }[rules.seating]


def side_word(rules: RuleSet) -> str:
    return rules.seating.side_word


def side_counts(rules: RuleSet) -> list[int]:
    """How many sides a game of this rule set can have."""
    counts = {
        sides for players in rules.player_counts for sides in rules.seating.side_counts(players)
    }
    return sorted(counts)


def packs_text(rules: RuleSet) -> str:
    """Packs by players, grouped where they are the same: "2 players: 4 packs; 3–4 ..."."""
    groups: list[tuple[int, int, int]] = []
    for players in rules.player_counts:
        packs = rules.packs(players)
        if groups and groups[-1][2] == packs and groups[-1][1] == players - 1:
            groups[-1] = (groups[-1][0], players, packs)
        else:
            groups.append((players, players, packs))
    parts = []
    for low, high, packs in groups:
        who = f"{low}" if low == high else f"{low}\u2013{high}"
        parts.append(f"{who} players: {packs} pack{'s' if packs != 1 else ''}")
    return "; ".join(parts)


def points_text(field: TallyField) -> str:
    """How one tally item scores, short: "+500 each", "+200", "− card points", "see note"."""
    points = field.points_each
    if points is None:
        return "see note"
    if field.kind is FieldKind.YES_NO:
        return signed(points)
    if field.kind is FieldKind.CARD_POINTS:
        if abs(points) == 1:
            return "+ card points" if points > 0 else "\u2212 card points"
        return f"{signed(points)} per point"
    return f"{signed(points)} each"


def pad_hint(field: TallyField) -> str:
    """The hint under a score pad column heading."""
    points = field.points_each
    if points is None:
        return {
            FieldKind.YES_NO: "yes / no",
            FieldKind.COUNT: "how many",
            FieldKind.CARD_POINTS: "points",
        }[field.kind]
    if field.kind is FieldKind.YES_NO:
        return signed(points)
    if field.kind is FieldKind.CARD_POINTS:
        return "+ points" if points > 0 else "\u2212 points"
    return f"{number(points)} each"


def opening_rows(rules: RuleSet) -> list[tuple[str, str]]:
    """(when, minimum) rows of the opening-minimum table; empty where there is none."""
    return [(when, number(minimum)) for when, minimum in rules.opening.rows(rules.hand_word)]


def opening_legend(rules: RuleSet) -> str:
    rows = opening_rows(rules)
    if not rows:
        return ""
    step = rules.opening.failed_step
    text = " \u00b7 ".join(f"{when}: {minimum}" for when, minimum in rows)
    if step:
        text += f" \u00b7 +{step} for each failed attempt in the hand"
    return text


def opening_caption(rules: RuleSet) -> str:
    if rules.opening.kind is OpeningKind.BY_TOTAL:
        return (
            "From the side's total before the hand. Only the card points of the cards laid "
            "down count towards it."
        )
    return "One player must lay down at least this many card points to get the side on the board."


def ending_text(rules: RuleSet) -> str:
    word = rules.hand_word.lower()
    best = "highest" if rules.high_score_wins else "lowest"
    if rules.fixed_hands is not None:
        text = (
            f"The game is exactly {rules.fixed_hands} {word}s. After the last one the {best} "
            f"total wins; equal {best} totals share the win."
        )
    else:
        text = (
            f"The game ends after the {word} in which any side reaches "
            f"{number(rules.target_score or 0)} or more. The {best} total wins; equal {best} "
            "totals share the win."
        )
    if is_pot_game(rules):
        text += (
            " The winner takes the whole pot; equal winners split it, and a penny that can't "
            "be shared evenly stays in the bowl."
        )
    return text


def notes(rules: RuleSet) -> Iterator[tuple[str, str]]:
    for heading, text in rules.rule_notes:
        yield heading, prose(rules, text)
