"""Buraco's words (games/rules/buraco.py has its numbers): Brazil's canasta game of canastras
and mortos, in English with the table's own words (canastra, limpa, suja, morto, batida)
explained once."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.rules.buraco import Buraco
from games.words.filling import fill
from games.words.games.partners import ITEMS, Item, worked_example
from games.words.rule_sets import FieldWords, HouseRuleWords, Prose, RuleSetWords, Section, register

FIELDS = {
    "clean_canastas": FieldWords(
        _("Clean canastras"),
        _(
            "{cards_per_canasta:w} or more cards with no wild card standing in for another "
            "(canastra limpa)"
        ),
        short_label=pgettext_lazy("a narrow column of Buraco's clean canastras", "Clean"),
        unit=_("clean canastra"),
        units=_("clean canastras"),
    ),
    "dirty_canastas": FieldWords(
        _("Dirty canastras"),
        _(
            "{cards_per_canasta:w} or more cards with a wild card standing in for another "
            "(canastra suja)"
        ),
        short_label=pgettext_lazy("a narrow column of Buraco's dirty canastras", "Dirty"),
        unit=_("dirty canastra"),
        units=_("dirty canastras"),
    ),
    "ace_to_king_canastas": FieldWords(
        _("Clean runs ace to king"),
        _(
            "a clean run of {ace_to_king_cards} cards from ace to king, counted here and not "
            "among the clean canastras"
        ),
        short_label=pgettext_lazy("a narrow column of clean runs from ace to king", "A–K"),
        unit=_("clean run from ace to king"),
        units=_("clean runs from ace to king"),
    ),
    "ace_to_ace_canastas": FieldWords(
        _("Clean runs ace to ace"),
        _(
            "a clean run of {ace_to_ace_cards} cards from ace to ace, counted here and not "
            "among the clean canastras"
        ),
        short_label=pgettext_lazy("a narrow column of clean runs from ace to ace", "A–A"),
        unit=_("clean run from ace to ace"),
        units=_("clean runs from ace to ace"),
    ),
    "meld_points": FieldWords(
        _("Card points on the table"),
        "{meld_note}",
        short_label=pgettext_lazy("a narrow column of card points on the table", "Melded"),
    ),
    "hand_points": FieldWords(
        _("Card points left in hands"),
        _(
            "the cards left in the hands of the side's players; a morto that counts as not "
            "taken is left out"
        ),
        short_label=pgettext_lazy("a narrow column of card points left in hands", "In hand"),
    ),
    "went_out": FieldWords(
        _("Went out (batida)"),
        _("for going out: the batida"),
        short_label=pgettext_lazy("a narrow column of Buraco's batida", "Batida"),
    ),
    "morto_not_taken": FieldWords(
        _("Morto not taken"),
        "{morto_note}",
        short_label=pgettext_lazy("a narrow column of Buraco's morto not taken", "No morto"),
    ),
}

HOUSE_RULES = {
    "jokers": HouseRuleWords(
        _("Play with jokers"),
        phrase=_("with jokers"),
        phrase_no=_("no jokers: twos are the only wild cards"),
    ),
    "long_canastras": HouseRuleWords(
        _("Long clean runs score more"),
        phrase=_("clean runs from ace to king and from ace to ace score more"),
        phrase_no=_("clean runs from ace to king or ace count as clean canastras"),
    ),
    "clean_to_go_out": HouseRuleWords(
        _("Going out needs a clean canastra"),
        phrase=_("going out needs a clean canastra"),
        phrase_no=_("any canastra lets a side go out"),
    ),
    "card_values": HouseRuleWords(
        _("Card values"),
        phrase=_("card values of {value}"),
        value_words={
            0: _("Brazil"),
            1: _("Burako (joker {burako_joker}, two {burako_two})"),
        },
    ),
    "melds_without_canasta": HouseRuleWords(
        _("Melds of a side with no canastra"),
        phrase=_("melds of a side with no canastra {value}"),
        value_words={0: _("count for it"), 1: _("count against it")},
    ),
    "morto_taken_bonus": HouseRuleWords(
        _("Taking the morto scores"),
        phrase=_("taking the morto scores {value}"),
        phrase_zero=_("nothing for taking the morto"),
    ),
    "vulnerable": HouseRuleWords(
        _("Vulnerable from"),
        phrase=_("vulnerable from {value}: a first meld of {vulnerable_opening} or more"),
        phrase_zero=_("nobody vulnerable"),
    ),
}

#: A worked hand's items, by field.
ITEMS_BURACO: dict[str, Item] = {
    **ITEMS,
    "clean_canastas": lambda n: ngettext("{count} clean canastra", "{count} clean canastras", n),
    "dirty_canastas": lambda n: ngettext("{count} dirty canastra", "{count} dirty canastras", n),
    "hand_points": lambda n: ngettext(
        "{count} card point left in hand", "{count} card points left in hand", n
    ),
    # A yes, said as the field's label: the words a sheet's reader finds in the scoring table.
    "went_out": lambda n: gettext("went out (batida)"),
    "morto_not_taken": lambda n: gettext("morto not taken"),
}


def worked(rules: Buraco, tally: dict[str, int | bool]) -> str:
    """RULINGS.md's worked hand in this table's numbers, as a sentence."""
    asked = {f.name: tally.get(f.name, f.blank) for f in rules.tally_fields}
    fields = [f.name for f in rules.tally_fields]
    return worked_example(ITEMS_BURACO, fields, tally, rules.score_tally(asked))


def example_out(rules: object) -> str:
    assert isinstance(rules, Buraco)
    return worked(rules, rules.worked_out)


def example_other(rules: object) -> str:
    assert isinstance(rules, Buraco)
    return worked(rules, rules.worked_other)


def packs(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if rules.jokers:
        said = _(
            "{fixed_packs:w} packs of {pack_cards} cards plus {jokers_in_play} jokers "
            "({cards} cards)"
        )
    else:
        said = _("{fixed_packs:w} packs of {pack_cards} cards, without jokers ({cards} cards)")
    return fill(rules, said)


def wild_cards(rules: object) -> str:
    assert isinstance(rules, Buraco)
    return str(_("twos and jokers") if rules.jokers else _("twos"))


def going_out_needs(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if rules.clean_to_go_out:
        return str(_("its morto taken and at least one clean canastra"))
    return str(_("its morto taken and at least one canastra, clean or dirty"))


def long_canastras_words(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if not rules.long_canastras:
        return ""
    said = _(
        "The long clean runs score more than a clean canastra: from ace to king "
        "({ace_to_king_cards} cards) {pts[ace_to_king_canastas]}, and from ace to ace "
        "({ace_to_ace_cards} cards) {pts[ace_to_ace_canastas]}. With a wild card in them they "
        "are ordinary dirty canastras."
    )
    return fill(rules, said)


def vulnerable_words(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if not rules.vulnerable:
        return ""
    said = _(
        "At this table a side whose total before the hand is {vulnerable} or more is "
        "vulnerable: its first meld of the hand must hold at least {vulnerable_opening} card "
        "points, and each failed attempt raises its minimum by {failed_opening_step} for the "
        "rest of the hand. The scoreboard keeps count of the failed attempts."
    )
    return fill(rules, said)


def meld_note(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if rules.melds_against:
        return str(_("every melded card, canastra cards included; against a side with no canastra"))
    return str(_("every melded card, canastra cards included"))


def melds_rule_words(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if not rules.melds_against:
        return ""
    return str(
        _(
            "At this table a side that ends the hand without any canastra has its melded cards "
            "counted against it instead."
        )
    )


def morto_note(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if rules.morto_taken_bonus:
        said = _(
            "against a side that never took its morto; a side that took it scores "
            "{morto_taken_bonus} instead"
        )
    else:
        said = _("against a side that never took its morto")
    return fill(rules, said)


def morto_bonus_words(rules: object) -> str:
    assert isinstance(rules, Buraco)
    if not rules.morto_taken_bonus:
        return ""
    return fill(rules, _("At this table a side that took its morto scores {morto_taken_bonus}."))


PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "Buraco is Brazil's great canasta game, for {players}. With "
                    "{partnership_words}, partners sit opposite each other and score together; "
                    "with fewer, everyone plays alone. Shuffle together {packs}."
                ),
                _(
                    "The wild cards are {wild_cards}. A meld holds at most {max_wild_in_meld:w} "
                    "wild card. A two of the meld's own suit standing in its own place in a run, "
                    "just after the ace, is a natural card, not a wild card."
                ),
            ),
            table="card_values",
        ),
        Section(
            _("The deal and the mortos"),
            (
                _(
                    "The dealer deals {hand_cards} cards to each player, one at a time, and sets "
                    "aside a packet of {morto_cards} cards face down for each side: its morto. "
                    "The rest is the stock; its top card turned up starts the discard pile. The "
                    "deal passes one seat to the left after every hand."
                ),
            ),
        ),
        Section(
            _("A turn"),
            (
                _(
                    "In your turn draw the top card of the stock or take the whole discard pile, "
                    "meld if you like, then discard a single card."
                ),
                _(
                    "Most tables play Buraco Aberto: melds are runs of {meld_start:w} or more "
                    "cards, all of a suit. Some tables also allow groups of {meld_start:w} or "
                    "more cards of a rank. The score is the same either way."
                ),
            ),
        ),
        Section(
            _("Canastras"),
            (
                _(
                    "A meld of {cards_per_canasta:w} or more cards is a canastra. It is clean "
                    "(canastra limpa, {pts[clean_canastas]}) when no wild card stands in for "
                    "another card, and dirty (canastra suja, {pts[dirty_canastas]}) when a wild "
                    "card does."
                ),
                "{long_canastras_words}",
                "{vulnerable_words}",
            ),
        ),
        Section(
            _("The morto and going out"),
            (
                _(
                    "The first player of a side to run out of cards takes the side's morto and "
                    "plays on with it. The side goes out, the batida, when a player of the side "
                    "runs out of cards again. To go out the side needs {going_out_needs}. The "
                    "batida scores {pts[went_out]} and ends the hand."
                ),
                _(
                    "A hand can also end with nobody going out, when the stock and any morto "
                    "still on the table are used up."
                ),
                _(
                    "A side that never took its morto loses {morto_not_taken_points}. A morto "
                    "taken by running out with a discard counts as not taken when the opponents "
                    "go out before that player's next turn: its {morto_cards} cards are then "
                    "left out of the cards in hand."
                ),
                "{morto_bonus_words}",
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "When the hand ends, each side adds up its canastras, {pts[went_out]} for the "
                    "batida and the card values of every card it has melded, canastra cards "
                    "included. From that it takes away the card values of the cards left in its "
                    "players' hands, and {morto_not_taken_points} if it never took its morto. "
                    "The scoring table gives every item."
                ),
                "{melds_rule_words}",
                _("For example, a side with {example_out}."),
                _("The other side, with {example_other}."),
            ),
        ),
    ),
    ending=_(
        "The game ends after a hand in which a side has {target_score} or more and a single side "
        "has the highest total: that side wins. If the highest totals are equal, play goes on, "
        "hand after hand, until a side leads alone."
    ),
    goal=_("game to {target_score}, highest total wins; equal leaders play on"),
    house_rules={
        "jokers": _(
            "Some tables play without jokers: {cards_without_jokers} cards, and twos are the "
            "only wild cards."
        ),
        "long_canastras": _(
            "Some tables give the long clean runs nothing extra: a clean run from ace to king or "
            "from ace to ace is then an ordinary clean canastra."
        ),
        "clean_to_go_out": _(
            "Some tables let a side go out with any canastra, clean or dirty, as Buraco Fechado "
            "and the Burako of Argentina and Uruguay do."
        ),
    },
    pad_note=_(
        "Batida: going out, {pts[went_out]}; it needs {going_out_needs}. Morto never taken: "
        "−{morto_not_taken_points}."
    ),
    terms={
        "Clean canastras": _(
            "A canastra is a meld of {cards_per_canasta} or more cards. A clean one (canastra "
            "limpa) has no wild card standing in for another card."
        ),
        "Dirty canastras": _(
            "A dirty canastra (canastra suja) has a wild card standing in for another card."
        ),
        "Went out (batida)": _(
            "The batida: a player of the side runs out of cards after the side took its morto. "
            "It scores {pts[went_out]} and ends the hand."
        ),
        "Morto not taken": _(
            "The morto is the side's packet of {morto_cards} cards, taken by the first of its "
            "players to run out of cards. A side that never took it loses "
            "{morto_not_taken_points}."
        ),
        "Clean runs ace to king": _(
            "A clean run of {ace_to_king_cards} cards from ace to king. It scores more than a "
            "clean canastra, and is counted here instead."
        ),
        "Clean runs ace to ace": _(
            "A clean run of {ace_to_ace_cards} cards from ace to ace. It scores more than a clean "
            "canastra, and is counted here instead."
        ),
    },
)

register(
    Buraco.slug,
    RuleSetWords(
        name=_("Buraco"),
        summary=_(
            "Brazil's canasta game for {players}: canastras of {cards_per_canasta:w}, a morto "
            "for each side, and the first side alone at {target_score} or more wins."
        ),
        fields=FIELDS,
        house_rules=HOUSE_RULES,
        at_home_in=("pt-br", "es"),
        texts={
            "cards_dealt": _(
                "{hand_cards} cards to each player, and a morto of {morto_cards} for each side"
            ),
            "wild_cards": wild_cards,
            "packs": packs,
            "going_out_needs": going_out_needs,
            "long_canastras_words": long_canastras_words,
            "vulnerable_words": vulnerable_words,
            "meld_note": meld_note,
            "melds_rule_words": melds_rule_words,
            "morto_note": morto_note,
            "morto_bonus_words": morto_bonus_words,
            "example_out": example_out,
            "example_other": example_other,
            "card:joker": pgettext_lazy("a card", "Joker"),
            "card:ace": pgettext_lazy("a card", "Ace"),
            "card:two": pgettext_lazy("a card", "Two"),
            "card:eight_to_king": pgettext_lazy("cards", "Eight to King"),
            "card:three_to_seven": pgettext_lazy("cards", "Three to Seven"),
        },
        prose=PROSE,
    ),
)
