"""The operator's dispute: "someone is guessing the admin password. Does each guess cost us a
password hash, forever, and does the right password still work for them after sixty tries?"

Verdict: no. After AXES_FAILURE_LIMIT failures from one address, or for one username from any
address, the sign-in page says it is locked (429, in words) and no password is checked until
the cool-off ends or `manage.py axes_reset` lifts it. The attempts are counted in the database,
so every app server agrees. The address is the one the rate limits key on: behind the proxy,
the proxy's view of it, not what the client wrote in X-Forwarded-For. Weak passwords are
refused by Django's validators.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client, override_settings

from cardsdb.client_address import client_address

pytestmark = pytest.mark.django_db
LOGIN = "/admin/login/?next=/admin/"
PASSWORD = "a long and quiet rulebook 42"
LIMIT = settings.AXES_FAILURE_LIMIT


@pytest.fixture(autouse=True)
def _quick_hashes(settings: Any) -> None:
    """The production hasher costs ~0.45 s a check; what is counted here is whether one runs."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def editor() -> Any:
    return get_user_model().objects.create_user(
        "editor", password=PASSWORD, is_staff=True, is_superuser=True
    )


@pytest.fixture
def password_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The usernames whose password Django's backend checked (each one a password hash)."""
    checked: list[str] = []
    authenticate = ModelBackend.authenticate

    def counting(self: Any, request: Any, username: Any = None, **kw: Any) -> Any:
        checked.append(str(username))
        return authenticate(self, request, username=username, **kw)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    yield checked


def sign_in(username: str, password: str, address: str = "203.0.113.7", **headers: str) -> Any:
    return Client(REMOTE_ADDR=address, **headers).post(
        LOGIN, {"username": username, "password": password}
    )


def locked(response: Any) -> bool:
    text = response.content.decode()
    return response.status_code == 429 and "Sign-in is locked" in text and "axes_reset" in text


def test_a_right_password_signs_in(editor: Any) -> None:
    response = sign_in("editor", PASSWORD)
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_after_the_limit_an_address_is_locked_before_any_password_is_checked(
    editor: Any, password_checks: list[str]
) -> None:
    answers = [sign_in(f"guess{n}", "wrong") for n in range(LIMIT)]
    assert [a.status_code for a in answers[:-1]] == [200] * (LIMIT - 1)
    assert locked(answers[-1])  # the failure that reaches the limit says so at once
    assert len(password_checks) == LIMIT
    # the right username and password, from the same address: refused, and not checked
    response = sign_in("editor", PASSWORD)
    assert locked(response), response.content[:500]
    assert str(LIMIT) in response.content.decode()
    assert len(password_checks) == LIMIT
    # another address is not locked
    assert sign_in("editor", PASSWORD, address="198.51.100.9").status_code == 302


def test_after_the_limit_a_username_is_locked_from_every_address(
    editor: Any, password_checks: list[str]
) -> None:
    for n in range(LIMIT):
        sign_in("editor", "wrong", address=f"192.0.2.{n + 1}")
    response = sign_in("editor", PASSWORD, address="198.51.100.200")
    assert locked(response)
    assert len(password_checks) == LIMIT
    assert AccessAttempt.objects.filter(username="editor").exists()  # kept in the database


def test_axes_reset_lifts_the_lock(editor: Any) -> None:
    for _ in range(LIMIT):
        sign_in("editor", "wrong")
    assert locked(sign_in("editor", PASSWORD))
    call_command("axes_reset", verbosity=0)
    assert sign_in("editor", PASSWORD).status_code == 302


@override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1})
def test_behind_the_proxy_a_made_up_forwarded_address_does_not_escape_the_lock(
    editor: Any,
) -> None:
    # The proxy appends the address it saw; the guesser varies what it writes before it.
    for n in range(LIMIT - 1):
        forwarded = f"10.9.9.{n}, 203.0.113.50"
        assert sign_in(f"guess{n}", "wrong", HTTP_X_FORWARDED_FOR=forwarded).status_code == 200
    sign_in("guess", "wrong", HTTP_X_FORWARDED_FOR="10.9.9.99, 203.0.113.50")
    response = sign_in("editor", PASSWORD, HTTP_X_FORWARDED_FOR="10.1.1.1, 203.0.113.50")
    assert locked(response)
    assert AccessAttempt.objects.filter(ip_address="203.0.113.50").exists()
    # another client through the same proxy is not locked
    assert sign_in("editor", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.4").status_code == 302


def test_the_lockout_keys_on_the_address_the_rate_limit_keys_on(rf: Any) -> None:
    from rest_framework.throttling import BaseThrottle

    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8")
    assert client_address(request) == BaseThrottle().get_ident(request) == "127.0.0.1"
    assert settings.AXES_CLIENT_IP_CALLABLE == "cardsdb.client_address.client_address"
    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}):
        assert client_address(request) == "5.6.7.8"


@pytest.mark.parametrize("weak", ["12345678", "password", "editor01", "short"])
def test_a_weak_password_is_refused(editor: Any, weak: str) -> None:
    with pytest.raises(ValidationError):
        validate_password(weak, editor)
    validate_password(PASSWORD, editor)
