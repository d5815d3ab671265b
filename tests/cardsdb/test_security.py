"""Security, tried from outside: production settings pass Django's deployment check, the admin
wants a staff login, the public cannot write through the API, every form wants its CSRF
token, every kind of page carries the security headers, and typed text comes back escaped."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cardsdb.models import Card, Clarification, Game, GlossaryTerm, Rule

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_production_settings_pass_the_deployment_check() -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        # DJANGO_ALLOW_ASYNC_UNSAFE: set by tests/web/conftest.py for Playwright, never deployed
        if k
        not in {
            "DEBUG",
            "SECRET_KEY",
            "ALLOWED_HOSTS",
            "INSECURE_COOKIES",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
        }
    }
    env |= {
        "SECRET_KEY": "x7!" + "k" * 60 + "q2#Zp9@w",
        "ALLOWED_HOSTS": "judge.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY"}} | {"DEBUG": "0"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


# ----- the admin -----------------------------------------------------------------------------


def test_the_admin_sends_an_anonymous_visitor_to_the_login_page() -> None:
    response = Client().get("/admin/cardsdb/card/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_a_signed_in_player_who_is_not_staff_cannot_enter_the_admin() -> None:
    user = get_user_model().objects.create_user("player", password="a-long-passphrase-1")
    client = Client()
    client.force_login(user)
    response = client.get("/admin/cardsdb/card/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_staff_can_edit_cards_in_the_admin() -> None:
    user = get_user_model().objects.create_superuser("editor", password="a-long-passphrase-2")
    client = Client()
    client.force_login(user)
    assert client.get("/admin/cardsdb/card/").status_code == 200


# ----- the public API is read-only ----------------------------------------------------------


def _api_urls() -> list[str]:
    card = Card.objects.select_related("game").first()
    rule = Rule.objects.first()
    game = Game.objects.first()
    return [
        "/api/v1/games/",
        f"/api/v1/games/{game.slug}/",
        "/api/v1/cards/",
        f"/api/v1/cards/{card.game.slug}/{card.slug}/",
        "/api/v1/rules/",
        f"/api/v1/rules/{rule.key}/",
        "/api/v1/glossary/",
        "/api/v1/clarifications/",
        "/api/v1/symbols/",
        "/api/v1/factions/",
        "/api/v1/expansions/",
        "/api/v1/components/",
        "/api/v1/variants/",
        "/api/v1/card-types/",
    ]


def _snapshot() -> tuple[int, ...]:
    models = (Game, Card, Rule, GlossaryTerm, Clarification)
    return tuple(model.objects.count() for model in models)


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_the_public_cannot_write_through_the_api(api: Any, method: str) -> None:
    before = _snapshot()
    names = {c.pk: c.name for c in Card.objects.all()[:50]}
    for url in _api_urls():
        response = getattr(api, method)(url, {"name": "Vandal"}, format="json")
        assert response.status_code in (401, 403, 405), (method, url, response.status_code)
        assert set(response.json()) == {"error"}, (method, url)
    assert _snapshot() == before
    assert {c.pk: c.name for c in Card.objects.filter(pk__in=names)} == names


# ----- CSRF ----------------------------------------------------------------------------------

FORM_PAGES = [
    "/games/higher-lower/disputes/",
    "/games/bo-jackson-battle-arena/disputes/",
    "/games/hyperstar-run/disputes/",
    "/games/star-realms-high-alert/disputes/",
    "/games/super-hazard-quest/disputes/",
    "/games/star-realms-high-alert/tools/options/",
    "/games/super-hazard-quest/tools/reachable/",
    "/admin/login/",
]
POST_FORM = re.compile(r"<form\b[^>]*method=\"post\"[^>]*>(.*?)</form>", re.S | re.I)


@pytest.mark.parametrize("url", FORM_PAGES)
def test_every_form_that_posts_carries_a_csrf_token(url: str) -> None:
    page = Client().get(url)
    assert page.status_code == 200
    forms = POST_FORM.findall(page.content.decode())
    assert forms, f"no POST form on {url}"
    for body in forms:
        assert 'name="csrfmiddlewaretoken"' in body


def _form_actions(url: str) -> list[str]:
    page = Client().get(url).content.decode()
    actions = re.findall(r"<form\b[^>]*method=\"post\"[^>]*action=\"([^\"]+)\"", page, re.I)
    actions += re.findall(r"<form\b[^>]*action=\"([^\"]+)\"[^>]*method=\"post\"", page, re.I)
    return sorted(set(actions)) or [url]


@pytest.mark.parametrize("url", FORM_PAGES)
def test_a_post_without_the_csrf_token_is_refused(url: str) -> None:
    client = Client(enforce_csrf_checks=True)
    for action in _form_actions(url):
        response = client.post(action, {"dispute": "{}", "username": "x", "password": "y"})
        assert response.status_code == 403, action


# ----- headers on every kind of page ---------------------------------------------------------


def _page_urls() -> list[str]:
    card = Card.objects.select_related("game").filter(game__slug="star-realms-high-alert")[0]
    return [
        "/",
        "/games/hyperstar-run/",
        "/games/hyperstar-run/rules/",
        "/games/hyperstar-run/glossary/",
        "/games/hyperstar-run/clarifications/",
        f"/games/{card.game.slug}/cards/",
        f"/games/{card.game.slug}/cards/{card.slug}/",
        "/games/higher-lower/disputes/",
        "/search/?q=press",
        "/search/syntax/",
        "/api/v1/games/",
        "/api/v1/docs/",
        "/api/v1/schema/",
        "/no-such-page/",
        "/api/v1/no-such-endpoint/",
        "/admin/login/",
    ]


def test_every_kind_of_page_carries_the_security_headers() -> None:
    example = Client().get("/api/v1/games/higher-lower/example/").json()
    ruling = Client().post(
        "/api/v1/games/higher-lower/rulings", example, content_type="application/json"
    )
    for url in [*_page_urls(), ruling.json()["url"]]:
        response = Client().get(url)
        assert response.status_code in (200, 404), url
        csp = response.get("Content-Security-Policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, url
        assert "script-src 'self'" in csp and "unsafe-eval" not in csp, url
        assert response["X-Content-Type-Options"] == "nosniff", url
        assert response["X-Frame-Options"] == "DENY", url
        assert response["Referrer-Policy"] == "same-origin", url


# ----- typed text comes back escaped ---------------------------------------------------------

SCRIPT = "<script>alert(1)</script>"


@pytest.mark.parametrize(
    "url",
    [
        f"/search/?q={SCRIPT}",
        f"/search/?q=name:{SCRIPT}",
        f"/search/?q=cost<{SCRIPT}",
        f'/games/star-realms-high-alert/cards/?q=o:"{SCRIPT}"',
        f"/games/star-realms-high-alert/cards/?q=faction:{SCRIPT}",
    ],
)
def test_script_typed_into_a_search_or_a_card_query_is_shown_as_text(url: str) -> None:
    response = Client().get(url)
    assert response.status_code in (200, 400)
    body = response.content.decode()
    assert SCRIPT not in body
    assert "&lt;script&gt;" in body
