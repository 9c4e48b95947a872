"""Hand and Foot's words (games/rules/hand_and_foot.py has its numbers): partnership canasta
with a hand and a foot each, books of seven and an opening minimum that climbs deal by deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext, ngettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.rules.core import JOKERS_PER_PACK, PACK_CARDS
from games.rules.hand_and_foot import DEALS, OPENING_BY_DEAL, PARTNERS, WORKED_OTHER, HandAndFoot
from games.words.filling import fill
from games.words.games.partners import (
    GOING_OUT_SCORES,
    ITEMS,
    WENT_OUT,
    WILD_CARDS,
    Item,
    with_numbers,
    worked_example,
)
from games.words.rule_sets import (
    FieldWords,
    HouseRuleWords,
    Prose,
    RuleSetWords,
    Section,
    register,
)

SUMMARY = _(
    "Partnership canasta for {player_counts[2]:w} or {player_counts[3]:w} (or "
    "{player_counts[0]:w} or {player_counts[1]:w} alone) with a hand and a foot each, books of "
    "{cards_per_book:w} and {deals:w} deals whose opening minimum climbs deal by deal; highest "
    "total wins."
)

FIELDS = {
    "clean_books": FieldWords(
        _("Clean books"),
        _("{cards_per_book:w} cards of a rank, no wild card"),
        short_label=pgettext_lazy("a narrow column of clean books", "Clean"),
        unit=_("clean book"),
        units=_("clean books"),
    ),
    "dirty_books": FieldWords(
        _("Dirty books"),
        _(
            "{cards_per_book:w} cards of a rank with wild cards among them, at most "
            "{max_wild_in_book:w}"
        ),
        short_label=pgettext_lazy("a narrow column of dirty books", "Dirty"),
        unit=_("dirty book"),
        units=_("dirty books"),
    ),
    "wild_books": FieldWords(
        _("Wild books"),
        _("{cards_per_book:w} wild cards: twos and jokers"),
        short_label=pgettext_lazy("a narrow column of wild books", "Wild"),
        unit=_("wild book"),
        units=_("wild books"),
    ),
    "red_threes": FieldWords(
        _("Red threes laid"),
        _("laid on the table"),
        short_label=pgettext_lazy("a narrow column of red threes laid", "Laid"),
        unit=_("red three"),
        units=_("red threes"),
    ),
    "red_threes_caught": FieldWords(
        _("Red threes caught"),
        _("still in a hand or foot when the deal ends"),
        short_label=pgettext_lazy("a narrow column of red threes caught", "Caught"),
        unit=_("red three caught"),
        units=_("red threes caught"),
    ),
    "meld_points": FieldWords(
        _("Card points on the table"),
        _("every melded card, books included"),
        short_label=pgettext_lazy("a narrow column of card points on the table", "Melded"),
    ),
    "hand_points": FieldWords(
        _("Card points left in hands and feet"),
        _("left in both partners' hands and feet, a foot never picked up included"),
        short_label=pgettext_lazy("a narrow column of card points left in hands", "Left"),
    ),
    "went_out": WENT_OUT,
}

OPENING_LABEL = _("Opening minimum in deal {deal}")
#: A deal played only by a table that plays more deals than the usual.
OPENING_LABEL_MORE = _("Opening minimum in deal {deal} (with {deal} deals)")
OPENING_PHRASE = _("{value} to open in deal {deal}")


def opening_rule(deal: int) -> HouseRuleWords:
    """The words of the opening minimum of deal `deal`."""
    label = OPENING_LABEL_MORE if deal > DEALS else OPENING_LABEL
    return HouseRuleWords(
        with_numbers(label, deal=deal), phrase=with_numbers(OPENING_PHRASE, deal=deal)
    )


HOUSE_RULES = {
    "clean_book": HouseRuleWords(_("Clean book scores"), phrase=_("clean book scores {value}")),
    "dirty_book": HouseRuleWords(_("Dirty book scores"), phrase=_("dirty book scores {value}")),
    "wild_book": HouseRuleWords(
        _("Wild book scores"),
        phrase=_("wild books score {value}"),
        phrase_zero=_("no wild books"),
        # Translators: a house rule's value: no wild books are made.
        value_words={0: pgettext_lazy("a house rule's value", "none")},
    ),
    "red_three": HouseRuleWords(
        _("Each red three laid scores"), phrase=_("each red three laid scores {value}")
    ),
    "red_three_caught": HouseRuleWords(
        _("Each red three caught costs"), phrase=_("a red three caught costs {value}")
    ),
    "going_out": GOING_OUT_SCORES,
    "deals": HouseRuleWords(
        _("Deals in a game"), phrase=ngettext_lazy("{value} deal", "{value} deals", "value")
    ),
    **{f"opening_deal_{deal}": opening_rule(deal) for deal in OPENING_BY_DEAL},
    "clean_books_to_go_out": HouseRuleWords(
        _("Clean books needed to go out"),
        phrase=ngettext_lazy(
            "{value} clean book to go out", "{value} clean books to go out", "value"
        ),
    ),
    "dirty_books_to_go_out": HouseRuleWords(
        _("Dirty books needed to go out"),
        phrase=ngettext_lazy(
            "{value} dirty book to go out", "{value} dirty books to go out", "value"
        ),
    ),
    "wild_book_to_go_out": HouseRuleWords(
        _("A wild book is needed to go out"),
        phrase=_("a wild book to go out"),
        phrase_no=_("no wild book needed to go out"),
    ),
}


def describe_packs(rules: object) -> str:
    """ "one pack more than there are players, each of 52 cards and two jokers (five packs for
    four players)"."""
    assert isinstance(rules, HandAndFoot)
    packs = rules.packs(PARTNERS)
    more = packs - PARTNERS
    said = ngettext(
        "{more:w} pack more than there are players, each of {pack_cards} cards and {jokers:w} "
        "jokers ({packs:w} packs for {players:w} players)",
        "{more:w} packs more than there are players, each of {pack_cards} cards and {jokers:w} "
        "jokers ({packs:w} packs for {players:w} players)",
        more,
    )
    numbers = {"pack_cards": PACK_CARDS, "jokers": JOKERS_PER_PACK, "players": PARTNERS}
    return fill(rules, said, more=more, packs=packs, **numbers)


