"""Modern American Canasta's words (games/rules/american_canasta.py has its numbers): the
partnership canasta of the US clubs, with canastas of aces, sevens and wild cards, threes that
count by colour, bonus packets on opening, and special hands laid down at once.

The special hands' names ("garbage", "zip code", "Dream Hand") are the clubs' own; a translation
may keep them as they are."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.rules.american_canasta import DREAM_HANDS, AmericanCanasta
from games.words.filling import fill
from games.words.games.partners import GOING_OUT_SCORES, WENT_OUT, WILD_CARDS
from games.words.rule_sets import (
    FieldWords,
    HouseRuleWords,
    Prose,
    RuleSetWords,
    Section,
    Text,
    register,
)

#: Each special hand's name and what its cards are, by the engine's name for it.
SPECIAL_HANDS: dict[str, tuple[Text, Text]] = {
    "straight": (
        pgettext_lazy("a special hand", "Straight"),
        _("one card of every rank, ace to king (a three and a two among them), and a joker"),
    ),
    "pairs": (pgettext_lazy("a special hand", "Pairs"), _("seven different pairs, no wild card")),
    "wild_pairs": (
        pgettext_lazy("a special hand", "Wild pairs"),
        _(
            "seven pairs, aces and sevens among them, one of them a pair of alike wild cards "
            "(two twos or two jokers)"
        ),
    ),
    "miami_pairs": (
        pgettext_lazy("a special hand", "Miami pairs"),
        _("seven pairs, aces and sevens among them, with a pair of twos and a pair of jokers"),
    ),
    "zip_code": (
        # Translators: a special hand whose groups (4-3-3-2-2) read like a postal code.
        pgettext_lazy("a special hand", "Zip code"),
        _(
            "two pairs, two triples and a set of four; one group may be wild cards all alike "
            "(all twos or all jokers)"
        ),
    ),
    "garbage": (
        pgettext_lazy("a special hand", "Garbage"),
        _("two sets of four and two triples, no wild card"),
    ),
    "blast_off": (
        pgettext_lazy("a special hand", "Blast off"),
        _(
            "a set of five, a set of four, a triple and a pair; one group may be wild cards all "
            "alike"
        ),
    ),
    "triples": (
        pgettext_lazy("a special hand", "Triples"),
        _("four triples and a pair of alike wild cards"),
    ),
    "quads": (
        pgettext_lazy("a special hand", "Quads"),
        _("three sets of four and a pair of alike wild cards"),
    ),
    "dream_hand_4": (
        # Translators: a special hand's name on a button of the hand form, kept short: the
        # Dream Hand made with four wild cards.
        pgettext_lazy("a special hand", "Dream Hand (4 wild)"),
        _("two sets of five and four alike wild cards"),
    ),
    "dream_hand_5": (
        # Translators: as "Dream Hand (4 wild)", the Dream Hand made with five wild cards.
        pgettext_lazy("a special hand", "Dream Hand (5 wild)"),
        _("a set of five, a set of four and any five wild cards"),
    ),
}


def _rules(rules: object) -> AmericanCanasta:
    assert isinstance(rules, AmericanCanasta)
    return rules


def special_hand_names(rules: object) -> str:
    """The special hands of the list in force, by name as the hand form offers them: "Straight,
    Pairs, ..." (each name kept as written: German writes its nouns capitalized)."""
    return ", ".join(str(SPECIAL_HANDS[name][0]) for name, _points in _rules(rules).special_hands)


def no_special_hands(rules: object) -> str:
    if _rules(rules).special_hands:
        return ""
    return str(_("This table plays no special hands."))


def special_hand_line(place: int) -> Callable[[object], str]:
    """The special hand at `place` in the list in force, as an item of the rule sheet ("" when
    the list is shorter: the paragraph is left out)."""

    def line(rules: object) -> str:
        hands = _rules(rules).special_hands
        if place >= len(hands):
            return ""
        name, points = hands[place]
        title, cards = SPECIAL_HANDS[name]
        said = fill(
            _rules(rules),
            _("- {title}: {cards}. Scores {points}."),
            title=title,
            cards=cards,
            points=points,
        )
        if name in DREAM_HANDS:
            said += " " + str(_("The side that lays it down wins the game."))
        return said

    return line


