"""The pad of a game settled by a final account after its last hand (Gin Rummy): the classic
two columns per game, one per player, each a running total with a box to tick for every hand
won, and the final account at the foot. Three games go across a portrait page: three games
played one after the other, or a session's games kept at once (Hollywood), which then end in
the session's sum."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext, pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table

from games.rules import RuleSet
from games.words import hand_word

from . import accounts
from . import ruledata as data
from .fonts import text_width
from .layout import FAINT, HINT, INK, SHADE, SHADE_DARK, FitText, body_height, body_width
from .scorepad import GRID_STYLE, _closing_line, _legend, _names_strip, _page_top, _side_cells

#: Games side by side on a page: a session's (Hollywood), or as many separate games.
GAMES_ACROSS = 3
#: The shortest row a pencil writes a total in, and the tallest the rows grow to.
ROW_LEAST, ROW_MOST = 6.5 * mm, 9 * mm
#: The first column: a hand's number, and the foot's labels ("Boxes × 25").
LABEL_WIDTH = 84.0
#: Each player's box to tick, beside their running total.
TICK_WIDTH = 15.0
#: A hand's upcard, where the rule set asks it (its rank and a spade's sign fit).
UPCARD_WIDTH = 30.0
#: The heading rows: the games, the players, the cells' words; and a row of the foot.
HEAD_ROWS = (16.0, 20.0, 11.0)
FOOT_ROW = 24.0
#: The room under the grid: the session's line, the winner's line, the gaps.
SESSION_ROW, CLOSING_ROOM = 26.0, 26.0 + 8 + 6


@dataclass(frozen=True)
class GamesLayout:
    """The pad's shape: the games across, the players, each column's width, the hands down
    and their row's height, whether the games are one session, and where each game's columns
    start and each hand's upcard is written (none where the rule set asks no upcard)."""

    games: int
    players: int
    widths: list[float]
    hands: int
    row_height: float
    session: bool
    game_starts: list[int]
    upcard_columns: list[int]
    #: The hands on a session's page before its last, which has no foot under its hands.
    hands_without_foot: int = 0

    def player_left(self, game: int, player: int) -> int:
        """The column of a player's tick in a game (their total is the next)."""
        own_upcard = 1 if self.upcard_columns and not self.session else 0
        return self.game_starts[game] + own_upcard + 2 * player

    def game_end(self, game: int) -> int:
        return self.player_left(game, self.players - 1) + 1


def uses_games_pad(rules: RuleSet) -> bool:
    """Whether a rule set's pad is the games-across pad: it keeps boxes for a final account."""
    return accounts.keeps_boxes(rules)


def _columns(
    rules: RuleSet, games: int, players: int, session: bool, width: float
) -> tuple[list[float], list[int], list[int]]:
    """Each column's width, where each game starts, and the upcard's columns: one after the
    hand's number in a session (a row is one hand), else one at the start of each game."""
    upcard = UPCARD_WIDTH if rules.uses_upcard else 0.0
    upcards = upcard if session else upcard * games
    cell = (width - LABEL_WIDTH - upcards) / (games * players)
    widths = [LABEL_WIDTH] + ([upcard] if session and upcard else [])
    starts, upcard_columns = [], [1] if session and upcard else []
    for _game in range(games):
        starts.append(len(widths))
        if upcard and not session:
            upcard_columns.append(len(widths))
            widths.append(upcard)
        widths += [TICK_WIDTH, cell - TICK_WIDTH] * players
    return widths, starts, upcard_columns


