"""Gin Rummy's and Oklahoma Gin's words (games/rules/gin_rummy.py has their numbers): the
two-player rummy, knocking, gin and big gin, the undercut, boxes and the final account, and how
Hollywood writes each hand into three games."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.rules.core import PACK_CARDS, GameScore
from games.rules.gin_rummy import GIN_BOXES, UNDERCUT_BOXES, GinRummy, OklahomaGin
from games.rules.scoring import HandInput
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


def _rules(rules: object) -> GinRummy:
    assert isinstance(rules, GinRummy)
    return rules


def big_gin_scores(rules: object) -> str:
    """What big gin adds at this table."""
    table = _rules(rules)
    if not table.big_gin_bonus:
        return str(_("it scores as an ordinary gin at this table"))
    return str(_("it scores {bonus} instead of the gin bonus")).format(
        bonus=Number(table.big_gin_bonus)
    )


def shutout_rule(rules: object) -> str:
    """What a shutout does at this table, in a sentence of the rule sheet."""
    table = _rules(rules)
    said = {
        0: _("At this table a shutout changes nothing."),
        1: _("The winner's game bonus is then doubled, to {double}."),
        2: _("The winner's points from the hands are then doubled before the bonuses are added."),
        3: _("The winner's whole final total, bonuses included, is then doubled."),
    }[table.shutout]
    return str(said).format(double=Number(2 * table.game_bonus))


def extra_boxes_offer(rules: object) -> str:
    """The house rule of extra boxes, as some tables play it."""
    said = _(
        "Some tables count an undercut as {undercut:w} boxes, and a gin or a big gin as {gin:w}."
    )
    return str(said).format(undercut=Number(UNDERCUT_BOXES), gin=Number(GIN_BOXES))


def extra_boxes_rule(rules: object) -> str:
    table = _rules(rules)
    if table.extra_boxes:
        return str(
            _("At this table an undercut counts as two boxes, and a gin or a big gin as three.")
        )
    return str(_("Every hand won counts as one box, however it was won."))


#: RULINGS.md's worked game: each hand as (knocker, the knocker's deadwood, the other player's
#: deadwood, big gin); None is a dead hand. The engine scores it.
WORKED_HANDS: tuple[tuple[str, int, int, bool] | None, ...] = (
    ("Ann", 6, 21, False),
    ("Bob", 8, 5, False),
    ("Bob", 0, 19, False),
    None,
    ("Ann", 0, 40, True),
)
WORKED_PLAYERS = ("Ann", "Bob")


def worked_score() -> GameScore:
    """The worked game, scored by the engine with the usual numbers of plain Gin Rummy
    (whatever the table plays: these hands end a game to 100, not one to 150)."""
    game = GinRummy().new_game(WORKED_PLAYERS)
    hands = []
    for hand in WORKED_HANDS:
        tallies: dict[str, dict[str, int | bool]] = {name: {} for name in WORKED_PLAYERS}
        if hand is not None:
            knocker, knock, other_deadwood, big = hand
            other = next(name for name in WORKED_PLAYERS if name != knocker)
            tallies[knocker] = {"knocked": True, "deadwood": knock, "big_gin": big}
            tallies[other] = {"deadwood": other_deadwood}
        hands.append(HandInput(tallies))
    return game.score(hands)


def worked_game(rules: object) -> str:
    score = worked_score()
    final = score.final or {}
    scored = [max(hand.scores.values()) for hand in score.hands]
    said = _(
        "A worked game of Gin Rummy with the usual numbers, to {target}: Ann knocks with "
        "{knock_1} and Bob has {left_1} after laying off, so Ann scores {first}. Bob knocks "
        "with {knock_2} but Ann has only {left_2}: an undercut, and Ann scores {second}. Bob "
        "goes gin while Ann holds {left_3}: Bob scores {third}. Nobody knocks in the next "
        "hand: a dead hand. Ann makes big gin against Bob's {left_5} and scores {fifth}, which "
        "takes her to {ann}: the game is over. Ann won {ann_boxes:w} hands and Bob "
        "{bob_boxes:w}, so Ann's final total is {ann} + {game_bonus} + {ann_boxes} × {box} = "
        "{ann_final}, and Bob's {bob} + {bob_boxes} × {box} = {bob_final}."
    )
    knocks = [hand for hand in WORKED_HANDS if hand is not None]
    numbers = {
        "target": score.game.rules.target_score or 0,
        "knock_1": knocks[0][1],
        "left_1": knocks[0][2],
        "knock_2": knocks[1][1],
        "left_2": knocks[1][2],
        "left_3": knocks[2][2],
        "left_5": knocks[3][2],
        "first": scored[0],
        "second": scored[1],
        "third": scored[2],
        "fifth": scored[4],
        "ann": score.totals["Ann"],
        "bob": score.totals["Bob"],
        "game_bonus": final["Ann"]["game_bonus"],
        "box": _rules(score.game.rules).box_bonus,
        "ann_boxes": final["Ann"]["boxes"],
        "bob_boxes": final["Bob"]["boxes"],
        "ann_final": final["Ann"]["total"],
        "bob_final": final["Bob"]["total"],
    }
    return str(said).format(**{name: Number(value) for name, value in numbers.items()})


CARD_NAMES: dict[str, Text] = {
    "card:ace": pgettext_lazy("a card", "Ace"),
    "card:two": pgettext_lazy("a card", "Two"),
    "card:three": pgettext_lazy("a card", "Three"),
    "card:four": pgettext_lazy("a card", "Four"),
    "card:five": pgettext_lazy("a card", "Five"),
    "card:six": pgettext_lazy("a card", "Six"),
    "card:seven": pgettext_lazy("a card", "Seven"),
    "card:eight": pgettext_lazy("a card", "Eight"),
    "card:nine": pgettext_lazy("a card", "Nine"),
    "card:ten": pgettext_lazy("a card", "Ten"),
    "card:jack_queen_king": pgettext_lazy("cards", "Jack, Queen, King"),
}

FIELDS = {
    # Translators: Gin Rummy; to knock is to end the hand by laying down one's melds.
    "knocked": FieldWords(
        _("Knocked"),
        _("ended the hand by laying down their melds (gin and big gin too)"),
        short_label=pgettext_lazy("a player knocked, a narrow heading", "Knocked"),
    ),
    # Translators: Gin Rummy; deadwood is the cards left in no meld.
    "deadwood": FieldWords(
        _("Deadwood"),
        _(
            "the points of the cards left in no meld: the knocker's after knocking (none at "
            "all is gin), the other player's after laying off"
        ),
        short_label=pgettext_lazy("Gin Rummy's deadwood, a narrow heading", "Deadwood"),
    ),
    "big_gin": FieldWords(
        _("Big gin"),
        _(
            "the knocker melded all {big_gin_cards:w} cards without discarding: "
            "{big_gin_bonus} instead of the gin bonus"
        ),
        short_label=pgettext_lazy("Gin Rummy's big gin, a narrow heading", "Big gin"),
    ),
}

HOUSE_RULES = {
    "gin_bonus": HouseRuleWords(_("Gin bonus"), phrase=_("gin bonus {value}")),
    "big_gin_bonus": HouseRuleWords(
        _("Big gin bonus"),
        phrase=_("big gin bonus {value}"),
        phrase_zero=_("big gin scores as gin"),
    ),
    "undercut_bonus": HouseRuleWords(_("Undercut bonus"), phrase=_("undercut bonus {value}")),
    "box_bonus": HouseRuleWords(_("Each box is worth"), phrase=_("boxes worth {value} each")),
    "shutout": HouseRuleWords(
        _("A shutout"),
        phrase="{value}",
        phrase_zero=_("a shutout changes nothing"),
        value_words={
            1: _("a shutout doubles the game bonus"),
            2: _("a shutout doubles the winner's points"),
            3: _("a shutout doubles the winner's final total"),
        },
    ),
    "extra_boxes": HouseRuleWords(
        _("Extra boxes for undercuts and gins"),
        phrase=_("an undercut counts 2 boxes, a gin 3"),
        phrase_no=_("one box a hand won"),
    ),
    "hollywood": HouseRuleWords(
        _("Hollywood: three games at once"),
        phrase=_("Hollywood: three games at once"),
        phrase_no=_("one game"),
    ),
    "ace_upcard": HouseRuleWords(
        _("An ace turned up"),
        phrase="{value}",
        phrase_zero=_("an ace turned up means gin only"),
        value_words={1: _("an ace turned up allows a knock with 1")},
    ),
    "spades_double": HouseRuleWords(
        _("A spade turned up doubles the hand"),
        phrase=_("a spade turned up doubles the hand"),
        phrase_no=_("spades do not double"),
    ),
}

PLAYING = Section(
    _("Players, cards and melds"),
    (
        _(
            "{name} is for {players}, each on their own, with {packs}. Each player gets "
            "{cards_each:w} cards; the next card is turned face up to start the discard pile, "
            "and the rest is the stock."
        ),
        _(
            "A meld is {meld_least:w} or {group_most:w} cards of the same rank, or "
            "{meld_least:w} or more in sequence in a single suit (the ace is low only). Cards "
            "in no meld are deadwood, counted as in the table below."
        ),
        _(
            "In your turn, draw the top card of the stock or of the discard pile, then discard "
            "a card. Nobody lays melds down during play."
        ),
    ),
    table="card_values",
)

ENDING = Section(
    _("Knocking, gin and a dead hand"),
    (
        _(
            "After drawing, you may knock: discard, lay down your melds and count your "
            "deadwood, which may be at most {knock_limit_words}. With no deadwood at all you "
            "go gin; melding all {big_gin_cards:w} cards without discarding is big gin."
        ),
        _(
            "After a knock that is not gin, the other player lays down their melds and may lay "
            "off deadwood on the knocker's melds; nothing may be laid off on a gin."
        ),
        _(
            "When only {stock_left:w} cards are left in the stock and the player who drew the "
            "card before them discards without knocking, the hand is dead: nobody scores, and "
            "the same dealer deals again."
        ),
    ),
)

SCORING = Section(
    _("Scoring a hand"),
    (
        _("Only the winner of a hand scores:"),
        _(
            "- A knock: when the knocker's deadwood is the lower, the knocker scores the "
            "difference between the deadwood counts."
        ),
        _(
            "- An undercut: when the other player's deadwood is as low as the knocker's, or "
            "lower, the other player scores the difference plus {undercut_bonus}."
        ),
        _(
            "- Gin: the knocker scores the other player's deadwood plus {gin_bonus}; a gin is "
            "never undercut. Big gin: {big_gin_scores}."
        ),
    ),
)

END_OF_GAME = Section(
    _("Boxes and the final account"),
    (
        _("Each hand won is a box, ticked on the pad. {extra_boxes_rule}"),
        _(
            "When a game is over, each player adds {box_bonus} for each box, and its winner "
            "adds the game bonus of {game_bonus}; these never count toward the target."
        ),
        _("A shutout is a game the loser won no hand of. {shutout_rule}"),
        _("The players settle on the difference between their final totals."),
        "{worked_game}",
    ),
)

HOLLYWOOD = Section(
    _("Hollywood"),
    (
        _(
            "{hollywood_where} every hand's result is written into {games_in_hollywood:w} "
            "games side by side, each with its own points. {hollywood_entries}"
        ),
        _(
            "Put simply: a win goes into every open game in which its winner has already "
            "scored, and into the first open game in which they have not scored yet. A game "
            "closes after the hand in which a player's points in it reach the target; that "
            "player wins it, and its final account counts only the boxes entered in it. A "
            "closed game takes no more points, so a player shut out of it starts in the next "
            "open game."
        ),
        "{hollywood_session}",
    ),
)


def hollywood_session(rules: object) -> str:
    """How a session ends, where the sheet's ending does not say it already."""
    if _rules(rules).hollywood:
        return ""
    return str(
        _(
            "The session ends when every game is closed; each player adds up their final "
            "totals of the games, and the higher sum wins."
        )
    )


