"""The rule data in printable words: every number here is read from the engine, never typed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.rules import (
    CardValue,
    FieldKind,
    HouseRule,
    HouseRuleKind,
    OpeningKind,
    RuleSet,
    TallyField,
    rulebook,
)
from games.rules.own_game import OwnGame
from games.rules.prose import in_words

from .layout import number, signed


def prose(rules: RuleSet, text: str) -> str:
    """Rule-set prose with its `{placeholders}` filled from the rule set's data."""
    return rulebook.fill(rules, text)


def is_pot_game(rules: RuleSet) -> bool:
    return rules.pot is not None


def penny_fields(rules: RuleSet) -> list[TallyField]:
    """The tally items that put pennies into the pot, in the tally's order (none without one)."""
    if rules.pot is None:
        return []
    return [f for f in rules.tally_fields if f.name in rules.pot.penny_fields]


def and_list(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def pennies_in_hint(rules: RuleSet) -> str:
    """What the pennies a side puts in add up: "cards + buys"."""
    return " + ".join(f.heading.lower() for f in penny_fields(rules))


def pot_legend(rules: RuleSet) -> str:
    """The pot in a few words, with who wins: from the pot's fields and the winning total."""
    pot = rules.pot
    assert pot is not None
    pennies = in_words(pot.pennies_each)
    each = " and ".join(
        f"{pennies} for each {f.unit or f.label.lower()}" for f in penny_fields(rules)
    )
    who = side_word(rules).lower()
    return (
        f"Pennies into the pot: {each}. Each {who} has {pot.buys_per_game} buys for the "
        f"whole game. {winning_total(rules).capitalize()} wins."
    )


def winning_total(rules: RuleSet) -> str:
    """ "highest total" or "lowest total"."""
    return f"{'highest' if rules.high_score_wins else 'lowest'} total"


def scoring_title(rules: RuleSet) -> str:
    """The heading of the scoring table: what each player writes down where a pot asks for
    counts beside the points."""
    word = rules.hand_word.lower()
    if is_pot_game(rules):
        return f"What each {side_word(rules).lower()} writes down, every {word}"
    return f"Scoring, every {word}"


def side_word(rules: RuleSet) -> str:
    return rules.seating.side_word


def side_counts(rules: RuleSet) -> list[int]:
    """How many sides a game of this rule set can have."""
    counts = {
        sides
        for players in rules.player_counts
        for sides in rules.seating_for(players).side_counts(players)
        if sides >= rules.fewest_sides
    }
    return sorted(counts)


#: What an item scores when it depends on the game: its "counts when" note says how.
SCORED_AS_NOTED = "see note"


def points_text(field: TallyField) -> str:
    """How one tally item scores, short: "+500 each", "+200", "− card points", "see note"."""
    points = field.points_each
    if points is None:
        return SCORED_AS_NOTED
    if points == 0:
        return "nothing"  # a house rule took its points away: "+0" reads as a misprint
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
    return [
        (when, number(minimum) if minimum else "no minimum")
        for when, minimum in rules.opening.rows(rules.hand_word)
    ]


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


def pad_goal(rules: RuleSet) -> str:
    """What the game is played to and who wins, in a few words for a pad's heading: "game to
    20,000, highest total wins", "4 deals, highest total wins"."""
    if rules.prose.goal:  # a game that ends by a rule of its own says it in its own words
        return rulebook.fill(rules, rules.prose.goal)
    best = "highest" if rules.high_score_wins else "lowest"
    word = rules.hand_word.lower()
    ends = []
    if rules.target_score is not None:
        ends.append(f"game to {number(rules.target_score)}")
    if rules.fixed_hands is not None:
        ends.append(f"{rules.fixed_hands} {word}s")
    if not ends:
        ends.append("played until the table stops")
    return f"{' or '.join(ends)}, {best} total wins"


def ending_text(rules: RuleSet) -> str:
    word = rules.hand_word.lower()
    best = "highest" if rules.high_score_wins else "lowest"
    share = f"The {best} total wins; equal {best} totals share the win."
    if rules.prose.ending:  # a game that ends by a rule of its own says it in its own words
        text = rulebook.fill(rules, rules.prose.ending)
    elif rules.ends_by_scorekeeper:
        text = f"The game ends when the table says so. {share}"
    elif rules.fixed_hands is not None and rules.target_score is not None:
        text = (
            f"The game ends after the {word} in which any side reaches "
            f"{number(rules.target_score)} or more, or after {word} {rules.fixed_hands}, "
            f"whichever comes first. {share}"
        )
    elif rules.fixed_hands is not None:
        text = (
            f"The game is exactly {_count(rules.fixed_hands, word)}. After the last one the "
            f"{best} total wins; equal {best} totals share the win."
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


def _count(number: int, word: str) -> str:
    """ "1 deal", "4 deals"."""
    return f"{number:,} {word}{'' if number == 1 else 's'}"


@dataclass(frozen=True)
class Block:
    """One piece of a rule sheet, in the order it is printed and shown on screen."""

    #: "section", "card_values", "openings", "rounds", "phases", "scoring", "ending", "house"
    #: (a house rule some tables play), "table" (the house rules of the table the sheet is for)
    #: or "own" (the table's own game the sheet is for: `title`, `text` and its note)
    kind: str
    section: rulebook.FilledSection | None = None
    rows: Sequence[Sequence[str]] = field(default_factory=list)
    #: A table's headings, where they depend on the rule set (the round table's).
    head: Sequence[str] = ()
    text: str = ""
    title: str = ""
    note: str = ""


#: The value of a card that never counts as card points (a red three): said in words, as a
#: "0" would read as a card worth nothing.
SCORED_ON_ITS_OWN = "scored on its own"


def card_value_text(rules: RuleSet, value: CardValue) -> str:
    """A card's value as the card-value table prints it: "20", or "scored on its own"."""
    if value.points == 0 and value not in rules.counted_card_values:
        return SCORED_ON_ITS_OWN
    return number(value.points)


def card_value_rows(rules: RuleSet) -> list[tuple[str, str]]:
    """(card, value) of every card value, in the rule set's order."""
    return [
        (
            f"{value.cards} ({value.note})" if value.note else value.cards,
            card_value_text(rules, value),
        )
        for value in rules.card_values
    ]


def scoring_rows(rules: RuleSet) -> list[tuple[str, str, str]]:
    """(item, how it scores, when it counts) for every tally field."""
    rows = []
    word = rules.hand_word.lower()
    for tally_field in rules.tally_fields:
        note = rulebook.score_note(rules, tally_field.name, tally_field.scores)
        if tally_field.hands is not None:
            asked = ", ".join(str(h) for h in sorted(tally_field.hands))
            if asked not in note:
                note = f"{note} ({word} {asked} only)"
        rows.append((tally_field.label, points_text(tally_field), note[:1].upper() + note[1:]))
    return rows


def round_rows(rules: RuleSet) -> list[tuple[str, ...]]:
    return [(str(card.number), *card.table_row) for card in rules.rounds]


def round_head(rules: RuleSet) -> tuple[str, ...]:
    """The round table's headings: the hand word, then what the rule set's cards declare."""
    return (rules.hand_word, *rules.rounds[0].table_head) if rules.rounds else ()


def phase_rows(rules: RuleSet) -> list[tuple[str, str]]:
    """(phase, what it asks) for a rule set whose players work through phases; else none."""
    track = rules.phase_track
    if track is None:
        return []
    return [(str(number), words) for number, words in enumerate(track.phases, start=1)]


def own_game_block(rules: RuleSet, own: OwnGame) -> Block:
    """What a table's own game changes, said first on its sheets (RULINGS.md section 15)."""
    differences = rules.house_rules_in_force(None)
    if differences:
        text = (
            f"{own.name} is {rules.name} with numbers of its own: {'; '.join(differences)}. "
            "Every number on this sheet follows them."
        )
    else:
        text = f"{own.name} is {rules.name} with its usual numbers."
    return Block("own", title=f"House rules of {own.name}", text=text, note=own.note)


def sheet_blocks(rules: RuleSet, own: OwnGame | None = None) -> list[Block]:
    """The whole rule sheet: how to play, with the tables where a reader needs them; a table's
    own game says first what it changes."""
    tables = {
        "card_values": Block("card_values", rows=card_value_rows(rules)),
        "openings": Block("openings", rows=opening_rows(rules), text=_opening_note(rules)),
        "rounds": Block("rounds", rows=round_rows(rules), head=round_head(rules)),
        "phases": Block("phases", rows=phase_rows(rules)),
    }
    blocks: list[Block] = [own_game_block(rules, own)] if own else []
    sections = rulebook.sections(rules)
    # The card values go where the prose puts them, else after the first section.
    placed = {section.table for section in sections}
    for index, section in enumerate(sections):
        blocks.append(Block("section", section))
        if index == 0 and rules.card_values and "card_values" not in placed:
            blocks.append(tables.pop("card_values"))
        if section.table in tables:
            blocks.append(tables.pop(section.table))
    # Tables the prose gave no place to go before the scoring.
    blocks += [table for table in tables.values() if table.rows]
    if rules.tally_fields:
        blocks.append(Block("scoring", rows=scoring_rows(rules)))
    blocks.append(Block("ending", text=ending_text(rules)))
    for rule in rules.house_rules:
        if rule.kind is HouseRuleKind.YES_NO and offers_house_option(rules, rule):
            blocks.append(Block("house", text=rulebook.house_rule_text(rules, rule.name)))
    in_force = rules.house_rules_in_force(None)
    if in_force and not own:
        blocks.append(Block("table", text=f"This table's numbers: {'; '.join(in_force)}."))
    return blocks


def offers_house_option(rules: RuleSet, rule: HouseRule) -> bool:
    """Whether a sheet offers `rule` as an option some tables play: not where this table
    already plays it (its house rules list it), nor where it would change nothing here."""
    return rules.options[rule.name] == rule.default and rules.house_rule_in_play(rule.name)


def _opening_note(rules: RuleSet) -> str:
    caption = opening_caption(rules)
    step = rules.opening.failed_step
    if step:
        caption += (
            f" Each failed attempt to open adds {step} to the side's minimum for the rest of the"
            " hand."
        )
    return caption
