"""WSGI entry point (gunicorn scorekeeper.wsgi, and runserver)."""

import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

application = get_wsgi_application()

if not settings.DEBUG and not settings.SECRET_KEY_IS_SET:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY is not set. With debug off a real secret key is required: set "
        "DJANGO_SECRET_KEY to a long random string (for example the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`), "
        "or set DJANGO_DEBUG=1 for local development."
    )
