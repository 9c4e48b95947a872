"""The screens. Thin views: the engine scores, the models record, the templates show."""

from __future__ import annotations

import io
import json
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.functional import cached_property
from django.utils.text import slugify
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)
from django_htmx.middleware import HtmxDetails

from games import rules as engine
from games.forms import HandForm, ImportGameForm, NewGameForm, SignupForm
from games.models import DELETED_GAMES_KEPT, Game, Hand, HandConflict, RestoreRefused
from games.rules.gamefile import read_game_file
from games.rules.miromar import MiromarCanasta
from games.rules.ten_pennies import TenPennies


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# -- access ------------------------------------------------------------------------------------


class ExplainedNotFound(Http404):
    """A 404 whose page says what happened, in the players' words (see `not_found`)."""

    def __init__(self, title: str, explanation: str) -> None:
        self.title = title
        self.explanation = explanation
        super().__init__(explanation)


def game_not_open() -> ExplainedNotFound:
    return ExplainedNotFound(
        "This game isn't open to you",
        "It was deleted, or its owner no longer shares it with you (co-scorekeepers can be "
        "removed). If you were keeping score in it, ask the owner to add you again.",
    )


def live_link_stopped() -> ExplainedNotFound:
    return ExplainedNotFound(
        "This live score link has stopped",
        "The scorekeeper stopped this link (or deleted the game). Ask them for the new link, or "
        "scan the QR code on their phone again.",
    )


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Every 404 in the app's style; an htmx request gets just the explanation to swap in."""
    explained = exception if isinstance(exception, ExplainedNotFound) else None
    context = {
        "title": explained.title if explained else "Nothing here",
        "explanation": explained.explanation
        if explained
        else "This page doesn't exist: the link may be mistyped or out of date.",
    }
    template = "404.html#gone" if request.headers.get("HX-Request") else "404.html"
    return render(request, template, context, status=404)


def live_games() -> QuerySet[Game]:
    """Games that are not deleted: a deleted game is gone for everyone but its owner's
    "Recently deleted" list."""
    return Game.objects.filter(deleted__isnull=True)


def scorekeeper_games(request: HttpRequest) -> QuerySet[Game]:
    """The games this account may score: its own and those it was asked to help with."""
    user = request.user
    return live_games().filter(Q(owner=user) | Q(co_scorekeepers=user)).distinct()


