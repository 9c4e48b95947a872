"""Chinchón's words (games/rules/chinchon.py has its numbers): the rummy of Spain, Argentina and
Uruguay, with the table's own terms (cortar, menos diez, chinchón, reenganche) kept and
explained."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.rules.chinchon import MINUS_TEN_SCORE, PACK, Chinchon
from games.words.filling import Number
from games.words.rule_sets import (
    FieldWords,
    HouseRuleWords,
    Prose,
    RuleSetWords,
    Section,
    Text,
    register,
)

# -- phrases built from the table's numbers -------------------------------------------------


def _rules(rules: object) -> Chinchon:
    assert isinstance(rules, Chinchon)
    return rules


def packs(rules: object) -> str:
    """The Spanish packs, as the rule sheet says them."""
    table = _rules(rules)
    if table.pack_cards == PACK:
        said = _(
            "one Spanish pack of {cards} cards (ace to seven, sota, caballo and rey in four "
            "suits) for up to {most_players:w} players, two packs shuffled together for more"
        )
    elif table.pack_cards > 48:
        said = _(
            "one Spanish pack of {cards} cards (ace to nine, sota, caballo and rey in four "
            "suits, and two jokers) for up to {most_players:w} players, two packs shuffled "
            "together for more"
        )
    else:
        said = _(
            "one Spanish pack of {cards} cards (ace to nine, sota, caballo and rey in four "
            "suits) for up to {most_players:w} players, two packs shuffled together for more"
        )
    return str(said).format(
        cards=Number(table.pack_cards), most_players=Number(table.one_pack_most_players)
    )


def wild_cards(rules: object) -> str:
    """Which cards are wild at this table."""
    table = _rules(rules)
    if not table.wild_value:
        return str(_("none"))
    if table.pack_cards > 48:
        return str(_("the two jokers"))
    return str(_("the ace of coins (oros)"))


def wild_rule(rules: object) -> str:
    """The rule sheet's sentence on wild cards at this table ("" where there are none)."""
    table = _rules(rules)
    if not table.wild_value:
        return str(_("No card is wild at this table."))
    if table.pack_cards > 48:
        said = _(
            "{wild_cards} stand in for any card in a group or a run; one left unmatched counts "
            "{wild_value} against its player."
        )
    else:
        said = _(
            "{wild_cards} stands in for any card in a group or a run; left unmatched it "
            "counts {wild_value} against its player."
        )
    text = str(said).format(wild_cards=wild_cards(rules), wild_value=Number(table.wild_value))
    return text[:1].upper() + text[1:]


def out_when(rules: object) -> str:
    """When a player is out: "over 100", "at 100 or over"."""
    table = _rules(rules)
    said = _("at {limit} or over") if table.out_at_limit else _("over {limit}")
    return str(said).format(limit=Number(table.limit))


def rejoins_each(rules: object) -> str:
    """How often each player may rejoin, in a sentence of the rule sheet."""
    table = _rules(rules)
    if table.unlimited_rejoins:
        return str(_("A player may rejoin as often as they are knocked out."))
    if table.rejoins_allowed == 0:
        return str(_("At this table nobody rejoins: a player who is out stays out."))
    if table.rejoins_allowed == 1:
        return str(_("Each player may rejoin once in a game."))
    return str(_("Each player may rejoin at most {count:w} times in a game.")).format(
        count=Number(table.rejoins_allowed)
    )


def chinchon_scores(rules: object) -> str:
    """What a chinchón does at this table."""
    table = _rules(rules)
    if table.chinchon_wins:
        return str(_("wins the game at once"))
    return str(_("scores {score} and play goes on")).format(score=Number(table.minus_50_score))


#: RULINGS.md's worked hand: the totals after hand 6 (Di out), and the points in hand 7 (Cy
#: closes with minus ten, Di rejoins).
WORKED_BEFORE = {"Ann": 62, "Bob": 95, "Cy": 40, "Di": 104}
WORKED_POINTS = {"Ann": 14, "Bob": 9, "Di": 22}


