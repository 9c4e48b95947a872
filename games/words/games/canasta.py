"""Canasta's words (games/rules/canasta.py has its numbers): the classic game, partners with
four and each alone with fewer."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.rules.canasta import OPENING_BRACKETS, Canasta
from games.words.filling import fill
from games.words.games.partners import (
    GOING_OUT_SCORES,
    HOW_MANY_SEE_NOTE,
    MELD_POINTS,
    MIXED_CANASTAS,
    NATURAL_CANASTAS,
    WENT_OUT,
    WILD_CARDS,
    hand_points,
    with_numbers,
)
from games.words.games.shared import counts_in_words
from games.words.rule_sets import (
    FieldWords,
    HouseRuleWords,
    Prose,
    RuleSetWords,
    Section,
    register,
)

SUMMARY = _(
    "The classic game for {player_counts[0]:w} to {player_counts[2]:w} with {cards} cards: "
    "partners with {partnership_players:w}, each alone with fewer; red threes, frozen piles and "
    "concealed going out; first side to {target_score}."
)
#: The cards dealt to each player, by the number of players.
CARDS_DEALT = _(
    "{hand_cards[2]} cards each with {player_counts[0]:w} players, {hand_cards[3]} with "
    "{player_counts[1]:w}, {hand_cards[4]} with {player_counts[2]:w}"
)

FIELDS = {
    "natural_canastas": NATURAL_CANASTAS,
    "mixed_canastas": MIXED_CANASTAS,
    "red_threes": FieldWords(
        _("Red threes"),
        _("laid out in front of the side; against a side that melded nothing"),
        unit=_("red three"),
        units=_("red threes"),
    ),
    "meld_points": MELD_POINTS,
    "hand_points": hand_points(_("cards left in hand, black threes included")),
    "went_out": WENT_OUT,
    "concealed": FieldWords(
        _("Went out concealed"),
        _(
            "more, on top of going out, for melding the whole hand in a single turn without "
            "having melded before"
        ),
        short_label=pgettext_lazy("a narrow column of going out concealed", "Concealed"),
    ),
}

#: The opening minimum's house rules, by where the bracket starts and ends: its label, its
#: phrase and its phrase at 0.
BELOW = (
    _("Opening minimum with a total below {upper}"),
    _("opening minimum {value} with a total below {upper}"),
    _("no opening minimum with a total below {upper}"),
)
FROM_TO = (
    _("Opening minimum with a total {lower} to {upper}"),
    _("opening minimum {value} with a total {lower} to {upper}"),
    _("no opening minimum with a total {lower} to {upper}"),
)
OR_MORE = (
    _("Opening minimum with a total {lower} or more"),
    _("opening minimum {value} with a total {lower} or more"),
    _("no opening minimum with a total {lower} or more"),
)


def opening_rule(index: int) -> HouseRuleWords:
    """The words of the opening minimum of bracket `index`, its bounds the engine's."""
    lower = OPENING_BRACKETS[index][1]
    upper = OPENING_BRACKETS[index + 1][1] if index + 1 < len(OPENING_BRACKETS) else None
    numbers: dict[str, int] = {}
    if lower is None:
        assert upper is not None
        texts, numbers["upper"] = BELOW, upper
    elif upper is None:
        texts, numbers["lower"] = OR_MORE, lower
    else:
        texts, numbers["lower"], numbers["upper"] = FROM_TO, lower, upper - 1
    label, phrase, phrase_zero = (with_numbers(text, **numbers) for text in texts)
    return HouseRuleWords(label, phrase=phrase, phrase_zero=phrase_zero)


HOUSE_RULES = {
    "natural_canasta": HouseRuleWords(
        _("Natural canasta scores"), phrase=_("natural canastas score {value}")
    ),
    "mixed_canasta": HouseRuleWords(
        _("Mixed canasta scores"), phrase=_("mixed canastas score {value}")
    ),
    "going_out": GOING_OUT_SCORES,
    "concealed_extra": HouseRuleWords(
        _("Extra for going out concealed"),
        phrase=_("going out concealed scores {value} more"),
        phrase_zero=_("no extra for going out concealed"),
    ),
    "red_three": HouseRuleWords(
        _("Each red three scores"), phrase=_("red threes score {value} each")
    ),
    "all_four_red_threes": HouseRuleWords(
        _("All {red_threes_total:w} red threes together score"),
        phrase=_("all {red_threes_total:w} red threes score {value}"),
    ),
    **{
        name: opening_rule(index) for index, (name, _lower, _default) in enumerate(OPENING_BRACKETS)
    },
    "canastas_to_go_out": HouseRuleWords(
        _("Canastas needed to go out"), phrase=_("canastas needed to go out: {value}")
    ),
}


def canastas_needed(rules: Canasta, count: int) -> str:
    """ "one canasta", "two canastas"."""
    return fill(rules, ngettext("{count:w} canasta", "{count:w} canastas", count), count=count)


