"""The screens. Thin views: the engine scores, the models record, the templates show."""

from __future__ import annotations

import io
import json

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)

from games import rules as engine
from games.access import (
    HOME_PAGE_GAMES,
    AuthenticatedHtmxHttpRequest,
    AuthenticatedHttpRequest,
    ExplainedNotFound,
    HtmxHttpRequest,
    get_owned_game,
    get_scorekeeper_game,
    get_scorekeeper_game_to_show,
    gone_for_good,
    home_lists,
    live_games,
    recently_deleted,
    scorekeeper_games,
)
from games.accounts import USERNAME_LENGTH
from games.board import Board
from games.csv_export import all_games_rows, as_csv, game_rows
from games.forms import ImportGameForm, NewGameForm, OwnGameForm
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
    Game,
    GameChangeRefused,
    GameGone,
    OwnGame,
    RosterError,
    refuse_unseen_characters,
    roster_name,
)
from games.offline import keep_offline_copy
from games.own_game_views import offers_to_keep
from games.posted import NotANumber, posted_number, refused_as_damaged, undo_tag
from games.printing.scorepad import score_pad_pdf
from games.printing.views import pdf_csp, pdf_response
from games.stats import game_listings
from games.templatetags.numbers import format_number
from games.words import file_name, say
from games.words.rule_sets import games_at_home_in

# -- errors ------------------------------------------------------------------------------------


@varies_for_htmx
def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Every 404 in the app's style; an htmx request gets just the explanation to swap in.
    (The 500 is Django's own view with templates/500.html: no database, no context processors.)"""
    explained = exception if isinstance(exception, ExplainedNotFound) else None
    context = {
        "title": explained.title if explained else _("Nothing here"),
        "explanation": explained.explanation
        if explained
        else _("This page doesn't exist: the link may be mistyped or out of date."),
    }
    template = "404.html#gone" if request.headers.get("HX-Request") else "404.html"
    return render(request, template, context, status=404)


def live_link_stopped() -> ExplainedNotFound:
    return ExplainedNotFound(
        _("This live score link has stopped"),
        _(
            "The scorekeeper stopped this link (or deleted the game). Ask them for the new link, "
            "or scan the QR code on their phone again."
        ),
    )


# -- home -------------------------------------------------------------------------


@require_safe
@keep_offline_copy
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "home.html", {"rule_sets": engine.RULE_SETS.values()})
    # Stored results: the same few queries however many games and hands there are, and one
    # page of games in play, finished and archived, so that 2,000 games are not 2,000 cards.
    # Each list has its own page number (?playing=, ?page=, ?archived=); get_page turns one
    # that is not a page (letters, 0, past the end) into the first or the last, never an error.
    lists = home_lists(request.user)
    in_play = Paginator(lists.in_play, HOME_PAGE_GAMES).get_page(request.GET.get("playing"))
    finished = Paginator(lists.finished, HOME_PAGE_GAMES).get_page(request.GET.get("page"))
    archived = Paginator(lists.archived, HOME_PAGE_GAMES).get_page(request.GET.get("archived"))
    shown = Game.objects.filter(pk__in=[*in_play, *finished, *archived]).order_by("-updated")
    games = {game.pk: game for game in game_listings(shown)}
    deleted = list(recently_deleted(request.user).order_by("-deleted"))
    response = render(
        request,
        "home.html",
        {
            # `if pk in games`: a game deleted between the two queries is left out.
            "in_progress": [games[pk] for pk in in_play if pk in games],
            "finished": [games[pk] for pk in finished if pk in games],
            "archived": [games[pk] for pk in archived if pk in games],
            "in_play_page": in_play,
            "finished_page": finished,
            "archived_page": archived,
            "deleted": deleted,
        },
    )
    if request.GET:  # a later page: the phone keeps its copy of the home page itself
        response["X-Offline"] = "not kept"
    return response


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
    first_games, more_games = games_first_and_more(request.user, get_language())
    context = {
        "form": form,
        "roster": roster,
        "first_games": first_games,
        "more_games": more_games,
        "more_games_open": form["rules"].value() in {rules.slug for rules in more_games},
        "rule_sets": [*first_games, *more_games],
        "own_games": request.user.own_games.all(),
        "own": own,
        "own_form": OwnGameForm(None),
    }
    return render(request, "games/new_game.html", context, status=status)


#: How many games the new-game page shows before "More games" ("Any other game" among them).
FIRST_GAMES = 8


def games_first_and_more(
    user: User, language: str
) -> tuple[list[engine.RuleSet], list[engine.RuleSet]]:
    """The new-game page's games: those this account played last, then those the tables of its
    language play most, then the rest in the registry's order; FIRST_GAMES of them first, with
    "Any other game" (the score pad) last, and the others one tap away in the registry's order."""
    played = user.games.order_by("-created").values_list("rules_slug", flat=True)[:60]
    wanted = dict.fromkeys([*played, *games_at_home_in(language), *engine.RULE_SETS])
    ordered = [engine.RULE_SETS[slug] for slug in wanted if slug in engine.RULE_SETS]
    pads = [rules for rules in ordered if rules.totals_only]
    games = [rules for rules in ordered if not rules.totals_only]
    first = games[: FIRST_GAMES - len(pads)]
    shown = {rules.slug for rules in [*first, *pads]}
    more = [rules for rules in engine.RULE_SETS.values() if rules.slug not in shown]
    return [*first, *pads], more


