"""The filled score sheet of a game: players and sides, date, every hand itemized, the totals,
the winner, and for a rule set with a pot (Ten Pennies) the pennies and the pot."""

from __future__ import annotations

import dataclasses
import datetime
import re
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, ngettext, pgettext
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from games.rules import FieldKind, GameScore, HandScore, RuleSet, Seating, Side, TallyField
from games.words import (
    field_label,
    game_name,
    game_title,
    hand_word,
    hand_word_in_sentence,
    house_rules_in_force,
    part_labels,
    problem,
    round_pad_lines,
    round_summary,
    round_table_head,
    rule_set_name,
    short_label,
    value_word,
    victory_points_heading,
)

from . import accounts, fonts, knockouts, victory
from . import ruledata as data
from .fonts import isolate, isolated_list, markup
from .grid import HEADING_PAD, HEADING_SIZE, Group, HandGrid
from .grid import SIZE as GRID_SIZE
from .layout import (
    CELL,
    CELL_BOLD,
    H2,
    SHADE,
    FitText,
    Heading,
    PrintError,
    WithItsStart,
    body_width,
    build,
    check_paper,
    fit_lines,
    grid_style,
    number,
)
from .storychart import COMPACT_CHART_HEIGHT, story_drawing
from .storychart import HEIGHT as CHART_HEIGHT


def _p(text: str, style=CELL) -> Paragraph:
    return Paragraph(markup(text), style)


def _kv(rows: list[tuple[str, str]], width: float) -> Table:
    table = Table(
        [[_p(k, CELL_BOLD), _p(v)] for k, v in rows], colWidths=[90, width - 90], hAlign="LEFT"
    )
    style = grid_style(0, zebra=False)
    style.append(("BACKGROUND", (0, 0), (0, -1), SHADE))
    table.setStyle(style)
    return table


def _result_text(score: GameScore) -> str:
    rules = score.game.rules
    if not score.finished:
        played = data.hand_count(rules.hand_word, len(score.hands))
        return gettext("Game in progress: %(hands)s played") % {"hands": played}
    by_victory_points = victory.result_text(score)
    if by_victory_points is not None:
        return by_victory_points
    by_final_account = accounts.result_text(score)
    if by_final_account is not None:
        return by_final_account
    winners = score.winners
    total = number(score.totals[winners[0]])
    if len(winners) == 1:
        said = gettext("Winner: %(name)s with %(total)s") % {
            "name": isolate(winners[0]),
            "total": total,
        }
    else:
        said = gettext("Shared win: %(names)s, each with %(total)s") % {
            "names": isolated_list(winners),
            "total": total,
        }
    # The rule set's own reason where it has one (Phase 10's last phase); else how the totals
    # decided it, where that is not simply the one side past the target.
    why = rules.why_they_won(score)
    if why is not None:
        return f"{said}. {problem(why)}"
    how = _how_they_won(score)
    return f"{said} ({how})" if how else said


def _how_they_won(score: GameScore) -> str:
    """How the totals decided the game, in a few words: "highest after deal 4, by 45",
    "equal lowest after round 7", "highest of the 2 sides past 5,000, by 50"; "" where the
    winner is simply the one side past the target."""
    rules = score.game.rules
    totals, winners = score.totals, score.winners
    high = rules.high_score_wins
    said = {"hand": hand_word_in_sentence(rules.hand_word), "number": number(len(score.hands))}
    if len(winners) > 1:
        if high:
            return gettext("equal highest after %(hand)s %(number)s") % said
        return gettext("equal lowest after %(hand)s %(number)s") % said
    others = [total for name, total in totals.items() if name not in winners]
    if not others:
        return ""
    best_other = max(others) if high else min(others)
    said["margin"] = number(abs(totals[winners[0]] - best_other))
    target = rules.target_score
    if target is not None and high:
        past = [name for name, total in totals.items() if total >= target]
        if past == winners:
            return ""
        if len(past) > 1:
            said |= {"count": number(len(past)), "target": number(target)}
            if data.side_word(rules) == data.PLAYER:
                return (
                    gettext("highest of the %(count)s players past %(target)s, by %(margin)s")
                    % said
                )
            return gettext("highest of the %(count)s sides past %(target)s, by %(margin)s") % said
    if high:
        return gettext("highest after %(hand)s %(number)s, by %(margin)s") % said
    return gettext("lowest after %(hand)s %(number)s, by %(margin)s") % said


def _next_hand_text(score: GameScore) -> str:
    """What the next hand asks of the sides: the round's card, each player's phase, or the
    opening minimums."""
    rules = score.game.rules
    if score.finished:
        return ""
    word = f"{hand_word(rules.hand_word)} {score.next_hand_number}"
    special = victory.standing_text(score) or (
        knockouts.next_hand_text(score) if knockouts.knocks_out(rules) else ""
    )
    if special:
        return special
    card = score.round_card
    if card is not None:
        return round_summary(rules, card)
    phases = score.phases
    if phases is not None:
        each = "; ".join(f"{isolate(player)} {phase}" for player, phase in phases.items())
        return gettext("%(hand)s, phases: %(phases)s") % {"hand": word, "phases": each}
    minimums = score.opening_minimums()
    if not minimums:
        return ""
    each = "; ".join(f"{isolate(side)} {number(minimum)}" for side, minimum in minimums.items())
    return gettext("%(hand)s, to open: %(minimums)s") % {"hand": word, "minimums": each}


