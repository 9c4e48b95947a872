from django.urls import path

from . import views

urlpatterns = [
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:slug>/", views.rules_page, name="rules_page"),
    path("rules/<slug:slug>/sheet.pdf", views.rule_sheet, name="rule_sheet_pdf"),
    path("rules/<slug:slug>/pad.pdf", views.score_pad, name="score_pad_pdf"),
    path("games/new/score-pad.pdf", views.new_game_pad, name="new_game_pad"),
    path("games/<int:game_id>/score-sheet.pdf", views.score_sheet, name="score_sheet"),
]
