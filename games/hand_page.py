"""The hand page: its form, made in one place (`hand_form`), and everything drawn beside the
boxes: each side's panel (games/hand_panels.py), the choices asked once, the live preview's
scores and their breakdown (the Board's) and the scores of the likely next taps
(games/next_taps.py). The views in games/hand_views.py render what this module gathers."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.utils.safestring import SafeString

from games import next_taps
from games import rules as engine
from games.board import Board
from games.hand_form import HandForm
from games.hand_panels import (
    SidePanel,
    form_choice_room,
    one_side_choices,
    side_panels,
    upcard_choice,
)
from games.models import Hand
from games.words import card_name, problem, round_detail, round_headline


def hand_form(
    board: Board,
    number: int,
    data: Any = None,
    *,
    recorded: engine.HandInput | None = None,
    preview: bool = False,
    so_far: engine.GameScore | None = None,
) -> HandForm:
    """The form of hand `number` of the game on `board`, told who deals it (what the dealing
    side alone can score) and, where sides can be knocked out, the game before it (`so_far`,
    else worked out here: who is out): bound to what was posted (`data`), or filled in from a
    `recorded` hand to edit, or blank."""
    dealer = board.game.dealer_for(number, board.inputs)  # the set-up and hands read once
    if so_far is None and board.score.players_in is not None:
        so_far = scored_before(board, number)
    return HandForm(
        board.setup,
        number,
        data,
        dealer=dealer,
        preview=preview,
        recorded=recorded,
        labels=board.field_labels,
        so_far=so_far,
    )


@dataclass(frozen=True)
class Saving:
    """What a hand form saves: a new hand (with its form's one-time token), or an edit of
    `hand` at the `revision` the scorekeeper was shown."""

    hand: Hand | None = None
    revision: int | None = None
    form_token: str = ""


def scored_before(board: Board, number: int) -> engine.GameScore:
    """The game as it stood before hand `number` (the hand entered or edited)."""
    if number <= len(board.score.hands):  # editing an earlier hand
        return board.setup.score(board.inputs[: number - 1])
    return board.score


def focus_first_refused(form: HandForm) -> None:
    """A refused form opens at the first box it names, in the page's order (the choices asked
    once come first): the browser scrolls to a box marked autofocus and focuses it."""
    order = [*form.setup.rules.one_side_fields, *form.fields]
    named = [name for name in order if name in form.errors and name in form.fields]
    if named:
        form.fields[named[0]].widget.attrs["autofocus"] = True


def round_lines(form: HandForm) -> dict[str, engine.CardLine | None] | None:
    """The hand's round card in the table's words, under the hand's heading (which names the
    round already): its headline without its number, and its detail; None without one."""
    rules = form.setup.rules
    card = rules.round_card(form.number)
    if card is None:
        return None
    return {
        "unnumbered_headline": round_headline(rules, card, numbered=False),
        "detail": round_detail(rules, card),
    }


def counted_card_values(form: HandForm) -> list[engine.CardValue]:
    """What the card counter offers in this hand, each card named in the table's words."""
    rules = form.setup.rules
    return [
        replace(value, cards=card_name(rules, value))
        for value in rules.counted_values_in(form.number)
    ]


def drawn_around(form: HandForm, panels: list[SidePanel]) -> dict[str, Any]:
    """What the page draws from the form beside the panels: the choices asked once, the
    round's card, the card counter's cards and how many one-tap choices a count shows."""
    return {
        "panels": panels,
        "one_side_choices": one_side_choices(form),
        "round_card": round_lines(form),
        "counted_card_values": counted_card_values(form),
        "choice_room": form_choice_room(form),
        "upcard": upcard_choice(form),
    }


def hand_said(board: Board, scored: engine.HandScore | None) -> str:
    """What the hand comes to in a sentence, where its rule set tells it (Gin Rummy: "Ann
    knocks with 6, Bob has 21: ..."); "" before it scores."""
    said = None if scored is None else board.rules.hand_said(scored)
    return "" if said is None else problem(said)


def page_context(board: Board, form: HandForm, saving: Saving) -> dict[str, Any]:
    """Everything a whole hand page draws: the form and its panels, the preview under it (a
    recorded hand's scores when it opens for an edit) and the likely next taps' scores."""
    hand = saving.hand
    scored = board.score.hands[form.number - 1] if hand and not form.is_bound else None
    if form.errors:
        focus_first_refused(form)
    focus_first = hand is None and not form.errors
    panels = side_panels(form, focus_first, board.side_notes(form.number))
    return {
        "game": board.game,
        "board": board,
        "form": form,
        "number": form.number,
        "hand": hand,
        "form_token": saving.form_token,
        "preview_sides": board.preview_sides(scored),
        "hand_said": hand_said(board, scored),
        "predictions": page_predictions(board, form),
        **drawn_around(form, panels),
    }


def page_predictions(board: Board, form: HandForm) -> SafeString:
    """The likely next taps' scores for a hand page, from its values as the browser will send
    them (a refused form's as typed), read the way the preview reads them."""
    data = form.data if form.is_bound else next_taps.as_posted(form)
    shown = hand_form(board, form.number, data, preview=True, so_far=form.so_far)
    shown.is_valid()
    so_far = scored_before(board, form.number) if form.so_far is None else form.so_far
    return next_taps.script(next_taps.table(shown, side_panels(shown), so_far))


def preview_context(board: Board, form: HandForm, refused: bool) -> dict[str, Any]:
    """The live preview of a posted form: each side's hand score and breakdown, or the
    engine's objection beside the box it is about, and the next taps' scores."""
    so_far = scored_before(board, form.number) if form.so_far is None else form.so_far
    valid = form.is_valid()
    # Before the engine's word on this state is added to the form (an error takes its field
    # out of the form's cleaned data): the scores of the taps one away, for predict.js.
    panels = side_panels(form)
    predictions = next_taps.script(next_taps.table(form, panels, so_far))
    scored = None
    if valid and not form.nothing_entered:
        try:
            scored = board.setup.score_next_hand(so_far, form.hand_input())
        except engine.RulesError as error:
            form.add_rules_error(error)
    return {
        "board": board,
        "form": form,
        "preview_sides": board.preview_sides(scored),
        "hand_said": hand_said(board, scored),
        "predictions": predictions,
        "oob": True,  # each box's message and worked-out sum go to their places on the page
        # After a refused Save, the refusal at the form's top is redrawn too (what is fixed
        # leaves it); before any Save there is none to draw.
        "refused": refused,
        **drawn_around(form, panels),
    }