#: The width of each number column of the totals table.
TOTALS_NUMBER = 62.0


def _phases_done(score: GameScore) -> dict[str, int] | None:
    """How many phases each player has completed (None for a rule set without phases)."""
    track = score.game.rules.phase_track
    if track is None:
        return None
    return {name: phase - 1 for name, phase in track.next_phases(score).items()}


def _standings(score: GameScore) -> list[Side]:
    """The sides best first, as the rule set ranks them."""
    by_name = {side.name: side for side in score.game.sides}
    return [by_name[name] for name in score.game.rules.standings(score)]


def _totals_head(score: GameScore) -> tuple[list[str], bool]:
    """The totals table's headings, and whether its players are each on their own (a side is
    its player, so no second column of the same names)."""
    rules = score.game.rules
    alone = all(side.players == (side.name,) for side in score.game.sides)
    if alone:
        head = [data.side_heading(data.PLAYER)]
    else:
        head = [data.side_heading(data.side_word(rules)), data.sides_heading(data.PLAYER)]
    if rules.phase_track is not None:
        head += [gettext("Phases done")]
    if knockouts.knocks_out(rules):
        # Translators: a score sheet's column: how many times each player bought back in.
        head += [gettext("Rejoins")]
    head += [gettext("Total")]
    if score.victory_points is not None:
        head += [victory_points_heading()]
    if score.pot() is not None:
        # What the winner collects (nobody pays anything out of the pot).
        head += [gettext("Pennies in"), gettext("Buys left"), gettext("Takes from the pot")]
    return head, alone


def _totals_widths(score: GameScore, width: float) -> list[float]:
    head, alone = _totals_head(score)
    numbers = len(head) - (1 if alone else 2)
    names = width - TOTALS_NUMBER * numbers
    if alone:
        return [names] + [TOTALS_NUMBER] * numbers
    # The players' names get the wider column, unless that would starve the sides' names.
    side = (names - 140) / 2 if names - 140 >= 140 else names / 2
    return [side, names - side] + [TOTALS_NUMBER] * numbers


def _totals_fit(score: GameScore, width: float) -> bool:
    """Whether the totals table reads well `width` wide: each name column 70 pt or more."""
    head, alone = _totals_head(score)
    return min(_totals_widths(score, width)[: 1 if alone else 2]) >= 70


def _totals_table(score: GameScore, width: float) -> Table:
    winners = set(score.winners)
    pot = score.pot()
    phases = _phases_done(score)
    rejoins = score.rejoins if knockouts.knocks_out(score.game.rules) else None
    points = score.victory_points
    head, alone = _totals_head(score)
    rows: list[list] = [[_p(h, CELL_BOLD) for h in head]]
    for side in _standings(score):
        won = side.name in winners
        # Translators: beside the winner's name in a score sheet's totals.
        name = isolate(side.name) + ("  \u2605 " + gettext("winner") if won else "")
        row: list = [FitText(name, 8.5, bold=won, max_lines=2)]
        if not alone:
            row.append(FitText(isolated_list(side.players), 8.5, max_lines=2))
        if phases is not None:
            row.append(number(phases[side.name]))
        if rejoins is not None:
            row.append(number(rejoins.get(side.name, 0)))
        row.append(number(score.totals[side.name]))
        if points is not None:
            row.append(number(points[side.name]))
        if pot is not None:
            row += [
                number(pot.pennies[side.name]),
                number(pot.buys_left[side.name]),
                number(pot.payout.get(side.name, 0)) if pot.payout else "",
            ]
        rows.append(row)
    table = Table(rows, colWidths=_totals_widths(score, width), repeatRows=1, hAlign="LEFT")
    style = grid_style(1, rows=len(rows))
    first_number = 1 if alone else 2
    total_column = (
        first_number + (1 if phases is not None else 0) + (1 if rejoins is not None else 0)
    )
    style.append(("ALIGN", (first_number, 1), (-1, -1), "RIGHT"))
    style.append(("FONTNAME", (total_column, 1), (total_column, -1), "Sans-Bold"))
    if points is not None:  # what decided the game, as bold as the totals
        style.append(("FONTNAME", (-1, 1), (-1, -1), "Sans-Bold"))
    table.setStyle(style)
    return table


def _pot_line(score: GameScore) -> str:
    pot = score.pot()
    assert pot is not None
    holds = ngettext(
        "The pot holds %(count)s penny.", "The pot holds %(count)s pennies.", pot.total
    )
    text = holds % {"count": number(pot.total)}
    if pot.payout:
        paid = "; ".join(
            gettext("%(name)s takes %(pennies)s") % {"name": isolate(name), "pennies": number(n)}
            for name, n in pot.payout.items()
        )
        text += f" {paid}."
        if pot.odd_pennies:
            odd = ngettext(
                "%(count)s odd penny can't be split and stays in the bowl.",
                "%(count)s odd pennies can't be split and stay in the bowl.",
                pot.odd_pennies,
            )
            text += " " + odd % {"count": number(pot.odd_pennies)}
    return text