def worked_hand(rules: object) -> str:
    """RULINGS.md's worked hand, with the usual numbers (out over 100)."""
    points = WORKED_POINTS
    highest_in = max(total for name, total in WORKED_BEFORE.items() if name != "Di")
    said = _(
        "A worked hand: after hand 6 Ann has {ann}, Bob {bob} and Cy {cy}, and Di is out with "
        "{di}. Before hand 7 Di rejoins at {highest} (Bob's total, the highest of the players "
        "in); her {di_points} points in the hand make {di_after}, so she is out again. Cy "
        "closes with all seven cards matched: {cy} − {ten} = {cy_after}. Ann's {ann_points} "
        "points make {ann_after}, and Bob's {bob_points} make {bob_after}: he is out. Ann and "
        "Cy are still in; Bob and Di may rejoin at {ann_after} before hand 8, and the pot "
        "holds {pot:w} stakes."
    )
    numbers = {
        "ann": WORKED_BEFORE["Ann"],
        "bob": WORKED_BEFORE["Bob"],
        "cy": WORKED_BEFORE["Cy"],
        "di": WORKED_BEFORE["Di"],
        "highest": highest_in,
        "di_points": points["Di"],
        "di_after": highest_in + points["Di"],
        "ten": -MINUS_TEN_SCORE,
        "cy_after": WORKED_BEFORE["Cy"] + MINUS_TEN_SCORE,
        "ann_points": points["Ann"],
        "ann_after": WORKED_BEFORE["Ann"] + points["Ann"],
        "bob_points": points["Bob"],
        "bob_after": WORKED_BEFORE["Bob"] + points["Bob"],
        "pot": len(WORKED_BEFORE) + 1,
    }
    return str(said).format(**{name: Number(value) for name, value in numbers.items()})


#: The cards of the card-value table, by the engine's name for each.
CARD_NAMES: dict[str, Text] = {
    "card:ace": _("Ace"),
    "card:two": _("Two"),
    "card:three": _("Three"),
    "card:four": _("Four"),
    "card:five": _("Five"),
    "card:six": _("Six"),
    "card:seven": _("Seven"),
    "card:eight": _("Eight"),
    "card:nine": _("Nine"),
    # Translators: Chinchón; the Spanish pack's jack (a page), kept by its Spanish name.
    "card:sota": _("Sota"),
    # Translators: Chinchón; the Spanish pack's knight, kept by its Spanish name.
    "card:caballo": _("Caballo"),
    # Translators: Chinchón; the Spanish pack's king, kept by its Spanish name.
    "card:rey": _("Rey"),
    # Translators: {wild_cards} says which cards are wild ("the ace of coins (oros)").
    "card:wild": _("Wild card: {wild_cards}"),
}

FIELDS = {
    "points": FieldWords(
        _("Points"),
        _("the player's unmatched cards after laying off, against the player"),
        short_label=pgettext_lazy("a narrow column of Chinchón points", "Points"),
    ),
    # Translators: Chinchón; to close is "cortar": end the hand by laying down one's cards.
    "closed": FieldWords(
        _("Closed"),
        _("ended the hand (cortar) with at most {closing_limit} points unmatched"),
        short_label=pgettext_lazy("a player closed the hand, a narrow heading", "Closed"),
    ),
    # Translators: Chinchón; "menos diez": the closer had all seven cards matched.
    "minus_ten": FieldWords(
        _("Minus ten"),
        _("the closer had all {seven_cards:w} cards matched: {minus_ten_score} for the hand"),
        short_label=pgettext_lazy("Chinchón's minus ten, a narrow heading", "{minus_ten_score}"),
    ),
    "chinchon": FieldWords(
        _("Chinchón"),
        _(
            "the closer had {seven_cards:w} cards in a run of a single suit, no wild card: "
            "{chinchon_scores}"
        ),
        short_label=pgettext_lazy("Chinchón's chinchón, a narrow heading", "Chinchón"),
    ),
    # Translators: Chinchón; "reenganche": an out player buys back in.
    "rejoined": FieldWords(
        _("Rejoined"),
        _("was out and bought back in before this hand, at the highest total among the players in"),
        short_label=pgettext_lazy("a player rejoined, a narrow heading", "Rejoined"),
    ),
}

HOUSE_RULES = {
    "limit": HouseRuleWords(_("Limit"), phrase=_("limit {value}")),
    "elimination": HouseRuleWords(
        _("Out at the limit"),
        phrase="{value}",
        phrase_zero=_("out only over the limit"),
        value_words={1: _("out at the limit or over")},
    ),
    "closing_limit": HouseRuleWords(
        _("Close with at most"), phrase=_("close with at most {value} points unmatched")
    ),
    "rejoins": HouseRuleWords(
        _("Rejoins each"),
        phrase="{value}",
        phrase_zero=_("no rejoining"),
        value_words={
            1: _("one rejoin each"),
            2: _("two rejoins each"),
            300: _("rejoining without limit"),
        },
    ),
    "chinchon": HouseRuleWords(
        _("A chinchón"),
        phrase="{value}",
        phrase_zero=_("a chinchón wins the game"),
        value_words={50: _("a chinchón scores {minus_50_score}")},
    ),
    "pack": HouseRuleWords(_("Cards in the pack"), phrase=_("a pack of {value} cards")),
    "figures": HouseRuleWords(
        _("Sota, caballo and rey"),
        phrase=_("sota, caballo and rey {value}"),
        value_words={10: _("10 each"), 12: _("by index")},
    ),
    "wild_value": HouseRuleWords(
        _("A wild card left unmatched"),
        phrase=_("a wild card left unmatched counts {value}"),
        phrase_zero=_("no wild cards"),
    ),
}

PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "Chinchón is the rummy of Spain, Argentina and Uruguay, for {players}, each "
                    "on their own, with {packs}. A low total is good: players whose total "
                    "passes the limit are knocked out."
                ),
                _(
                    "The dealer gives each player {seven_cards:w} cards, puts the rest face "
                    "down as the stock and turns its top card face up to start the discard "
                    "pile. The deal passes to the right after each hand, and play goes to the "
                    "right (counter-clockwise)."
                ),
            ),
        ),
        Section(
            _("Groups, runs and wild cards"),
            (
                _(
                    "A group is {meld_least:w} or {group_most:w} cards of the same rank. A run "
                    "is {meld_least:w} or more cards in sequence of the same suit. {wild_rule}"
                ),
            ),
        ),
        Section(
            _("A turn and closing (cortar)"),
            (
                _(
                    "In your turn, draw the top card of the stock or of the discard pile, then "
                    "discard a card face up. Nobody lays cards down during play."
                ),
                _(
                    "After drawing you may close the hand (cortar): discard face down and show "
                    "your groups and runs. The cards left out of them may count at most "
                    "{closing_limit} points. Every other player then shows their hand, lays "
                    "off what they can on the closer's groups and runs, and counts the cards "
                    "they have left unmatched."
                ),
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "Each player adds the points of their unmatched cards to their total "
                    "(table below); the closer adds their own, at most {closing_limit}."
                ),
                _(
                    "- Menos diez: a player who closes with all {seven_cards:w} cards matched "
                    "scores {minus_ten_score} for the hand."
                ),
                _(
                    "- Chinchón: a player who closes with all {seven_cards:w} cards in a run of "
                    "a single suit, with no wild card, makes chinchón, which {chinchon_scores}. "
                    "A run of {seven_cards:w} that uses a wild card is menos diez, not chinchón."
                ),
            ),
            table="card_values",
        ),
        Section(
            _("Out, and rejoining (reenganche)"),
            (
                _(
                    "A player whose total is {out_when} is out and plays no more hands. "
                    "Before a hand, an out player may rejoin by paying a new stake: they come "
                    "back with the highest total among the players still in. {rejoins_each}"
                ),
                _(
                    "Each player pays a stake into the pot at the start, and another each "
                    "time they rejoin; the winner takes the pot."
                ),
                "{worked_hand}",
            ),
        ),
    ),
    # The sheet's own "End of the game" block, after the scoring table (no section of its own,
    # which would say it twice).
    ending=_(
        "The game ends after a hand in which someone made chinchón (where a chinchón wins), or "
        "after which no more than a single player is still in. The winner is the player who "
        "made chinchón, else the last player in. If everyone still in went out in the same "
        "hand, the lowest total of those who played it wins; equal lowest totals share the win."
    ),
    goal=_("out {out_when}; the last player in wins, else the lowest total wins"),
    pad_note=_(
        "Each hand, write each player's points under their name and add them up; mark the "
        "closer, and {minus_ten_score} or chinchón where they made it. A player is out "
        "{out_when}: draw a line under their total. When an out player rejoins, write R and the "
        "highest total of the players in."
    ),
    # By the fields' English labels (games/words/filling.py explain_field).
    terms={
        "Closed": _(
            "Cortar: to close the hand after drawing, discarding face down, with at most "
            "{closing_limit} points unmatched."
        ),
        "Minus ten": _(
            "Menos diez: the closer had all {seven_cards:w} cards matched and scores "
            "{minus_ten_score}."
        ),
        "Chinchón": _(
            "Chinchón: {seven_cards:w} cards in a run of a single suit, with no wild card; it "
            "{chinchon_scores}."
        ),
        "Rejoined": _(
            "Reenganche: an out player pays a new stake and comes back in at the highest "
            "total among the players in."
        ),
    },
)

WORDS = RuleSetWords(
    name=_("Chinchón"),
    summary=_(
        "The rummy of Spain, Argentina and Uruguay, for {players}, each on their own: a low "
        "total is good, a player {out_when} is out but may rejoin, and the last player in "
        "wins."
    ),
    fields=FIELDS,
    house_rules=HOUSE_RULES,
    at_home_in=("es",),
    texts={
        "cards_dealt": _("{seven_cards:w} cards to each player"),
        "wild_cards": wild_cards,
        "wild_rule": wild_rule,
        "packs": packs,
        "out_when": out_when,
        "rejoins_each": rejoins_each,
        "chinchon_scores": chinchon_scores,
        "worked_hand": worked_hand,
        **CARD_NAMES,
    },
    prose=PROSE,
)

register(Chinchon.slug, WORDS)
