"""The blank score pad: a row per side in every hand, a column per tally item, the hand score and
the running total, with the opening minimums (or the round table) where the scorekeeper looks."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer, Table

from games.rules import FieldKind, OpeningKind, RuleSet
from games.rules.own_game import OwnGame
from games.words import (
    field_label,
    filling,
    hand_word,
    house_rules_in_force,
    own_game_title,
    phase_words,
    round_pad_lines,
    rule_set_name,
    short_label,
    victory_points_heading,
)

from . import ruledata as data
from . import victory
from .fonts import SANS, text_width
from .knockouts import knocks_out
from .layout import (
    FAINT,
    HINT,
    INK,
    MIN_SIZE,
    SHADE,
    SHADE_DARK,
    FitText,
    Heading,
    PrintError,
    UpwardText,
    body_height,
    body_width,
    build,
    check_paper,
    draw_text,
    number,
)

MAX_PAGES = 20
MAX_NAME = 200
MIN_ROW = 14.0
MAX_ROW = 26.0
#: The narrowest column: two upward lines, a label and its hint.
MIN_COLUMN = 24.0
#: A column wide enough for three upward lines (a label over two and its hint); the side
#: column gives up width for it, down to SIDE_FLOOR.
READABLE_COLUMN = 29.0
SIDE_FLOOR = 48.0
#: Columns at least this wide get a heading across; narrower ones a heading that reads upwards.
ACROSS_COLUMN = 50.0
HEADER_HEIGHT = 44.0
#: The shortest upward heading; taller where a label and its hint need it to read whole.
UPWARD_HEADER_HEIGHT = 92.0
#: The grid's cell padding: left and right, top and bottom.
CELL_PAD_X = 2.0
CELL_PAD_Y = 1.0


@dataclass(frozen=True)
class Column:
    label: str
    hint: str = ""
    total: bool = False
    #: The hands this column is asked in (None: every hand).
    hands: frozenset[int] | None = None


def pad_columns(rules: RuleSet) -> list[Column]:
    """The columns after Hand and Side: what the scorekeeper writes in each hand."""
    columns: list[Column] = []
    if rules.opening.kind is OpeningKind.BY_TOTAL:
        columns.append(
            Column(gettext("To open"), pgettext("the least a side opens with", "minimum"))
        )
    if rules.phase_track is not None:  # each player on a phase of their own (Phase 10)
        played = gettext("1 to %(last)s, played") % {"last": rules.phase_track.last}
        columns.append(Column(gettext("Phase"), played))
    columns += [
        Column(
            field_label(rules, f),
            filling.pad_hint(rules, f.name, data.pad_hint(f)),
            hands=f.hands,
        )
        for f in rules.tally_fields
        if f.name not in rules.unwritten_fields
    ]
    # Translators: under "Total" on a score pad: the total so far, hand after hand.
    running = gettext("running")
    if rules.pot is not None:
        columns.append(Column(gettext("Pennies in"), data.pennies_in_hint(rules)))
        buys = gettext("of %(buys)s") % {"buys": number(rules.pot.buys_per_game)}
        columns.append(Column(gettext("Buys left"), buys))
        columns.append(Column(gettext("Total"), running, total=True))
    else:
        counts = any(f.kind is FieldKind.COUNT and f.points_each for f in rules.tally_fields)
        if counts:
            hint = gettext("each count × its value, + the points")
        else:
            hint = gettext("sum of the row")
        columns.append(Column(gettext("Hand score"), hint, total=True))
        columns.append(Column(gettext("Total"), running, total=True))
    return columns


def one_page_pot(rules: RuleSet) -> bool:
    """A pot and a fixed number of hands: every hand and the pot on one page, the players
    across (Ten Pennies); other rule sets get a row per side in every hand."""
    return data.is_pot_game(rules) and rules.fixed_hands is not None


def hand_column_width(rules: RuleSet) -> float:
    if one_page_pot(rules):
        return 92.0
    if rules.rounds:  # each round's card under its number ("Deal 5", "2 sets + 1 run")
        return 64.0
    if rules.opening.kind is OpeningKind.BY_HAND:
        return 46.0
    return 30.0


def choose_layout(
    rules: RuleSet, sides: int, paper: str, columns: int, names: list[str] | None = None
) -> tuple[bool, float]:
    """(landscape?, side column width): portrait when the columns fit it, else landscape; the
    side column as wide as the longest name needs, up to a quarter of the page, but never so
    wide that the columns are left too narrow for their headings to read in three lines (names
    are cut short before headings are)."""
    fixed = hand_column_width(rules)
    widest = max((text_width(name, 8) + 8 for name in names or []), default=0.0)
    wanted = max(64.0, widest)
    for column in (READABLE_COLUMN, MIN_COLUMN):
        for wide in (False, True):
            width = body_width(paper, wide)
            side = min(wanted, width * 0.25, width - fixed - column * columns)
            if side >= SIDE_FLOOR:
                return wide, side
    width = body_width(paper, True)
    return True, max(SIDE_FLOOR, width - fixed - MIN_COLUMN * columns)


def header_height(columns: list[Column], column_width: float) -> float:
    """The heading row's height: room for every label and hint to read whole."""
    if column_width >= ACROSS_COLUMN:
        return HEADER_HEIGHT
    inner = column_width - 2 * CELL_PAD_X
    start = UPWARD_HEADER_HEIGHT - 2 * CELL_PAD_Y
    needed = max(UpwardText(c.label, c.hint).length_needed(inner, start) for c in columns)
    return needed + 2 * CELL_PAD_Y