#: As many item lines as the longest list has hands.
SPECIAL_HAND_LINES = {
    f"special_hand_line_{place}": special_hand_line(place) for place in range(len(SPECIAL_HANDS))
}


def threes_note(rules: object) -> str:
    table = _rules(rules)
    if table.flat_threes:
        return fill(table, _("{flat_three} for each three"))
    values = " / ".join(fill(table, "{value}", value=v) for v in table.threes_by_colour[1:])
    return fill(
        table, _("by colour, by how many of a colour the side laid: {values}"), values=values
    )


def meld_note(rules: object) -> str:
    if _rules(rules).special_cards_counted:
        return str(_("every melded card, canastas included; against a side with no canasta"))
    return str(
        _(
            "melded cards outside the canastas of aces, sevens and wild cards; against a side "
            "with no canasta"
        )
    )


def special_hands_pad(rules: object) -> str:
    """The special hands in force and what each scores, for the pad's legend."""
    hands = _rules(rules).special_hands
    if not hands:
        return ""
    each = "; ".join(
        fill(_rules(rules), "{title} {points}", title=SPECIAL_HANDS[name][0], points=points)
        for name, points in hands
    )
    said = fill(_rules(rules), _("Special hands, each scoring alone: {each}."), each=each)
    if any(name in DREAM_HANDS for name, _points in hands):
        said += " " + str(_("A Dream Hand wins the game."))
    return said


FIELDS = {
    "special_hand": FieldWords(
        _("Special hand"),
        _("laid down at once: it scores alone for this side ({special_hand_names})"),
        # Translators: asked of each side first on the hand form; the answers are the special
        # hands of the table's list, and "No".
        question=_("Ended with a special hand?"),
        value_words={name: words[0] for name, words in SPECIAL_HANDS.items()},
    ),
    "went_out": WENT_OUT,
    "natural_canastas": FieldWords(
        _("Natural canastas"), _("{cards_per_canasta:w} of a rank, four to king but not sevens")
    ),
    "mixed_canastas": FieldWords(
        _("Mixed canastas"),
        _("five or six natural cards and one or two wild cards (aces opened with wild cards too)"),
    ),
    "natural_ace_canastas": FieldWords(
        _("Ace canastas"), _("{cards_per_canasta:w} aces, no wild card")
    ),
    "seven_canastas": FieldWords(_("Seven canastas"), _("{cards_per_canasta:w} sevens")),
    "wild_canastas": FieldWords(
        _("Wild card canastas"), _("{cards_per_canasta:w} wild cards, one to three jokers")
    ),
    "joker_canastas": FieldWords(
        _("Four-joker canastas"), _("a wild card canasta holding all {jokers:w} jokers")
    ),
    "deuce_canastas": FieldWords(_("Canastas of twos"), _("{cards_per_canasta:w} twos")),
    "unfinished_aces": FieldWords(
        _("Unfinished aces"), _("an ace meld left short of {cards_per_canasta:w}")
    ),
    "unfinished_sevens": FieldWords(
        _("Unfinished sevens"), _("a seven meld left short of {cards_per_canasta:w}")
    ),
    "unfinished_wilds": FieldWords(
        _("Unfinished wild cards"), _("a wild card meld left short of {cards_per_canasta:w}")
    ),
    "unfinished_joker_wilds": FieldWords(
        _("Unfinished four-joker meld"),
        _("an unfinished wild card meld holding all {jokers:w} jokers"),
    ),
    "red_threes": FieldWords(_("Red threes"), _("laid on the table; {threes_note}")),
    "black_threes": FieldWords(_("Black threes"), _("laid on the table; {threes_note}")),
    "meld_points": FieldWords(_("Card points on the table"), "{meld_note}"),
    "hand_points": FieldWords(
        _("Card points left in hands"),
        _("cards left in both partners' hands; a three stuck in a hand counts {three_in_hand}"),
    ),
    "sevens_penalties": FieldWords(
        _("Caught with {caught_with:w} sevens"),
        _("each partner caught holding {caught_with:w} or more sevens"),
    ),
    "aces_penalties": FieldWords(
        _("Caught with {caught_with:w} aces"),
        _("each partner caught holding {caught_with:w} or more aces"),
    ),
}

