from django.urls import path

from . import views

#: Which printout a PDF address asks for (views.PRINTOUTS).
SHEET = {"printout": "sheet"}
PAD = {"printout": "pad"}

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:slug>/", views.rules_page, name="rules_page"),
    path("rules/<slug:slug>/sheet.pdf", views.rule_set_printout, SHEET, name="rule_sheet_pdf"),
    path("rules/<slug:slug>/pad.pdf", views.rule_set_printout, PAD, name="score_pad_pdf"),
    path("own-games/<int:own_id>/sheet.pdf", views.own_game_printout, SHEET, name="own_game_sheet"),
    path("own-games/<int:own_id>/pad.pdf", views.own_game_printout, PAD, name="own_game_pad"),
    path("games/<int:game_id>/score-sheet.pdf", views.score_sheet, name="score_sheet"),
    path("games/<int:game_id>/rules/", views.game_rules_page, name="game_rules_page"),
    path("games/<int:game_id>/rules/sheet.pdf", views.game_printout, SHEET, name="game_rule_sheet"),
    path("games/<int:game_id>/rules/pad.pdf", views.game_printout, PAD, name="game_score_pad"),
]