def check_pad(
    rules: RuleSet, sides: int, names: list[str] | None, paper: str, pages: int
) -> tuple[str, list[str]]:
    paper = check_paper(paper)
    allowed = data.side_counts(rules)
    players = data.side_word(rules) == data.PLAYER
    if isinstance(sides, bool) or not isinstance(sides, int) or sides not in allowed:
        raise PrintError(_not_for(rules, allowed, sides, players))
    if isinstance(pages, bool) or not isinstance(pages, int) or not 1 <= pages <= MAX_PAGES:
        raise PrintError(
            gettext("pages must be a whole number from 1 to %(most)s") % {"most": MAX_PAGES}
        )
    cleaned = [" ".join(str(n).split()) for n in (names or [])]
    if len(cleaned) > sides:
        counts = {"names": len(cleaned), "count": sides}
        if players:
            raise PrintError(gettext("%(names)s names given for %(count)s players") % counts)
        raise PrintError(gettext("%(names)s names given for %(count)s sides") % counts)
    for name in cleaned:
        if len(name) > MAX_NAME:
            raise PrintError(
                gettext("a name can be at most %(most)s characters") % {"most": MAX_NAME}
            )
    return paper, cleaned


def _not_for(rules: RuleSet, allowed: list[int], sides: object, players: bool) -> str:
    """Why a pad of `sides` sides is refused: "(the rule set) is scored for 2 sides, not 3"."""
    if len(allowed) <= 2:
        choice = data.or_list([str(n) for n in allowed])
    else:
        choice = gettext("%(low)s to %(high)s") % {"low": allowed[0], "high": allowed[-1]}
    values = {"game": rule_set_name(rules), "choice": choice, "count": sides}
    if players:
        return gettext("%(game)s is scored for %(choice)s players, not %(count)s") % values
    return gettext("%(game)s is scored for %(choice)s sides, not %(count)s") % values


def _legend(rules: RuleSet, width: float) -> Table | None:
    texts = []
    if rules.pot is not None:
        texts.append(data.pot_legend(rules))
    opening = data.opening_legend(rules)
    if opening:
        texts.append(gettext("To open: %(minimums)s") % {"minimums": opening})
    numbers = house_rules_in_force(rules, None)
    if numbers and not rules.totals_only:
        texts.append(gettext("House rules: %(rules)s") % {"rules": "; ".join(numbers)})
    rows = [[FitText(text, 8, max_lines=2)] for text in texts]
    # The pad's own instructions ("Write the card values...") print whether or not there is
    # anything above them.
    note = filling.pad_note(rules)
    if note:
        rows.append([FitText(note, 8, max_lines=3)])
    if not rows:
        return None
    table = Table(rows, colWidths=[width], hAlign="LEFT")
    table.setStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), SANS),
            ("BACKGROUND", (0, 0), (-1, -1), SHADE),
            ("BOX", (0, 0), (-1, -1), 0.6, INK),
            ("LEFTPADDING", (0, 0), (-1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ]
    )
    return table


def _names_strip(labels: list[str], word: str, width: float) -> Table:
    """Lines to write the sides' names on ("Side A ______"), for a pad printed blank."""
    per_row = 4
    rows, row = [], []
    for label in labels:
        row += [FitText(data.side_called(word, label), 8, bold=True), ""]
        if len(row) == per_row * 2:
            rows.append(row)
            row = []
    used_last = len(row) // 2 if row else per_row
    if row:
        rows.append(row + [""] * (per_row * 2 - len(row)))
    cell = width / per_row
    # Each label whole ("Squadra A"), with a line of at least half the cell after it.
    called = max(text_width(data.side_called(word, label), 8, True) for label in labels)
    label_width = min(cell / 2, max(40.0, called + 6))
    widths = [label_width, cell - label_width] * per_row
    table = Table(rows, colWidths=widths, rowHeights=[20] * len(rows), hAlign="LEFT")
    style: list[tuple[object, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ]
    for index in range(per_row):
        # A line to write on only after a label: the last row may be short.
        last = len(rows) - 1 if index < used_last else len(rows) - 2
        if last >= 0:
            style.append(("LINEBELOW", (index * 2 + 1, 0), (index * 2 + 1, last), 0.6, INK))
        style.append(("RIGHTPADDING", (index * 2 + 1, 0), (index * 2 + 1, -1), 10))
    table.setStyle(style)
    return table


def _hand_cell(rules: RuleSet, number_: int) -> list[Flowable]:
    card = rules.round_card(number_)
    if card is not None:
        first, *others = round_pad_lines(rules, card)
        # The contract and a middle line may take two lines of the cell (a contract cut with
        # "…" is no contract); the last sits at its foot.
        return [
            FitText(f"{hand_word(rules.hand_word)} {number_}", 9, bold=True, max_lines=1),
            FitText(first, 7.5, max_lines=2),
            *(
                FitText(line, 7, max_lines=1 if index == len(others) - 1 else 2)
                for index, line in enumerate(others)
            ),
        ]
    minimum = rules.opening.hand_minimum(number_)
    if minimum is not None:
        return [
            FitText(str(number_), 11, bold=True, align="center", max_lines=1),
            FitText(
                gettext("open %(minimum)s") % {"minimum": number(minimum)},
                7,
                align="center",
                max_lines=1,
            ),
        ]
    return [FitText(str(number_), 10, bold=True, align="center", max_lines=1)]


#: The pad's grid: fine rules, a heavy frame, the heading row shaded and ruled off.
GRID_STYLE: tuple[tuple[object, ...], ...] = (
    ("FONTNAME", (0, 0), (-1, -1), SANS),
    ("GRID", (0, 0), (-1, -1), 0.4, FAINT),
    ("BOX", (0, 0), (-1, -1), 1.0, INK),
    ("BACKGROUND", (0, 0), (-1, 0), SHADE_DARK),
    ("LINEBELOW", (0, 0), (-1, 0), 1.0, INK),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD_X),
    ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD_X),
    ("TOPPADDING", (0, 0), (-1, -1), CELL_PAD_Y),
    ("BOTTOMPADDING", (0, 0), (-1, -1), CELL_PAD_Y),
)


