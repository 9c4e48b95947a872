from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path

from games import (
    accounts,
    guest_views,
    hand_views,
    js_words,
    languages,
    offline,
    own_game_views,
    player_views,
    views,
)
from games.imports import SHARE_TOKEN

urlpatterns = [
    path("", views.home, name="home"),
    # The installable app: from the site's root, so the worker may look after every page.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline_page, name="offline"),
    path("words/<str:language>.json", js_words.outbox_words, name="outbox_words"),
    path("language/", languages.choose_language, name="choose_language"),
    path("signup/", accounts.signup, name="signup"),
    # Django's own views; the failed-login limit is django-axes (games/accounts.py). No
    # password reset: accounts have no email address (README: "Forgotten passwords").
    path("accounts/login/", guest_views.LoginView.as_view(), name="login"),
    path("guest/", guest_views.guest_start, name="guest_start"),
    path("guest/keep/", guest_views.keep_games, name="keep_games"),
    path("guest/move/", guest_views.move_guest_games, name="move_guest_games"),
    path("accounts/logout/", guest_views.log_out, name="logout"),
    path("guest/log-out/", guest_views.guest_log_out, name="guest_log_out"),
    path(
        "accounts/password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("games/new/", views.new_game, name="new_game"),
    path("games/new/score-pad.pdf", views.new_game_pad, name="new_game_pad"),
    path("games/import/", views.import_game, name="import_game"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/table/", views.table_action, name="table_action"),
    path("games/<int:game_id>/hands/new/", hand_views.hand_new, name="hand_new"),
    path("games/<int:game_id>/hands/preview/", hand_views.hand_preview, name="hand_preview"),
    path("games/<int:game_id>/hands/<int:number>/", hand_views.hand_edit, name="hand_edit"),
    path(
        "games/<int:game_id>/hands/<int:number>/delete/", hand_views.hand_delete, name="hand_delete"
    ),
    path("games/<int:game_id>/hands/restore/", hand_views.hand_restore, name="hand_restore"),
    path(
        "games/<int:game_id>/hands/<int:number>/undo/",
        hand_views.hand_undo_edit,
        name="hand_undo_edit",
    ),
    path("games/<int:game_id>/reopen/", views.reopen, name="reopen"),
    path("games/<int:game_id>/finish/", views.finish_game, name="finish_game"),
    path("games/<int:game_id>/dealer/", views.first_dealer, name="first_dealer"),
    path("games/<int:game_id>/rematch/", views.rematch, name="rematch"),
    path("games/<int:game_id>/archive/", views.archive_game, name="archive_game"),
    path("games/<int:game_id>/delete/", views.delete_game, name="delete_game"),
    path("games/<int:game_id>/restore/", views.restore_game, name="restore_game"),
    path("games/<int:game_id>/export.json", views.export_game, name="export_game"),
    path("games/<int:game_id>/export.csv", views.export_game_csv, name="export_game_csv"),
    path("games/export.csv", views.export_all_csv, name="export_all_csv"),
    path("games/<int:game_id>/share/", views.share, name="share"),
    path("games/<int:game_id>/share/qr.svg", views.share_qr, name="share_qr"),
    path("games/<int:game_id>/share/renew/", views.renew_share_link, name="renew_share_link"),
    path("games/<int:game_id>/scorekeepers/", views.co_scorekeepers, name="co_scorekeepers"),
    # Only a share link's own alphabet reaches the lookup: anything else (a NUL, which
    # PostgreSQL refuses even in a query) is a 404.
    re_path(rf"^live/(?P<token>{SHARE_TOKEN.pattern})/$", views.live, name="live"),
    path("players/", player_views.players, name="players"),
    path("players/<int:player_id>/", player_views.player_page, name="player"),
    path("players/<int:player_id>/rename/", player_views.player_rename, name="player_rename"),
    path(
        "players/<int:player_id>/against/<int:other_id>/",
        player_views.head_to_head,
        name="head_to_head",
    ),
    path("own-games/", own_game_views.own_games, name="own_games"),
    path("own-games/new/", own_game_views.own_game_new, name="own_game_new"),
    path("own-games/<int:own_id>/", own_game_views.own_game_edit, name="own_game_edit"),
    path("own-games/<int:own_id>/delete/", own_game_views.own_game_delete, name="own_game_delete"),
    path(
        "games/<int:game_id>/own-game/",
        own_game_views.own_game_from_game,
        name="own_game_from_game",
    ),
    path("", include("games.printing.urls")),
]