def with_hands(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related("hands")


def get_scorekeeper_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if this account owns it or scores it; 404 otherwise, so nothing leaks."""
    game = with_hands(scorekeeper_games(request)).filter(pk=game_id).first()
    if game is None:
        raise game_not_open()
    return game


def get_owned_game(request: HttpRequest, game_id: int) -> Game:
    game = with_hands(live_games().filter(owner=request.user)).filter(pk=game_id).first()
    if game is None:
        raise game_not_open()
    return game


# -- accounts and home -------------------------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home.html", {"rule_sets": engine.RULE_SETS.values()})
    games = [GameSummary(game) for game in with_hands(scorekeeper_games(request))]
    shown = [g for g in games if not g.game.archived]
    return render(
        request,
        "home.html",
        {
            "in_progress": [g for g in shown if not g.score.finished],
            "finished": [g for g in shown if g.score.finished],
            "archived": [g for g in games if g.game.archived],
            "deleted": recently_deleted(request),
        },
    )


def recently_deleted(request: HttpRequest) -> QuerySet[Game]:
    since = timezone.now() - DELETED_GAMES_KEPT
    return Game.objects.filter(owner=request.user, deleted__gte=since).order_by("-deleted")


class GameSummary:
    """A game and its score, for lists."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.score = game.score()

    @property
    def totals(self) -> list[tuple[str, int]]:
        return list(self.score.totals.items())


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


# -- a new game --------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None, initial={"rules": request.GET.get("rules")})
    if request.method == "POST" and form.is_valid():
        assert form.game is not None
        game = Game.start(
            request.user, form.game, form.game.players[form.cleaned_data["first_dealer"]]
        )
        return redirect("game", game.pk)
    roster = request.user.players.all()[:40]
    return render(
        request,
        "games/new_game.html",
        {"form": form, "roster": roster, "rule_sets": engine.RULE_SETS.values()},
    )


@login_required
@require_http_methods(["GET", "POST"])
def new_game_pad(request: HttpRequest) -> HttpResponse:
    """A blank score pad for the players typed on the new-game page (nothing is saved). The
    page posts here, in the same tab, so that a refusal shows on the page it came from and the
    CSRF token never lands in a URL."""
    from games.printing import score_pad_pdf
    from games.printing.views import pdf_response

    form = NewGameForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        roster = request.user.players.all()[:40]
        context = {"form": form, "roster": roster, "rule_sets": engine.RULE_SETS.values()}
        return render(request, "games/new_game.html", context, status=422)
    assert form.game is not None
    names = form.game.side_names
    data = score_pad_pdf(form.game.rules, sides=len(names), names=names)
    return pdf_response(data, f"{form.game.rules.slug}-score-pad.pdf")


# -- the scoreboard ----------------------------------------------------------------------------


class Board:
    """Everything the scoreboard shows, worked out once per request."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = game.rules
        self.setup = game.setup()
        self.inputs = game.hand_inputs(self.setup)
        self.score = self.setup.score(self.inputs)
        self.next_number = self.score.next_hand_number
        self.finished = self.score.finished
        self.locked = game.is_locked(self.score)

    @cached_property
    def dealer(self) -> str | None:
        return None if self.finished else self.game.dealer_for(self.next_number)

    @property
    def pennies_dealer(self) -> str | None:
        """In the partnership game the dealer's partner deals the Pennies."""
        if self.rules.slug != "pfh-partnership" or not self.dealer:
            return None
        side = self.setup.side_of(self.dealer)
        return next(p for p in side.players if p != self.dealer)

    def failed_openings(self) -> dict[str, int]:
        failed = self.game.table.get("failed", {})
        return {name: int(failed.get(str(i), 0)) for i, name in enumerate(self.setup.side_names)}

    @cached_property
    def sides(self) -> list[dict[str, Any]]:
        totals = self.score.totals
        minimums = self.score.opening_minimums(self.failed_openings())
        leaders = self.rules.winners(totals) if self.score.hands else []
        failed = self.failed_openings()
        return [
            {
                "index": index,
                "name": name,
                "players": self.setup.sides[index].players,
                "total": totals[name],
                "leading": name in leaders and len(leaders) < len(totals),
                "winner": name in self.score.winners,
                "minimum": minimums.get(name),
                "failed": failed[name],
            }
            for index, name in enumerate(self.setup.side_names)
        ]

    @cached_property
    def rows(self) -> list[dict[str, Any]]:
        edit_url = reverse("hand_edit", args=[self.game.pk, 0])[: -len("0/")]
        return [
            {
                "number": hand.number,
                "url": f"{edit_url}{hand.number}/",
                "cells": [(hand.scores[name], hand.totals[name]) for name in hand.scores],
            }
            for hand in self.score.hands
        ]

    @property
    def toulon(self) -> int | None:
        if not isinstance(self.rules, MiromarCanasta):
            return None
        return self.rules.next_toulon(
            int(self.game.table.get("openings", 0)), bool(self.game.table.get("turn_card"))
        )

    @property
    def is_miromar(self) -> bool:
        return isinstance(self.rules, MiromarCanasta)

    @property
    def round_card(self) -> engine.RoundCard | None:
        if not isinstance(self.rules, TenPennies) or self.finished:
            return None
        return self.rules.round_card(self.next_number)

    @property
    def pot(self) -> engine.Pot | None:
        if not isinstance(self.rules, TenPennies):
            return None
        return self.rules.pot(self.score)


@login_required
@require_GET
def game_page(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
    board = Board(game)
    template = "games/game.html#scoreboard" if request.htmx else "games/game.html"
    return render(request, template, {"game": game, "board": board})


@login_required
@require_POST
def table_action(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The hand in progress (Miromar): failed openings, Toulon, the turn card."""
    game = get_scorekeeper_game(request, game_id)
    if Board(game).finished:
        messages.info(request, "The game is over: there is no hand in progress.")
        return redirect("game", game.pk)
    table = dict(game.table)
    failed = dict(table.get("failed", {}))
    action = request.POST.get("action", "")
    side = request.POST.get("side", "")
    if side not in {str(i) for i in range(len(game.sides))} and action in {"fail", "unfail"}:
        raise Http404
    if action == "fail":
        failed[side] = int(failed.get(side, 0)) + 1
    elif action == "unfail":
        failed[side] = max(0, int(failed.get(side, 0)) - 1)
    elif action == "opened":
        table["openings"] = int(table.get("openings", 0)) + 1
    elif action == "unopened":
        table["openings"] = max(0, int(table.get("openings", 0)) - 1)
    elif action == "turn_card":
        table["turn_card"] = not table.get("turn_card", False)
    else:
        return HttpResponse("Unknown action.", status=400)
    table["failed"] = failed
    game.set_table(table)
    if request.htmx:
        return render(request, "games/game.html#scoreboard", {"game": game, "board": Board(game)})
    return redirect("game", game.pk)


# -- entering a hand ---------------------------------------------------------------------------


def hand_context(
    game: Game,
    form: HandForm,
    board: Board,
    scored: engine.HandScore | None = None,
    **extra: Any,
) -> dict[str, Any]:
    return {
        "game": game,
        "form": form,
        "panels": form.panels(),
        "board": board,
        "preview_sides": preview_sides(board, scored),
        **extra,
    }


def preview_sides(board: Board, scored: engine.HandScore | None) -> list[dict[str, Any]]:
    """Each side's hand score and the parts it is made of, in the tally's own words."""
    labels = {f.name: f.label for f in board.rules.tally_fields} | {"total": "Total"}
    return [
        {
            "name": name,
            "score": scored.scores[name] if scored else None,
            "lines": [
                (labels.get(part, part), points)
                for part, points in scored.breakdown[name].items()
                if points
            ]
            if scored
            else [],
        }
        for name in board.setup.side_names
    ]


@login_required
@require_http_methods(["GET", "POST"])
def hand_new(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
    board = Board(game)
    if board.finished:
        messages.info(request, "The game is over: no more hands.")
        return redirect("game", game.pk)
    number = board.next_number
    if request.method == "GET":
        form = HandForm.for_hand(board.setup, number, None)
        return render(
            request, "games/hand_form.html", hand_context(game, form, board, number=number)
        )
    number = posted_number(request, default=number)
    form = HandForm(board.setup, number, request.POST)
    return save_hand(
        request, game, board, form, number, revision=None, dealer=game.dealer_for(number)
    )


@login_required
@require_http_methods(["GET", "POST"])
def hand_edit(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
    hand = next((h for h in game.hands.all() if h.number == number), None)
    if hand is None:
        raise Http404
    board = Board(game)
    if request.method == "GET" and board.locked:
        context = {
            "game": game,
            "board": board,
            "hand": hand,
            "number": number,
            "sides": recorded_sides(board, number),
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
    if board.locked:
        messages.error(request, "The game is over. Reopen it to change a hand.")
        return redirect("game", game.pk)
    form = HandForm(board.setup, number, request.POST)
    revision = posted_number(request, "revision", default=hand.revision)
    return save_hand(
        request, game, board, form, number, revision=revision, dealer=hand.dealer or None, hand=hand
    )


def recorded_sides(board: Board, number: int) -> list[dict[str, Any]]:
    """What a recorded hand holds, side by side: each field that was filled in, as typed,
    with the points it scored."""
    scored = board.score.hands[number - 1]
    fields = board.setup.fields_by_name
    sides = []
    for name in board.setup.side_names:
        tally = scored.tallies[name]
        points = scored.breakdown[name]
        if tally is None:
            rows = [("Just the total", "", scored.scores[name])]
        else:
            rows = [
                (fields[key].label, "yes" if value is True else value, points.get(key, 0))
                for key, value in tally.items()
                if value != fields[key].blank or points.get(key, 0)
            ]
        sides.append({"name": name, "score": scored.scores[name], "rows": rows})
    return sides


def posted_number(request: HttpRequest, key: str = "number", default: int = 0) -> int:
    try:
        return int(request.POST.get(key, default))
    except ValueError:
        return default


def save_hand(
    request: HttpRequest,
    game: Game,
    board: Board,
    form: HandForm,
    number: int,
    revision: int | None,
    dealer: str | None,
    hand: Hand | None = None,
) -> HttpResponse:
    if form.is_valid():
        try:
            game.record_hand(number, form.tallies(), dealer, revision)
        except engine.RulesError as error:
            form.add_rules_error(error)
        except HandConflict as conflict:
            if conflict.current is not None and same_tallies(board, conflict.current, form):
                # The same form sent twice: it is recorded already, once.
                return redirect("game", game.pk)
            form.add_error(None, conflict_message(board, conflict, number))
            # Saving again from this screen replaces what the other scorekeeper saved.
            hand = conflict.current or hand
        else:
            return redirect("game", game.pk)
    context = hand_context(game, form, board, number=number, hand=hand)
    return render(request, "games/hand_form.html", context, status=422)


def same_tallies(board: Board, current: Hand, form: HandForm) -> bool:
    """Whether the form holds exactly what `current` records (the same form sent twice)."""
    blanks = {f.name: f.blank for f in board.setup.fields(current.number)}

    def filled(tally: dict[str, Any]) -> dict[str, Any]:
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
        ", ".join(f"{name} {score:+,}" for name, score in scored.scores.items())
        if scored
        else "recorded"
    )
    return (
        f"{word} {number} was just saved by another scorekeeper ({now}). "
        "What you typed is still here: check it against theirs and save again to replace it."
    )


@login_required
@require_POST
def hand_preview(request: HtmxHttpRequest, game_id: int) -> HttpResponse:
    """The live preview: each side's hand score and breakdown, or the engine's objection."""
    game = get_scorekeeper_game(request, game_id)
    board = Board(game)
    number = posted_number(request, default=board.next_number)
    form = HandForm(board.setup, number, request.POST)
    scored = None
    if form.is_valid():
        so_far = board.score
        if number <= len(board.score.hands):  # editing an earlier hand
            so_far = board.setup.score(board.inputs[: number - 1])
        try:
            scored = board.setup.score_next_hand(
                so_far, engine.HandInput(form.tallies(), game.dealer_for(number))
            )
        except engine.RulesError as error:
            form.add_rules_error(error)
    return render(
        request,
        "games/hand_form.html#preview",
        hand_context(game, form, board, number=number, scored=scored, oob=True),
    )


@login_required
@require_POST
def hand_delete(request: HttpRequest, game_id: int, number: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
    board = Board(game)
    if board.locked:
        messages.error(request, "The game is over. Reopen it to change a hand.")
        return redirect("game", game.pk)
    if number != len(board.score.hands):
        messages.error(request, "Only the last hand can be deleted.")
        return redirect("game", game.pk)
    game.delete_last_hand()
    # No message: the scoreboard says "Hand N deleted" beside its Undo button.
    return redirect("game", game.pk)


@login_required
@require_POST
def hand_restore(request: HttpRequest, game_id: int) -> HttpResponse:
    """Undo: the last deleted hand comes back as it was."""
    game = get_scorekeeper_game(request, game_id)
    try:
        hand = game.restore_deleted_hand()
    except RestoreRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, f"{game.rules.hand_word} {hand.number} is back.")
    return redirect("game", game.pk)


@login_required
@require_POST
def reopen(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request, game_id)
    game.reopen()
    messages.success(request, "Reopened: hands can be edited again.")
    number = posted_number(request, "hand")
    if any(hand.number == number for hand in game.hands.all()):
        return redirect("hand_edit", game.pk, number)
    return redirect("game", game.pk)


# -- managing games ----------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def first_dealer(request: HttpRequest, game_id: int) -> HttpResponse:
    """Change who dealt first; recorded hands follow the new rotation."""
    game = get_scorekeeper_game(request, game_id)
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
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
    new = game.rematch()
    dealer = f" {new.first_dealer} deals first." if new.first_dealer else ""
    messages.success(request, f"Rematch: same players, same sides.{dealer}")
    return redirect("game", new.pk)


@login_required
@require_POST
def archive_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request, game_id)
    archived = request.POST.get("archived") != "0"
    game.set_archived(archived)
    if archived:
        messages.success(request, "Archived: it waits under “Archived” at the bottom.")
        return redirect("home")
    messages.success(request, "Back on the home page.")
    return redirect("game", game.pk)


@login_required
@require_POST
def delete_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request, game_id)
    game.delete_for_a_while()
    days = DELETED_GAMES_KEPT.days
    messages.success(
        request, f"Game deleted. You can restore it from “Recently deleted” for {days} days."
    )
    return redirect("home")


@login_required
@require_POST
def restore_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = recently_deleted(request).filter(pk=game_id).first()
    if game is None:
        raise game_not_open()
    game.restore()
    messages.success(request, "Game restored.")
    return redirect("game", game.pk)


# -- game files --------------------------------------------------------------------------------


@login_required
@require_GET
def export_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
    body = json.dumps(game.as_game_file(), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"{slugify(game.rules.name)}-{game.created:%Y-%m-%d}-{game.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    form = ImportGameForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = import_game_file(request, form.content())
        except engine.RulesError as error:
            form.add_error(None, error.message[:1].upper() + error.message[1:])
        else:
            return redirect("game", game.pk)
    status = 422 if form.errors else 200
    return render(request, "games/import.html", {"form": form}, status=status)


@transaction.atomic
def import_game_file(request: HttpRequest, content: bytes) -> Game:
    setup, hands = read_game_file(content)
    setup.score(hands)  # refuse a bad file before anything is saved
    data = json.loads(content)
    game = Game.start(request.user, setup, data.get("first_dealer") or setup.players[0])
    for number, hand in enumerate(hands, start=1):
        game.record_hand(number, hand.tallies, hand.dealer)
    return game


@login_required
@require_GET
def score_sheet(request: HttpRequest, game_id: int) -> HttpResponse:
    from games.printing import score_sheet_pdf
    from games.printing.views import pdf_response

    game = get_scorekeeper_game(request, game_id)
    paper = request.GET.get("paper", "letter")
    if paper not in {"letter", "a4"}:
        return HttpResponse("Paper is letter or a4.", status=400)
    data = score_sheet_pdf(
        game.score(),
        title=str(game),
        played_on=game.created.date(),
        paper=paper,
        first_dealer=game.first_dealer or None,
    )
    return pdf_response(data, f"{slugify(game.rules.name)}-score-sheet-{game.pk}-{paper}.pdf")


# -- sharing: the live view and co-scorekeepers ------------------------------------------------


def live_version(request: HttpRequest, token: str) -> str | None:
    """The ETag of a live view: the game's version, one indexed lookup, no scoring."""
    version = live_games().filter(share_token=token).values_list("version", flat=True).first()
    return None if version is None else f"v{version}"


@require_GET
@condition(etag_func=live_version)
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only scoreboard behind a share link; polls and gets 304 while nothing changed."""
    game = live_games().prefetch_related("hands").filter(share_token=token).first()
    if game is None:
        raise live_link_stopped()
    template = "games/live.html#scoreboard" if request.htmx else "games/live.html"
    response = render(request, template, {"game": game, "board": Board(game), "live": True})
    # Revalidate every time (the ETag makes that a 304); the partial and the page differ.
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["HX-Request"])
    return response


def share_url(request: HttpRequest, game: Game) -> str:
    return request.build_absolute_uri(reverse("live", args=[game.share_token]))


@login_required
@require_GET
def share(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
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
def share_qr(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request, game_id)
    qr = segno.make(share_url(request, game), error="m")
    svg = io.BytesIO()
    # A standalone file (with its xmlns), so that browsers draw it as an <img>.
    qr.save(svg, kind="svg", scale=6, dark="#000", light="#fff", border=2, xmldecl=False)
    return HttpResponse(svg.getvalue(), content_type="image/svg+xml")


@login_required
@require_POST
def renew_share_link(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request, game_id)
    game.renew_share_token()
    messages.success(request, "New link made: the old one no longer works.")
    return redirect("share", game.pk)


@login_required
@require_POST
def co_scorekeepers(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request, game_id)
    username = request.POST.get("username", "").strip()
    helper = User.objects.filter(username=username).exclude(pk=game.owner_id).first()
    if helper is None:
        messages.error(request, f"There is no other account called “{username}”.")
    elif request.POST.get("action") == "remove":
        game.co_scorekeepers.remove(helper)
        messages.success(request, f"{helper.username} can no longer enter hands.")
    else:
        game.co_scorekeepers.add(helper)
        messages.success(request, f"{helper.username} can now enter and edit hands.")
    return redirect("share", game.pk)