def _grid(
    rules: RuleSet,
    hands: list[int],
    side_cells: list[str],
    columns: list[Column],
    widths: list[float],
    row_height: float,
    carried: bool,
    header_height: float,
) -> Table:
    """The hands of one page; `carried` starts it with a row per side for the totals brought
    forward from the page before."""
    rows: list[list] = [_grid_header(rules, columns, widths)]
    style = list(GRID_STYLE)
    first_total = next(i for i, c in enumerate(columns) if c.total) + 2
    last = len(widths) - 1
    style.append(("LINEBEFORE", (first_total, 0), (first_total, -1), 1.0, INK))
    style.append(("BACKGROUND", (last, 1), (last, -1), SHADE))
    if carried:
        _add_brought_forward(rows, style, side_cells, columns, last)
    for index, hand in enumerate(hands):
        _add_hand(rules, rows, style, index, hand, side_cells, columns)
    heights = [header_height] + [row_height] * (len(rows) - 1)
    table = Table(rows, colWidths=widths, rowHeights=heights, hAlign="LEFT")
    table.setStyle(style)
    return table


def _grid_header(rules: RuleSet, columns: list[Column], widths: list[float]) -> list:
    """Hand, Side, then each column's label over its hint: across where the columns are wide
    enough for it, else all reading upwards."""
    upward = min(widths[2:]) < ACROSS_COLUMN
    header: list = [
        FitText(hand_word(rules.hand_word), 7.5, bold=True, align="center"),
        FitText(data.side_heading(data.side_word(rules)), 7.5, bold=True),
    ]
    for column in columns:
        if upward:
            header.append(UpwardText(column.label, column.hint))
        else:
            header.append(
                [
                    FitText(column.label, 7.5, bold=True, align="center", max_lines=3),
                    FitText(column.hint, 7, align="center", max_lines=2, color=HINT),
                ]
            )
    return header


def _add_brought_forward(
    rows: list[list],
    style: list[tuple[object, ...]],
    side_cells: list[str],
    columns: list[Column],
    last: int,
) -> None:
    """A continuation page's first rows: each side's total from the page before, in its last
    column (the rest of the row shaded over)."""
    top, sides = len(rows), len(side_cells)
    for side_index, side in enumerate(side_cells):
        cell = [] if side_index else [FitText(gettext("Brought forward"), 7, align="center")]
        rows.append([cell, FitText(side, 8, max_lines=1)] + [""] * len(columns))
    style.append(("SPAN", (0, top), (0, top + sides - 1)))
    style.append(("SPAN", (2, top), (last - 1, top + sides - 1)))
    style.append(("BACKGROUND", (0, top), (last - 1, top + sides - 1), SHADE_DARK))
    style.append(("LINEBELOW", (0, top + sides - 1), (-1, top + sides - 1), 1.0, INK))


def _add_hand(
    rules: RuleSet,
    rows: list[list],
    style: list[tuple[object, ...]],
    index: int,
    hand: int,
    side_cells: list[str],
    columns: list[Column],
) -> None:
    """A hand's rows, one per side: its number (and minimum or round card) in the first cell,
    every other hand shaded, and the columns not asked in it filled in with a dash."""
    top, sides = len(rows), len(side_cells)
    for side_index, side in enumerate(side_cells):
        cell = [] if side_index else _hand_cell(rules, hand)
        rows.append([cell, FitText(side, 8, max_lines=3)] + [""] * len(columns))
    style.append(("SPAN", (0, top), (0, top + sides - 1)))
    style.append(("LINEBELOW", (0, top + sides - 1), (-1, top + sides - 1), 1.0, INK))
    if index % 2:
        style.append(("BACKGROUND", (0, top), (1, top + sides - 1), SHADE))
    else:
        style.append(("BACKGROUND", (0, top), (0, top + sides - 1), SHADE))
    for column_index, column in enumerate(columns, start=2):
        if column.hands is not None and hand not in column.hands:
            # Not asked in this hand: nothing to write, so nothing to add up wrongly.
            style.append(
                ("BACKGROUND", (column_index, top), (column_index, top + sides - 1), SHADE_DARK)
            )
            style.append(("SPAN", (column_index, top), (column_index, top + sides - 1)))
            rows[top][column_index] = FitText("\u2014", 8, align="center", color=FAINT)


class WriteOnLine(Flowable):
    """A small label and a ruled line after it to the cell's right edge, to write on."""

    #: Tall enough to write a name above the line.
    HEIGHT = 18.0

    def __init__(self, label: str) -> None:
        super().__init__()
        self.label = label

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width, self.height = avail_width, self.HEIGHT
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        baseline = 2.0
        canvas.setFillColor(HINT)
        draw_text(canvas, 2, baseline, self.label, MIN_SIZE)
        start = 2 + text_width(self.label, MIN_SIZE) + 3
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.6)
        canvas.line(start, baseline - 1, self.width - 4, baseline - 1)