def prose(oklahoma: bool) -> Prose:
    sections = [PLAYING, ENDING, SCORING, END_OF_GAME, HOLLYWOOD]
    if oklahoma:
        sections.insert(1, UPCARD)
    return Prose(
        sections=tuple(sections),
        house_rules={
            "extra_boxes": "{extra_boxes_offer}",
            "hollywood": _(
                "Some tables play Hollywood, writing every hand into {games_in_hollywood:w} "
                "games at once (see above)."
            ),
            "spades_double": _("Some tables do not double a hand for a spade turned up."),
        },
        pad_note="{pad_how}",
        ending="{game_ending}",
        goal="{game_goal}",
        terms={
            "Knocked": _(
                "To knock: end the hand after drawing by laying down your melds, with at most "
                "{knock_limit_words} deadwood."
            ),
            "Deadwood": _("Deadwood: the cards in no meld, counted against their player."),
            "Big gin": _("Big gin: all {big_gin_cards:w} cards melded, without a discard."),
        },
    )


UPCARD = Section(
    _("Oklahoma: the upcard"),
    (
        _(
            "The first card turned up after the deal sets the hand's knock limit: its value "
            "({upcard_values}). {ace_rule}"
        ),
        _("{spades_rule} Boxes are never doubled."),
        "{oklahoma_worked}",
    ),
)


