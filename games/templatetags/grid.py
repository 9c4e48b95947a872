"""The scoreboard's grid of hands, a row per hand: written here rather than by the template's
loops, which were most of the scoreboard's render time with a long game (60 hands: about 2,000
nodes rendered one by one). What goes in is escaped once; the numbers are digits, separators
and a minus sign (format_number), the links the app's own."""

from __future__ import annotations

from collections.abc import Callable

from django import template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games import rules as engine
from games.templatetags.numbers import number_writer
from games.words import hand_word

register = template.Library()

#: Stands for a hand's number in its link's label while the label is filled (never in words).
NUMBER_MARK = "\x00"


@register.simple_tag
def hand_rows(score: engine.GameScore, game_id: int, live: bool) -> SafeString:
    """Each hand's row: its number (a link to see or edit it, but on the live view) and each
    side's score over its running total."""
    word = escape(hand_word(score.game.rules.hand_word))
    # Translators: a screen reader's name for a hand's number on the scoreboard, "Hand 3: see
    # or edit" (a link to that hand).
    see_or_edit = escape(_("%(hand)s %(number)s: see or edit"))
    # Filled once with a marker where the number goes, then each row joins its number in: the
    # same words as filling them row by row, at a fraction of the cost.
    label_parts = (see_or_edit % {"hand": word, "number": NUMBER_MARK}).split(NUMBER_MARK)
    hands_url = escape(reverse("hand_edit", args=[game_id, 1]).removesuffix("1/"))
    write = number_writer()
    # The fields that bring a player back into the game (a rejoin): marked in their cells.
    back_in = [f.name for f in score.game.rules.tally_fields if f.brings_back_in]
    rows = []
    for hand in score.hands:
        cells = [
            f'<span class="hand-score">{hand_score(hand, name, write, back_in)}</span>'
            f'<span class="running">{write(hand.totals[name])}</span>'
            for name in hand.scores
        ]
        number = hand.number
        if live:
            head = f'<th scope="row"><span class="cell">{number}</span></th>'
            tds = "".join(f'<td><span class="cell">{cell}</span></td>' for cell in cells)
        else:
            url = f"{hands_url}{number}/"
            label = write(number).join(label_parts)
            head = f'<th scope="row"><a href="{url}" aria-label="{label}">{number}</a></th>'
            tds = "".join(f'<td><a href="{url}" tabindex="-1">{cell}</a></td>' for cell in cells)
        rows.append(f"<tr>{head}{tds}</tr>")
    return mark_safe("".join(rows))


def hand_score(
    hand: engine.HandScore, name: str, write: Callable[[int], str], back_in: list[str]
) -> str:
    """A side's score in a hand as its cell shows it: a dash for a hand it sat out (out of the
    game), and where it rejoined, the total it came back at before its score
    (the running total under it is that total plus the score, not the total before)."""
    if name in hand.sat_out:
        # Translators: a hand's cell on the scoreboard for a player out of the game then.
        return f'–<span class="visually-hidden"> {escape(_("sat out"))}</span>'
    score = write(hand.scores[name])
    tally = hand.tallies.get(name) or {}
    if not any(tally.get(field) for field in back_in):
        return score
    came_back_at = write(hand.totals[name] - hand.scores[name])
    # Translators: a hand's cell on the scoreboard: the player bought back in at this total
    # (a rejoin, Chinchón's "reenganche") before the hand's score. The "↺ 86" shown beside it.
    rejoined = escape(_("rejoined at %(total)s") % {"total": came_back_at})
    mark = f'<span aria-hidden="true">↺ {came_back_at}</span>'
    said = f'<span class="visually-hidden">{rejoined}</span>'
    return f'<span class="came-back">{mark}{said}</span>{score}'