def _pot_grid(rules: RuleSet, side_cells: list[str], named: bool, width: float) -> Table:
    """A pot and fixed hands (Ten Pennies): the players across, a cell for each tally item
    under every hand's card, the running total below them, and the pennies each put in at the
    foot; so every hand and the pot fit one page for any number of players."""
    players = len(side_cells)
    per = len(rules.tally_fields)
    round_width = 96.0
    cell = (width - round_width) / (players * per)
    widths = [round_width] + [cell] * (players * per)
    rows: list[list] = list(_pot_headings(rules, side_cells, named))
    style: list[tuple[object, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        ("GRID", (0, 0), (-1, -1), 0.4, FAINT),
        ("BOX", (0, 0), (-1, -1), 1.0, INK),
        ("BACKGROUND", (0, 0), (-1, 1), SHADE_DARK),
        ("LINEBELOW", (0, 1), (-1, 1), 1.0, INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("SPAN", (0, 0), (0, 1)),
    ]
    if not named:
        # Blank name cells: a labelled space to write each name in.
        style.append(("VALIGN", (1, 0), (-1, 0), "TOP"))
    for index in range(players):
        first = 1 + index * per
        style.append(("SPAN", (first, 0), (first + per - 1, 0)))
        style.append(("LINEBEFORE", (first, 0), (first, -1), 1.0, INK))
    # A blank pad's name cells hold a line to write on under the player's letter.
    heights = [30.0 if named else 34.0, 11.0]
    for number_ in range(1, (rules.fixed_hands or 0) + 1):
        _add_pot_hand(rules, rows, style, number_, players)
        heights += [31.0, 17.0]
    _add_pennies_in(rules, rows, style, players)
    heights.append(24.0)
    table = Table(rows, colWidths=widths, rowHeights=heights, hAlign="LEFT")
    table.setStyle(style)
    return table


def _pot_headings(rules: RuleSet, side_cells: list[str], named: bool) -> tuple[list, list]:
    """The two heading rows: each player's name over their items' headings."""
    headings = [short_label(rules, f) for f in rules.tally_fields]
    top, sub = _name_headings(rules, side_cells, named, headings)
    return top, sub


def _name_headings(
    rules: RuleSet, side_cells: list[str], named: bool, labels: list[str]
) -> list[list]:
    """A players-across pad's two heading rows: each player's name (or, no name given, the
    player's letter and a labelled line to write the name on) over their cells' `labels`."""
    top: list = [FitText(hand_word(rules.hand_word), 8, bold=True, align="center")]
    sub: list = [FitText("", 7)]
    word = data.side_word(rules)
    for name in side_cells:
        heading: list[Flowable]
        if named or len(name) > 1:
            heading = [FitText(name, 8.5, bold=True, align="center", max_lines=2)]
        else:
            heading = [
                FitText(data.side_called(word, name), 8.5, bold=True, align="center", max_lines=1),
                WriteOnLine(pgettext("a line to write a player's name on", "name")),
            ]
        top += [heading] + [""] * (len(labels) - 1)
        sub += [FitText(label, 7, align="center", max_lines=1) for label in labels]
    return [top, sub]


def _add_pot_hand(
    rules: RuleSet, rows: list[list], style: list[tuple[object, ...]], number_: int, players: int
) -> None:
    """A hand's two rows: its card beside a cell per item for each player, then each player's
    running total across their items, shaded."""
    per = len(rules.tally_fields)
    entry, total = len(rows), len(rows) + 1
    rows.append([_hand_cell(rules, number_)] + [""] * (players * per))
    rows.append([""] + [""] * (players * per))
    running = pgettext("a player's total so far, under a hand", "total")
    rows[total][1::per] = [FitText(running, 7, color=HINT)] * players
    style.append(("SPAN", (0, entry), (0, total)))
    for index in range(players):
        first = 1 + index * per
        style.append(("SPAN", (first, total), (first + per - 1, total)))
    style.append(("BACKGROUND", (1, total), (-1, total), SHADE))
    style.append(("VALIGN", (1, total), (-1, total), "TOP"))
    style.append(("LINEBELOW", (0, total), (-1, total), 1.0, INK))


def _add_pennies_in(
    rules: RuleSet, rows: list[list], style: list[tuple[object, ...]], players: int
) -> None:
    """The foot: a cell per player for the pennies they put in the pot over the game."""
    per = len(rules.tally_fields)
    pennies = len(rows)
    pennies_heading = gettext("Pennies in (%(what)s)") % {"what": data.pennies_in_hint(rules)}
    rows.append([FitText(pennies_heading, 8, bold=True, max_lines=2)])
    rows[pennies] += [""] * (players * per)
    for index in range(players):
        first = 1 + index * per
        style.append(("SPAN", (first, pennies), (first + per - 1, pennies)))
    style.append(("BACKGROUND", (0, pennies), (0, pennies), SHADE))


#: A side's two cells in a hand of the column pad: the hand's score, and the running total.
COLUMN_PAD_CELLS = (
    pgettext_lazy("a hand's score, as a column heading", "Hand"),
    gettext_lazy("Total"),
)
#: Sides that fit across a portrait page in the column pad.
COLUMN_PAD_PORTRAIT = 6
COLUMN_PAD_ROW = 20.0
COLUMN_PAD_HEADER = 30.0


def _column_pad_story(
    rules: RuleSet, sides: int, names: list[str], paper: str, pages: int
) -> tuple[list[Flowable], bool]:
    """A plain pad for a game scored by its total alone: a column per side, a row per hand,
    each side's hand score beside its running total."""
    wide = sides > COLUMN_PAD_PORTRAIT
    width = body_width(paper, wide)
    letters, side_cells, named = _side_cells(names, sides)
    word = pad_word(rules, names)
    strip = None if named else _names_strip(letters, word, width)
    legend = _legend(rules, width)
    room = body_height(paper, wide) - COLUMN_PAD_HEADER - 11.0 - 26
    if legend is not None:
        room -= legend.wrap(width, 1000)[1] + 6
    if strip is not None:
        room -= 22 * ((sides + 3) // 4) + 6
    per_page = max(1, int(room // COLUMN_PAD_ROW))
    if rules.fixed_hands is not None:
        per_page = min(per_page, rules.fixed_hands)
    story: list[Flowable] = []
    first_hand = 1
    for page in range(pages):
        story += _page_top(bool(story), strip, legend)
        hands = range(first_hand, first_hand + per_page)
        if rules.fixed_hands is not None:
            hands = range(first_hand, min(first_hand + per_page, rules.fixed_hands + 1))
        story += [_column_pad_table(rules, side_cells, named, hands, width, word), Spacer(0, 8)]
        first_hand += per_page
        # A game of a set number of hands ends its pad after the last of them.
        game_over = rules.fixed_hands is not None and first_hand > rules.fixed_hands
        if page == pages - 1 or game_over:
            story.append(_closing_line(rules, width))
            if game_over:
                break
    return story, wide


def pad_word(rules: RuleSet, names: list[str]) -> str:
    """What a pad calls a side: a pad for any game is for players each on their own unless
    its names are teams ("Ann & Cy"); every other pad says what its rule set seats."""
    if rules.totals_only and not any("&" in name for name in names):
        return "Player"
    return data.side_word(rules)


def _column_pad_table(
    rules: RuleSet,
    side_cells: list[str],
    named: bool,
    hands: range,
    width: float,
    word: str,
) -> Table:
    """One page of the column pad: each side's name over its Hand and Total columns (the
    totals shaded), a row for each of `hands`."""
    sides, per = len(side_cells), len(COLUMN_PAD_CELLS)
    hand_width = 34.0
    cell = (width - hand_width) / (sides * per)
    top: list = [FitText(hand_word(rules.hand_word), 8, bold=True, align="center")]
    sub: list = [FitText("", 7)]
    for name in side_cells:
        label = name if named or len(name) > 1 else data.side_called(word, name)
        top += [FitText(label, 9, bold=True, align="center", max_lines=2)] + [""] * (per - 1)
        sub += [FitText(str(item), 7, align="center", color=INK) for item in COLUMN_PAD_CELLS]
    rows: list[list] = [top, sub]
    for hand in hands:
        rows.append([FitText(str(hand), 9, bold=True, align="center")] + [""] * (sides * per))
    style: list[tuple[object, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        ("GRID", (0, 0), (-1, -1), 0.4, FAINT),
        ("BOX", (0, 0), (-1, -1), 1.0, INK),
        ("BACKGROUND", (0, 0), (-1, 1), SHADE_DARK),
        ("BACKGROUND", (0, 2), (0, -1), SHADE),
        ("LINEBELOW", (0, 1), (-1, 1), 1.0, INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("SPAN", (0, 0), (0, 1)),
    ]
    for index in range(sides):
        first = 1 + index * per
        style.append(("SPAN", (first, 0), (first + per - 1, 0)))
        style.append(("LINEBEFORE", (first, 0), (first, -1), 1.0, INK))
        style.append(("BACKGROUND", (first + 1, 2), (first + 1, -1), SHADE))
    widths = [hand_width] + [cell] * (sides * per)
    heights = [COLUMN_PAD_HEADER, 11.0] + [COLUMN_PAD_ROW] * (len(rows) - 2)
    table = Table(rows, colWidths=widths, rowHeights=heights, hAlign="LEFT")
    table.setStyle(style)
    return table


def _side_cells(names: list[str], sides: int) -> tuple[list[str], list[str], bool]:
    """The sides' letters (A, B, ...), what each side's cells show (its name, else its letter)
    and whether every side is named."""
    letters = [chr(ord("A") + i) for i in range(sides)]
    named = len(names) == sides and all(names)
    side_cells = [names[i] if i < len(names) and names[i] else letters[i] for i in range(sides)]
    return letters, side_cells, named


@dataclass(frozen=True)
class PadPaging:
    """How a paged pad's hands fall onto its pages: `per_page` on the first page, `later_page`
    on each one after it, `hands_in_game` in all, the whole repeated `games` times (a game of
    a set number of hands prints one game per page asked for), each row `row_height` tall."""

    per_page: int
    later_page: int
    hands_in_game: int
    games: int
    row_height: float

    def pages_of_hands(self) -> list[list[int]]:
        """The hand numbers of each page of one game."""
        chunks = [list(range(1, min(self.per_page, self.hands_in_game) + 1))]
        while chunks[-1][-1] < self.hands_in_game:
            start = chunks[-1][-1] + 1
            chunks.append(list(range(start, min(start + self.later_page, self.hands_in_game + 1))))
        return chunks


def _pad_paging(rules: RuleSet, sides: int, pages: int, room: float) -> PadPaging:
    """As many hands on a page as `room` holds at the smallest row, the rows then grown to
    fill it (up to MAX_ROW)."""
    if rules.fixed_hands is not None:
        hands_in_game = rules.fixed_hands
        per_page = max(1, min(hands_in_game, int(room // (sides * MIN_ROW))))
        games = pages
        later_page = max(1, per_page - 1)
    else:
        per_page = max(1, int(room // (sides * MIN_ROW)))
        # Continuation pages give one hand's room to the totals brought forward.
        later_page = max(1, per_page - 1)
        hands_in_game = per_page + later_page * (pages - 1)
        games = 1
    row_height = min(MAX_ROW, room / (per_page * sides))
    return PadPaging(per_page, later_page, hands_in_game, games, row_height)


def score_pad_story(
    rules: RuleSet, sides: int, names: list[str], paper: str, pages: int
) -> tuple[list[Flowable], bool]:
    """The pad's flowables, and whether it is printed landscape: a column pad for a game
    scored by its total alone, one page per game for a pot of fixed hands, else a row per side
    in every hand over as many pages as asked (a game of fixed hands once per page asked)."""
    if rules.totals_only:
        return _column_pad_story(rules, sides, names, paper, pages)
    # Imported here: the games-across pad is built from this module's parts.
    from .gamespad import games_pad_story, uses_games_pad

    if uses_games_pad(rules):
        return games_pad_story(rules, sides, names, paper, pages)
    if one_page_pot(rules):
        return _pot_pad_story(rules, sides, names, paper, pages), True
    if players_across(rules):
        return _rummy_pad_story(rules, sides, names, paper, pages)
    columns = pad_columns(rules)
    wide, side_width = choose_layout(rules, sides, paper, len(columns), names)
    width = body_width(paper, wide)
    hand_width = hand_column_width(rules)
    column_width = (width - hand_width - side_width) / len(columns)
    widths = [hand_width, side_width] + [column_width] * len(columns)
    header = header_height(columns, column_width)
    letters, side_cells, named = _side_cells(names, sides)
    legend = _legend(rules, width)
    strip = None if named else _names_strip(letters, data.side_word(rules), width)
    room = body_height(paper, wide) - header - 26  # the winner's line
    if legend is not None:
        room -= legend.wrap(width, 1000)[1] + 6
    victory_points = victory.decides_by_victory_points(rules)
    if victory_points:
        room -= victory.victory_table(rules, width).wrap(width, 1000)[1] + 8
    if strip is not None:
        room -= 22 * ((sides + 3) // 4) + 6
    paging = _pad_paging(rules, sides, pages, room)
    story: list[Flowable] = []
    for _copy in range(paging.games):
        chunks = paging.pages_of_hands()
        for index, chunk in enumerate(chunks):
            story += _page_top(bool(story), strip, legend)
            grid = _grid(
                rules,
                chunk,
                side_cells,
                columns,
                widths,
                paging.row_height,
                carried=index > 0,
                header_height=header,
            )
            story.append(grid)
            if index == len(chunks) - 1:
                if victory_points:
                    story += [Spacer(0, 8), victory.victory_table(rules, width)]
                story += [Spacer(0, 8), _closing_line(rules, width)]
    return story, wide


#: The shortest row a pencil writes a number in (8 mm), and the tallest a rummy pad grows to.
RUMMY_ROW = 8 * mm
RUMMY_ROW_MOST = 16 * mm
#: The fewest hands a Phase 10 page holds: a game takes ten at the very least.
PHASE_HANDS = 16
#: The narrowest cell points are written in.
RUMMY_CELL = 26.0
#: Each player's cells, widths in proportion: the phase played (Phase 10), the points, the
#: running total (shaded, a little wider: it holds the biggest number).
PHASE_CELL: tuple[Promise, float] = (gettext_lazy("Phase"), 0.9)
RUMMY_CELLS: tuple[tuple[Promise, float], ...] = (
    (pgettext_lazy("a hand's score, as a column heading", "Points"), 1.0),
    (gettext_lazy("Total"), 1.2),
)
RUMMY_HEADER = (30.0, 34.0, 12.0)  # names given, names to write in, the cells' headings


def players_across(rules: RuleSet) -> bool:
    """A rummy of deals or phases with no pot (a contract or phase rummy): the players
    across the page and the deals down it, a whole game on a page."""
    if rules.pot is not None or rules.totals_only:
        return False
    return bool(rules.rounds or rules.phase_track) or knocks_out(rules)


#: A knock-out game's narrow box before each player's points, marked when the player buys
#: back in before the hand (Chinchón's reenganche).
# Translators: the heading of a narrow box on a Chinchón score pad, marked when a player
# rejoins (buys back in) before a hand: one letter or two, as the pad's legend explains it.
REJOIN_CELL: tuple[Promise, float] = (
    pgettext_lazy("a narrow score pad box: the player rejoined before this hand", "R"),
    0.5,
)


def _rummy_cells(rules: RuleSet) -> tuple[tuple[Promise, float], ...]:
    if rules.phase_track is not None:
        return (PHASE_CELL, *RUMMY_CELLS)
    if knocks_out(rules):
        return (REJOIN_CELL, *RUMMY_CELLS)
    return RUMMY_CELLS


@dataclass(frozen=True)
class RummyLayout:
    """Where a players-across pad goes: the page's way round, each cell's width, the hands on
    a page and each row's height."""

    wide: bool
    widths: list[float]
    hands: int
    row_height: float


def _rummy_layout(
    rules: RuleSet, players: int, paper: str, above: float, below: float
) -> RummyLayout:
    """Portrait where every hand of a game (Phase 10: PHASE_HANDS) fits at RUMMY_ROW with cells
    of RUMMY_CELL at least, else landscape; the rows then grown to fill the page. `above` and
    `below` are the heights the grid shares its page with."""
    cells = _rummy_cells(rules)
    needed = rules.fixed_hands or PHASE_HANDS
    header = RUMMY_HEADER[0] + RUMMY_HEADER[2]
    first = hand_column_width(rules)
    if rules.fixed_hands is None:
        # A later page opens with "Brought forward" in this column: its longest word whole.
        words = gettext("Brought forward").split()
        first = max(first, max(text_width(word, 7) for word in words) + 2 * CELL_PAD_X + 2)
    for wide in (False, True):
        width = body_width(paper, wide)
        share = (width - first) / (players * sum(weight for _, weight in cells))
        room = body_height(paper, wide) - above - below - header
        fits = int(room // RUMMY_ROW)
        if share * RUMMY_CELLS[0][1] >= RUMMY_CELL and fits >= needed or wide:
            hands = min(fits, rules.fixed_hands or fits)
            widths = [first] + [share * weight for _, weight in cells] * players
            row = min(RUMMY_ROW_MOST, room / max(1, hands))
            return RummyLayout(wide, widths, hands, row)
    raise AssertionError("unreachable: landscape is always chosen last")


def _rummy_legend(rules: RuleSet, width: float) -> Table | None:
    """The pad's note, and for Phase 10 the ten phases, numbered; for a knock-out game the
    limit first."""
    legend = _legend(rules, width)
    if knocks_out(rules):
        return _limit_legend(rules, width, legend)
    track = rules.phase_track
    if track is None:
        return legend
    phases = "; ".join(f"{n}: {phase_words(rules, n)}" for n in range(1, track.last + 1))
    rows = [[FitText(gettext("The phases. %(phases)s.") % {"phases": phases}, 8, max_lines=4)]]
    if legend is not None:
        rows.insert(0, [legend])
    table = Table(rows, colWidths=[width], hAlign="LEFT")
    table.setStyle(
        [
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("LEFTPADDING", (0, -1), (-1, -1), 6),
            ("TOPPADDING", (0, -1), (-1, -1), 4),
            ("BOX", (0, -1), (-1, -1), 0.6, INK),
        ]
    )
    return table


def _limit_legend(rules: RuleSet, width: float, legend: Table | None) -> Table:
    """The limit that knocks a player out and who wins, in bold over the pad's note (the
    line the scorekeeper watches every total against), and what the R box is for."""
    goal = data.pad_goal(rules)
    out = goal[:1].upper() + goal[1:]
    rejoin = gettext(
        "R: mark it when an out player rejoins before the hand, and write the total they come "
        "back at in their Total."
    )
    rows: list[list] = [[FitText(out, 10, bold=True, max_lines=2)], [FitText(rejoin, 8)]]
    if legend is not None:
        rows.append([legend])
    table = Table(rows, colWidths=[width], hAlign="LEFT")
    table.setStyle(
        [
            ("LEFTPADDING", (0, 0), (-1, -1), 6),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, 1), 2),
            ("BOX", (0, 0), (-1, 1), 1.0, INK),
            ("BACKGROUND", (0, 0), (-1, 1), colors.white),
            ("LEFTPADDING", (0, 2), (-1, 2), 0),
            ("RIGHTPADDING", (0, 2), (-1, 2), 0),
            ("TOPPADDING", (0, 2), (-1, 2), 4),
        ]
    )
    return table


def _rummy_grid(
    rules: RuleSet,
    side_cells: list[str],
    named: bool,
    layout: RummyLayout,
    hands: list[int],
    carried: bool,
) -> Table:
    """One page: each player's name over their cells, a row per deal with its contract (or
    cards and wild rank) in the first cell; a continuation page starts with the totals brought
    forward; Phase 10 ends with a row to cross off each player's phases as they are made."""
    cells = _rummy_cells(rules)
    per, players = len(cells), len(side_cells)
    rows = _name_headings(rules, side_cells, named, [str(label) for label, _ in cells])
    heights = [RUMMY_HEADER[0] if named else RUMMY_HEADER[1], RUMMY_HEADER[2]]
    style: list[tuple[object, ...]] = [
        *GRID_STYLE,
        ("BACKGROUND", (0, 0), (-1, 1), SHADE_DARK),
        ("LINEBELOW", (0, 1), (-1, 1), 1.0, INK),
        ("SPAN", (0, 0), (0, 1)),
    ]
    if not named:
        style.append(("VALIGN", (1, 0), (-1, 0), "TOP"))
    if carried:
        rows.append([FitText(gettext("Brought forward"), 7, align="center", max_lines=2)])
        rows[-1] += [""] * (players * per)
        heights.append(layout.row_height)
        for index in range(players):
            first = 1 + index * per
            style.append(("SPAN", (first, 2), (first + per - 2, 2)))
            style.append(("BACKGROUND", (first, 2), (first + per - 2, 2), SHADE_DARK))
        style.append(("LINEBELOW", (0, 2), (-1, 2), 1.0, INK))
    for hand in hands:
        rows.append([_hand_cell(rules, hand)] + [""] * (players * per))
        heights.append(layout.row_height)
    style.append(("BACKGROUND", (0, 2), (0, -1), SHADE))
    for index in range(players):
        first = 1 + index * per
        style.append(("SPAN", (first, 0), (first + per - 1, 0)))
        style.append(("LINEBEFORE", (first, 0), (first, -1), 1.0, INK))
        style.append(("BACKGROUND", (first + per - 1, 2), (first + per - 1, -1), SHADE))
    if rules.phase_track is not None:
        _add_phases_made(rules.phase_track.last, rows, style, players, per)
        heights.append(layout.row_height)
    table = Table(rows, colWidths=layout.widths, rowHeights=heights, hAlign="LEFT")
    table.setStyle(style)
    return table


def _add_phases_made(
    last: int, rows: list[list], style: list[tuple[object, ...]], players: int, per: int
) -> None:
    """Phase 10's foot: each player's phases, 1 to `last`, to cross off as they are made."""
    made = "  ".join(str(n) for n in range(1, last + 1))
    row = len(rows)
    rows.append([FitText(gettext("Phases made"), 7, align="center", max_lines=2)])
    for index in range(players):
        rows[-1] += [FitText(made, 8, align="center", max_lines=2)] + [""] * (per - 1)
        first = 1 + index * per
        style.append(("SPAN", (first, row), (first + per - 1, row)))
    style.append(("LINEABOVE", (0, row), (-1, row), 1.0, INK))
    style.append(("BACKGROUND", (1, row), (-1, row), colors.white))


def _rummy_pad_story(
    rules: RuleSet, players: int, names: list[str], paper: str, pages: int
) -> tuple[list[Flowable], bool]:
    """Players across, deals down: a game of fixed deals whole on each page asked for (one game
    a page); Phase 10's hands run on from page to page, its totals brought forward."""
    _, side_cells, named = _side_cells(names, players)
    narrow = body_width(paper, False)
    legend = _rummy_legend(rules, narrow)
    above = legend.wrap(narrow, 1000)[1] + 6 if legend is not None else 0.0
    tick_row = RUMMY_ROW if rules.phase_track is not None else 0.0
    layout = _rummy_layout(rules, players, paper, above + tick_row, 26 + 8)
    width = body_width(paper, layout.wide)
    legend = _rummy_legend(rules, width)
    story: list[Flowable] = []
    first = 1
    for page in range(pages):
        story += _page_top(bool(story), None, legend)
        carried = rules.fixed_hands is None and page > 0
        count = layout.hands - (1 if carried else 0)
        hands = list(range(first, first + count))
        if rules.fixed_hands is None:
            first += count
        story += [_rummy_grid(rules, side_cells, named, layout, hands, carried), Spacer(0, 8)]
        story.append(_closing_line(rules, width))
    return story, layout.wide


def _pot_pad_story(
    rules: RuleSet, sides: int, names: list[str], paper: str, pages: int
) -> list[Flowable]:
    width = body_width(paper, True)
    _, side_cells, named = _side_cells(names, sides)
    legend = _legend(rules, width)
    story: list[Flowable] = []
    for _copy in range(pages):
        story += _page_top(bool(story), None, legend)
        story += [_pot_grid(rules, side_cells, named, width), Spacer(0, 8)]
        story.append(_closing_line(rules, width))
    return story


def _page_top(after_a_page: bool, strip: Table | None, legend: Table | None) -> list[Flowable]:
    """What opens each page of a pad: a page break after the one before, the lines to write
    the sides' names on (a pad printed blank) and the legend."""
    top: list[Flowable] = [PageBreak()] if after_a_page else []
    for block in (strip, legend):
        if block is not None:
            top += [block, Spacer(0, 6)]
    return top


def _closing_line(rules: RuleSet, width: float) -> Table:
    cells = [
        FitText(gettext("Winner"), 9, bold=True),
        "",
        FitText(pgettext("the day a game is played", "Date"), 9, bold=True),
        "",
    ]
    widths = [46, width * 0.55 - 46, 36, width * 0.45 - 36]
    if data.is_pot_game(rules) or knocks_out(rules):
        pot = (
            pgettext("the stakes a game's winner takes", "Pot")
            if knocks_out(rules)
            else pgettext("the pennies a game's winner takes", "Pot")
        )
        cells += [FitText(pot, 9, bold=True), ""]
        widths = [46, width * 0.45 - 46, 36, width * 0.3 - 36, 30, width * 0.25 - 30]
    elif victory.decides_by_victory_points(rules):
        # The side ahead's points and the other's, read off the table above.
        said = victory_points_heading()
        room = text_width(said, 9, True) + 6
        cells = [*cells[:2], FitText(said, 9, bold=True, max_lines=1), "", *cells[2:]]
        widths = [46, width * 0.35 - 46, room, width * 0.3 - room, 36, width * 0.35 - 36]
    table = Table([cells], colWidths=widths, rowHeights=[18], hAlign="LEFT")
    style: list[tuple[object, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ]
    for index in range(1, len(cells), 2):
        style.append(("LINEBELOW", (index, 0), (index, 0), 0.6, INK))
        style.append(("RIGHTPADDING", (index, 0), (index, 0), 12))
    table.setStyle(style)
    return table


def score_pad_pdf(
    rules: RuleSet,
    sides: int,
    names: list[str] | None = None,
    paper: str = "letter",
    pages: int = 1,
    own: OwnGame | None = None,
) -> bytes:
    """A blank score pad for `sides` sides (optionally named), as PDF bytes; of a table's own
    game, `own`, under its name."""
    paper, cleaned = check_pad(rules, sides, names, paper, pages)
    story, wide = score_pad_story(rules, sides, cleaned, paper, pages)
    goal = data.pad_goal(rules)
    counted = data.side_count(pad_word(rules, cleaned), sides)
    # A knock-out game's goal heads its grid, in full: the band says how many play.
    note = counted if knocks_out(rules) else f"{counted} \u00b7 {goal[:1].upper()}{goal[1:]}"
    name = own.name if own else rule_set_name(rules)
    return build(
        story,
        Heading(own_game_title(own, rules) if own else name, gettext("Score pad"), note),
        paper,
        wide=wide,
        footer=gettext("Scorekeeper · %(game)s · score pad") % {"game": name},
    )