#: RULINGS.md's worked Oklahoma hands: (upcard, knocker, the knocker's deadwood, the other
#: player's deadwood).
OKLAHOMA_HANDS = (("7S", "Bob", 4, 19), ("AH", "Ann", 0, 12))


def oklahoma_worked(rules: object) -> str:
    """RULINGS.md's worked Oklahoma hands, scored by the engine with the usual rules."""
    usual = OklahomaGin()
    game = usual.new_game(WORKED_PLAYERS)
    hands = []
    for upcard, knocker, knocked, other_deadwood in OKLAHOMA_HANDS:
        other = next(name for name in WORKED_PLAYERS if name != knocker)
        tallies = {
            knocker: {"knocked": True, "deadwood": knocked},
            other: {"deadwood": other_deadwood},
        }
        hands.append(HandInput(tallies, upcard=upcard))
    spade_score, ace_score = (max(hand.scores.values()) for hand in game.score(hands).hands)
    (spade, _bob, knock, left), (_ace, _ann, _gin, ace_left) = OKLAHOMA_HANDS
    said = _(
        "Worked hands, with the usual rules: with the seven of spades turned up, a knock needs "
        "{limit} or less, and the hand counts double; Bob knocks with {knock} against Ann's "
        "{left} and scores ({left} − {knock}) × {times} = {spade_score}. With the ace of "
        "hearts turned up only gin wins the hand: Ann goes gin against Bob's {ace_left} and "
        "scores {ace_score}."
    )
    numbers = {
        "limit": usual.limit_for(spade),
        "knock": knock,
        "left": left,
        "times": spade_score // (left - knock),
        "spade_score": spade_score,
        "ace_left": ace_left,
        "ace_score": ace_score,
    }
    return str(said).format(**{name: Number(value) for name, value in numbers.items()})