def _columns(score: GameScore) -> list[tuple[str, str, FieldKind]]:
    """(field name, label, kind) of the itemized columns this game used."""
    rules = score.game.rules
    used = []
    for field in rules.tally_fields:
        for hand in score.hands:
            seen = False
            for name, tally in hand.tallies.items():
                if tally is None:
                    continue
                value = hand.breakdown[name].get(field.name, tally.get(field.name))
                if (
                    value != field.blank
                    and value not in (0, None)
                    or _yes_for_nothing(field, tally)
                ):
                    seen = True
                    break
            if seen:
                used.append((field.name, field_label(rules, field), field.kind))
                break
    return used + _part_columns(score)


def _part_columns(score: GameScore) -> list[tuple[str, str, FieldKind]]:
    """The parts of a hand score that no field names and the rule set's words do (a gin
    bonus, an undercut), where a hand of this game scored one."""
    rules = score.game.rules
    fields = score.game.fields_by_name
    return [
        (code, label, FieldKind.CARD_POINTS)
        for code, label in part_labels(rules).items()
        if code not in fields
        and any(parts.get(code) for hand in score.hands for parts in hand.breakdown.values())
    ]


def _yes_for_nothing(field: TallyField, tally: dict[str, int | bool]) -> bool:
    """A yes that scores no points of its own (a chinchón that wins the game): the sheet shows
    it was made."""
    return field.kind is FieldKind.YES_NO and tally.get(field.name) is True and not field.blank


def _cell_value(score: GameScore, hand, side: str, name: str, kind: FieldKind) -> str:
    tally = hand.tallies[side]
    if tally is None:
        return ""
    parts = hand.breakdown[side]
    if name == knockouts.REJOINED_FIELD and tally.get(name) is True:
        # Who bought back in, and at what total: their total before this hand's points.
        rejoined_at = hand.totals[side] - hand.scores[side]
        # Translators: a score sheet's cell: the total a player bought back in at ("at 95").
        return pgettext("rejoined at a total", "at %(total)s") % {"total": number(rejoined_at)}
    if name in parts:
        value = parts[name]
        if not value and kind is FieldKind.YES_NO and tally.get(name) is True:
            return pgettext("a yes/no tally item on a score sheet", "yes")
        named = _named_value(score, name, tally.get(name))
        if named and value:
            return f"{named} {number(value)}"
        return number(value) if value else ""
    value = tally.get(name)
    if kind is FieldKind.YES_NO:
        field = score.game.rules.field_named(score.game, name)
        if field is not None and bool(value) == bool(field.blank):
            return ""
        if value:
            return pgettext("a yes/no tally item on a score sheet", "yes")
        return pgettext("a yes/no tally item on a score sheet", "no")
    return number(int(value)) if value else ""


def _named_value(score: GameScore, name: str, value: int | bool | None) -> str:
    """The name of what a field that takes a name was ("Garbage"); "" for any other field."""
    field = score.game.rules.field_named(score.game, name)
    if field is None or not field.value_names or isinstance(value, bool) or not value:
        return ""
    return value_word(score.game.rules, field, field.value_names[int(value) - 1])


def _alone_field(score: GameScore) -> TallyField | None:
    """The rule set's field that scores alone when it is a yes (a Splash), if it has one."""
    return next((f for f in score.game.tally_fields if f.scores_alone), None)


def _scored_alone_by(hand, alone: TallyField | None) -> str | None:
    """The side whose field that scores alone made this hand, if one did (its breakdown is that
    field alone)."""
    if alone is None:
        return None
    for side, parts in hand.breakdown.items():
        if set(parts) == {alone.name} and parts[alone.name]:
            return side
    return None


def _scored_by_one_item(score: GameScore) -> bool:
    """Whether every side's hand score is one tally item of its own (Ten Pennies' points), so
    that a hand score column would only repeat it."""
    fields = score.game.fields_by_name
    return all(
        len(parts) == 1 and next(iter(parts)) in fields
        for hand in score.hands
        for parts in hand.breakdown.values()
    )


@dataclass(frozen=True)
class _HandColumns:
    """What the grid of hands shows of each side after its name: the items the game used, the
    pennies it put in (a pot game), the hand score (unless one item is the whole of it) and
    the total; and the item that scores alone (a Splash), with its column if it has one."""

    items: list[tuple[str, str, FieldKind]]
    pennies: list[str]
    hand_score: bool
    alone: TallyField | None
    alone_column: int | None
    #: The phase each player played, hand by hand (Phase 10), shown before the items.
    phases: list[dict[str, int]] | None = None
    #: The label of the item that scores alone, in the reader's language.
    alone_label: str = ""
    #: Who sat out, rejoined and was knocked out, hand by hand (Chinchón); a column after the
    #: items marks who was knocked out.
    in_and_out: list[knockouts.HandInOut] | None = None

    @property
    def item_labels(self) -> list[str]:
        out = [knockouts.out_heading()] if self.in_and_out is not None else []
        return [label for _, label, _ in self.items] + out

    @property
    def headings_before_items(self) -> list[str]:
        return [gettext("Phase")] if self.phases is not None else []

    @property
    def headings_after_items(self) -> list[str]:
        extra = [gettext("Pennies in")] if self.pennies else []
        total = gettext("Total")
        return extra + ([gettext("Hand score"), total] if self.hand_score else [total])


