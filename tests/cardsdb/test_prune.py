"""The operator's dispute: "saved rulings and decks pile up for ever. Can we drop the ones
nobody uses, and what does someone who kept an old link see?"

Verdict: `manage.py prune` removes the records nobody has opened for the kind's time (180 days
for rulings and decks by default, `--days KIND=N` otherwise), in batches, and says how many
went; a pruned permalink answers 410 with words (API: the error shape, code `gone`), while a
link that never was stays a 404. Opening a link marks it at most once a day.
"""

from __future__ import annotations

import datetime
import io
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cardsdb.models import Game, PrunedLink, SavedDeck, SavedRuling
from cardsdb.retention import PRUNABLE
from games import registry

pytestmark = pytest.mark.django_db
DECKS = "bo-jackson-battle-arena"


def saved_rulings(api: Any, count: int) -> list[str]:
    """`count` rulings saved through the API: each game's worked example, in turn."""
    keys = []
    for slug in sorted(registry)[:count]:
        response = api.post(
            f"/api/v1/games/{slug}/rulings", registry[slug].example(), format="json"
        )
        assert response.status_code == 200, response.content[:300]
        keys.append(response.json()["id"])
    assert len(set(keys)) == count
    return keys


def slug_of(key: str) -> str:
    return str(SavedRuling.objects.filter(pk=key).values_list("game__slug", flat=True).get())


def age(model: Any, keys: list[str], days: int) -> None:
    model.objects.filter(pk__in=keys).update(opened=timezone.now() - datetime.timedelta(days))


def prune(*args: str) -> str:
    out = io.StringIO()
    call_command("prune", *args, stdout=out)
    return out.getvalue()


def test_rulings_nobody_opened_for_180_days_are_removed_and_their_links_answer_410(
    api: Any,
) -> None:
    old, older, fresh = saved_rulings(api, 3)
    old_slug, fresh_slug = slug_of(old), slug_of(fresh)
    age(SavedRuling, [old], 181)
    age(SavedRuling, [older], 400)
    age(SavedRuling, [fresh], 179)

    report = prune("rulings")

    assert "2 saved rulings removed (not opened for 180 days)" in report
    assert set(SavedRuling.objects.values_list("pk", flat=True)) >= {fresh}
    assert not SavedRuling.objects.filter(pk__in=[old, older]).exists()
    gone = api.get(f"/api/v1/games/{old_slug}/rulings/{old}")
    assert gone.status_code == 410
    error = gone.json()["error"]
    assert error["code"] == "gone" and "removed" in error["message"]
    page = Client().get(f"/games/{old_slug}/rulings/{old}/")
    assert page.status_code == 410
    assert b"nobody had opened it" in page.content
    assert api.get(f"/api/v1/games/{fresh_slug}/rulings/{fresh}").status_code == 200
    assert api.get(f"/api/v1/games/{old_slug}/rulings/aaaaaaaaaa").status_code == 404


def test_prune_works_in_batches_and_a_second_run_removes_nothing(api: Any) -> None:
    keys = saved_rulings(api, 5)
    age(SavedRuling, keys, 200)
    with CaptureQueriesContext(connection) as queries:
        report = prune("rulings", "--batch", "2")
    assert "5 saved rulings removed" in report
    deletes = [q for q in queries.captured_queries if q["sql"].startswith("DELETE")]
    assert len(deletes) == 3  # 2 + 2 + 1
    assert PrunedLink.objects.filter(kind="ruling", key__in=keys).count() == 5
    assert "0 saved rulings removed" in prune("rulings")


def test_the_days_are_configurable_per_kind(api: Any) -> None:
    (key,) = saved_rulings(api, 1)
    age(SavedRuling, [key], 40)
    assert "0 saved rulings removed (not opened for 180 days)" in prune("rulings")
    assert "1 saved rulings removed (not opened for 30 days)" in prune("--days", "rulings=30")


@pytest.mark.parametrize("days", ["rulings", "rulings=0", "nothing=3", "rulings=x"])
def test_a_bad_days_option_is_refused(days: str) -> None:
    with pytest.raises(CommandError, match="--days"):
        prune("--days", days)


def test_a_deck_nobody_opened_is_removed_and_its_page_answers_410() -> None:
    game = Game.objects.get(slug=DECKS)
    deck = SavedDeck.objects.create(id="deckprunex", game=game, text="x", result={})
    age(SavedDeck, [deck.pk], 181)
    assert "1 saved decks removed" in prune("decks")
    page = Client().get(f"/games/{DECKS}/decks/{deck.pk}/")
    assert page.status_code == 410
    assert b"deck link was removed" in page.content


def test_opening_a_link_marks_it_at_most_once_a_day(api: Any) -> None:
    (key,) = saved_rulings(api, 1)
    age(SavedRuling, [key], 3)
    path = f"/api/v1/games/{slug_of(key)}/rulings/{key}"

    def updates() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert api.get(path).status_code == 200
        return sum(q["sql"].startswith("UPDATE") for q in queries.captured_queries)

    assert updates() == 1  # three days old: marked now
    opened = SavedRuling.objects.get(pk=key).opened
    assert timezone.now() - opened < datetime.timedelta(days=1)
    assert updates() == 0  # marked today: the read writes nothing
    # and a link opened is kept: 179 days after this read it is still there
    assert "0 saved rulings removed" in prune("rulings")


def test_every_prunable_kind_has_a_default_and_is_in_the_report() -> None:
    report = prune()
    for prunable in PRUNABLE.values():
        assert prunable.days > 0
        assert f"{prunable.label} removed (not opened for {prunable.days} days)" in report
