"""The rule sheet: a one- or two-page quick reference for a rule set, built from its data."""

from __future__ import annotations

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from games.rules import OpeningKind, RuleSet

from . import ruledata as data
from .fonts import markup
from .layout import (
    BODY,
    CELL,
    CELL_BOLD,
    H2,
    LEAD,
    SHADE,
    SMALL,
    Heading,
    body_width,
    build,
    check_paper,
    grid_style,
    number,
)


def _p(text: str, style=CELL) -> Paragraph:
    return Paragraph(markup(text), style)


def _table(rows: list[list], widths: list[float], header: bool = True) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    table.setStyle(grid_style(1 if header else 0, rows=len(rows)))
    return table


def _section(title: str, *flowables: Flowable) -> KeepTogether:
    return KeepTogether([Paragraph(markup(title), H2), *flowables])


def _at_the_table(rules: RuleSet, width: float) -> Table:
    hands = (
        f"exactly {rules.fixed_hands} {rules.hand_word.lower()}s"
        if rules.fixed_hands
        else f"until a side reaches {number(rules.target_score or 0)}"
    )
    rows = [
        ["Players", f"{rules.describe_player_counts()}, {data.seating_text(rules)}"],
        ["Cards", f"{rules.describe_packs().capitalize()} ({data.packs_text(rules)})"],
        ["Deal", rules.cards_dealt[:1].upper() + rules.cards_dealt[1:]],
        ["Wild cards", rules.wild_cards[:1].upper() + rules.wild_cards[1:]],
        ["Game", hands[:1].upper() + hands[1:]],
    ]
    cells = [[_p(k, CELL_BOLD), _p(v)] for k, v in rows]
    table = Table(cells, colWidths=[62, width - 62], hAlign="LEFT")
    style = grid_style(0, zebra=False)
    style.append(("BACKGROUND", (0, 0), (0, -1), SHADE))
    table.setStyle(style)
    return table


def _card_values(rules: RuleSet, width: float) -> Table:
    rows = [[_p("Cards", CELL_BOLD), _p("Points", CELL_BOLD)]]
    rows += [[_p(value.cards), number(value.points)] for value in rules.card_values]
    table = _table(rows, [width - 52, 52])
    table.setStyle([("ALIGN", (1, 1), (1, -1), "RIGHT")])
    return table


def _scoring(rules: RuleSet, width: float) -> Table:
    rows = [[_p("Item", CELL_BOLD), _p("Scores", CELL_BOLD), _p("Counts when", CELL_BOLD)]]
    for field in rules.tally_fields:
        note = field.scores
        if field.hands is not None:
            word = rules.hand_word.lower()
            asked = ", ".join(str(h) for h in sorted(field.hands))
            if asked not in note:
                note = f"{note} ({word} {asked} only)"
        rows.append([_p(field.label), data.points_text(field), _p(note[:1].upper() + note[1:])])
    table = _table(rows, [138, 72, width - 210])
    table.setStyle([("ALIGN", (1, 1), (1, -1), "RIGHT")])
    return table


def _openings(rules: RuleSet, width: float) -> list[Flowable]:
    rows = data.opening_rows(rules)
    if not rows:
        return []
    by_total = rules.opening.kind is OpeningKind.BY_TOTAL
    head = "Side's total before the hand" if by_total else "When"
    cells = [[_p(head, CELL_BOLD), _p("Minimum", CELL_BOLD)]]
    cells += [[_p(when[:1].upper() + when[1:]), minimum] for when, minimum in rows]
    table = _table(cells, [min(200, width - 60), 60])
    table.setStyle([("ALIGN", (1, 1), (1, -1), "RIGHT")])
    caption = data.opening_caption(rules)
    step = rules.opening.failed_step
    if step:
        caption += (
            f" Each failed attempt to open adds {step} to the side's minimum for the rest of the"
            " hand."
        )
    title = "Getting on the board" if not by_total else "Opening minimum"
    return [_section(title, table, Spacer(0, 2), _p(caption, SMALL))]


def _rounds(rules: RuleSet, width: float) -> list[Flowable]:
    rounds = rules.rounds
    if not rounds:
        return []
    cells = [
        [
            _p(rules.hand_word, CELL_BOLD),
            _p("First-down requirement", CELL_BOLD),
            _p("Wild cards", CELL_BOLD),
            _p("Wild cards per set", CELL_BOLD),
        ]
    ]
    for card in rounds:
        cells.append(
            [str(card.number), card.first_down, card.wild_cards_text, str(card.wild_cards_per_set)]
        )
    table = _table(cells, [46, 150, width - 46 - 150 - 100, 100])
    table.setStyle([("ALIGN", (0, 1), (0, -1), "CENTER"), ("ALIGN", (3, 1), (3, -1), "CENTER")])
    return [_section("The rounds", table)]


def rule_sheet_story(rules: RuleSet, paper: str) -> list[Flowable]:
    width = body_width(paper)
    half = (width - 14) / 2
    story: list[Flowable] = [Paragraph(markup(rules.summary), LEAD), Spacer(0, 4)]
    left = [Paragraph("At the table", H2), _at_the_table(rules, half)]
    right = [Paragraph("Card values", H2), _card_values(rules, half)]
    pair = Table([[left, right]], colWidths=[half + 14, half], hAlign="LEFT")
    pair.setStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (0, 0), 14),
            ("RIGHTPADDING", (1, 0), (1, 0), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    story.append(pair)
    scoring_title = (
        "What each player writes down, every round"
        if data.is_pot_game(rules)
        else f"Scoring, every {rules.hand_word.lower()}"
    )
    story.append(_section(scoring_title, _scoring(rules, width)))
    story += _rounds(rules, width)
    story += _openings(rules, width)
    if rules.going_out:
        story.append(_section("Going out", _p(data.prose(rules, rules.going_out), BODY)))
    story.append(_section("End of the game", _p(data.ending_text(rules), BODY)))
    for heading, text in data.notes(rules):
        story.append(_section(heading, _p(text, BODY)))
    for option in rules.house_options:
        story.append(_section("House option", _p(option.label + ".", BODY)))
    return story


def rule_sheet_pdf(rules: RuleSet, paper: str = "letter") -> bytes:
    """The rule sheet of `rules` as PDF bytes (Letter or A4)."""
    paper = check_paper(paper)
    return build(
        rule_sheet_story(rules, paper),
        Heading(rules.name, "Rule sheet", "Quick reference for the table"),
        paper,
        footer=f"Scorekeeper \u00b7 {rules.name} \u00b7 rule sheet",
    )