def _hand_columns(score: GameScore) -> _HandColumns:
    items = _columns(score)
    pennies = [f.name for f in data.penny_fields(score.game.rules)]
    alone = _alone_field(score)
    track = score.game.rules.phase_track
    return _HandColumns(
        phases=None if track is None else track.phases_played(score),
        items=items,
        pennies=pennies,
        # A pot game scored by one item shows that item and the total; every other game the
        # hand score too.
        hand_score=not (pennies and _scored_by_one_item(score)),
        alone=alone,
        alone_label=field_label(score.game.rules, alone) if alone else "",
        in_and_out=knockouts.in_and_out(score),
        alone_column=next(
            (
                index
                for index, (name, _, _) in enumerate(items)
                if alone is not None and name == alone.name
            ),
            None,
        ),
    )


#: The type size of a round's card under its number (a contract rummy's contract).
ROUND_SIZE = 7.0
#: The hand column's width, and the widest it grows to hold a round's card.
HAND_WIDTH, HAND_WIDTH_MOST = 40.0, 62.0


def _hand_width(score: GameScore) -> float:
    """The hand column: wide enough for the longest line of the rounds' cards, within reason
    (a longer line wraps)."""
    lines = [line for hand in score.hands for line in _round_card_lines(score, hand)]
    widest = max((fonts.text_width(line, ROUND_SIZE) + 6 for line in lines), default=0.0)
    return max(HAND_WIDTH, min(HAND_WIDTH_MOST, widest))


def _round_card_lines(score: GameScore, hand: HandScore) -> tuple[str, ...]:
    """What the hand's round asked (a deal's contract, a round's wild rank), in the
    short lines of a score pad; none for a rule set whose rounds are all alike."""
    rules = score.game.rules
    card = rules.round_card(hand.number)
    return () if card is None else round_pad_lines(rules, card)


def _round_note(rules: RuleSet) -> str:
    """What the lines under each hand's number say, where the rounds differ."""
    if not rules.rounds:
        return ""
    what = data.and_list([head.lower() for head in round_table_head(rules)])
    under = gettext("Under each %(hand)s's number: its %(what)s.")
    return under % {"hand": hand_word_in_sentence(rules.hand_word), "what": what} + " "


def _hands_table(score: GameScore, width: float, first_dealer: str | None) -> HandGrid:
    rules = score.game.rules
    columns = _hand_columns(score)
    labels = [_hand_label(score, hand, first_dealer) for hand in score.hands]
    # The name under a hand's number is who dealt it: the heading says so.
    if first_dealer or any(hand.dealer for hand in score.hands):
        hand_heading = gettext("%(hand)s dealt by") % {"hand": hand_word(rules.hand_word)}
    else:
        hand_heading = hand_word(rules.hand_word)
    # The heading wraps between its words, never inside one ("Mano distribuita da").
    words = hand_heading.split()
    longest = max((fonts.text_width(word, HEADING_SIZE, True) for word in words), default=0.0)
    hand_width = max(_hand_width(score), longest + 2 * HEADING_PAD + 1)
    side_width = max(70.0, min(120.0, width * 0.15))
    groups = []
    for hand, label in zip(score.hands, labels, strict=True):
        label += [
            (part, ROUND_SIZE, False)
            for line in _round_card_lines(score, hand)
            for part in fit_lines(line, hand_width - 4, ROUND_SIZE, 99)[0]
        ]
        groups.append(_hand_group(score, hand, label, columns))
    headings = [hand_heading, data.side_heading(data.side_word(rules))]
    before = columns.headings_before_items
    headings += before + columns.item_labels + columns.headings_after_items
    count = len(before) + len(columns.item_labels) + len(columns.headings_after_items)
    widths = [hand_width, side_width]
    widths += _number_column_widths(groups, count, width - hand_width - side_width)
    last = len(widths) - 1
    return HandGrid(
        headings,
        widths,
        groups,
        item_columns=(2 + len(before), 1 + len(before) + len(columns.item_labels)),
        bold_columns=frozenset({last}),
        shaded_columns=frozenset({last}),
        rule_before=2 + len(before) + len(columns.item_labels) + (1 if columns.pennies else 0),
    )


def _hand_label(
    score: GameScore, hand: HandScore, first_dealer: str | None
) -> list[tuple[str, float, bool]]:
    """The hand's number, and under it who dealt it when the game knows (then what its round
    asks, added by the grid)."""
    dealer = hand.dealer
    if dealer is None and first_dealer:
        dealer = score.game.dealer_for(first_dealer, hand.number, score.hands)
    label = [(str(hand.number), 9.0, True)]
    if dealer:
        label.append((dealer, 7.0, False))
    label += [(line, 7.0, False) for line in accounts.hand_label_lines(score, hand)]
    return label


def _hand_group(
    score: GameScore,
    hand: HandScore,
    label: list[tuple[str, float, bool]],
    columns: _HandColumns,
) -> Group:
    """A hand's rows, one per side, with the notes over the items that do not count."""
    group = Group(label, [], {}, {})
    splasher = _scored_alone_by(hand, columns.alone)
    story = columns.in_and_out[hand.number - 1] if columns.in_and_out is not None else None
    for index, side in enumerate(score.game.side_names):
        row = ["", side]
        if columns.phases is not None:
            row.append(str(columns.phases[hand.number - 1][side]))
        if story is not None:
            sat_out = side in story.sat_out
            if sat_out:
                group.notes[index] = knockouts.sat_out_note()
            row += _in_and_out_cells(score, hand, side, columns, story)
            row.append(knockouts.SAT_OUT_MARK if sat_out else number(hand.scores[side]))
            row.append(number(hand.totals[side]))
            group.rows.append(row)
            continue
        if hand.tallies[side] is None:
            row += [""] * len(columns.items)
            if columns.items:
                group.notes[index] = gettext("total only")
        elif splasher is not None:
            row += _scored_alone_row(hand, side, splasher, columns, group, index)
        else:
            row += [_cell_value(score, hand, side, name, kind) for name, _, kind in columns.items]
        if columns.pennies:
            tally = hand.tallies[side] or {}
            row.append(number(sum(int(tally.get(name, 0)) for name in columns.pennies)))
        if columns.hand_score:
            row.append(number(hand.scores[side]))
        row.append(number(hand.totals[side]))
        group.rows.append(row)
    return group