@login_required
@require_http_methods(["GET", "POST"])
@pdf_csp
def new_game_pad(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A blank score pad for the players typed on the new-game page (nothing is saved). The
    page posts here, in the same tab, so that a refusal shows on the page it came from and the
    CSRF token never lands in a URL."""
    form = NewGameForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        return render_new_game(request, form, status=422)
    assert form.game is not None
    names = form.game.side_names
    try:
        refuse_unseen_characters([*form.game.players, *names])  # as new_game refuses them
    except RosterError as refused:
        form.add_error(None, refused.message)
        return render_new_game(request, form, status=422)
    pdf = score_pad_pdf(form.game.rules, sides=len(names), names=names)
    return pdf_response(pdf, f"{form.game.rules.slug}-score-pad.pdf")


# -- the scoreboard ----------------------------------------------------------------------------


@varies_for_htmx
@login_required
@require_GET
@keep_offline_copy
def game_page(request: AuthenticatedHtmxHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game_to_show(request.user, game_id)
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
        # Translators: the rules' refusal of a tap, "%(why)s" a sentence without its full stop.
        said = _("%(why)s.") % {"why": say(refused)}
        return HttpResponse(said, status=400, content_type="text/plain; charset=utf-8")
    if request.htmx:
        context = {"game": game, "board": Board(game), "refusal": refusal}
        return render(request, "games/game.html#scoreboard", context)
    if refusal:
        messages.error(request, refusal)
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
    messages.success(request, _("Reopened: hands can be edited again."))
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
        messages.success(request, _("Game over. Reopen it to add a hand."))
    return redirect("game", game.pk)


# -- managing games ----------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def first_dealer(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """Change who dealt first; recorded hands follow the new rotation."""
    game = get_scorekeeper_game(request.user, game_id)
    board = Board(game)
    if board.finished:
        messages.info(request, _("The game is over: the dealers stay as they were."))
        return redirect("game", game.pk)
    error = None
    if request.method == "POST":
        name = request.POST.get("first_dealer", "")
        if name not in game.players:
            error = _("Pick who dealt the first hand.")
        else:
            try:
                game.change_first_dealer(name)
            except engine.RulesError as refused:
                why = say(refused)
                # Translators: %(why)s is the rules' refusal, "Bo does not play in this game".
                error = _("Not changed. %(why)s.") % {"why": why[:1].upper() + why[1:]}
            else:
                dealer = game.dealer_for(board.next_number, board.inputs)
                said = _("First dealer: %(name)s. %(dealer)s deals next.")
                messages.success(request, said % {"name": name, "dealer": dealer})
                return redirect("game", game.pk)
    context = {"game": game, "board": board, "error": error}
    return render(request, "games/first_dealer.html", context, status=422 if error else 200)


@login_required
@require_POST
def rematch(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    new, made_now = game.rematch()
    if not made_now:
        messages.info(request, _("The rematch is already on: here it is."))
        return redirect("game", new.pk)
    if new.first_dealer:
        said = _("Rematch: same players, same sides. %(dealer)s deals first.")
        messages.success(request, said % {"dealer": new.first_dealer})
    else:
        messages.success(request, _("Rematch: same players, same sides."))
    return redirect("game", new.pk)


@login_required
@require_POST
def archive_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request.user, game_id)
    archived = request.POST.get("archived") != "0"
    game.set_archived(archived)
    if archived:
        messages.success(request, _("Archived: it waits under “Archived” at the bottom."))
        return redirect("home")
    messages.success(request, _("Back on the home page."))
    return redirect("game", game.pk)


@login_required
@require_POST
def delete_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_owned_game(request.user, game_id)
    game.delete_for_a_while()
    days = DELETED_GAMES_KEPT.days
    messages.success(
        request,
        ngettext(
            "Game deleted. You can restore it from “Recently deleted” for %(days)s day.",
            "Game deleted. You can restore it from “Recently deleted” for %(days)s days.",
            days,
        )
        % {"days": format_number(days)},
        extra_tags=undo_tag(reverse("restore_game", args=[game.pk])),
    )
    return redirect("home")


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
    messages.success(request, _("Game restored."))
    return redirect("game", game.pk)


# -- game files --------------------------------------------------------------------------------


@login_required
@require_GET
def export_game(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    body = json.dumps(game.as_game_file(), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"{file_name(game.rules)}-{game.created:%Y-%m-%d}-{game.pk}.json"
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
    filename = f"{file_name(game.rules)}-{game.created:%Y-%m-%d}-{game.pk}.csv"
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
    """The ETag of a live view: the game's version in the viewer's language (each phone reads
    it in its own), one indexed lookup, no scoring."""
    version = Game.version_for_share_token(token)
    return None if version is None else f"v{version}-{get_language()}"


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
        "username_length": USERNAME_LENGTH,
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
    messages.success(request, _("New link made: the old one no longer works."))
    return redirect("share", game.pk)


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
        messages.error(request, _("There is no other account called “%(name)s”.") % {"name": shown})
    elif request.POST.get("action") == "remove":
        game.co_scorekeepers.remove(helper)
        said = _("%(name)s can no longer enter hands.")
        messages.success(request, said % {"name": helper.username})
    else:
        game.co_scorekeepers.add(helper)
        said = _("%(name)s can now enter and edit hands.")
        messages.success(request, said % {"name": helper.username})
    return redirect("share", game.pk)