def going_out_needs(rules: object) -> str:
    """What going out needs: "two clean books, two dirty books and a wild book"."""
    assert isinstance(rules, HandAndFoot)
    return books_needed(rules, rules.books_to_go_out())


def books_needed(rules: HandAndFoot, books: Mapping[str, Any]) -> str:
    """The books of each kind a side needs, in words (`books` by field: the engine's
    `books_to_go_out`, or a refusal's parameters)."""
    from games.words import joined  # the package imports this module: not at its top

    clean, dirty = int(books["clean_books"]), int(books["dirty_books"])
    needs = [
        fill(rules, ngettext("{count:w} clean book", "{count:w} clean books", clean), count=clean),
        fill(rules, ngettext("{count:w} dirty book", "{count:w} dirty books", dirty), count=dirty),
    ]
    if books["wild_books"]:
        needs.append(gettext("a wild book"))
    return joined(needs, "and")


def refusal_words(code: str, params: Mapping[str, Any]) -> dict[str, str]:
    """`{needs}` of a refusal to go out short of books: the books, in words."""
    if code not in {"side_goes_out_needs", "player_goes_out_needs"} or "clean_books" not in params:
        return {}
    return {"needs": books_needed(HandAndFoot(), params)}


def wild_book_words(rules: object) -> str:
    """What a wild book scores, if the table makes them."""
    assert isinstance(rules, HandAndFoot)
    if not rules.wild_books_made:
        return gettext("Wild cards never make a book of their own.")
    return fill(rules, _("A wild book, {cards_per_book:w} wild cards, scores {pts[wild_books]}."))


#: A worked deal's items (partners.ITEMS), with Hand and Foot's own.
HAND_AND_FOOT_ITEMS: dict[str, Item] = {
    **ITEMS,
    "clean_books": lambda n: ngettext("{count} clean book", "{count} clean books", n),
    "dirty_books": lambda n: ngettext("{count} dirty book", "{count} dirty books", n),
    "wild_books": lambda n: ngettext("{count} wild book", "{count} wild books", n),
    "red_threes_caught": lambda n: ngettext(
        "{count} red three caught", "{count} red threes caught", n
    ),
    "hand_points": lambda n: ngettext(
        "{count} card point left in hands and feet", "{count} card points left in hands and feet", n
    ),
}


def worked(rules: HandAndFoot, tally: dict[str, int | bool]) -> str:
    """RULINGS.md's worked deal in this table's numbers (a field it does not ask left out)."""
    fields = rules.tally_fields
    asked = {f.name: tally.get(f.name, f.blank) for f in fields}
    shown = {name: value for name, value in tally.items() if name in asked}
    score = rules.score_tally(asked)
    return worked_example(HAND_AND_FOOT_ITEMS, [f.name for f in fields], shown, score)


def example_out(rules: object) -> str:
    assert isinstance(rules, HandAndFoot)
    return worked(rules, rules.worked_out_tally)


def example_other(rules: object) -> str:
    assert isinstance(rules, HandAndFoot)
    return worked(rules, WORKED_OTHER)


PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "Hand and Foot is for {players}. With {partnership_words}, partners sit "
                    "opposite each other and score together; with fewer, everyone plays alone. "
                    "Shuffle together {packs}. Twos and jokers are wild; threes have jobs of "
                    "their own (see Threes)."
                ),
            ),
            table="card_values",
        ),
        Section(
            _("Hand and foot"),
            (
                _(
                    "Every player is dealt a hand and a foot, face down: {hand_cards} cards in "
                    "each (many tables deal {short_hand_cards}; the score is the same). Pick up "
                    "the hand and leave the foot face down in front of you. Put the rest face "
                    "down in the middle as the stock and turn its top card up to start the "
                    "discard pile."
                ),
                _(
                    "Once you have played every card of your hand, pick up your foot and go on "
                    "with it. Cards in a hand or a foot at the end of the deal count against your "
                    "side, and a foot never picked up counts in full."
                ),
            ),
        ),
        Section(
            _("A turn"),
            (
                _(
                    "The player on the dealer's left plays first; play goes clockwise. In your "
                    "turn:"
                ),
                _(
                    "- Draw {draw_cards:w} cards from the stock, or take the top card of the "
                    "discard pile with the pile behind it when you can meld it at once with "
                    "{pile_pair:w} natural cards of its rank from your hand."
                ),
                _("- Meld, if you like: lay down new melds or add cards to your side's melds."),
                _("- Discard a card onto the pile."),
            ),
        ),
        Section(
            _("Melds and books"),
            (
                _(
                    "A meld is {meld_start:w} or more cards of a rank, fours up to aces, with "
                    "never more wild cards than natural ones. A meld of {cards_per_book:w} cards "
                    "is a book and is closed. A clean book has no wild card and scores "
                    "{pts[clean_books]}; a dirty book holds up to {max_wild_in_book:w} wild cards "
                    "and scores {pts[dirty_books]}. {wild_book_words}"
                ),
            ),
        ),
        Section(
            _("The opening meld"),
            (
                _(
                    "A side's first meld of each deal must be worth at least that deal's minimum "
                    "in card values (table below: {first_deal_minimum} in the first deal, rising "
                    "to {last_deal_minimum} in the last). The minimum goes by the deal, not by "
                    "the score: every side needs the same. Several melds laid at once count "
                    "together."
                ),
            ),
            table="openings",
        ),
        Section(
            _("Threes"),
            (
                _(
                    "A red three is laid face up in front of your side as soon as you get it and "
                    "replaced from the stock; it scores {red_three_points} at the end of the "
                    "deal. A red three still in a hand or foot when the deal ends costs the side "
                    "{red_three_caught_points}."
                ),
                _(
                    "Black threes are never melded; discard them to stop the next player from "
                    "taking the pile. Each left in a hand or foot costs {black_three_value}."
                ),
            ),
        ),
        Section(
            _("Going out"),
            (
                _(
                    "A side may go out once it has {going_out_needs}. You go out by playing every "
                    "card of your foot, melding them all or discarding the last card. Playing as "
                    "partners, ask your partner first; do as your partner answers. Going out "
                    "scores {pts[went_out]} and ends the deal."
                ),
                ngettext_lazy(
                    "The game is {deals:w} deal; after the last deal the highest total wins.",
                    "The game is {deals:w} deals; after the last deal the highest total wins.",
                    "deals",
                ),
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "When the deal ends, each side adds up its books, its red threes laid, "
                    "{pts[went_out]} for going out and the card values of every card it has "
                    "melded, books included. From that it takes away its red threes caught and "
                    "the card values of every card left in its players' hands and feet. The "
                    "scoring table gives every item."
                ),
                _("For example, a side with {example_out}. Its opponents, with {example_other}."),
            ),
        ),
    ),
    house_rules={
        "wild_book_to_go_out": _(
            "Tables that find a wild book too hard to make let a side go out without a wild book; "
            "the rest of going out stays as above."
        ),
    },
    terms={
        "Dirty books": _(
            "A dirty book is a book with wild cards in it (at most {max_wild_in_book}); a clean "
            "book has none."
        ),
        "Red threes caught": _(
            "A red three still in a hand or foot when the deal ends costs the side "
            "{red_three_caught_points}."
        ),
    },
    pad_note=_(
        "Going out needs {going_out_needs}. Red threes: {red_three_points} each laid, "
        "{red_three_caught_points} off for each caught in a hand or foot."
    ),
)


register(
    HandAndFoot.slug,
    RuleSetWords(
        refusal_words=refusal_words,
        name=_("Hand and Foot"),
        summary=SUMMARY,
        fields=FIELDS,
        house_rules=HOUSE_RULES,
        texts={
            "cards_dealt": _(
                "a hand of {hand_cards} cards and a foot of {hand_cards} to each player (many "
                "tables deal {short_hand_cards})"
            ),
            "wild_cards": WILD_CARDS,
            "packs": describe_packs,
            "going_out_needs": going_out_needs,
            "wild_book_words": wild_book_words,
            "example_out": example_out,
            "example_other": example_other,
            "card_note:Black three": _("only left in a hand or foot"),
        },
        prose=PROSE,
    ),
)