def _in_and_out_cells(
    score: GameScore,
    hand: HandScore,
    side: str,
    columns: _HandColumns,
    story: knockouts.HandInOut,
) -> list[str]:
    """A side's item cells in a knock-out game: blank where it sat the hand out (a note says
    so), else its items; then whether the hand knocked it out."""
    if side in story.sat_out:
        return [""] * (len(columns.items) + 1)
    cells = [_cell_value(score, hand, side, name, kind) for name, _, kind in columns.items]
    return [*cells, knockouts.out_mark() if side in story.knocked_out else ""]


def _scored_alone_row(
    hand: HandScore,
    side: str,
    splasher: str,
    columns: _HandColumns,
    group: Group,
    index: int,
) -> list[str]:
    """A side's item cells in a hand that an item scoring alone (a Splash) decided, and the
    note on the items that do not count."""
    cells = [""] * len(columns.items)
    alone, alone_column = columns.alone, columns.alone_column
    if side == splasher and alone_column is not None:
        # The Splash shows in its own column; it scores alone, so the note says the splashing
        # side's other items (if any are printed) do not count.
        cells[alone_column] = number(hand.breakdown[side][columns.items[alone_column][0]])
        before, after = range(alone_column), range(alone_column + 1, len(columns.items))
        others = max(after, before, key=len)
        if others:
            group.notes[index] = (gettext("nothing else counts"), gettext("nothing else"))
            group.note_spans[index] = (2 + others[0], 2 + others[-1])
    elif alone is not None and columns.items:
        # It scores alone: the other entries of both sides are ignored.
        said = {"item": columns.alone_label, "name": isolate(splasher)}
        group.notes[index] = (
            (gettext("%(item)s: nothing else counts") % said, columns.alone_label)
            if side == splasher
            else (
                gettext("%(item)s by %(name)s: these entries ignored") % said,
                gettext("ignored: %(item)s by the other side") % said,
                gettext("ignored (%(item)s)") % said,
            )
        )
    return cells


#: The room a number leaves on each side in its cell (HandGrid draws it 3 pt from the rule).
NUMBER_PAD = 3.5


def _number_column_widths(groups: list[Group], count: int, room: float) -> list[float]:
    """The widths of the `count` number columns sharing `room`: all alike, unless a column's
    widest number (bold in the last) needs more; then it gets what it needs and the others
    share the rest, so no number runs into the next."""
    needs = [0.0] * count
    for group in groups:
        for row in group.rows:
            for index, value in enumerate(row[2:]):
                bold = index == count - 1
                width = fonts.text_width(value, GRID_SIZE, bold) + 2 * NUMBER_PAD
                needs[index] = max(needs[index], width)
    widths = [room / max(count, 1)] * count
    wide: set[int] = set()
    while True:
        more = {i for i in range(count) if i not in wide and needs[i] > widths[i]}
        if not more or len(wide | more) == count:
            return widths
        wide |= more
        share = (room - sum(needs[i] for i in wide)) / (count - len(wide))
        widths = [needs[i] if i in wide else share for i in range(count)]


def _pot_note(rules: RuleSet) -> str:
    """How to read the hands of a pot game, e.g. "Points are penalty points; cards and buys are
    counts, a penny each into the pot.": the items that score show their points (a penalty
    where the lowest total wins), the counts that put pennies into the pot how many."""
    pennies = data.penny_fields(rules)
    scored = [short_label(rules, f).lower() for f in rules.tally_fields if f not in pennies]
    counts = [short_label(rules, f).lower() for f in pennies]
    parts = []
    if scored:
        items = {"items": data.and_list(scored)}
        if rules.high_score_wins:
            parts.append(gettext("%(items)s are points") % items)
        else:
            parts.append(gettext("%(items)s are penalty points") % items)
    counted = {"items": data.and_list(counts)}
    parts.append(gettext("%(items)s are counts, a penny each into the pot") % counted)
    text = "; ".join(parts)
    left_out = gettext("Columns nobody used in this game are left out.")
    return f"{text[:1].upper()}{text[1:]}. {left_out}"


def _side_text(side: Side) -> str:
    """A side for the Sides row: "Reds: Ann & Cy", or just "Ann & Cy" when the side's name is
    its players' names already."""
    named = {part.strip().casefold() for part in re.split(r"&|,|\+|/|\band\b", side.name)}
    if named == {player.strip().casefold() for player in side.players}:
        return isolate(side.name)
    return f"{isolate(side.name)}: {isolated_list(side.players, ' & ')}"


