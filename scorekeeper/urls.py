from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("games.urls")),
]

# Every 404 in the app's style, saying what happened (a stopped link, a game no longer shared).
# The 500 is Django's own view with templates/500.html: no database, no context processors.
handler404 = "games.views.not_found"