def _layout(rules: RuleSet, players: int, paper: str, above: float) -> GamesLayout:
    session = accounts.games_at_once(rules) > 1
    games = accounts.games_at_once(rules) if session else GAMES_ACROSS
    widths, starts, upcards = _columns(rules, games, players, session, body_width(paper))
    foot = FOOT_ROW * (len(accounts.account_labels(rules)) - 1 + (0 if session else 1))
    below = foot + CLOSING_ROOM + (SESSION_ROW + 6 if session else 0)
    room = body_height(paper) - above - sum(HEAD_ROWS) - below
    hands = max(1, int(room // ROW_LEAST))
    row = min(ROW_MOST, room / hands)
    more = int((below - 2) // row)
    return GamesLayout(games, players, widths, hands, row, session, starts, upcards, hands + more)


def games_pad_story(
    rules: RuleSet, players: int, names: list[str], paper: str, pages: int
) -> tuple[list[Flowable], bool]:
    """The pad's pages, portrait: the names' lines (a pad printed blank), the legend, the
    games across, the session's sum (Hollywood) and the winner's line. Separate games start
    afresh on each page; a session's hands run on from page to page, its totals brought
    forward, and only its last page has the foot."""
    letters, side_cells, named = _side_cells(names, players)
    width = body_width(paper)
    word = data.side_word(rules)
    strip = None if named else _names_strip(letters, word, width)
    if not named:
        side_cells = [c if len(c) > 1 else data.side_called(word, c) for c in side_cells]
    legend = _legend(rules, width)
    above = sum(block.wrap(width, 1000)[1] + 6 for block in (strip, legend) if block is not None)
    layout = _layout(rules, players, paper, above)
    story: list[Flowable] = []
    first = 1
    for page in range(pages):
        story += _page_top(bool(story), strip, legend)
        carried = layout.session and page > 0
        last = not layout.session or page == pages - 1
        page_layout = layout if last else replace(layout, hands=layout.hands_without_foot)
        story.append(_games_grid(rules, side_cells, page_layout, first, carried, last))
        if layout.session:
            first += page_layout.hands - (1 if carried else 0)
        if layout.session and last:
            story += [Spacer(0, 6), _session_table(side_cells, width)]
        if last:
            story += [Spacer(0, 8), _closing_line(rules, width)]
    return story, False


def _games_grid(
    rules: RuleSet,
    side_cells: list[str],
    layout: GamesLayout,
    first: int,
    carried: bool,
    with_foot: bool,
) -> Table:
    """The games across: each game's name over its players' names over a box and a total
    each; a row per hand from `first` (after the totals brought forward, where `carried`);
    the final account at the foot (`with_foot`)."""
    rows = _heading_rows(rules, side_cells, layout)
    heights = list(HEAD_ROWS)
    labels = [
        FitText(str(hand), 8, bold=True, align="center", max_lines=1)
        for hand in range(first, first + layout.hands)
    ]
    if carried:
        forward = FitText(gettext("Brought forward"), 7, align="center", max_lines=2)
        labels = [forward, *labels[:-1]]
    for label in labels:
        rows.append([label] + [""] * (len(layout.widths) - 1))
        heights.append(layout.row_height)
    foot_top = len(rows)
    style = [*GRID_STYLE, *_grid_style(layout, foot_top)]
    if carried:
        style.append(("LINEBELOW", (0, 3), (-1, 3), 1.0, INK))
    if not with_foot:
        table = Table(rows, colWidths=layout.widths, rowHeights=heights, hAlign="LEFT")
        table.setStyle(style)
        return table
    for foot_label in _foot_labels(rules, layout):
        rows.append([FitText(foot_label, 7, max_lines=3)] + [""] * (len(layout.widths) - 1))
        heights.append(FOOT_ROW)
    style += _foot_style(layout, foot_top, len(rows))
    table = Table(rows, colWidths=layout.widths, rowHeights=heights, hAlign="LEFT")
    table.setStyle(style)
    return table


def _heading_rows(rules: RuleSet, side_cells: list[str], layout: GamesLayout) -> list[list]:
    """The grid's three heading rows: "Game 1" across its columns; each player's name (or
    letter) over their two cells; a tick and "total" over those, and "upcard" over each
    hand's upcard where the rule set asks one."""
    columns = len(layout.widths)
    top: list = [FitText("", 7)] + [""] * (columns - 1)
    names: list = [FitText(hand_word(rules.hand_word), 7.5, bold=True, align="center")]
    names += [""] * (columns - 1)
    cells: list = [FitText("", 7)] + [""] * (columns - 1)
    # A tick: the box each hand won is ticked in (the legend says so in words).
    tick = "\u2713"
    running = pgettext("a player's running total, as a score pad heading", "total")
    for column in layout.upcard_columns:
        # Translators: a narrow score pad column: the card turned up at the start of a hand.
        upcard = pgettext("a score pad's narrow column heading", "upcard")
        names[column] = FitText(upcard, 7, align="center", max_lines=3, color=HINT)
    for game in range(layout.games):
        top[layout.game_starts[game]] = FitText(
            accounts.game_word(game + 1), 8.5, bold=True, align="center"
        )
        for player, name in enumerate(side_cells):
            left = layout.player_left(game, player)
            names[left] = FitText(name, 8, bold=True, align="center", max_lines=2)
            cells[left] = FitText(tick, 7, align="center", max_lines=1, color=HINT)
            cells[left + 1] = FitText(running, 7, align="center", max_lines=1, color=HINT)
    return [top, names, cells]


def _grid_style(layout: GamesLayout, foot_top: int) -> list[tuple[object, ...]]:
    """Spans and rules: each game's heading across its columns and a heavy rule before it;
    each name across its player's two cells; the hand numbers and the ticks shaded."""
    style: list[tuple[object, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 2), SHADE_DARK),
        ("LINEBELOW", (0, 2), (-1, 2), 1.0, INK),
        ("BACKGROUND", (0, 3), (0, foot_top - 1), SHADE),
    ]
    for column in layout.upcard_columns:
        style.append(("SPAN", (column, 1), (column, 2)))
        style.append(("LINEBEFORE", (column, 1), (column, -1), 1.0, INK))
    for game in range(layout.games):
        first = layout.game_starts[game]
        style.append(("SPAN", (first, 0), (layout.game_end(game), 0)))
        style.append(("LINEBEFORE", (first, 0), (first, -1), 1.5, INK))
        for player in range(layout.players):
            left = layout.player_left(game, player)
            style.append(("SPAN", (left, 1), (left + 1, 1)))
            if left != first:
                style.append(("LINEBEFORE", (left, 1), (left, -1), 0.8, INK))
            style.append(("BACKGROUND", (left, 3), (left, foot_top - 1), SHADE))
    return style


def _foot_labels(rules: RuleSet, layout: GamesLayout) -> list[str]:
    """The final account's rows under the hands (the boxes are ticked above, so they are
    counted into their bonus's row); a separate game also has its settlement's row."""
    labels = accounts.account_labels(rules)
    rows = [label for key, label in labels.items() if key != accounts.BOXES]
    if not layout.session:
        rows.append(gettext("Difference, which the loser pays"))
    return rows


def _foot_style(layout: GamesLayout, top: int, end: int) -> list[tuple[object, ...]]:
    """The foot: each player's two cells made one to write in, the final total shaded and
    bold-ruled; a separate game's difference across its players; the upcards' cells, which
    take nothing here, greyed."""
    style: list[tuple[object, ...]] = [
        ("LINEABOVE", (0, top), (-1, top), 1.2, INK),
        ("BACKGROUND", (0, top), (0, end - 1), SHADE),
    ]
    total_row = end - 1 if layout.session else end - 2
    style.append(("BACKGROUND", (1, total_row), (-1, total_row), SHADE))
    style.append(("LINEABOVE", (0, total_row), (-1, total_row), 1.0, INK))
    for column in layout.upcard_columns:
        style.append(("SPAN", (column, top), (column, end - 1)))
        style.append(("BACKGROUND", (column, top), (column, end - 1), SHADE_DARK))
    for row in range(top, end):
        for game in range(layout.games):
            if row == end - 1 and not layout.session:
                first = layout.player_left(game, 0)
                style.append(("SPAN", (first, row), (layout.game_end(game), row)))
                continue
            for player in range(layout.players):
                left = layout.player_left(game, player)
                style.append(("SPAN", (left, row), (left + 1, row)))
    return style


def _session_table(side_cells: list[str], width: float) -> Table:
    """The session's end: each player's final totals of the games added up, and the
    difference the players settle on."""
    label = gettext("The games' final totals added up")
    first = min(width * 0.3, text_width(label, 8, True) + 12)
    cells: list = [FitText(label, 8, bold=True, max_lines=2)]
    widths = [first]
    each = (width - first) / (len(side_cells) + 1)
    for name in side_cells:
        cells.append(FitText(f"{name}:", 8, bold=True, max_lines=1))
        widths.append(each)
    cells.append(FitText(gettext("Difference:"), 8, bold=True, max_lines=1))
    widths.append(each)
    table = Table([cells], colWidths=widths, rowHeights=[SESSION_ROW], hAlign="LEFT")
    table.setStyle(
        [
            ("BOX", (0, 0), (-1, -1), 1.0, INK),
            ("GRID", (0, 0), (-1, -1), 0.4, FAINT),
            ("BACKGROUND", (0, 0), (0, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
        ]
    )
    return table