HOUSE_RULES = {
    "going_out": GOING_OUT_SCORES,
    "special_hands": HouseRuleWords(
        _("Special hands"),
        phrase=_("special hands: {value}"),
        value_words={
            0: _("the club list (eleven hands)"),
            1: _("the short list (four hands)"),
            2: _("none"),
        },
    ),
    "unfinished_joker_wild": HouseRuleWords(
        _("An unfinished four-joker meld costs"),
        phrase=_("an unfinished wild card meld with all four jokers costs {value}"),
    ),
    "threes": HouseRuleWords(
        _("Threes score"),
        phrase=_("threes score {value}"),
        value_words={0: _("by colour"), 1: _("100 each")},
    ),
    "special_canasta_cards": HouseRuleWords(
        _("Cards inside aces, sevens and wild canastas"),
        phrase=_("cards inside aces, sevens and wild canastas {value}"),
        value_words={0: _("count as card points"), 1: _("do not count as card points")},
    ),
    "failed_opening_raise": HouseRuleWords(
        _("A failed opening raises the minimum by"),
        phrase=_("each failed opening raises the side's minimum by {value}"),
        phrase_zero=_("a failed opening costs nothing"),
    ),
}

SECTIONS = (
    Section(
        _("Players and cards"),
        (
            _(
                "{players} in {sides:w} partnerships, partners opposite. Shuffle together "
                "{packs}. Jokers and twos are wild. Threes are never melded: lay "
                "each one face up as soon as you get it and draw a card to replace it."
            ),
            _(
                "Deal {hand_cards} cards to each player. The rest is the stock; the discard pile "
                "(the pack) starts empty. In your turn, draw a card from the stock or take the "
                "whole pack, meld if you can, then discard."
            ),
        ),
    ),
    Section(
        _("Melds and canastas"),
        (
            _(
                "A meld is {meld_start:w} to {cards_per_canasta:w} cards of one rank, fours up "
                "to aces, with at least {natural_least:w} natural cards and at most "
                "{max_wild_per_meld:w} wild cards. After the opening, a wild card goes only on a "
                "meld that already holds {natural_before_wild:w} natural cards. Sevens never "
                "take a wild card; aces take them only in the opening meld. Wild cards may also "
                "make a meld of their own."
            ),
            _(
                "A canasta is a meld of {cards_per_canasta:w} cards: natural (no wild card), "
                "mixed (at most {max_wild_per_meld:w} wild cards), aces, sevens, or wild cards "
                "(scored by the jokers and twos in it)."
            ),
        ),
    ),
    Section(
        _("Opening"),
        (
            _(
                "A side's first meld must be worth its minimum in card points (table below) and "
                "hold a natural meld of {meld_start:w} or more; the top card of the pack does "
                "not count toward it."
            ),
            _(
                "Bonus cards: the first player at the table to open draws {bonus_packets[0]:w} "
                "extra cards after discarding, and the first player of the other side to open "
                "draws {bonus_packets[1]:w}. Nobody draws them once the turn card, "
                "{turn_card_depth:w} cards from the bottom of the stock, has been reached."
            ),
        ),
        table="openings",
    ),
    Section(
        _("Going out"),
        (
            _(
                "A side may go out once it has {canastas_to_go_out:w} canastas and no "
                "unfinished meld of aces, sevens or wild cards on the table; the last card must "
                "be discarded. The hand also ends when the stock runs out, or when a special "
                "hand is laid down."
            ),
        ),
    ),
    Section(
        _("Special hands"),
        (
            _(
                "A player whose side has not melded yet may lay down all {special_hand_cards} "
                "cards at once, without a discard, as any hand of the list below. It ends the "
                "hand; the side scores the hand's value and nothing else, and the other side "
                "scores its table as usual (nobody went out)."
            ),
            "{no_special_hands}",
            *(f"{{{key}}}" for key in SPECIAL_HAND_LINES),
        ),
    ),
    Section(
        _("Scoring"),
        (
            _(
                "Count each side's canastas. With none, its melded card points and its threes "
                "count against it. With a single canasta, melded cards count for it and threes "
                "count nothing. With {canastas_to_go_out:w} or more, both count for it. Threes "
                "score {threes_note}."
            ),
            _(
                "Every unfinished meld of aces or sevens costs {pts[unfinished_sevens]}, an "
                "unfinished wild card meld {pts[unfinished_wilds]}. A partner caught holding "
                "{caught_with:w} or more aces or sevens costs the side {caught_penalty} each, on "
                "top of those cards' points. Cards left in hands count against."
            ),
        ),
    ),
)


