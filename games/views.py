"""The screens. Thin views: the engine scores, the models record, the templates show."""

from __future__ import annotations

import io
import json
import re
import secrets
from collections.abc import Callable, Mapping
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.text import slugify
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)

from games import next_taps
from games import rules as engine
from games.access import (
    AuthenticatedHtmxHttpRequest,
    AuthenticatedHttpRequest,
    ExplainedNotFound,
    HtmxHttpRequest,
    get_owned_game,
    get_scorekeeper_game,
    get_scorekeeper_game_to_preview,
    gone_for_good,
    home_games_page,
    live_games,
    recently_deleted,
    scorekeeper_games,
)
from games.board import Board
from games.csv_export import all_games_rows, as_csv, game_rows
from games.forms import HandForm, ImportGameForm, NewGameForm
from games.htmx import varies_for_htmx
from games.imports import (
    ImportRefused,
    already_here,
    import_game_file,
    too_big,
    too_big_message,
)
from games.models import (
    DELETED_GAMES_KEPT,
    FORM_TOKEN_LENGTH,
    AlreadySaved,
    Game,
    GameChangeRefused,
    GameGone,
    Hand,
    HandConflict,
    OwnGame,
    RosterError,
    refuse_unseen_characters,
    roster_name,
)
from games.offline import keep_offline_copy
from games.own_game_views import offers_to_keep
from games.stats import game_listings
from games.templatetags.numbers import format_number

# -- errors ------------------------------------------------------------------------------------


