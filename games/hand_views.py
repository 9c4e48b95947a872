"""Entering a hand: the hand form (new and edit), its live preview, and the changes of a hand
after it is saved (delete, restore, undo an edit). The form and what its page draws are
games/hand_page.py's, recording is the model's (games/models/recording.py); these views only
join them, and say what each refusal means."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_http_methods,
    require_POST,
)

from games import rules as engine
from games.access import (
    AuthenticatedHtmxHttpRequest,
    AuthenticatedHttpRequest,
    get_scorekeeper_game,
    get_scorekeeper_game_to_show,
)
from games.board import Board
from games.hand_form import HandForm
from games.hand_page import (
    Saving,
    hand_form,
    page_context,
    preview_context,
    scored_before,
)
from games.models import (
    FORM_TOKEN_LENGTH,
    AlreadySaved,
    Game,
    GameChangeRefused,
    Hand,
    HandConflict,
)
from games.offline import keep_offline_copy
from games.posted import (
    LONGEST_NUMBER,
    NotANumber,
    posted_number,
    refused_as_damaged,
    undo_tag,
)
from games.templatetags.numbers import format_number
from games.words import hand_word, hand_word_in_sentence

# -- entering a hand ---------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
@keep_offline_copy
def hand_new(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    board = Board(game)
    if board.finished and request.method == "POST":
        return hand_after_the_end(request, game, board)
    if board.finished:
        messages.info(request, _("The game is over: no more hands."))
        return redirect("game", game.pk)
    number = board.next_number
    if request.method == "GET":
        context = page_context(board, hand_form(board, number), Saving(form_token=new_form_token()))
        return render(request, "games/hand_form.html", context)
    try:
        number = posted_number(request, default=number)
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    form = hand_form(board, number, request.POST)
    return save_hand(request, board, form, Saving(form_token=posted_form_token(request)))


#: What a form token is made of (secrets.token_urlsafe's alphabet).
FORM_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{1,{FORM_TOKEN_LENGTH}}}")


def new_form_token() -> str:
    """A new hand form's one-time token: the hand saved from it keeps it (Hand.form_token)."""
    return secrets.token_urlsafe(16)


def posted_form_token(request: HttpRequest) -> str:
    """The hand form's token as posted; none (an older form, a damaged one) saves as before."""
    token = request.POST.get("form_token", "")
    return token if FORM_TOKEN.fullmatch(token) else ""


def hand_after_the_end(request: HttpRequest, game: Game, board: Board) -> HttpResponse:
    """A hand typed before the game ended elsewhere (a form left open, the phone's outbox):
    not saved, and shown back with what was typed rather than dropped."""
    last = len(board.score.hands)
    try:
        number = max(1, min(posted_number(request, default=last), last))
    except NotANumber:
        number = last
    form = hand_form(board, number, request.POST)
    form.is_valid()
    said = _("The game is over: this %(hand)s was not saved. What you typed is still here.")
    form.add_error(None, said % {"hand": hand_word_in_sentence(board.rules.hand_word)})
    context = page_context(board, form, Saving())
    return render(request, "games/hand_form.html", context, status=422)


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request: AuthenticatedHttpRequest, game_id: int, number: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    hand = next((h for h in game.hands.all() if h.number == number), None)
    if hand is None and request.method == "POST" and number >= 1:
        said = _(
            "%(hand)s %(number)s is not in this game any more (another scorekeeper deleted "
            "it), so your change was not saved."
        )
        place = {"hand": hand_word(game.rules.hand_word), "number": format_number(number)}
        messages.error(request, said % place)
        return redirect("game", game.pk)
    if hand is None:
        raise Http404
    board = Board(game)
    if request.method == "GET" and board.closed:
        context = {
            "game": game,
            "board": board,
            "hand": hand,
            "number": number,
            "sides": board.recorded_sides(number),
            "is_owner": game.owner_id == request.user.pk,
        }
        return render(request, "games/hand_read.html", context)
    if request.method == "GET":
        form = hand_form(board, number, recorded=board.inputs[number - 1])
        context = page_context(board, form, Saving(hand=hand))
        return render(request, "games/hand_form.html", context)
    try:
        revision = posted_number(request, "revision", default=hand.revision)
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    form = hand_form(board, number, request.POST)
    return save_hand(request, board, form, Saving(hand=hand, revision=revision))


@dataclass
class Attempt:
    """A hand form sent to be saved, as a refusal's answer needs it: the form comes back with
    `saving` (a conflict changes which hand it replaces)."""

    request: HttpRequest
    board: Board
    form: HandForm
    saving: Saving


