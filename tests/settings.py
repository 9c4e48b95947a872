"""The test suite's settings (pyproject.toml's pytest config names them): the app's own,
scorekeeper/settings.py, with what every test needs set here, whatever the environment says.

The suite runs with no environment set up (plain `pytest`, `make test`, CI), and Django runs
tests with debug off, where the app's settings would make a production server: a random secret
key, static files only from a collectstatic manifest, and HTTPS only. Tests get debug mode's
fixed key, the static files straight from their source directories (as in debug mode) and plain
http.
"""

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import _DEV_SECRET_KEY, STORAGES

# The key debug mode uses (a test of the offline tags expects the tags that key makes).
SECRET_KEY = _DEV_SECRET_KEY

STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = True

# The HTTPS-only settings, as Django's defaults leave them (the test client speaks plain http;
# the proxy header, unsent, changes nothing).
HTTPS = False
SECURE_SSL_REDIRECT = SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = False
