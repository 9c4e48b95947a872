"""Printouts on the web: the rules pages, their rule sheets and score pads, a game's score sheet,
and `pdf_response`. They ask the screens nothing (the new-game page's blank pad is that page's
own view, games/views.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_GET

from games.access import AuthenticatedHttpRequest, get_scorekeeper_game
from games.forms import OwnGameForm
from games.models import Game
from games.rules import RULE_SETS, OpeningKind, OwnGame, RuleSet

from . import ruledata
from .layout import PAPER_NAMES, PrintError
from .rulesheet import rule_sheet_pdf
from .scorepad import MAX_PAGES, pad_word, score_pad_pdf
from .scoresheet import score_sheet_pdf


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    """A PDF that opens in the browser, saved under `filename` (made safe for the header)."""
    stem = filename[:-4] if filename.lower().endswith(".pdf") else filename
    safe = slugify(stem) or "printout"
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{safe}.pdf"'
    response["Content-Length"] = str(len(pdf))
    response["X-Content-Type-Options"] = "nosniff"
    return response


#: No Content-Security-Policy on a PDF: the page policy is for HTML, and Chrome's built-in
#: viewer can break under object-src 'none' / no inline styles. Decorates every PDF view.
pdf_csp = csp_override({})


def _rules(slug: str) -> RuleSet:
    try:
        return RULE_SETS[slug]
    except KeyError:
        raise Http404("there is no rule set by that name") from None


def _paper(request: HttpRequest) -> str:
    paper = request.GET.get("paper", "letter").strip().lower() or "letter"
    if paper not in PAPER_NAMES:
        raise PrintError("paper must be letter or a4")
    return paper


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"rule_sets": list(RULE_SETS.values())})


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    return render_rules_page(request, _rules(slug))


@login_required
@require_GET
def game_rules_page(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """The rules as this game's table plays them: its house rules in every number."""
    game = get_scorekeeper_game(request.user, game_id)
    return render_rules_page(request, game.rules, game)


def render_rules_page(
    request: HttpRequest, rules: RuleSet, game: Game | None = None
) -> HttpResponse:
    counts = ruledata.side_counts(rules)
    own = game.own_game if game else None
    context = {
        "game": game,
        "own": own,
        "own_form": OwnGameForm(game.rules) if game else None,
        "house_rules": rules.house_rules_in_force(len(game.players)) if game else [],
        "rules": rules,
        "side_word": pad_word(rules, game.side_names if game else []).lower(),
        "side_counts": counts,
        "default_sides": len(game.side_names) if game else counts[0],
        "table_names": ", ".join(game.side_names) if game else "",
        "papers": PAPER_NAMES.items(),
        "max_pages": MAX_PAGES,
        "paged": rules.fixed_hands is None,
        "blocks": ruledata.sheet_blocks(rules, own),
        "scoring_title": ruledata.scoring_title(rules),
        "opening_by_total": rules.opening.kind is OpeningKind.BY_TOTAL,
        "one_page": ruledata.is_pot_game(rules),
    }
    return render(request, "rules/detail.html", context)


@pdf_csp
def rule_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    return rule_sheet_response(request, _rules(slug))


@login_required
@require_GET
@pdf_csp
def game_rule_sheet(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    return rule_sheet_response(request, game.rules, game.own_game)


@login_required
@require_GET
@pdf_csp
def own_game_sheet(request: AuthenticatedHttpRequest, own_id: int) -> HttpResponse:
    own = get_object_or_404(request.user.own_games, pk=own_id)
    return rule_sheet_response(request, own.rules, own.definition)


def rule_sheet_response(
    request: HttpRequest, rules: RuleSet, own: OwnGame | None = None
) -> HttpResponse:
    try:
        paper = _paper(request)
        pdf = rule_sheet_pdf(rules, paper, own)
    except PrintError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    return pdf_response(pdf, f"{slugify(own.name if own else rules.name)}-rules-{paper}.pdf")


@pdf_csp
def score_pad(request: HttpRequest, slug: str) -> HttpResponse:
    return score_pad_response(request, _rules(slug))


@login_required
@require_GET
@pdf_csp
def game_score_pad(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    """A blank pad for this game's table: its sides and their names unless others are asked."""
    game = get_scorekeeper_game(request.user, game_id)
    setup = game.setup()
    return score_pad_response(request, setup.rules, setup.own_game, setup.side_names)


@login_required
@require_GET
@pdf_csp
def own_game_pad(request: AuthenticatedHttpRequest, own_id: int) -> HttpResponse:
    own = get_object_or_404(request.user.own_games, pk=own_id)
    return score_pad_response(request, own.rules, own.definition)


def score_pad_response(
    request: HttpRequest,
    rules: RuleSet,
    own: OwnGame | None = None,
    table: list[str] | None = None,
) -> HttpResponse:
    """The pad asked for; `table`: the names of a game's sides, its pad's default."""
    try:
        paper = _paper(request)
        names = _names(request)
        default_sides = len(table) if table else ruledata.side_counts(rules)[0]
        sides = _whole(request, "sides", default_sides)
        if table and not names and sides == len(table):
            names = table
        pages = _whole(request, "pages", 1)
        pdf = score_pad_pdf(rules, sides, names, paper, pages, own)
    except PrintError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    title = slugify(own.name if own else rules.name)
    return pdf_response(pdf, f"{title}-score-pad-{sides}-{paper}.pdf")


def _whole(request: HttpRequest, key: str, default: int) -> int:
    raw = request.GET.get(key, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or len(raw) > 3:
        raise PrintError(f"{key} must be a whole number")
    return int(raw)


def _names(request: HttpRequest) -> list[str]:
    """Names from ?names=Ann & Cy,Bob & Di (comma-separated) or repeated ?name= fields."""
    names = list(request.GET.getlist("name"))
    joined = request.GET.get("names", "")
    if joined.strip():
        names += joined.split(",")
    names = [" ".join(n.split()) for n in names]
    while names and not names[-1]:
        names.pop()
    return names


@login_required
@require_GET
@pdf_csp
def score_sheet(request: AuthenticatedHttpRequest, game_id: int) -> HttpResponse:
    game = get_scorekeeper_game(request.user, game_id)
    paper = request.GET.get("paper", "letter")
    if paper not in {"letter", "a4"}:
        return HttpResponse("Paper is letter or a4.", status=400)
    pdf = score_sheet_pdf(
        game.score(),
        title=str(game),
        played_on=game.created.date(),
        paper=paper,
        first_dealer=game.first_dealer or None,
    )
    return pdf_response(pdf, f"{slugify(game.rules.name)}-score-sheet-{game.pk}-{paper}.pdf")