def save_hand(request: HttpRequest, board: Board, form: HandForm, saving: Saving) -> HttpResponse:
    """Record what `form` holds, once it reads, the engine takes it and nothing unusual is left
    to ask; else the form comes back saying why. Each refusal from recording it is answered as
    REFUSALS says."""
    attempt = Attempt(request, board, form, saving)
    if form.is_valid() and nothing_left_to_ask(board, form):
        try:
            # The dealer is decided under the game's lock, from the rotation in force then.
            saved = board.game.record_hand(
                form.number,
                form.tallies(),
                revision=saving.revision,
                form_token=saving.form_token,
                upcard=form.upcard(),
            )
        except tuple(REFUSALS) as refusal:
            answer = answer_refusal(attempt, refusal)
            if answer is not None:
                return answer
        else:
            if saving.revision is not None:
                say_what_changed(request, board, saved)
            return hand_saved(request, board.game)
    context = page_context(board, form, attempt.saving)
    return render(request, "games/hand_form.html", context, status=422)


def nothing_left_to_ask(board: Board, form: HandForm) -> bool:
    """After is_valid: whether the form may be saved as it is. A value far from any real hand
    ("20" typed for "2") is asked about once, next to its box, unless the engine refuses the
    hand anyway (then its refusal says why)."""
    if not form.unusual(form.tallies()):
        return True
    so_far = scored_before(board, form.number)
    try:
        board.setup.score_next_hand(so_far, form.hand_input())
    except engine.RulesError as error:
        form.add_rules_error(error)
        return False
    return not form.ask_about_unusual()


def answer_refusal(attempt: Attempt, refusal: Exception) -> HttpResponse | None:
    """The page that answers `refusal`, or None: the form shows again, saying why."""
    answer = next(answer for kind, answer in REFUSALS.items() if isinstance(refusal, kind))
    return answer(attempt, refusal)


def refused_by_the_rules(attempt: Attempt, error: engine.RulesError) -> None:
    """The engine's refusal goes next to the box it is about."""
    attempt.form.add_rules_error(error)


def in_conflict(attempt: Attempt, conflict: HandConflict) -> HttpResponse | None:
    """Another scorekeeper saved this hand first: the same values sent twice are recorded
    already, once; others come back to check, and saving again replaces theirs."""
    board, form = attempt.board, attempt.form
    if conflict.current is not None and same_tallies(board, conflict.current, form):
        return hand_saved(attempt.request, board.game)
    form.add_error(None, conflict_message(board, conflict, form.number))
    attempt.saving = replace(attempt.saving, hand=conflict.current or attempt.saving.hand)
    return None


def game_moved_on(attempt: Attempt, refused: GameChangeRefused) -> HttpResponse:
    """The game is over, or its hands moved on: the scoreboard says why."""
    messages.error(attempt.request, refused.message)
    return redirect("game", attempt.board.game.pk)


def say_what_changed(request: HttpRequest, board: Board, saved: Hand) -> None:
    """An edit of a recorded hand says what it changed, with Undo: "Hand 3 changed: Ann & Cy
    1,250 → 1,450"."""
    game, number = board.game, saved.number
    before = board.score.hands[number - 1].scores
    after = game.score().hands[number - 1].scores
    # Translators: one side's hand score before and after an edit, "Ann & Cy 1,250 → 1,450".
    change = _("%(side)s %(before)s → %(after)s")
    changes = [
        change
        % {"side": side, "before": format_number(before[side]), "after": format_number(after[side])}
        for side in after
        if before.get(side) != after[side]
    ]
    place = {"hand": hand_word(game.rules.hand_word), "number": format_number(number)}
    if changes:
        # Translators: "Hand 3 changed: Ann & Cy 1,250 → 1,450; Bo & Di 300 → 100."
        said = _("%(hand)s %(number)s changed: %(changes)s.")
        text = said % {**place, "changes": "; ".join(changes)}
    else:
        text = _("%(hand)s %(number)s changed (its scores stay the same).") % place
    undo = reverse("hand_undo_edit", args=[game.pk, number]) + f"?revision={saved.revision}"
    messages.success(request, text, extra_tags=undo_tag(undo))


def already_saved(attempt: Attempt, repeat: AlreadySaved) -> HttpResponse:
    """A hand form sent again after its hand was saved (Back, then Save; the outbox's second
    copy) never saves a second hand. The same hand again: the scoreboard says so (the outbox
    gets its 204, the hand being recorded). Other values: the form comes back as the next
    hand's, a new form (a new token), with what was typed and the reason, to check and save."""
    request, board = attempt.request, attempt.board
    if same_tallies(board, repeat.hand, attempt.form):
        if request.headers.get("X-Outbox"):
            return HttpResponse(status=204)
        messages.info(request, _("%(why)s It was not saved again.") % {"why": repeat.message})
        return redirect("game", board.game.pk)
    number = board.next_number
    form = hand_form(board, number, request.POST)
    form.is_valid()
    # Translators: %(why)s is "Hand 3 was already saved from this form."
    said = _(
        "%(why)s What you typed is still here: if it is %(hand)s %(number)s, check it and save "
        "again."
    )
    hand = hand_word_in_sentence(board.rules.hand_word)
    form.add_error(
        None, said % {"why": repeat.message, "hand": hand, "number": format_number(number)}
    )
    context = page_context(board, form, Saving(form_token=new_form_token()))
    return render(request, "games/hand_form.html", context, status=422)