def hollywood_where(rules: object) -> str:
    if _rules(rules).hollywood:
        return str(_("This table plays Hollywood:"))
    return str(_("Where a table plays Hollywood,"))


def game_ending(rules: object) -> str:
    """How the game (or Hollywood's session) ends and who wins it."""
    if _rules(rules).hollywood:
        said = _(
            "Each of the {games:w} games ends after the hand in which a player's points in it "
            "reach {target}; the session ends when every game is over, and the higher sum of "
            "the games' final totals wins it."
        )
    else:
        said = _(
            "The game ends after the hand in which a player's points reach {target}; that "
            "player wins it, whatever the final totals, and the final account above says "
            "what each is owed."
        )
    table = _rules(rules)
    return str(said).format(
        games=Number(table.games_in_hollywood), target=Number(table.target_score or 0)
    )


def game_goal(rules: object) -> str:
    """What a pad's heading says the game is played to."""
    table = _rules(rules)
    if not table.hollywood:
        return ""
    said = _("{games:w} games to {target} at once, the highest sum of final totals wins")
    return str(said).format(
        games=Number(table.games_in_hollywood), target=Number(table.target_score or 0)
    )


def pad_how(rules: object) -> str:
    """How to keep the pad: a running total per player, a box ticked per hand won."""
    table = _rules(rules)
    if table.hollywood:
        how = _(
            "Each hand, write the winner's new total in every game the win goes into (each "
            "open game they have scored in, and the first open game they have not) and tick "
            "a box beside it. A game is over once a total in it reaches {target}."
        )
    else:
        how = _(
            "Each hand, write the winner's new total under their name and tick a box beside "
            "it; a dead hand writes nothing. The game is over once a total reaches {target}."
        )
    boxes = _(
        "Then fill in the foot: the points, the boxes × {box}, the game bonus, the final "
        "total; the players settle on the difference."
    )
    said = f"{how} {boxes}"
    if isinstance(rules, OklahomaGin):
        upcard = _(
            "Write each hand's upcard first (its rank, and ♠ for a spade): it sets the knock limit."
        )
        if rules.spades_double:
            upcard = _(
                "Write each hand's upcard first (its rank, and ♠ for a spade): it sets "
                "the knock limit, and a spade doubles the hand."
            )
        said = f"{upcard} {said}"
    return said.format(target=Number(table.target_score or 0), box=Number(table.box_bonus))


