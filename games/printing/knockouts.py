"""Who was in and who was out, hand by hand, in a game where a side is knocked out and may buy
back in (Chinchón): what a score sheet and a score pad print of it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, pgettext

from games.rules import GameScore, RuleSet
from games.rules.chinchon import REJOINED
from games.words import hand_word, hand_word_in_sentence

from . import ruledata as data
from .fonts import isolate
from .layout import number

#: The game file's field for a player who buys back in before a hand (RULINGS.md section 18):
#: its column shows the total they came back at.
REJOINED_FIELD = REJOINED
#: What a side's hand score shows in a hand it sat out: it played no hand, it did not score 0.
SAT_OUT_MARK = "\u2013"


def knocks_out(rules: RuleSet) -> bool:
    """Whether a side's total can knock it out of the game (Chinchón's limit)."""
    return rules.to_knock_out(0) is not None


@dataclass(frozen=True)
class HandInOut:
    """One hand of a knock-out game: who sat it out, who bought back in (and at what total),
    and who was knocked out by it (seat order)."""

    number: int
    sat_out: frozenset[str]
    rejoined: dict[str, int]
    knocked_out: list[str]


def in_and_out(score: GameScore) -> list[HandInOut] | None:
    """Each hand's comings and goings; None for a game nobody is knocked out of."""
    if not knocks_out(score.game.rules):
        return None
    names = score.game.side_names
    was_in = list(names)
    story = []
    for index, hand in enumerate(score.hands):
        after = GameScore(score.game, score.hands[: index + 1]).players_in or []
        played = [name for name in names if name not in hand.sat_out]
        # Back in at R: their total before the hand is what the hand's score was added to.
        rejoined = {n: hand.totals[n] - hand.scores[n] for n in played if n not in was_in}
        knocked = [name for name in played if name not in after]
        story.append(HandInOut(hand.number, hand.sat_out, rejoined, knocked))
        was_in = after
    return story


def _by_hand(score: GameScore, parts: list[tuple[int, list[str]]]) -> str:
    """ "hand 6: Di (104); hand 7: Bob (104), Di (117)": what happened, hand by hand."""
    word = hand_word_in_sentence(score.game.rules.hand_word)
    # Translators: one hand's part of a list of knock-outs or rejoins: "hand 7: Bob (104)".
    each = gettext("%(hand)s %(number)s: %(who)s")
    return "; ".join(
        each % {"hand": word, "number": number(n), "who": ", ".join(who)} for n, who in parts
    )


def knocked_out_text(score: GameScore, story: list[HandInOut]) -> str:
    """Who was knocked out when, and with what total ("" before anyone was)."""
    parts = [
        (
            hand.number,
            [f"{isolate(n)} ({number(_total(score, hand, n))})" for n in hand.knocked_out],
        )
        for hand in story
        if hand.knocked_out
    ]
    return _by_hand(score, parts)


def rejoined_text(score: GameScore, story: list[HandInOut]) -> str:
    """Who bought back in before which hand, and at what total ("" where nobody did)."""
    # Translators: a player who bought back into a Chinchón game, and the total they came
    # back at: "Di at 95".
    at = gettext("%(name)s at %(total)s")
    parts = [
        (
            hand.number,
            [at % {"name": isolate(n), "total": number(t)} for n, t in hand.rejoined.items()],
        )
        for hand in story
        if hand.rejoined
    ]
    return _by_hand(score, parts)


def _total(score: GameScore, hand: HandInOut, name: str) -> int:
    return score.hands[hand.number - 1].totals[name]


def pot_text(score: GameScore) -> str:
    """The pot in stakes: one per player, one more per rejoin."""
    stakes = score.game.rules.stakes(score) or 0
    said = ngettext(
        "%(count)s stake (one per player, and one per rejoin)",
        "%(count)s stakes (one per player, and one per rejoin)",
        stakes,
    )
    return said % {"count": number(stakes)}


def next_hand_text(score: GameScore) -> str:
    """Who may buy back in before the next hand, and at what total ("" where nobody may)."""
    rules = score.game.rules
    may = rules.may_rejoin(score)
    if score.finished or not may or score.rejoin_total is None:
        return ""
    said = {
        "hand": f"{hand_word(rules.hand_word)} {number(score.next_hand_number)}",
        "names": data.and_list([isolate(name) for name in may]),
        "total": number(score.rejoin_total),
    }
    return gettext("%(hand)s: %(names)s may rejoin at %(total)s") % said


def sat_out_note() -> tuple[str, ...]:
    """The note over the items of a side that sat a hand out, longest first."""
    return (
        gettext("out of the game: sat this hand out"),
        pgettext("a knocked-out player's row on a score sheet", "sat out"),
    )


def out_mark() -> str:
    """The mark beside a side knocked out by a hand."""
    return pgettext("a player knocked out of the game by this hand", "out")


def out_heading() -> str:
    return pgettext("a score sheet column: knocked out of the game by this hand", "Knocked out")
