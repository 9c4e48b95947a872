"""The rule data in printable words: every number here is read from the engine, never typed.

The words written here are the reader's language (gettext); the rule set's own words (its
prose, field labels, house-rule phrases, name, card names) come from games/words/, filled with
its numbers by games/words/filling.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.rules import (
    CardValue,
    FieldKind,
    HouseRule,
    HouseRuleKind,
    OpeningKind,
    RuleSet,
    TallyField,
)
from games.rules.own_game import OwnGame
from games.words import (
    card_name,
    card_note,
    field_label,
    field_note,
    filling,
    hand_word,
    hand_word_in_sentence,
    house_rules_in_force,
    phase_words,
    round_table_head,
    round_table_row,
    rule_set_name,
    short_label,
    unit,
)
from games.words.games.shared import opening_rows as opening_table
from games.words.spelled import number_in_words

from .layout import number, signed


def prose(rules: RuleSet, text: str) -> str:
    """Rule-set prose with its `{placeholders}` filled from the rule set's data."""
    return filling.fill(rules, text)


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
    # Translators: the last two items of a list: "cards, buys and points".
    return gettext("%(items)s and %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def or_list(words: Sequence[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    if len(words) <= 1:
        return "".join(words)
    # Translators: the last two choices of a list: "2, 3 or 4".
    return gettext("%(items)s or %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def pennies_in_hint(rules: RuleSet) -> str:
    """What the pennies a side puts in add up: "cards + buys"."""
    return " + ".join(short_label(rules, f).lower() for f in penny_fields(rules))


def pot_legend(rules: RuleSet) -> str:
    """The pot in a few words, with who wins: from the pot's fields and the winning total."""
    pot = rules.pot
    assert pot is not None
    pennies = number_in_words(pot.pennies_each)
    each = and_list(
        [
            gettext("%(pennies)s for each %(unit)s")
            % {"pennies": pennies, "unit": unit(rules, f) or field_label(rules, f).lower()}
            for f in penny_fields(rules)
        ]
    )
    buys = {"buys": number(pot.buys_per_game)}
    if side_word(rules) == PLAYER:
        has = ngettext(
            "Each player has %(buys)s buy for the whole game.",
            "Each player has %(buys)s buys for the whole game.",
            pot.buys_per_game,
        )
    else:
        has = ngettext(
            "Each side has %(buys)s buy for the whole game.",
            "Each side has %(buys)s buys for the whole game.",
            pot.buys_per_game,
        )
    into = gettext("Pennies into the pot: %(each)s.") % {"each": each}
    return f"{into} {has % buys} {who_wins(rules)}"


def who_wins(rules: RuleSet) -> str:
    """ "Highest total wins." or "Lowest total wins."."""
    return (
        gettext("Highest total wins.") if rules.high_score_wins else gettext("Lowest total wins.")
    )


def scoring_title(rules: RuleSet) -> str:
    """The heading of the scoring table: what each player writes down where a pot asks for
    counts beside the points."""
    values = {"hand": hand_word_in_sentence(rules.hand_word)}
    if is_pot_game(rules):
        if side_word(rules) == PLAYER:
            return gettext("What each player writes down, every %(hand)s") % values
        return gettext("What each side writes down, every %(hand)s") % values
    return gettext("Scoring, every %(hand)s") % values


#: A side by the engine's code (Seating.side_word), capitalised: a player on their own, or a
#: side.
PLAYER, SIDE = "Player", "Side"


def side_word(rules: RuleSet) -> str:
    """The engine's code for a side, capitalised, "Player" or "Side": a key for the words
    below, which say it in the reader's language."""
    return rules.seating.side_word.capitalize()


#: A side's word as a heading, by the engine's word for it.
SIDE_HEADINGS = {
    PLAYER: pgettext_lazy("one who plays, as a heading", "Player"),
    SIDE: pgettext_lazy("a player or team scored together, as a heading", "Side"),
}
#: The same, many: the heading of a list of them.
SIDES_HEADINGS = {
    PLAYER: pgettext_lazy("those who play, as a heading", "Players"),
    SIDE: pgettext_lazy("players or teams scored together, as a heading", "Sides"),
}


def side_heading(word: str) -> str:
    """ "Player" or "Side" (the engine's `word`) as a heading in the reader's language."""
    return str(SIDE_HEADINGS.get(word.capitalize(), word))


def sides_heading(word: str) -> str:
    """ "Players" or "Sides" as a heading in the reader's language."""
    return str(SIDES_HEADINGS.get(word.capitalize(), f"{word}s"))


def side_count(word: str, count: int) -> str:
    """ "3 players", "2 sides", "1 player"."""
    if word.capitalize() == PLAYER:
        text = ngettext("%(count)s player", "%(count)s players", count)
    else:
        text = ngettext("%(count)s side", "%(count)s sides", count)
    return text % {"count": number(count)}


def side_called(word: str, letter: str) -> str:
    """A side without a name yet, by its letter: "Player A", "Side B"."""
    if word.capitalize() == PLAYER:
        return gettext("Player %(letter)s") % {"letter": letter}
    return gettext("Side %(letter)s") % {"letter": letter}


def hand_count(word: str, count: int) -> str:
    """ "4 deals", "1 round", "11 hands": `word` is the engine's word for a hand (its
    hand_word, "hand", "deal" or "round"), not a translation of it."""
    key = word.lower()
    if key == "deal":
        text = ngettext("%(count)s deal", "%(count)s deals", count)
    elif key == "round":
        text = ngettext("%(count)s round", "%(count)s rounds", count)
    else:
        text = ngettext("%(count)s hand", "%(count)s hands", count)
    return text % {"count": number(count)}


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
SCORED_AS_NOTED = gettext_lazy("see note")


def points_text(field: TallyField) -> str:
    """How one tally item scores, short: "+500 each", "+200", "− card points", "see note"."""
    points = field.points_each
    if points is None:
        return str(SCORED_AS_NOTED)
    if points == 0:
        # A house rule took its points away: "+0" reads as a misprint.
        return pgettext("what a tally item scores", "nothing")
    if field.kind is FieldKind.YES_NO:
        return signed(points)
    if field.kind is FieldKind.CARD_POINTS:
        if abs(points) == 1:
            return gettext("+ card points") if points > 0 else gettext("− card points")
        return gettext("%(points)s per point") % {"points": signed(points)}
    return gettext("%(points)s each") % {"points": signed(points)}


def pad_hint(field: TallyField) -> str:
    """The hint under a score pad column heading."""
    points = field.points_each
    if points is None:
        return {
            FieldKind.YES_NO: gettext("yes / no"),
            FieldKind.COUNT: gettext("how many"),
            FieldKind.CARD_POINTS: pgettext("what a score pad's column asks for", "points"),
        }[field.kind]
    if field.kind is FieldKind.YES_NO:
        return signed(points)
    if field.kind is FieldKind.CARD_POINTS:
        return gettext("+ points") if points > 0 else gettext("− points")
    return gettext("%(points)s each") % {"points": number(points)}


def opening_rows(rules: RuleSet) -> list[tuple[str, str]]:
    """(when, minimum) rows of the opening-minimum table; empty where there is none."""
    return [
        (when, number(minimum) if minimum else gettext("no minimum"))
        for when, minimum in opening_table(rules)
    ]


def opening_legend(rules: RuleSet) -> str:
    rows = opening_rows(rules)
    if not rows:
        return ""
    step = rules.opening.failed_step
    text = " \u00b7 ".join(f"{when}: {minimum}" for when, minimum in rows)
    if step:
        more = gettext("+%(step)s for each failed attempt in the hand") % {"step": number(step)}
        text += f" \u00b7 {more}"
    return text


def opening_caption(rules: RuleSet) -> str:
    if rules.opening.kind is OpeningKind.BY_TOTAL:
        return gettext(
            "From the side's total before the hand. Only the card points of the cards laid "
            "down count towards it."
        )
    return gettext(
        "One player must lay down at least this many card points to get the side on the board."
    )


def pad_goal(rules: RuleSet) -> str:
    """What the game is played to and who wins, in a few words for a pad's heading: "game to
    20,000, highest total wins", "4 deals, highest total wins"."""
    own_goal = filling.goal(rules)
    if own_goal:  # a game that ends by a rule of its own says it in its own words
        return own_goal
    ends = []
    if rules.target_score is not None:
        ends.append(gettext("game to %(target)s") % {"target": number(rules.target_score)})
    if rules.fixed_hands is not None:
        ends.append(hand_count(rules.hand_word, rules.fixed_hands))
    if not ends:
        ends.append(gettext("played until the table stops"))
    goal = {"goal": or_list(ends)}
    if rules.high_score_wins:
        return gettext("%(goal)s, highest total wins") % goal
    return gettext("%(goal)s, lowest total wins") % goal


def _shared_win(rules: RuleSet) -> str:
    if rules.high_score_wins:
        return gettext("The highest total wins; equal highest totals share the win.")
    return gettext("The lowest total wins; equal lowest totals share the win.")


def ending_text(rules: RuleSet) -> str:
    values = {
        "hand": hand_word_in_sentence(rules.hand_word),
        "target": number(rules.target_score or 0),
        "last": number(rules.fixed_hands or 0),
        "hands": hand_count(rules.hand_word, rules.fixed_hands or 0),
    }
    own_ending = filling.ending(rules)
    if own_ending:  # a game that ends by a rule of its own says it in its own words
        text = own_ending
    elif rules.ends_by_scorekeeper:
        ends = gettext("The game ends when the table says so.")
        text = f"{ends} {_shared_win(rules)}"
    elif rules.fixed_hands is not None and rules.target_score is not None:
        ends = gettext(
            "The game ends after the %(hand)s in which any side reaches %(target)s or more, or "
            "after %(hand)s %(last)s, whichever comes first."
        )
        text = f"{ends % values} {_shared_win(rules)}"
    elif rules.fixed_hands is not None:
        if rules.high_score_wins:
            after = gettext(
                "After the last one the highest total wins; equal highest totals share the win."
            )
        else:
            after = gettext(
                "After the last one the lowest total wins; equal lowest totals share the win."
            )
        exactly = gettext("The game is exactly %(hands)s.") % values
        text = f"{exactly} {after}"
    else:
        ends = gettext(
            "The game ends after the %(hand)s in which any side reaches %(target)s or more."
        )
        text = f"{ends % values} {_shared_win(rules)}"
    if is_pot_game(rules):
        pot = gettext(
            "The winner takes the whole pot; equal winners split it, and a penny that can't "
            "be shared evenly stays in the bowl."
        )
        text += f" {pot}"
    return text


@dataclass(frozen=True)
class Block:
    """One piece of a rule sheet, in the order it is printed and shown on screen."""

    #: "section", "card_values", "openings", "rounds", "phases", "scoring", "ending", "house"
    #: (a house rule some tables play), "table" (the house rules of the table the sheet is for)
    #: or "own" (the table's own game the sheet is for: `title`, `text` and its note)
    kind: str
    section: filling.FilledSection | None = None
    rows: Sequence[Sequence[str]] = field(default_factory=list)
    #: A table's headings, where they depend on the rule set (the round table's).
    head: Sequence[str] = ()
    text: str = ""
    title: str = ""
    note: str = ""


#: The value of a card that never counts as card points (a red three): said in words, as a
#: "0" would read as a card worth nothing.
SCORED_ON_ITS_OWN = gettext_lazy("scored on its own")


def card_value_text(rules: RuleSet, value: CardValue) -> str:
    """A card's value as the card-value table prints it: "20", or "scored on its own"."""
    if value.points == 0 and value not in rules.counted_card_values:
        return str(SCORED_ON_ITS_OWN)
    return number(value.points)


def card_value_rows(rules: RuleSet) -> list[tuple[str, str]]:
    """(card, value) of every card value, in the rule set's order."""
    rows = []
    for value in rules.card_values:
        name, note = card_name(rules, value), card_note(rules, value)
        rows.append((f"{name} ({note})" if note else name, card_value_text(rules, value)))
    return rows


def scoring_rows(rules: RuleSet) -> list[tuple[str, str, str]]:
    """(item, how it scores, when it counts) for every tally field."""
    rows = []
    word = hand_word_in_sentence(rules.hand_word)
    for tally_field in rules.tally_fields:
        note = filling.score_note(rules, tally_field.name, field_note(rules, tally_field))
        if tally_field.hands is not None:
            asked = ", ".join(str(h) for h in sorted(tally_field.hands))
            if asked not in note:
                only = {"note": note, "hand": word, "hands": asked}
                note = gettext("%(note)s (%(hand)s %(hands)s only)") % only
        label = field_label(rules, tally_field)
        rows.append((label, points_text(tally_field), note[:1].upper() + note[1:]))
    return rows


def round_rows(rules: RuleSet) -> list[tuple[str, ...]]:
    return [(str(card.number), *round_table_row(rules, card)) for card in rules.rounds]


def round_head(rules: RuleSet) -> tuple[str, ...]:
    """The round table's headings: the hand word, then what the rule set's cards declare."""
    return (hand_word(rules.hand_word), *round_table_head(rules)) if rules.rounds else ()


def phase_rows(rules: RuleSet) -> list[tuple[str, str]]:
    """(phase, what it asks) for a rule set whose players work through phases; else none."""
    track = rules.phase_track
    if track is None:
        return []
    return [(str(number), phase_words(rules, number)) for number in range(1, track.last + 1)]


def own_game_block(rules: RuleSet, own: OwnGame) -> Block:
    """What a table's own game changes, said first on its sheets (RULINGS.md section 15)."""
    differences = house_rules_in_force(rules, None)
    names = {"game": own.name, "rules": rule_set_name(rules), "numbers": "; ".join(differences)}
    if differences:
        text = gettext(
            "%(game)s is %(rules)s with numbers of its own: %(numbers)s. Every number on this "
            "sheet follows them."
        )
    else:
        text = gettext("%(game)s is %(rules)s with its usual numbers.")
    title = gettext("House rules of %(game)s") % names
    return Block("own", title=title, text=text % names, note=own.note)


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
    sections = filling.sections(rules)
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
            blocks.append(Block("house", text=filling.house_rule_text(rules, rule.name)))
    in_force = house_rules_in_force(rules, None)
    if in_force and not own:
        numbers = gettext("This table's numbers: %(numbers)s.") % {"numbers": "; ".join(in_force)}
        blocks.append(Block("table", text=numbers))
    return blocks


def offers_house_option(rules: RuleSet, rule: HouseRule) -> bool:
    """Whether a sheet offers `rule` as an option some tables play: not where this table
    already plays it (its house rules list it), nor where it would change nothing here."""
    return rules.options[rule.name] == rule.default and rules.house_rule_in_play(rule.name)


def _opening_note(rules: RuleSet) -> str:
    caption = opening_caption(rules)
    step = rules.opening.failed_step
    if step:
        more = gettext(
            "Each failed attempt to open adds %(step)s to the side's minimum for the rest of "
            "the hand."
        )
        caption += " " + more % {"step": number(step)}
    return caption
