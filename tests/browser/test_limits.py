"""The pages a limit answers with, on a phone: the login refused after too many failures and
the signup refused after too many accounts from one address. Same checks as every screen."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games import accounts
from games.models import Signup

from .helpers import PASSWORD, Scorekeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_locked_out_login_says_how_long_to_wait(page, checker, problems, settings) -> None:
    problems.expect_console_error("the server responded with a status of 429")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_user("scorer", password=PASSWORD)
    keeper = Scorekeeper(page, checker)
    page.goto("/accounts/login/")
    for _ in range(accounts.FAILURES_PER_USERNAME):
        page.get_by_label("Username").fill("scorer")
        page.get_by_label("Password").fill("wrong")
        with page.expect_navigation():
            keeper.tap(page.get_by_role("button", name="Log in"))

    expect(page.get_by_role("alert")).to_contain_text("Too many failed logins. Wait 15 minutes")
    expect(page.get_by_label("Username")).to_have_value("scorer")
    keeper.check_once("login-locked-out")


def test_too_many_signups_from_one_network_are_refused_in_words(
    page, checker, problems, settings
) -> None:
    problems.expect_console_error("the server responded with a status of 429")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    for index in range(accounts.SIGNUPS_PER_ADDRESS):
        get_user_model().objects.create_user(f"player{index}", password=PASSWORD)
        Signup.objects.create(address="127.0.0.1", when=timezone.now())
    keeper = Scorekeeper(page, checker)
    page.goto("/signup/")
    page.get_by_label("Username").fill("one-more")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    keeper.tap(page.get_by_role("button", name="Sign up"))

    expect(page.get_by_role("alert")).to_contain_text("Too many new accounts from this network")
    keeper.check_once("signup-limited")