def going_out_needs(rules: object) -> str:
    """The canastas to go out in words; where another player count defaults to another number,
    that too, since the rule sheet is printed for any number of players: "one canasta (two
    canastas with two players)"."""
    assert isinstance(rules, Canasta)
    needed = rules.canastas_to_go_out
    rule = rules.house_rule("canastas_to_go_out")
    assert rule is not None
    others = [
        fill(
            rules,
            ngettext(
                "{count:w} canasta with {players:w} players",
                "{count:w} canastas with {players:w} players",
                int(count or 0),
            ),
            count=int(count or 0),
            players=players,
        )
        for players, count in rule.default_by_players
        if count != needed
    ]
    if not others:
        return canastas_needed(rules, needed)
    # Translators: what a side needs to go out, then (in brackets) what it needs with another
    # number of players: "one canasta (two canastas with two players)".
    said = gettext("{needs} ({others})")
    return said.format(needs=canastas_needed(rules, needed), others="; ".join(others))


#: What going out concealed adds, in the words of each place: (when it adds something, when a
#: table made it add nothing).
CONCEALED = {
    "concealed_scores": (
        _("It scores {concealed_extra} more, {concealed_total} in all."),
        _("At this table it scores no more than going out."),
    ),
    "concealed_note": (
        _("{concealed_extra} more on top of going out ({concealed_total} in all)"),
        _("nothing more than going out at this table"),
    ),
    "concealed_pad": (
        _("{concealed_extra} more than going out"),
        _("no extra at this table"),
    ),
    "concealed_hint": (_("+{concealed_extra} more"), _("no extra")),
}


def concealed(key: str) -> Callable[[object], str]:
    """The text `key` of CONCEALED, as this table's concealed extra says it."""

    def text(rules: object) -> str:
        assert isinstance(rules, Canasta)
        extra, nothing = CONCEALED[key]
        if not rules.concealed_extra:
            return str(nothing)
        return fill(rules, extra)

    return text


def seating_words(rules: object) -> str:
    """How the players sit: "each on their own with two or three, in partnerships with four"."""
    assert isinstance(rules, Canasta)
    alone = [count for count in rules.player_counts if count != rules.partnership_players]
    said = gettext("each on their own with {alone}, in partnerships with {partners}")
    return said.format(
        alone=counts_in_words(alone), partners=counts_in_words([rules.partnership_players])
    )


