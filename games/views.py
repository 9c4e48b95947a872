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
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
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
from games.imports import ImportRefused, import_game_file
from games.models import (
    TABLE_ACTIONS,
    Game,
    GameChangeRefused,
    Hand,
    HandConflict,
)
from games.rules.miromar import MiromarCanasta
from games.rules.ten_pennies import TenPennies


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


# -- access ------------------------------------------------------------------------------------


def scorekeeper_games(request: HttpRequest) -> QuerySet[Game]:
    """The games this account may score: its own and those it was asked to help with."""
    user = request.user
    return Game.objects.filter(Q(owner=user) | Q(co_scorekeepers=user)).distinct()


def with_hands(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related("hands")


def get_scorekeeper_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if this account owns it or scores it; 404 otherwise, so nothing leaks."""
    return get_object_or_404(with_hands(scorekeeper_games(request)), pk=game_id)


def get_owned_game(request: HttpRequest, game_id: int) -> Game:
    return get_object_or_404(with_hands(Game.objects.filter(owner=request.user)), pk=game_id)


# -- accounts and home -------------------------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home.html", {"rule_sets": engine.RULE_SETS.values()})
    games = [GameSummary(game) for game in with_hands(scorekeeper_games(request))]
    return render(
        request,
        "home.html",
        {
            "in_progress": [g for g in games if not g.score.finished],
            "finished": [g for g in games if g.score.finished],
        },
    )


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
@require_GET
def new_game_pad(request: HttpRequest) -> HttpResponse:
    """A blank score pad for the players typed on the new-game page (nothing is saved)."""
    from games.printing import score_pad_pdf
    from games.printing.views import pdf_response

    form = NewGameForm(request.GET)
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
    action = request.POST.get("action", "")
    if action not in TABLE_ACTIONS:
        return HttpResponse("Unknown action.", status=400)
    side = request.POST.get("side", "")
    if action in {"fail", "unfail"} and side not in {str(i) for i in range(len(game.sides))}:
        raise Http404
    shown = posted_number(request, "hand", default=0) or None
    refusal = None
    try:
        game.change_table(action, int(side) if side else None, shown)
    except GameChangeRefused as refused:
        refusal = str(refused)
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
        except GameChangeRefused as refused:
            messages.error(request, str(refused))
            return redirect("game", game.pk)
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
    try:
        game.delete_last_hand(number)
    except GameChangeRefused as refused:
        messages.error(request, str(refused))
    else:
        messages.success(request, f"{game.rules.hand_word} {number} deleted.")
    return redirect("game", game.pk)


@login_required
@require_POST
def reopen(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request, game_id)
    game.reopen()
    messages.success(request, "Reopened: hands can be edited again.")
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
            game = import_game_file(form.content(), owner=request.user)
        except ImportRefused as refused:
            form.add_error(None, refused.message)
        else:
            return redirect("game", game.pk)
    status = 422 if form.errors else 200
    return render(request, "games/import.html", {"form": form}, status=status)


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
    version = Game.objects.filter(share_token=token).values_list("version", flat=True).first()
    return None if version is None else f"v{version}"


@require_GET
@condition(etag_func=live_version)
def live(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only scoreboard behind a share link; polls and gets 304 while nothing changed."""
    game = get_object_or_404(Game.objects.prefetch_related("hands"), share_token=token)
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