def score_sheet_pdf(
    score: GameScore,
    *,
    title: str = "",
    played_on: datetime.date | None = None,
    paper: str = "letter",
    first_dealer: str | None = None,
) -> bytes:
    """The score sheet of a game so far, as PDF bytes."""
    paper = check_paper(paper)
    title = " ".join(str(title or "").split())
    _check_first_dealer(score, first_dealer)
    if played_on is not None and not isinstance(played_on, datetime.date):
        raise PrintError(gettext("the date must be a date"))
    # Landscape once the items and the hand, side and total columns are more than 12.
    wide = len(_columns(score)) + 3 > 12
    width = body_width(paper, wide)
    info = _sheet_info(score, played_on, first_dealer)
    heading, title_above = _heading(score, title, played_on, paper, wide)
    footer = gettext("Scorekeeper · %(game)s · score sheet") % {"game": game_name(score.game)}
    for layout in LAYOUTS:
        if layout.chart_beside_totals and not _totals_fit_beside(score, width):
            continue
        sheet = _sheet_story(score, info, width, first_dealer, layout)
        story = ([Paragraph(markup(title_above), TITLE)] if title_above else []) + sheet.story
        pdf = build(story, heading, paper, wide=wide, footer=footer)
        if layout.hands_whole or sheet.laid_out_well():
            return pdf
    raise AssertionError("the last layout is always taken")


#: A title too long for the title band, printed whole above the rest of page 1.
TITLE = ParagraphStyle(
    "sheet-title", parent=H2, fontSize=13, leading=16, spaceBefore=0, spaceAfter=5
)
#: The smallest size the title band draws its title at, and the share of the band's width it
#: has beside a subtitle (as games/printing/layout.py's draw_band_and_footer draws them).
BAND_TITLE_SIZE = 11.0
BAND_TITLE_ROOM = 0.64
BAND_NOTE_SIZE = 8.0


def _heading(
    score: GameScore, title: str, played_on: datetime.date | None, paper: str, wide: bool
) -> tuple[Heading, str]:
    """The title band, and the sheet's title where the band cannot hold it whole ("" where it
    can): then the band names the game in fewer words and the title is printed, wrapped, at
    the top of page 1. Nothing in the band is ever cut short."""
    room = body_width(paper, wide) * BAND_TITLE_ROOM

    def fits(text: str, size: float = BAND_TITLE_SIZE, bold: bool = True) -> bool:
        return fonts.text_width(text, size, bold) <= room

    game = score.game
    # Translators: the day a game was played, short, in Django's date format ("Y-m-d" gives
    # 2026-03-14; "d/m/Y" gives 14/03/2026).
    date = date_format(played_on, pgettext("a short date format", "Y-m-d")) if played_on else ""
    titled = game_title(game)
    full = title or titled
    sheet = gettext("Score sheet")
    if fits(full):
        note = titled if title else date
        return Heading(full, sheet, note if fits(note, BAND_NOTE_SIZE, False) else ""), ""
    names = (game_name(game), rule_set_name(game.rules))
    short = next((name for name in names if fits(name)), sheet)
    return Heading(short, sheet, date), full


def _check_first_dealer(score: GameScore, first_dealer: str | None) -> None:
    """Refuse a first dealer who is not at the table, or whose turn to deal would not be the
    dealer a hand says it had."""
    if first_dealer is None:
        return
    game = score.game
    if first_dealer not in game.players:
        raise PrintError(
            gettext("the first dealer %(name)s is not playing in this game")
            % {"name": first_dealer}
        )
    # Each hand's dealer follows from the hands before it (a dead hand is dealt again).
    dealers = game.dealers(first_dealer, score.hands)
    for hand, expected in zip(score.hands, dealers, strict=False):
        if hand.dealer is not None and hand.dealer != expected:
            said = {
                "first": first_dealer,
                "hand": hand_word_in_sentence(game.rules.hand_word),
                "number": hand.number,
                "expected": expected,
                "dealer": hand.dealer,
            }
            raise PrintError(
                gettext(
                    "with %(first)s dealing first, %(hand)s %(number)s is %(expected)s's deal, "
                    "but the game says %(dealer)s dealt it"
                )
                % said
            )


def _sheet_info(
    score: GameScore, played_on: datetime.date | None, first_dealer: str | None
) -> list[tuple[str, str]]:
    """The lines at the top of the sheet: rule set, date, players and sides, first dealer,
    house rules, the result and what the next hand needs."""
    game = score.game
    rules = game.rules
    own = game.own_game
    info: list[tuple[str, str]] = [(gettext("Rule set"), rule_set_name(rules))]
    if own:
        info.insert(0, (pgettext("a table's own game, as a heading", "Game"), own.name))
    if played_on:
        info.append((pgettext("the day a game is played", "Date"), long_date(played_on)))
    players = data.sides_heading(data.PLAYER)
    alone = all(side.players == (side.name,) for side in game.sides)
    if rules.seating is Seating.ALONE or alone:
        info.append((players, isolated_list(game.players)))
    else:
        seated = gettext("%(players)s (seating order)") % {"players": isolated_list(game.players)}
        info.append((players, seated))
        sides = "; ".join(_side_text(side) for side in game.sides)
        info.append((data.sides_heading(data.side_word(rules)), sides))
    if first_dealer:
        info.append((gettext("First dealer"), first_dealer))
    in_force = house_rules_in_force(rules, len(game.players))
    if in_force:
        house = gettext("House rules of %(game)s") % {"game": own.name} if own else None
        info.append((house or gettext("House rules"), "; ".join(in_force)))
    if own and own.note:
        info.append((pgettext("a table's note on its own game", "Note"), own.note))
    info.append((gettext("Result"), _result_text(score)))
    boxes = accounts.boxes_text(score)
    if boxes:
        info.append((pgettext("a score sheet's line: the hands each side won", "Boxes"), boxes))
    info += _in_and_out_info(score)
    upcoming = _next_hand_text(score)
    if upcoming:
        info.append((pgettext("the hand to be played next", "Next"), upcoming))
    return info