PROSE = Prose(
    sections=(
        Section(
            _("Players and cards"),
            (
                _(
                    "Canasta is for {players}. With {partnership_players:w}, partners sit "
                    "opposite each other and score together; with fewer, everyone plays alone. "
                    "Shuffle together {packs}. Twos and jokers are wild; threes have jobs of "
                    "their own (see Threes)."
                ),
            ),
            table="card_values",
        ),
        Section(
            _("The deal"),
            (
                _(
                    "Agree on who deals the first hand (the app asks for the first dealer when "
                    "you start a game). After every hand the deal passes one seat to the left."
                ),
                _(
                    "The dealer deals the cards face down, one at a time, clockwise: {deal_text}. "
                    "The rest go face down in the middle: the stock. Turn its top card face up "
                    "beside it to start the discard pile. If that card is a wild card or a red "
                    "three, turn up more cards onto it until another card shows; the pile then "
                    "starts frozen (see Taking the pile)."
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
                    "- Red threes: lay any red three you hold face up in front of your side and "
                    "draw a card from the stock for each (at your first turn, those you were "
                    "dealt)."
                ),
                _(
                    "- Draw the top card of the stock, or take the whole discard pile (see Taking "
                    "the pile). With {two_players:w} players, draw the top "
                    "{draw_cards_two_players:w} cards of the stock instead."
                ),
                _("- Meld, if you like: lay down new melds or add cards to your side's melds."),
                _(
                    "- Discard a single card face up onto the pile, even with {two_players:w} "
                    "players."
                ),
            ),
        ),
        Section(
            _("Melds and wild cards"),
            (
                _(
                    "A meld is {meld_start:w} or more cards of a rank, fours up to aces; suits "
                    "never matter. It holds at least {meld_naturals:w} natural cards and at most "
                    "{max_wild_in_meld:w} wild cards, and wild cards never make a meld of their "
                    "own. All of a side's cards of a rank go into the same meld, laid in front of "
                    "either partner; either partner adds to it."
                ),
                _(
                    "A meld of {cards_per_canasta:w} or more cards is a canasta; square it up to "
                    "show it is done. A natural canasta has no wild card and scores "
                    "{pts[natural_canastas]}; a mixed canasta has wild cards in it and scores "
                    "{pts[mixed_canastas]}. A canasta may keep growing, but a wild card added to "
                    "a natural canasta makes it mixed."
                ),
            ),
        ),
        Section(
            _("The opening meld"),
            (
                _(
                    "A side's first meld of the hand must be worth at least its opening minimum "
                    "in card values (table below: {opening_trend}). The player may lay down "
                    "several melds at once to reach it; red threes and canasta bonuses don't "
                    "count towards it. After that, any meld will do."
                ),
            ),
            table="openings",
        ),
        Section(
            _("Taking the pile"),
            (
                _(
                    "Instead of drawing, you may take the whole discard pile to use its top card "
                    "at once: meld it with {pile_pair:w} natural cards of its rank from your "
                    "hand, with a natural card and a wild card from your hand, or add it to a "
                    "meld of your side's. Then take the rest of the pile into your hand and meld "
                    "more from it if you like. Nobody may take the pile while a black three or a "
                    "wild card is on top."
                ),
                _(
                    "The pile is frozen for a side that has not opened yet, and for everyone once "
                    "a wild card or a red three lies in it (lay a discarded wild card crosswise "
                    "to show it). A frozen pile may be taken only with {pile_pair:w} natural "
                    "cards from your hand matching the top card. A side that opens by taking the "
                    "pile must reach its minimum with the top card and cards from hand, before "
                    "picking up the rest."
                ),
            ),
        ),
        Section(
            _("Threes"),
            (
                _(
                    "Red threes are never kept in hand: each is laid out and replaced (see A "
                    "turn). A red three picked up in the pile is laid out too, without a "
                    "replacement. At the end of the hand each red three scores "
                    "{red_three_points}, and all {red_threes_total:w} together score "
                    "{all_four_red_threes_points}; but a side that has melded nothing in the hand "
                    "loses that much instead. A red three is never counted as card points."
                ),
                _(
                    "Black threes are for discarding: a black three on top of the pile stops the "
                    "next player from taking it. They can't be melded, except by a player going "
                    "out, who may meld {meld_start:w} or {black_threes_total:w} of them with no "
                    "wild card. A black three left in hand costs {black_three_value}."
                ),
            ),
        ),
        Section(
            _("Going out"),
            (
                _(
                    "A side may go out once it has at least {going_out_needs}. You go out by "
                    "melding all your cards, or all but a last card that you discard. Going out "
                    "scores {going_out_points} and ends the hand."
                ),
                _(
                    "Playing as partners, you may first ask your partner “May I go "
                    "out?”; if you ask, do as your partner answers."
                ),
                _(
                    "Going out concealed: melding your whole hand in a single turn, a canasta "
                    "included, without having melded anything before in the hand. "
                    "{concealed_scores}"
                ),
                _(
                    "When the stock runs out, play goes on as long as each player takes the "
                    "discard and melds with it; as soon as a player can't or won't, the hand "
                    "ends, with nobody going out."
                ),
            ),
        ),
        Section(
            _("Scoring"),
            (
                _(
                    "When the hand ends, each side adds up its canastas, its red threes, "
                    "{going_out_points} for going out (and the concealed extra), and the card "
                    "values of every card it has melded, canasta cards included. From that it "
                    "takes away the card values of the cards left in its players' hands. The "
                    "scoring table gives every item."
                ),
            ),
        ),
    ),
    score_notes={
        "red_threes": _(
            "{red_three_points} each, all {red_threes_total:w} together "
            "{all_four_red_threes_points}; against a side that melded nothing"
        ),
        "concealed": _(
            "{concealed_note}, for melding the whole hand in a single turn without having melded "
            "before"
        ),
    },
    pad_hints={
        "red_threes": HOW_MANY_SEE_NOTE,
        # Nothing to translate: the hint is all a text of its own.
        "concealed": "{concealed_hint}",
    },
    terms={
        "Mixed canastas": _(
            "A mixed canasta is a canasta with wild cards in it (at most {max_wild_in_meld}); a "
            "natural canasta has none."
        ),
        "Red threes": _(
            "Each red three laid out scores {red_three_points:,}, all {red_threes_total} together "
            "{all_four_red_threes_points:,}; they count against a side that melded nothing in the "
            "hand."
        ),
        "Went out concealed": _(
            "Going out concealed: melding the whole hand in a single turn, without having melded "
            "before in the hand. It scores {concealed_extra:,} on top of going out."
        ),
    },
    pad_note=_(
        "Red threes: {red_three_points} each, all {red_threes_total:w} "
        "{all_four_red_threes_points}; against a side that melded nothing (no card points, no "
        "canasta). Concealed: {concealed_pad}. Going out needs {going_out_needs}."
    ),
)


register(
    Canasta.slug,
    RuleSetWords(
        name=_("Canasta"),
        summary=SUMMARY,
        fields=FIELDS,
        house_rules=HOUSE_RULES,
        at_home_in=("de",),
        texts={
            "cards_dealt": CARDS_DEALT,
            "deal_text": CARDS_DEALT,
            "wild_cards": WILD_CARDS,
            "seating_words": seating_words,
            "going_out_needs": going_out_needs,
            **{key: concealed(key) for key in CONCEALED},
        },
        prose=PROSE,
    ),
)