@varies_for_htmx
def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Every 404 in the app's style; an htmx request gets just the explanation to swap in.
    (The 500 is Django's own view with templates/500.html: no database, no context processors.)"""
    explained = exception if isinstance(exception, ExplainedNotFound) else None
    context = {
        "title": explained.title if explained else "Nothing here",
        "explanation": explained.explanation
        if explained
        else "This page doesn't exist: the link may be mistyped or out of date.",
    }
    template = "404.html#gone" if request.headers.get("HX-Request") else "404.html"
    return render(request, template, context, status=404)


def live_link_stopped() -> ExplainedNotFound:
    return ExplainedNotFound(
        "This live score link has stopped",
        "The scorekeeper stopped this link (or deleted the game). Ask them for the new link, or "
        "scan the QR code on their phone again.",
    )


# -- home -------------------------------------------------------------------------


@require_safe
@keep_offline_copy
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home.html", {"rule_sets": engine.RULE_SETS.values()})
    # Stored results: the same few queries however many games and hands there are, and one
    # page of games in play, finished and archived, so that 2,000 games are not 2,000 cards.
    listing = home_games_page(
        request.user,
        query_number(request, "page"),
        query_number(request, "archived"),
        query_number(request, "playing"),
    )
    games = {
        game.pk: game
        for game in game_listings(Game.objects.filter(pk__in=listing.shown).order_by("-updated"))
    }
    deleted = list(recently_deleted(request.user).order_by("-deleted"))
    response = render(
        request,
        "home.html",
        {
            "in_progress": [games[pk] for pk in listing.in_play if pk in games],
            "finished": [games[pk] for pk in listing.finished if pk in games],
            "archived": [games[pk] for pk in listing.archived if pk in games],
            "listing": listing,
            "deleted": deleted,
        },
    )
    if request.GET:  # a later page: the phone keeps its copy of the home page itself
        response["X-Offline"] = "not kept"
    return response


def query_number(request: HttpRequest, key: str) -> int:
    """A page number asked in the query string; 1 when none or not a number."""
    text = request.GET.get(key, "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else 1


# -- a new game --------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: AuthenticatedHttpRequest) -> HttpResponse:
    data = roster_spellings(request.POST) if request.method == "POST" else None
    own = chosen_own_game(request)
    initial = own.form_initial() if own else {"rules": request.GET.get("rules")}
    form = NewGameForm(data, initial=initial)
    if request.method == "POST" and form.is_valid():
        assert form.game is not None
        try:
            refuse_unseen_characters([*form.game.players, *form.game.side_names])
        except RosterError as refused:
            form.add_error(None, refused.message)
            return render_new_game(request, form, own, status=422)
        setup = own.played_as(form.game) if own else form.game
        game = Game.start(request.user, setup, form.first_dealer_name)
        return redirect("game", game.pk)
    return render_new_game(request, form, own)


def chosen_own_game(request: AuthenticatedHttpRequest) -> OwnGame | None:
    """The account's own game picked on the new-game page (?own= on the way in, own_game once
    posted); 404 for a number that is not one of this account's own games."""
    raw = request.POST.get("own_game") if request.method == "POST" else request.GET.get("own")
    if not raw:
        return None
    if not raw.isdigit() or len(raw) > 12:
        raise Http404("no such game of yours")
    return get_object_or_404(request.user.own_games, pk=int(raw))


def roster_spellings(posted: QueryDict) -> QueryDict:
    """The new-game form as posted, each seat's name as the roster compares it (NFKC: "Ｐ２" is
    the player "P2")."""
    data = posted.copy()
    for key in posted:
        if key.startswith("seat") and key.removeprefix("seat").isdigit():
            data[key] = roster_name(posted.get(key, ""))
    return data


def render_new_game(
    request: AuthenticatedHttpRequest,
    form: NewGameForm,
    own: OwnGame | None = None,
    status: int = 200,
) -> HttpResponse:
    roster = request.user.players.all()[:40]
    context = {
        "form": form,
        "roster": roster,
        "rule_sets": engine.RULE_SETS.values(),
        "own_games": request.user.own_games.all(),
        "own": own,
    }
    return render(request, "games/new_game.html", context, status=status)


# -- the scoreboard ----------------------------------------------------------------------------


@varies_for_htmx
@login_required
@require_GET
@keep_offline_copy
def game_page(request: AuthenticatedHtmxHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    board = Board(game)
    if request.htmx:
        return render(request, "games/game.html#scoreboard", {"game": game, "board": board})
    keep_own = offers_to_keep(request.user, game)
    return render(request, "games/game.html", {"game": game, "board": board, "keep_own": keep_own})


@varies_for_htmx
@login_required
@require_POST
def table_action(request: AuthenticatedHtmxHttpRequest, game_id: int) -> HttpResponse:
    """The hand in progress, for a rule set that tracks one (Miromar: failed openings, Toulon,
    the turn card)."""
    game = get_scorekeeper_game(request.user, game_id)
    try:
        shown = posted_number(request, "hand", default=0) or None
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    refusal = None
    try:
        game.track(request.POST.get("action", ""), request.POST.get("side"), shown)
    except GameChangeRefused as refused:
        refusal = refused.message
    except engine.UnknownSide:
        raise Http404 from None
    except engine.TrackerRefused as refused:
        return HttpResponse(f"{refused}.", status=400, content_type="text/plain; charset=utf-8")
    if request.htmx:
        context = {"game": game, "board": Board(game), "refusal": refusal}
        return render(request, "games/game.html#scoreboard", context)
    if refusal:
        messages.error(request, refusal)
    return redirect("game", game.pk)


# -- entering a hand ---------------------------------------------------------------------------


def hand_context(
    game: Game,
    form: HandForm,
    board: Board,
    scored: engine.HandScore | None = None,
    **extra: Any,
) -> dict[str, Any]:
    form.dealer = game.dealer_for(form.number)
    panels = extra.pop("panels", None) or form.panels()
    if "predictions" not in extra:  # a whole page: the table for the form as drawn
        extra["predictions"] = page_predictions(board, form)
    return {
        "game": game,
        "form": form,
        "panels": panels,
        "board": board,
        "preview_sides": board.preview_sides(scored),
        **extra,
    }


def scored_before(board: Board, number: int) -> engine.GameScore:
    """The game as it stood before hand `number` (the hand entered or edited)."""
    if number <= len(board.score.hands):  # editing an earlier hand
        return board.setup.score(board.inputs[: number - 1])
    return board.score


def page_predictions(board: Board, form: HandForm) -> SafeString:
    """The likely next taps' scores for a hand page, from its values as the browser will send
    them (a refused form's as typed), read the way the preview reads them."""
    data = form.data if form.is_bound else next_taps.as_posted(form)
    shown = HandForm(board.setup, form.number, data, preview=True)
    shown.dealer = form.dealer
    shown.is_valid()
    so_far = scored_before(board, form.number)
    return next_taps.script(next_taps.table(shown, shown.panels(), so_far))


@login_required
@require_http_methods(["GET", "POST"])
@keep_offline_copy
def hand_new(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    board = Board(game)
    if board.finished and request.method == "POST":
        return hand_after_the_end(request, game, board)
    if board.finished:
        messages.info(request, "The game is over: no more hands.")
        return redirect("game", game.pk)
    number = board.next_number
    if request.method == "GET":
        form = HandForm.for_hand(board.setup, number, None)
        context = hand_context(game, form, board, number=number, form_token=new_form_token())
        return render(request, "games/hand_form.html", context)
    try:
        number = posted_number(request, default=number)
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    form = HandForm(board.setup, number, request.POST)
    return save_hand(
        request, game, board, form, number, revision=None, form_token=posted_form_token(request)
    )


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
    form = HandForm(board.setup, number, request.POST)
    form.is_valid()
    form.add_error(
        None,
        f"The game is over: this {game.rules.hand_word.lower()} was not saved. What you typed "
        "is still here.",
    )
    context = hand_context(game, form, board, number=number)
    return render(request, "games/hand_form.html", context, status=422)


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request: AuthenticatedHttpRequest, game_id: int, number: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    hand = next((h for h in game.hands.all() if h.number == number), None)
    if hand is None and request.method == "POST" and number >= 1:
        word = game.rules.hand_word
        messages.error(
            request,
            f"{word} {number} is not in this game any more (another scorekeeper deleted it), "
            "so your change was not saved.",
        )
        return redirect("game", game.pk)
    if hand is None:
        raise Http404
    board = Board(game)
    if request.method == "GET" and board.locked:
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
        form = HandForm.for_hand(board.setup, number, board.inputs[number - 1])
        return render(
            request,
            "games/hand_form.html",
            hand_context(
                game, form, board, number=number, hand=hand, scored=board.score.hands[number - 1]
            ),
        )
    try:
        revision = posted_number(request, "revision", default=hand.revision)
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    form = HandForm(board.setup, number, request.POST)
    return save_hand(request, game, board, form, number, revision=revision, hand=hand)


class NotANumber(Exception):
    """A field the app's own forms fill with a number (a hand number, a revision) arrived
    holding something else: the form was damaged, so nothing it asks is done."""

    def __init__(self, key: str) -> None:
        self.message = (
            f"This form arrived damaged: its {key} is not a number. Nothing was saved; reload "
            "the page and try again."
        )
        super().__init__(self.message)


def refused_as_damaged(refused: NotANumber) -> HttpResponse:
    return HttpResponse(refused.message, status=400, content_type="text/plain; charset=utf-8")


#: Digits enough for any hand number or revision, with a sign; anything longer is no number.
LONGEST_NUMBER = 12


def posted_number(request: HttpRequest, key: str = "number", default: int = 0) -> int:
    """The whole number posted as `key` (written in ASCII digits, an optional minus), or
    `default` when none was sent. NotANumber for anything else ("abc", "1.0", 5,000 digits)."""
    text = request.POST.get(key)
    if text is None:
        return default
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(text) > LONGEST_NUMBER:
        raise NotANumber(key)
    return int(text)


def save_hand(
    request: HttpRequest,
    game: Game,
    board: Board,
    form: HandForm,
    number: int,
    revision: int | None,
    hand: Hand | None = None,
    form_token: str = "",
) -> HttpResponse:
    if form.is_valid():
        ask_about_unusual(game, board, form, number)
    if form.is_valid():
        try:
            # The dealer is decided under the game's lock, from the rotation in force then.
            saved = game.record_hand(
                number, form.tallies(), revision=revision, form_token=form_token
            )
        except engine.RulesError as error:
            form.add_rules_error(error)
        except AlreadySaved as repeat:
            return already_saved(request, game, board, form, repeat)
        except HandConflict as conflict:
            if conflict.current is not None and same_tallies(board, conflict.current, form):
                # The same form sent twice: it is recorded already, once.
                return hand_saved(request, game)
            form.add_error(None, conflict_message(board, conflict, number))
            # Saving again from this screen replaces what the other scorekeeper saved.
            hand = conflict.current or hand
        except GameChangeRefused as refused:  # the game is over, or its hands moved on
            messages.error(request, refused.message)
            return redirect("game", game.pk)
        else:
            if revision is not None:
                say_what_changed(request, game, board, saved)
            return hand_saved(request, game)
    context = hand_context(game, form, board, number=number, hand=hand, form_token=form_token)
    return render(request, "games/hand_form.html", context, status=422)


def say_what_changed(request: HttpRequest, game: Game, board: Board, saved: Hand) -> None:
    """An edit of a recorded hand says what it changed, with Undo: "Hand 3 changed: Ann & Cy
    1,250 → 1,450"."""
    number = saved.number
    before = board.score.hands[number - 1].scores
    after = game.score().hands[number - 1].scores
    changes = [
        f"{side} {format_number(before[side])} → {format_number(after[side])}"
        for side in after
        if before.get(side) != after[side]
    ]
    word = game.rules.hand_word
    text = (
        f"{word} {number} changed: {'; '.join(changes)}."
        if changes
        else f"{word} {number} changed (its scores stay the same)."
    )
    undo = reverse("hand_undo_edit", args=[game.pk, number]) + f"?revision={saved.revision}"
    messages.success(request, text, extra_tags=undo_tag(undo))


def ask_about_unusual(game: Game, board: Board, form: HandForm, number: int) -> None:
    """A value far from any real hand ("20" typed for "2") is asked about once, next to its
    box, unless the engine refuses the hand anyway (then its refusal says why)."""
    if not form.unusual(form.tallies()):
        return
    so_far = board.score
    if number <= len(board.score.hands):  # editing an earlier hand
        so_far = board.setup.score(board.inputs[: number - 1])
    try:
        board.setup.score_next_hand(
            so_far, engine.HandInput(form.tallies(), game.dealer_for(number))
        )
    except engine.RulesError as error:
        form.add_rules_error(error)
    else:
        form.ask_about_unusual()


def already_saved(
    request: HttpRequest, game: Game, board: Board, form: HandForm, repeat: AlreadySaved
) -> HttpResponse:
    """A hand form sent again after its hand was saved (Back, then Save; the outbox's second
    copy) never saves a second hand. The same hand again: the scoreboard says so (the outbox
    gets its 204, the hand being recorded). Other values: the form comes back as the next
    hand's, a new form (a new token), with what was typed and the reason, to check and save."""
    if same_tallies(board, repeat.hand, form):
        if request.headers.get("X-Outbox"):
            return HttpResponse(status=204)
        messages.info(request, f"{repeat.message} It was not saved again.")
        return redirect("game", game.pk)
    number = board.next_number
    form = HandForm(board.setup, number, request.POST)
    form.is_valid()
    form.add_error(
        None,
        f"{repeat.message} What you typed is still here: if it is {board.rules.hand_word.lower()} "
        f"{number}, check it and save again.",
    )
    context = hand_context(game, form, board, number=number, form_token=new_form_token())
    return render(request, "games/hand_form.html", context, status=422)


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

    recorded = current.as_input(board.setup).tallies
    typed = form.tallies()
    return all(filled(recorded[name]) == filled(typed[name]) for name in board.setup.side_names)


def conflict_message(board: Board, conflict: HandConflict, number: int) -> str:
    current = conflict.current
    word = board.rules.hand_word
    if current is None:
        return f"{word} {number} is not the next one to record any more. Nothing was saved."
    scored = (
        board.score.hands[current.number - 1] if current.number <= len(board.score.hands) else None
    )
    now = (
        ", ".join(
            f"{name} {format_number(score, signed=True)}" for name, score in scored.scores.items()
        )
        if scored
        else "recorded"
    )
    return (
        f"{word} {number} was just saved by another scorekeeper ({now}). "
        "What you typed is still here: check it against theirs and save again to replace it."
    )


@login_required
@require_POST
def hand_preview(request: AuthenticatedHtmxHttpRequest, game_id: int) -> HttpResponse:
    """The live preview: each side's hand score and breakdown, or the engine's objection."""
    game = get_scorekeeper_game_to_preview(request.user, game_id)
    board = Board(game, game.hand_rows())
    try:
        number = posted_number(request, default=board.next_number)
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    form = HandForm(board.setup, number, request.POST, preview=True)
    form.dealer = game.dealer_for(number)
    scored = None
    so_far = scored_before(board, number)
    valid = form.is_valid()
    # Before the engine's word on this state is added to the form (an error takes its field
    # out of the form's cleaned data): the scores of the taps one away, for predict.js.
    panels = form.panels()
    predictions = next_taps.script(next_taps.table(form, panels, so_far))
    if valid:
        try:
            scored = board.setup.score_next_hand(
                so_far, engine.HandInput(form.tallies(), form.dealer)
            )
        except engine.RulesError as error:
            form.add_rules_error(error)
    context = hand_context(
        game,
        form,
        board,
        number=number,
        scored=scored,
        oob=True,
        predictions=predictions,
        panels=panels,
    )
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
        return f"{game.rules.hand_word} {hand.number} is back."

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
        return f"{game.rules.hand_word} {number} is back as it was."

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


@login_required
@require_POST
def reopen(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request.user, game_id)
    try:
        number = posted_number(request, "hand")
    except NotANumber as damaged:
        return refused_as_damaged(damaged)
    game.reopen()
    messages.success(request, "Reopened: hands can be edited again.")
    if any(hand.number == number for hand in game.hands.all()):
        return redirect("hand_edit", game.pk, number)
    return redirect("game", game.pk)


@login_required
@require_POST
def finish_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """The owner ends a game that has no end of its own ("Finish the game"), once asked: the
    first tap shows who would win and asks again."""
    game = get_owned_game(request.user, game_id)
    if request.POST.get("confirmed") != "1":
        board = Board(game)
        if board.can_finish:
            return render(request, "games/finish.html", {"game": game, "board": board})
    try:
        game.finish()
    except GameChangeRefused as refused:
        messages.info(request, refused.message)
    else:
        messages.success(request, "Game over. Reopen it to add a hand.")
    return redirect("game", game.pk)


# -- managing games ----------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def first_dealer(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """Change who dealt first; recorded hands follow the new rotation."""
    game = get_scorekeeper_game(request.user, game_id)
    board = Board(game)
    if board.finished:
        messages.info(request, "The game is over: the dealers stay as they were.")
        return redirect("game", game.pk)
    error = None
    if request.method == "POST":
        name = request.POST.get("first_dealer", "")
        if name not in game.players:
            error = "Pick who dealt the first hand."
        else:
            try:
                game.change_first_dealer(name)
            except engine.RulesError as refused:
                error = f"Not changed. {refused.message[:1].upper()}{refused.message[1:]}."
            else:
                dealer = game.dealer_for(board.next_number)
                messages.success(request, f"First dealer: {name}. {dealer} deals next.")
                return redirect("game", game.pk)
    context = {"game": game, "board": board, "error": error}
    return render(request, "games/first_dealer.html", context, status=422 if error else 200)


@login_required
@require_POST
def rematch(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    new, made_now = game.rematch()
    if not made_now:
        messages.info(request, "The rematch is already on: here it is.")
        return redirect("game", new.pk)
    dealer = f" {new.first_dealer} deals first." if new.first_dealer else ""
    messages.success(request, f"Rematch: same players, same sides.{dealer}")
    return redirect("game", new.pk)


@login_required
@require_POST
def archive_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request.user, game_id)
    archived = request.POST.get("archived") != "0"
    game.set_archived(archived)
    if archived:
        messages.success(request, "Archived: it waits under “Archived” at the bottom.")
        return redirect("home")
    messages.success(request, "Back on the home page.")
    return redirect("game", game.pk)


@login_required
@require_POST
def delete_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request.user, game_id)
    game.delete_for_a_while()
    days = DELETED_GAMES_KEPT.days
    messages.success(
        request,
        f"Game deleted. You can restore it from “Recently deleted” for {days} days.",
        extra_tags=undo_tag(reverse("restore_game", args=[game.pk])),
    )
    return redirect("home")


def undo_tag(url: str) -> str:
    """A message's extra tags that give it an Undo button posting to `url` (base.html)."""
    return f"undo:{url}"


@login_required
@require_POST
def restore_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = request.user.games.filter(pk=game_id, deleted__isnull=False).first()
    if game is None:  # most likely deleted for good by a purge since the page was drawn
        raise gone_for_good()
    try:
        game.restore()
    except GameGone:
        raise gone_for_good() from None
    messages.success(request, "Game restored.")
    return redirect("game", game.pk)


# -- game files --------------------------------------------------------------------------------


@login_required
@require_GET
def export_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    body = json.dumps(game.as_game_file(), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"{slugify(game.rules.name)}-{game.created:%Y-%m-%d}-{game.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def csv_download(body: str, filename: str) -> HttpResponse:
    # A byte-order mark first: spreadsheets then read the names' accents as UTF-8.
    response = HttpResponse("\ufeff" + body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_GET
def export_game_csv(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """The game for a spreadsheet: a row per hand, each side's hand score, total and tally."""
    game = get_scorekeeper_game(request.user, game_id)
    filename = f"{slugify(game.rules.name)}-{game.created:%Y-%m-%d}-{game.pk}.csv"
    return csv_download(as_csv(game_rows(game)), filename)


@login_required
@require_GET
def export_all_csv(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Every game this account scores, one CSV: a row per side per hand."""
    games = scorekeeper_games(request.user).order_by("created", "pk")
    return csv_download(as_csv(all_games_rows(games)), f"scorekeeper-games-{request.user.pk}.csv")


@login_required
@require_http_methods(["GET", "POST"])
def import_game(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = ImportGameForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and too_big(request.FILES.get("file")):
        form.add_error(None, too_big_message())
    elif request.method == "POST" and form.is_valid():
        content = form.content()
        twin = None if request.POST.get("second_copy") else already_here(content, request.user)
        if twin is not None:
            # Asked first: a second copy would count every hand twice in the players' records.
            context = {"form": form, "twin": twin, "content": content.decode(errors="replace")}
            return render(request, "games/import.html", context)
        try:
            game = import_game_file(content, owner=request.user)
        except ImportRefused as refused:
            form.add_error(None, refused.message)
        else:
            return redirect("game", game.pk)
    status = 422 if form.errors else 200
    return render(request, "games/import.html", {"form": form}, status=status)


# -- sharing: the live view and co-scorekeepers ------------------------------------------------


def live_version(request: HttpRequest, token: str) -> str | None:
    """The ETag of a live view: the game's version, one indexed lookup, no scoring."""
    version = Game.version_for_share_token(token)
    return None if version is None else f"v{version}"


@varies_for_htmx
@require_safe
@condition(etag_func=live_version)
@keep_offline_copy
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only scoreboard behind a share link; polls and gets 304 while nothing changed."""
    game = live_games().prefetch_related("hands").filter(share_token=token).first()
    if game is None:
        raise live_link_stopped()
    template = "games/live.html#scoreboard" if request.htmx else "games/live.html"
    response = render(request, template, {"game": game, "board": Board(game), "live": True})
    # Revalidate every time (the ETag makes that a 304); the partial and the page differ
    # (varies_for_htmx).
    response["Cache-Control"] = "no-cache"
    return response


def share_url(request: HttpRequest, game: Game) -> str:
    return request.build_absolute_uri(reverse("live", args=[game.share_token]))


@login_required
@require_GET
def share(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    context = {
        "game": game,
        "board": Board(game),
        "share_url": share_url(request, game),
        "is_owner": game.owner_id == request.user.pk,
        "co_scorekeepers": game.co_scorekeepers.order_by("username"),
    }
    return render(request, "games/share.html", context)


@login_required
@require_GET
def share_qr(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    qr = segno.make(share_url(request, game), error="m")
    svg = io.BytesIO()
    # A standalone file (with its xmlns), so that browsers draw it as an <img>.
    qr.save(svg, kind="svg", scale=6, dark="#000", light="#fff", border=2, xmldecl=False)
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


@login_required
@require_POST
def renew_share_link(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request.user, game_id)
    game.renew_share_token()
    messages.success(request, "New link made: the old one no longer works.")
    return redirect("share", game.pk)


#: The longest name an account can have.
USERNAME_LENGTH = User._meta.get_field("username").max_length or 150


def could_be_username(text: str) -> bool:
    """Whether an account could be called `text`: not too long, and no NUL (PostgreSQL refuses
    one even in a query; the form decoder already turns broken characters into U+FFFD)."""
    return len(text) <= USERNAME_LENGTH and "\x00" not in text


@login_required
@require_POST
def co_scorekeepers(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request.user, game_id)
    username = request.POST.get("username", "").strip()
    helper = None
    if could_be_username(username):
        helper = User.objects.filter(username=username).exclude(pk=game.owner_id).first()
    if helper is None:
        shown = username.replace("\x00", "")[:USERNAME_LENGTH]
        messages.error(request, f"There is no other account called “{shown}”.")
    elif request.POST.get("action") == "remove":
        game.co_scorekeepers.remove(helper)
        messages.success(request, f"{helper.username} can no longer enter hands.")
    else:
        game.co_scorekeepers.add(helper)
        messages.success(request, f"{helper.username} can now enter and edit hands.")
    return redirect("share", game.pk)
