"""The filled score sheet of a game: players and sides, date, every hand itemized, the totals,
the winner, and for a rule set with a pot (Ten Pennies) the pennies and the pot."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from games.rules import FieldKind, GameScore, HandScore, RuleSet, Seating, Side, TallyField

from . import fonts
from . import ruledata as data
from .fonts import isolate, isolated_list, markup
from .grid import SIZE as GRID_SIZE
from .grid import Group, HandGrid
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
    word = rules.hand_word.lower()
    played = len(score.hands)
    if not score.finished:
        return f"Game in progress: {played} {word}{'s' if played != 1 else ''} played"
    winners = score.winners
    total = number(score.totals[winners[0]])
    why = rules.why_they_won(score)
    if len(winners) == 1:
        said = f"Winner: {isolate(winners[0])} with {total}"
    else:
        said = f"Shared win: {isolated_list(winners)}, each with {total}"
    return f"{said}. {why}" if why else said


def _next_hand_text(score: GameScore) -> str:
    """What the next hand asks of the sides: the round's card, each player's phase, or the
    opening minimums."""
    rules = score.game.rules
    if score.finished:
        return ""
    word = f"{rules.hand_word} {score.next_hand_number}"
    card = score.round_card
    if card is not None:
        return card.summary
    phases = score.phases
    if phases is not None:
        return f"{word}, phases: " + "; ".join(
            f"{isolate(player)} {phase}" for player, phase in phases.items()
        )
    minimums = score.opening_minimums()
    if not minimums:
        return ""
    return f"{word}, to open: " + "; ".join(
        f"{isolate(side)} {number(minimum)}" for side, minimum in minimums.items()
    )


def _totals_table(score: GameScore, width: float) -> Table:
    rules = score.game.rules
    winners = set(score.winners)
    pot = score.pot()
    # Players on their own: the side is the player, so no second column of the same names.
    alone = all(side.players == (side.name,) for side in score.game.sides)
    head = ["Player" if alone else data.side_word(rules)] + ([] if alone else ["Players"])
    head += ["Total"]
    if pot is not None:
        # What the winner collects (nobody pays anything out of the pot).
        head += ["Pennies in", "Buys left", "Takes from the pot"]
    rows: list[list] = [[_p(h, CELL_BOLD) for h in head]]
    order = sorted(
        score.game.sides,
        key=lambda s: -score.totals[s.name] if rules.high_score_wins else score.totals[s.name],
    )
    for side in order:
        won = side.name in winners
        name = isolate(side.name) + ("  \u2605 winner" if won else "")
        row: list = [FitText(name, 8.5, bold=won, max_lines=2)]
        if not alone:
            row.append(FitText(isolated_list(side.players), 8.5, max_lines=2))
        row.append(number(score.totals[side.name]))
        if pot is not None:
            row += [
                number(pot.pennies[side.name]),
                number(pot.buys_left[side.name]),
                number(pot.payout.get(side.name, 0)) if pot.payout else "",
            ]
        rows.append(row)
    numbers = 4 if pot is not None else 1
    first = width - 140 - 62 * numbers
    if alone:
        widths = [first + 140] + [62] * numbers
    else:
        widths = [first * 0.5, first * 0.5 + 140] + [62] * numbers
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = grid_style(1, rows=len(rows))
    total_column = 1 if alone else 2
    style.append(("ALIGN", (total_column, 1), (-1, -1), "RIGHT"))
    style.append(("FONTNAME", (total_column, 1), (total_column, -1), "Sans-Bold"))
    table.setStyle(style)
    return table


def _pot_line(score: GameScore) -> str:
    pot = score.pot()
    assert pot is not None
    text = f"The pot holds {number(pot.total)} {'penny' if pot.total == 1 else 'pennies'}."
    if pot.payout:
        paid = "; ".join(f"{isolate(name)} takes {number(n)}" for name, n in pot.payout.items())
        text += f" {paid}."
        if pot.odd_pennies:
            text += f" {number(pot.odd_pennies)} odd penny can't be split and stays in the bowl."
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
                if value != field.blank and value not in (0, None):
                    seen = True
                    break
            if seen:
                used.append((field.name, field.label, field.kind))
                break
    return used


def _cell_value(score: GameScore, hand, side: str, name: str, kind: FieldKind) -> str:
    tally = hand.tallies[side]
    if tally is None:
        return ""
    parts = hand.breakdown[side]
    if name in parts:
        value = parts[name]
        return number(value) if value else ""
    value = tally.get(name)
    if kind is FieldKind.YES_NO:
        field = score.game.rules.field_named(score.game, name)
        if field is not None and bool(value) == bool(field.blank):
            return ""
        return "yes" if value else "no"
    return number(int(value)) if value else ""


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

    @property
    def headings_before_items(self) -> list[str]:
        return ["Phase"] if self.phases is not None else []

    @property
    def headings_after_items(self) -> list[str]:
        extra = ["Pennies in"] if self.pennies else []
        return extra + (["Hand score", "Total"] if self.hand_score else ["Total"])


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
        alone_column=next(
            (
                index
                for index, (name, _, _) in enumerate(items)
                if alone is not None and name == alone.name
            ),
            None,
        ),
    )


def _hands_table(score: GameScore, width: float, first_dealer: str | None) -> HandGrid:
    rules = score.game.rules
    columns = _hand_columns(score)
    hand_width, side_width = 40.0, max(70.0, min(120.0, width * 0.15))
    groups = []
    any_dealer = False
    for hand in score.hands:
        label = _hand_label(score, hand, first_dealer)
        any_dealer = any_dealer or len(label) > 1
        groups.append(_hand_group(score, hand, label, columns))
    # The name under a hand's number is who dealt it: the heading says so.
    hand_heading = f"{rules.hand_word} dealt by" if any_dealer else rules.hand_word
    headings = [hand_heading, data.side_word(rules)]
    before = columns.headings_before_items
    headings += before + [label for _, label, _ in columns.items] + columns.headings_after_items
    count = len(before) + len(columns.items) + len(columns.headings_after_items)
    widths = [hand_width, side_width]
    widths += _number_column_widths(groups, count, width - hand_width - side_width)
    last = len(widths) - 1
    return HandGrid(
        headings,
        widths,
        groups,
        item_columns=(2 + len(before), 1 + len(before) + len(columns.items)),
        bold_columns=frozenset({last}),
        shaded_columns=frozenset({last}),
        rule_before=2 + len(before) + len(columns.items) + (1 if columns.pennies else 0),
    )


def _hand_label(
    score: GameScore, hand: HandScore, first_dealer: str | None
) -> list[tuple[str, float, bool]]:
    """The hand's number, and under it who dealt it when the game knows."""
    dealer = hand.dealer
    if dealer is None and first_dealer:
        dealer = score.game.dealer_for(first_dealer, hand.number)
    label = [(str(hand.number), 9.0, True)]
    if dealer:
        label.append((dealer, 7.0, False))
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
    for index, side in enumerate(score.game.side_names):
        row = ["", side]
        if columns.phases is not None:
            row.append(str(columns.phases[hand.number - 1][side]))
        if hand.tallies[side] is None:
            row += [""] * len(columns.items)
            if columns.items:
                group.notes[index] = "total only"
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
            group.notes[index] = ("nothing else counts", "nothing else")
            group.note_spans[index] = (2 + others[0], 2 + others[-1])
    elif alone is not None and columns.items:
        # It scores alone: the other entries of both sides are ignored.
        group.notes[index] = (
            (f"{alone.label}: nothing else counts", alone.label)
            if side == splasher
            else (
                f"{alone.label} by {isolate(splasher)}: these entries ignored",
                f"ignored: {alone.label} by the other side",
                f"ignored ({alone.label})",
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
    scored = [f.heading.lower() for f in rules.tally_fields if f not in pennies]
    counts = [f.heading.lower() for f in pennies]
    kind = "points" if rules.high_score_wins else "penalty points"
    parts = []
    if scored:
        parts.append(f"{data.and_list(scored)} are {kind}")
    parts.append(f"{data.and_list(counts)} are counts, a penny each into the pot")
    text = "; ".join(parts)
    return f"{text[:1].upper()}{text[1:]}. Columns nobody used in this game are left out."


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
        raise PrintError("the date must be a date")
    # Landscape once the items and the hand, side and total columns are more than 12.
    wide = len(_columns(score)) + 3 > 12
    width = body_width(paper, wide)
    info = _sheet_info(score, played_on, first_dealer)
    name = score.game.title
    heading = Heading(
        title or name,
        "Score sheet",
        name if title else (played_on.isoformat() if played_on else ""),
    )
    footer = f"Scorekeeper \u00b7 {score.game.name} \u00b7 score sheet"
    for layout in LAYOUTS:
        story, grid = _sheet_story(score, info, width, first_dealer, layout)
        pdf = build(story, heading, paper, wide=wide, footer=footer)
        if grid is None or layout.hands_whole or not _last_hands_alone(grid.placements):
            return pdf
    raise AssertionError("the last layout is always taken")


def _check_first_dealer(score: GameScore, first_dealer: str | None) -> None:
    """Refuse a first dealer who is not at the table, or whose turn to deal would not be the
    dealer a hand says it had."""
    if first_dealer is None:
        return
    game = score.game
    if first_dealer not in game.players:
        raise PrintError(f"the first dealer {first_dealer} is not playing in this game")
    for hand in score.hands:
        expected = game.dealer_for(first_dealer, hand.number)
        if hand.dealer is not None and hand.dealer != expected:
            raise PrintError(
                f"with {first_dealer} dealing first, {game.rules.hand_word.lower()} "
                f"{hand.number} is {expected}'s deal, but the game says {hand.dealer} dealt it"
            )


def _sheet_info(
    score: GameScore, played_on: datetime.date | None, first_dealer: str | None
) -> list[tuple[str, str]]:
    """The lines at the top of the sheet: rule set, date, players and sides, first dealer,
    house rules, the result and what the next hand needs."""
    game = score.game
    rules = game.rules
    own = game.own_game
    info: list[tuple[str, str]] = [("Rule set", rules.name)]
    if own:
        info.insert(0, ("Game", own.name))
    if played_on:
        info.append(("Date", played_on.strftime("%A %-d %B %Y")))
    word = data.side_word(rules)
    alone = all(side.players == (side.name,) for side in game.sides)
    if rules.seating is Seating.ALONE or alone:
        info.append(("Players", isolated_list(game.players)))
    else:
        info.append(("Players", isolated_list(game.players) + " (seating order)"))
        info.append((f"{word}s", "; ".join(_side_text(side) for side in game.sides)))
    if first_dealer:
        info.append(("First dealer", first_dealer))
    in_force = rules.house_rules_in_force(len(game.players))
    if in_force:
        info.append((f"House rules of {own.name}" if own else "House rules", "; ".join(in_force)))
    if own and own.note:
        info.append(("Note", own.note))
    info.append(("Result", _result_text(score)))
    upcoming = _next_hand_text(score)
    if upcoming:
        info.append(("Next", upcoming))
    return info


@dataclass(frozen=True)
class SheetLayout:
    """How the parts of a score sheet are laid out: the chart's height, and whether the chart
    comes after the hands instead of before them."""

    chart_height: float = CHART_HEIGHT
    chart_after_hands: bool = False
    #: The hands of a short game on one page of their own rather than split.
    hands_whole: bool = False


#: The layouts tried in turn until the last hands of a short game share a page with the rest:
#: as designed, with a shorter chart, with the chart after the hands; failing those, the hands
#: start a page of their own.
LAYOUTS = (
    SheetLayout(),
    SheetLayout(chart_height=COMPACT_CHART_HEIGHT),
    SheetLayout(chart_after_hands=True),
    SheetLayout(hands_whole=True),
)


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
    head = [_p(score.game.rules.hand_word, CELL_BOLD)] + [
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
) -> tuple[list[Flowable], HandGrid | None]:
    """The sheet's flowables in `layout`, and the grid of hands (None before the first)."""
    rules = score.game.rules
    story: list[Flowable] = [_kv(info, width), Spacer(0, 6)]
    totals_block: list[Flowable] = [Paragraph("Totals", H2), _totals_table(score, width)]
    if data.is_pot_game(rules):
        totals_block += [Spacer(0, 3), _p(_pot_line(score))]
    story.append(KeepTogether(totals_block))
    chart: list[Flowable] = []
    drawing = story_drawing(score, width, layout.chart_height)
    if drawing is not None:
        chart_title = f"Running totals, {rules.hand_word.lower()} by {rules.hand_word.lower()}"
        chart.append(KeepTogether([Paragraph(chart_title, H2), drawing]))
    if not layout.chart_after_hands:
        story += chart
    hands_title = Paragraph(f"{rules.hand_word} by {rules.hand_word.lower()}", H2)
    grid = None
    if score.hands and rules.totals_only:
        # One number per side a hand: a row per hand, as the scoreboard's grid.
        note = f"Each cell: the {rules.hand_word.lower()}'s score, under it the running total."
        story.append(
            WithItsStart([hands_title, _p(note, CELL), Spacer(0, 3)], _totals_grid(score, width))
        )
    elif score.hands:
        if data.is_pot_game(rules):
            note = _pot_note(rules)
        else:
            note = (
                "Each item shows the points it scored; items nobody scored in this game are "
                "left out."
            )
        # The note above the hands, so it never ends up alone on a page of its own; title and
        # note go wherever the first hands go.
        head = [hands_title, _p(note, CELL), Spacer(0, 3)]
        grid = _hands_table(score, width, first_dealer)
        if layout.hands_whole:
            story.append(KeepTogether([*head, grid]))
        else:
            story.append(WithItsStart(head, grid))
    else:
        story += [hands_title, _p("No hands played yet.")]
    if layout.chart_after_hands:
        story += chart
    return story, grid