def _in_and_out_info(score: GameScore) -> list[tuple[str, str]]:
    """A knock-out game's lines: who was knocked out when, who bought back in at what total,
    and the pot in stakes."""
    story = knockouts.in_and_out(score)
    if story is None:
        return []
    lines = [
        (gettext("Knocked out"), knockouts.knocked_out_text(score, story)),
        (gettext("Rejoined"), knockouts.rejoined_text(score, story)),
    ]
    # Translators: a score sheet's line: the stakes in the pot, which the winner takes.
    pot = pgettext("the stakes a game's winner takes", "Pot")
    return [line for line in lines if line[1]] + [(pot, knockouts.pot_text(score))]


#: Languages that write the names of days and months in lower case inside a date, where
#: Django's catalogues capitalise some of them ("Sabato 14 Marzo 2026" in Italian).
NAMES_IN_LOWER_CASE = frozenset({"pt-br", "es", "it"})


def long_date(day: datetime.date) -> str:
    """The day in full, as the reader's language writes it: "Saturday 14 March 2026",
    "Sabato 14 marzo 2026" (capitalised only where it starts the line)."""
    # Translators: the day a game was played, in full, in Django's date format: "l j F Y" gives
    # "Saturday 14 March 2026"; "l, j \d\e F \d\e Y" gives "sábado, 14 de março de 2026".
    written = date_format(day, pgettext("a long date format", "l j F Y"))
    if get_language() in NAMES_IN_LOWER_CASE:
        written = written.lower()
        return written[:1].upper() + written[1:]
    return written


@dataclass(frozen=True)
class SheetLayout:
    """How the parts of a score sheet are laid out: the chart's height, and whether the chart
    stands beside the totals, or comes after the hands instead of before them."""

    chart_height: float = CHART_HEIGHT
    chart_after_hands: bool = False
    #: The chart to the right of the totals, as tall as they are (at least `chart_height`).
    chart_beside_totals: bool = False
    #: The hands of a short game on one page of their own rather than split.
    hands_whole: bool = False


#: The layouts tried in turn until the last hands of a short game share a page with the rest
#: and the chart shares one with the hands or the totals: as designed, with a shorter chart,
#: with the chart beside the totals, with the chart after the hands; failing those, the hands
#: start a page of their own.
LAYOUTS = (
    SheetLayout(),
    SheetLayout(chart_height=COMPACT_CHART_HEIGHT),
    SheetLayout(chart_beside_totals=True),
    SheetLayout(chart_height=COMPACT_CHART_HEIGHT, chart_beside_totals=True),
    SheetLayout(chart_after_hands=True),
    SheetLayout(hands_whole=True),
)
#: The share of the page's width the totals take with the chart beside them, and the gap.
TOTALS_BESIDE = 0.42
BESIDE_GAP = 14.0


def _totals_fit_beside(score: GameScore, width: float) -> bool:
    """Whether the totals read well in the room they have beside the chart (not a pot game's,
    with its four columns of numbers)."""
    return score.pot() is None and _totals_fit(score, width * TOTALS_BESIDE)


class _PageMark(Flowable):
    """Takes no room; notes the page it lands on (where the chart went)."""

    def __init__(self, pages: list[int]) -> None:
        super().__init__()
        self.pages = pages

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        self.pages.append(self.canv.getPageNumber())


@dataclass
class _Sheet:
    """A sheet's flowables in one layout, and, once built, where the hands and the chart went."""

    story: list[Flowable]
    layout: SheetLayout
    #: The grid of hands (None before the first hand, or for a game scored by totals alone).
    grid: HandGrid | None = None
    #: The page the chart was drawn on (empty: none, or not built yet).
    chart_pages: list[int] = dataclasses.field(default_factory=list)

    def laid_out_well(self) -> bool:
        """No short game's last hands alone on a page, and no chart after the hands alone on
        a page of its own."""
        if self.grid is None:
            return True
        placements = self.grid.placements
        if _last_hands_alone(placements):
            return False
        chart_alone = self.layout.chart_after_hands and self.chart_pages[-1:] != [placements[-1][0]]
        return not chart_alone


def _last_hands_alone(placements: list[tuple[int, int]]) -> bool:
    """Whether the hands went onto two pages with only one or two on either, or were pushed
    whole past the rest of the sheet: the hands of a short game that a tighter layout may keep
    on the first page. (A long game's last page always holds two or more hands: HandGrid never
    leaves one alone.)"""
    if len(placements) == 1:
        return placements[0][0] > 1
    return len(placements) == 2 and min(hands for _, hands in placements) <= 2