#: Each refusal from recording a hand, and its answer.
REFUSALS: dict[type[Exception], Callable[[Attempt, Any], HttpResponse | None]] = {
    engine.RulesError: refused_by_the_rules,
    AlreadySaved: already_saved,
    HandConflict: in_conflict,
    GameChangeRefused: game_moved_on,
}


def hand_saved(request: HttpRequest, game: Game) -> HttpResponse:
    """The phone's outbox (app.js) sending a hand kept offline needs no page, only to know the
    hand is recorded: 204. Anything else it gets (a refusal) it shows the scorekeeper."""
    if request.headers.get("X-Outbox"):
        return HttpResponse(status=204)
    return redirect("game", game.pk)


def same_tallies(board: Board, current: Hand, form: HandForm) -> bool:
    """Whether the form holds exactly what `current` records (the same form sent twice)."""
    blanks = {f.name: f.blank for f in board.setup.fields(current.number)}

    def filled(tally: Mapping[str, Any]) -> dict[str, Any]:
        return dict(tally) if "total" in tally else {**blanks, **tally}

    recorded = current.as_input(board.setup)
    typed = form.tallies()
    return recorded.upcard == form.upcard() and all(
        filled(recorded.tallies[name]) == filled(typed[name]) for name in board.setup.side_names
    )


def conflict_message(board: Board, conflict: HandConflict, number: int) -> str:
    current = conflict.current
    place = {"hand": hand_word(board.rules.hand_word), "number": format_number(number)}
    if current is None:
        return (
            _("%(hand)s %(number)s is not the next one to record any more. Nothing was saved.")
            % place
        )
    scored = (
        board.score.hands[current.number - 1] if current.number <= len(board.score.hands) else None
    )
    if scored:
        now = ", ".join(
            f"{name} {format_number(score, signed=True)}" for name, score in scored.scores.items()
        )
    else:
        # Translators: "Hand 3 was just saved by another scorekeeper (recorded)": the hand is
        # saved, its scores not yet worked out.
        now = _("recorded")
    # Translators: %(scores)s is each side's score in that hand, "Ann +120, Bo −35".
    said = _(
        "%(hand)s %(number)s was just saved by another scorekeeper (%(scores)s). What you typed "
        "is still here: check it against theirs and save again to replace it."
    )
    return said % {**place, "scores": now}


@login_required
@require_POST
def hand_preview(request: AuthenticatedHtmxHttpRequest, game_id: int) -> HttpResponse:
    """The live preview: each side's hand score and breakdown, or the engine's objection."""
    game = get_scorekeeper_game_to_show(request.user, game_id)
    board = Board(game)
    try:
        number = posted_number(request, default=board.next_number)
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    form = hand_form(board, number, request.POST, preview=True)
    context = preview_context(board, form, refused=bool(request.POST.get("refused")))
    return render(request, "games/hand_form.html#preview", context)


@login_required
@require_POST
def hand_delete(request: AuthenticatedHttpRequest, game_id: int, number: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)

    def delete() -> None:  # no message: the scoreboard says "Hand N deleted" beside its Undo
        game.delete_last_hand(number)

    return scoreboard_after(request, game, delete)


@login_required
@require_POST
def hand_restore(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """Undo: the last deleted hand comes back as it was."""
    game = get_scorekeeper_game(request.user, game_id)

    def restore() -> str:
        hand = game.restore_deleted_hand()
        place = {"hand": hand_word(game.rules.hand_word), "number": format_number(hand.number)}
        return _("%(hand)s %(number)s is back.") % place

    return scoreboard_after(request, game, restore)


@login_required
@require_POST
def hand_undo_edit(request: AuthenticatedHttpRequest, game_id: int, number: int) -> HttpResponse:
    """Undo on "Hand 3 changed: …": the hand as it was before that edit."""
    game = get_scorekeeper_game(request.user, game_id)
    revision = request.GET.get("revision", "")
    if not (revision.isascii() and revision.isdigit() and len(revision) <= LONGEST_NUMBER):
        return refused_as_damaged(NotANumber("revision"))

    def undo() -> str:
        game.undo_hand_edit(number, int(revision))
        place = {"hand": hand_word(game.rules.hand_word), "number": format_number(number)}
        return _("%(hand)s %(number)s is back as it was.") % place

    return scoreboard_after(request, game, undo)


def scoreboard_after(
    request: HttpRequest, game: Game, change: Callable[[], str | None]
) -> HttpResponse:
    """Back to the scoreboard after `change` to the game's hands, saying what it did (the
    message it returns, if any) or why it was refused."""
    try:
        done = change()
    except GameChangeRefused as refused:
        messages.error(request, refused.message)
    else:
        if done:
            messages.success(request, done)
    return redirect("game", game.pk)
