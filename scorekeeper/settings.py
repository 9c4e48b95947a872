"""Settings for Scorekeeper: one file, configured through environment variables.

Environment variables:

DJANGO_DEBUG           "1", "true", "yes" or "on" turns debug mode on. Default: off.
DJANGO_SECRET_KEY      Required to serve pages with debug off (scorekeeper/wsgi.py checks);
                       command-line tools run without it.
DJANGO_ALLOWED_HOSTS   Comma-separated host names. Default: localhost,127.0.0.1,[::1],testserver.
DJANGO_CSRF_TRUSTED_ORIGINS
                       Comma-separated origins (https://example.com), if needed behind a proxy.
DATABASE_URL           e.g. postgres://user:pass@host/db. Default: SQLite file db.sqlite3.
DJANGO_HTTPS           HTTPS-only settings (SSL redirect, secure cookies, HSTS). Default: on when
                       debug is off, off in debug mode. `make serve` sets it to 0 because it
                       serves plain http on 127.0.0.1.

The test suite runs with tests/settings.py (pyproject.toml's pytest config), which takes these
settings and sets what the tests need: nothing here asks whether it is under test.
DJANGO_PROXY_COUNT     How many reverse proxies in front of the app append the client's address
                       to X-Forwarded-For (1 behind one nginx). The login and signup limits
                       count per client address from it. Default: 0 (REMOTE_ADDR).
DJANGO_HSTS_SECONDS    HSTS max-age when DJANGO_HTTPS is on. Default: one year.
DJANGO_HSTS_INCLUDE_SUBDOMAINS, DJANGO_HSTS_PRELOAD   Default: on.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

TRUTHY = {"1", "true", "yes", "on"}


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in TRUTHY


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", default=False)

_DEV_SECRET_KEY = "django-insecure-dev-only-key-never-use-in-production"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
#: Serving pages with debug off needs a real key (scorekeeper/wsgi.py refuses to start without
#: one); command-line tools such as `score_game` sign nothing, so they run with a throwaway key.
SECRET_KEY_IS_SET = bool(SECRET_KEY)
if not SECRET_KEY:
    SECRET_KEY = _DEV_SECRET_KEY if DEBUG else secrets.token_urlsafe(50)

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # Before staticfiles so that runserver serves static files the way WhiteNoise does in
    # production.
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    # Counts failed logins (the app's and the admin's) in the database; see games/accounts.py.
    "axes",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compress the HTML, Brotli where the browser takes it, else gzip (static files come
    # compressed from WhiteNoise, above). Safe against BREACH-style guessing of secrets through
    # compressed sizes: the only secret on our pages is the CSRF token, and Django masks it with
    # a fresh random value on every response, so no two responses carry the same bytes for an
    # attacker to home in on.
    "games.middleware.compress_pages",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the browser's Accept-Language at first, then the cookie the menu sets.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A login brings the account's own language to this phone (a cookie for LocaleMiddleware).
    "games.languages.keep_the_account_language",
    "games.middleware.note_guest_visits",
    # Before any view (and CSRF's check) reads a body: one bigger than a game file is refused.
    "games.middleware.refuse_oversized_bodies",
    "games.middleware.private_when_personal",
    "games.middleware.never_stored_when_personal",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, so that it turns a login refused by the limit into games.accounts.lockout_response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"

# The largest body a request may send: the largest game file the import accepts
# (games/rules/gamefile.py MAX_GAME_FILE_BYTES, 1,000,000 bytes) and the form around it. A bigger
# one is refused from its Content-Length before it is read
# (games.middleware.refuse_oversized_bodies), and an upload this size stays in memory, never
# written to a temporary file.
LARGEST_BODY = 1_000_000 + 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = LARGEST_BODY
FILE_UPLOAD_MAX_MEMORY_SIZE = LARGEST_BODY

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Read once and kept (the cached loader), each line without its indentation.
            "loaders": [
                (
                    "django.template.loaders.cached.Loader",
                    [
                        "scorekeeper.template_loaders.FilesystemLoader",
                        "scorekeeper.template_loaders.AppDirectoriesLoader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.offline_account",
                "games.context_processors.guest",
                "games.context_processors.language",
            ],
            # Every template writes numbers the same way ({{ total|number }}).
            "builtins": ["games.templatetags.numbers"],
        },
    },
]

WSGI_APPLICATION = "scorekeeper.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
#: SQLite, the default, holding what PostgreSQL holds for two phones on one game: a transaction
#: takes the write lock when it begins (IMMEDIATE), so two never both read and then deadlock
#: trying to write, which SQLite answers at once with "database is locked" whatever the timeout;
#: a writer that finds the lock taken waits up to 20 s for it (the busy timeout) rather than
#: failing; and write-ahead logging lets readers (the live view's polls) read while one writes.
#: `select_for_update` is a no-op on SQLite: the whole-database write lock taken at the start
#: of each transaction.atomic block does its work there. docs/sqlite.md has the measurements.
SQLITE_BUSY_SECONDS = 20
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_BUSY_SECONDS,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        **DATABASES["default"].get("OPTIONS", {}),
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The limit first: it refuses a locked-out login before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# The languages a table can read the app in, each named in its own words (the language menu).
# A new language is its catalogue, locale/<code>/LC_MESSAGES/django.po, and one line here.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("pt-br", "Português (Brasil)"),
    ("es", "Español"),
    ("it", "Italiano"),
    ("de", "Deutsch"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Scores group their thousands in every language: 2,005 in English, 2.005 in the others (our own
# formats, scorekeeper/formats/, where Django's differ).
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
LANGUAGE_COOKIE_AGE = 400 * 24 * 60 * 60
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

# Compressed, content-hashed files (served by WhiteNoise; stylesheets without their comments,
# scorekeeper/storage.py) need `collectstatic` first, which
# `make serve` and deployments run. Debug mode uses the plain storage so pages render straight
# from the source directories without collecting anything.
_STATIC_BACKEND = (
    "django.contrib.staticfiles.storage.StaticFilesStorage"
    if DEBUG
    else "scorekeeper.storage.StaticFilesStorage"
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": _STATIC_BACKEND},
}
# WhiteNoise serves from the source directories (via the finders) and rescans them on each
# request in debug mode by default.
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = DEBUG

# Content Security Policy (Django's own, django.middleware.csp): every script, stylesheet,
# image, fetch and form goes to our own origin only, and nothing runs inline: no inline
# <script> or <style>, no style="" or on...="" attributes, no 'unsafe-inline'. htmx's own
# indicator <style> is turned off in templates/base.html (the htmx-config meta tag).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    # The service worker (/sw.js) and the web app manifest, from our own origin only.
    "worker-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "object-src": [CSP.NONE],
}

#: See DJANGO_PROXY_COUNT above (games/accounts.py reads it).
PROXY_COUNT = int(os.environ.get("DJANGO_PROXY_COUNT", "0") or 0)

# The login limit (django-axes, with games/accounts.py deciding the limits, the username and
# the address): 5 failures per username from one address (counted together: a stranger
# elsewhere can't lock a player out) and 150 per address (a club's Wi-Fi with 30 phones),
# forgotten 15 minutes after the last one. Failures are rows in the app's database, so every
# gunicorn worker shares them.
AXES_HANDLER = "games.accounts.LoginLimitHandler"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_FAILURE_LIMIT = 150  # the larger of the two; LoginLimitHandler adds the pair's 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_USERNAME_CALLABLE = "games.accounts.counted_username"
AXES_CLIENT_IP_CALLABLE = "games.accounts.client_address"
AXES_LOCKOUT_CALLABLE = "games.accounts.lockout_response"
AXES_RESET_ON_SUCCESS = True
# A refused attempt is not a new failure: the 15 minutes run from the last real guess.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# No row per successful login: only failures are kept, and only for the window.
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False

# Logs go to stderr, which gunicorn (and any process manager) keeps: with debug off Django would
# otherwise only mail a server error's traceback to ADMINS, and we have none. Errors from Django
# (a 500 with its traceback, a refused Host header) and warnings from our own code and
# libraries (django-axes notes each failed login); Django's per-request 4xx warnings stay out.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # (django.server, runserver's line per request, keeps Django's own handler.)
        "django": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
    },
}

# HTTPS-only settings. Behind a TLS-terminating proxy, the proxy must set X-Forwarded-Proto.
HTTPS = env_bool("DJANGO_HTTPS", default=not DEBUG)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", default=True)