#: A cell of the totals grid: the hand's score, and under it the running total in bold.
SCORE = ParagraphStyle("score", parent=CELL, alignment=TA_RIGHT)
RUNNING = ParagraphStyle("running", parent=CELL_BOLD, alignment=TA_RIGHT)


def _totals_grid(score: GameScore, width: float) -> Table:
    """The hands of a game scored by its totals alone: a row per hand, a column per side, each
    cell the hand's score over the running total."""
    names = score.game.side_names
    head = [_p(hand_word(score.game.rules.hand_word), CELL_BOLD)] + [
        FitText(isolate(name), 8, bold=True, max_lines=2) for name in names
    ]
    rows: list[list] = [head]
    for hand in score.hands:
        rows.append(
            [_p(str(hand.number), CELL_BOLD)]
            + [
                [_p(number(hand.scores[name]), SCORE), _p(number(hand.totals[name]), RUNNING)]
                for name in names
            ]
        )
    first = 40
    table = Table(
        rows,
        colWidths=[first] + [(width - first) / len(names)] * len(names),
        repeatRows=1,
        hAlign="LEFT",
    )
    table.setStyle(grid_style(1, rows=len(rows)))
    return table


def _sheet_story(
    score: GameScore,
    info: list[tuple[str, str]],
    width: float,
    first_dealer: str | None,
    layout: SheetLayout,
) -> _Sheet:
    """The sheet's flowables in `layout`, with the grid of hands (None before the first)."""
    rules = score.game.rules
    sheet = _Sheet([_kv(info, width), Spacer(0, 6)], layout)
    story = sheet.story
    chart_title = gettext("Running totals, %(hand)s by %(hand)s") % {
        "hand": hand_word_in_sentence(rules.hand_word)
    }
    if layout.chart_beside_totals:
        story.append(_totals_beside_chart(score, width, chart_title, layout, sheet.chart_pages))
        story += accounts.final_account_block(score, width) + accounts.games_block(score, width)
        chart: list[Flowable] = []
    else:
        story.append(KeepTogether(_totals_block(score, width)))
        story += accounts.final_account_block(score, width) + accounts.games_block(score, width)
        drawing = _chart(score, width, layout.chart_height)
        chart = []
        if drawing is not None:
            chart_parts = [Paragraph(chart_title, H2), drawing, _PageMark(sheet.chart_pages)]
            chart.append(KeepTogether(chart_parts))
    if not layout.chart_after_hands:
        story += chart
    by_hand = {"Hand": hand_word(rules.hand_word), "hand": hand_word_in_sentence(rules.hand_word)}
    hands_title = Paragraph(gettext("%(Hand)s by %(hand)s") % by_hand, H2)
    if score.hands and rules.totals_only:
        # One number per side a hand: a row per hand, as the scoreboard's grid.
        note = gettext("Each cell: the %(hand)s's score, under it the running total.") % by_hand
        story.append(
            WithItsStart([hands_title, _p(note, CELL), Spacer(0, 3)], _totals_grid(score, width))
        )
    elif score.hands:
        if data.is_pot_game(rules):
            note = _pot_note(rules)
        else:
            note = gettext(
                "Each item shows the points it scored; items nobody scored in this game are "
                "left out."
            )
        note = " ".join(
            part for part in (_round_note(rules) + note, accounts.hands_note(score)) if part
        )
        # The note above the hands, so it never ends up alone on a page of its own; title and
        # note go wherever the first hands go.
        head = [hands_title, _p(note, CELL), Spacer(0, 3)]
        sheet.grid = _hands_table(score, width, first_dealer)
        if layout.hands_whole:
            story.append(KeepTogether([*head, sheet.grid]))
        else:
            story.append(WithItsStart(head, sheet.grid))
    else:
        story += [hands_title, _p(gettext("No hands played yet."))]
    if layout.chart_after_hands:
        story += chart
    return sheet


def _chart(score: GameScore, width: float, height: float) -> Flowable | None:
    """The running totals' chart; none for a session of several games, whose totals add up
    games that each run to the target (its games' table says how each stands)."""
    if score.games is not None:
        return None
    return story_drawing(score, width, height)


def _totals_block(score: GameScore, width: float) -> list[Flowable]:
    """The totals' heading and table, and for a pot game the pot under them."""
    block: list[Flowable] = [Paragraph(gettext("Totals"), H2), _totals_table(score, width)]
    if data.is_pot_game(score.game.rules):
        block += [Spacer(0, 3), _p(_pot_line(score))]
    return block


def _totals_beside_chart(
    score: GameScore, width: float, chart_title: str, layout: SheetLayout, chart_pages: list[int]
) -> Flowable:
    """The totals on the left and the chart on the right, as tall as the totals are (or the
    layout's chart height, where they are shorter)."""
    left = width * TOTALS_BESIDE
    right = width - left - BESIDE_GAP
    totals = _totals_block(score, left)
    _, totals_height = totals[1].wrap(left, 10_000)
    drawing = _chart(score, right, max(layout.chart_height, totals_height))
    chart: list[Flowable] = []
    if drawing is not None:
        chart = [Paragraph(chart_title, H2), drawing, _PageMark(chart_pages)]
    table = Table([[totals, chart]], colWidths=[left + BESIDE_GAP, right], hAlign="LEFT")
    table.setStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (0, 0), BESIDE_GAP),
            ("RIGHTPADDING", (1, 0), (1, 0), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    return table