def game_ending(rules: object) -> str:
    """How the game ends and who wins: a Dream Hand, where the list in force has one, ends it
    at once."""
    table = _rules(rules)
    if any(name in DREAM_HANDS for name, _points in table.special_hands):
        said = _(
            "The game ends after the hand in which any side reaches {target_score} or more, "
            "and the highest total wins (equal highest totals share the win); or after a hand "
            "in which a side lays down a Dream Hand: that side wins, whatever the totals."
        )
    else:
        said = _(
            "The game ends after the hand in which any side reaches {target_score} or more. "
            "The highest total wins; equal highest totals share the win."
        )
    return fill(table, said)


def game_goal(rules: object) -> str:
    """What a pad's heading says the game is played to."""
    table = _rules(rules)
    said = _("game to {target_score}, highest total wins")
    if any(name in DREAM_HANDS for name, _points in table.special_hands):
        said = _("game to {target_score}, highest total wins; a Dream Hand wins at once")
    return fill(table, said)


PROSE = Prose(
    sections=SECTIONS,
    ending="{game_ending}",
    goal="{game_goal}",
    house_rules={
        "special_hands": _(
            "Some tables play a shorter list of special hands (straight, pairs, wild pairs, "
            "garbage), and some none at all."
        ),
        "threes": _(
            "Some clubs count each three on the table at {flat_three}, whatever its colour."
        ),
        "special_canasta_cards": _(
            "Some clubs leave the cards inside the canastas of aces, sevens and wild cards out "
            "of the card points on the table."
        ),
    },
    score_notes={
        "red_threes": _("{threes_note}; against with no canasta, nothing with a single canasta"),
        "black_threes": _("{threes_note}; against with no canasta, nothing with a single canasta"),
        "meld_points": "{meld_note}",
        "special_hand": _("its value alone, nothing else for this side"),
    },
    pad_note=_(
        "Canastas decide the sign: with none, card points and threes count against; with a "
        "single canasta, card points for and threes nothing; {canastas_to_go_out:w} or more, "
        "both for. {special_hands_pad}"
    ),
    pad_hints={
        "special_hand": _("write its name; it scores alone"),
        "red_threes": _("by canastas: see note"),
        "black_threes": _("by canastas: see note"),
        "meld_points": _("against with no canasta"),
    },
    terms={
        # The scoreboard's fact, explained by its English words (texts["next_packet"]).
        "Next bonus packet": _(
            "Bonus cards for opening: the first player to open draws {bonus_packets[0]}, the "
            "first of the other side {bonus_packets[1]}; none once the turn card is reached."
        ),
    },
)

register(
    AmericanCanasta.slug,
    RuleSetWords(
        name=_("Modern American Canasta"),
        summary=_(
            "The US club canasta for {players}: canastas of aces, sevens and wild cards, threes "
            "by colour, special hands; first side to {target_score}."
        ),
        fields=FIELDS,
        house_rules=HOUSE_RULES,
        texts={
            # Translators: the short name of Modern American Canasta, on a chip of the new-game
            # page.
            "chip_name": _("American"),
            # Translators: the scoreboard's line "Next bonus packet: 4 cards": the extra cards
            # the next player to open draws.
            "next_packet": pgettext_lazy("Modern American Canasta", "Next bonus packet"),
            "cards_dealt": _("{hand_cards} cards to each player"),
            "wild_cards": WILD_CARDS,
            "special_hand_names": special_hand_names,
            "no_special_hands": no_special_hands,
            **SPECIAL_HAND_LINES,
            "threes_note": threes_note,
            "special_hands_pad": special_hands_pad,
            "game_ending": game_ending,
            "game_goal": game_goal,
            "meld_note": meld_note,
        },
        prose=PROSE,
    ),
)