def final_game_bonus(rules: object) -> str:
    """The pad's and the sheet's label for the game bonus, with what a shutout does to it."""
    table = _rules(rules)
    said = {
        0: _("Game bonus {bonus}"),
        1: _("Game bonus {bonus}, {double} on a shutout"),
        2: _("Game bonus {bonus} (a shutout doubles the points)"),
        3: _("Game bonus {bonus} (a shutout doubles the total)"),
    }[table.shutout]
    return str(said).format(bonus=Number(table.game_bonus), double=Number(2 * table.game_bonus))


def ace_rule(rules: object) -> str:
    if isinstance(rules, OklahomaGin) and not rules.ace_gin_only:
        return str(_("With an ace turned up, a player may knock with 1."))
    return str(_("With an ace turned up, the hand can be won only by gin."))


def spades_rule(rules: object) -> str:
    if isinstance(rules, OklahomaGin) and rules.spades_double:
        return str(_("When the upcard is a spade, the hand's score is doubled, bonuses included."))
    return str(_("At this table a spade turned up doubles nothing."))


def knock_limit_words(rules: object) -> str:
    if isinstance(rules, OklahomaGin):
        return str(_("the upcard's value"))
    return str(Number(_rules(rules).knock_limit))


def packs(rules: object) -> str:
    """One standard pack, without its jokers."""
    return str(_("a pack of {cards} cards, without jokers")).format(cards=Number(PACK_CARDS))


def hollywood_entries(rules: object) -> str:
    """Which games a player's first wins go into (Hollywood)."""
    said = _(
        "A player's first hand won goes into game {first}; the next into games {first} and "
        "{second}; from then on into every game still open."
    )
    return str(said).format(first=Number(1), second=Number(2))


def upcard_values(rules: object) -> str:
    """What each upcard sets the knock limit to (Oklahoma)."""
    said = _("an ace {ace}, a two to a nine its number, a ten or a court card {ten}")
    return str(said).format(ace=Number(1), ten=Number(_rules(rules).knock_limit))


#: The parts of a hand score, in the preview's breakdown.
PART_LABELS: dict[str, Text] = {
    "part:points": _("Deadwood points"),
    "part:gin": _("Gin bonus"),
    "part:big_gin": _("Big gin bonus"),
    "part:undercut": _("Undercut bonus"),
    "part:spades_double": _("Doubled by the spade upcard"),
    # Translators: the one tap on the hand form that types the knocker's deadwood as 0.
    "zero:deadwood": _("Gin (0)"),
}

TEXTS = {
    "packs": packs,
    "hollywood_entries": hollywood_entries,
    "upcard_values": upcard_values,
    "cards_dealt": _("{cards_each:w} cards to each player"),
    "big_gin_scores": big_gin_scores,
    "shutout_rule": shutout_rule,
    "extra_boxes_rule": extra_boxes_rule,
    "extra_boxes_offer": extra_boxes_offer,
    "worked_game": worked_game,
    "knock_limit_words": knock_limit_words,
    "ace_rule": ace_rule,
    "oklahoma_worked": oklahoma_worked,
    "hollywood_where": hollywood_where,
    "hollywood_session": hollywood_session,
    "game_ending": game_ending,
    "game_goal": game_goal,
    "pad_how": pad_how,
    # The final account's rows on a pad and a score sheet (games/printing/accounts.py).
    "final_box_points": _("Boxes × {box_bonus}"),
    "final_game_bonus": final_game_bonus,
    "spades_rule": spades_rule,
    **CARD_NAMES,
    **PART_LABELS,
}

register(
    GinRummy.slug,
    RuleSetWords(
        name=_("Gin Rummy"),
        summary=_(
            "The rummy for {players}: knock with little deadwood or go gin; only the hand's "
            "winner scores, and boxes and bonuses are added at the end."
        ),
        fields=FIELDS,
        house_rules=HOUSE_RULES,
        texts=TEXTS,
        prose=prose(oklahoma=False),
    ),
)

register(
    OklahomaGin.slug,
    RuleSetWords(
        name=_("Oklahoma Gin"),
        summary=_(
            "Gin Rummy for {players} where the first upcard sets how low you must be to knock, "
            "and a spade turned up doubles the hand."
        ),
        fields=FIELDS,
        house_rules=HOUSE_RULES,
        texts=TEXTS,
        prose=prose(oklahoma=True),
    ),
)
