"""With production settings (debug off) a server error's traceback reaches stderr, which is
gunicorn's log: nothing is only mailed to admins nobody configured."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Runs outside pytest with the app's own settings (scorekeeper.settings, not tests/settings.py)
#: and no DJANGO_ variables: production's, debug off.
SCRIPT = """
import sys, types
import django
django.setup()
from django.conf import settings
from django.test import Client, override_settings
from django.urls import path

def broken(request):
    raise RuntimeError("the scoreboard fell over")

urls = types.ModuleType("broken_urls")
urls.urlpatterns = [path("broken/", broken)]
sys.modules["broken_urls"] = urls
assert not settings.DEBUG
with override_settings(ROOT_URLCONF="broken_urls"):
    response = Client(raise_request_exception=False).get("/broken/", secure=True)
print("status", response.status_code)
"""


def test_a_server_error_writes_its_traceback_to_stderr() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(DJANGO_SETTINGS_MODULE="scorekeeper.settings", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert "status 500" in done.stdout, done.stderr
    assert "Traceback (most recent call last)" in done.stderr
    assert "RuntimeError: the scoreboard fell over" in done.stderr
    assert "Internal Server Error: /broken/" in done.stderr
