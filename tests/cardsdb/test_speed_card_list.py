"""The card list answered by the in-memory index (cardsdb/card_index.py) is exactly the SQL
list: the same cards, in the same order, with the same count, on every page, for any filter a
crawler or an app might send, and never a moment out of date after an edit or a load.

Each case asks the API twice, with the index and without it (the plain queryset: django-filter,
DRF's ordering, the database's sort), and compares the bytes of the two answers.
"""

from __future__ import annotations

import os
import random
import tracemalloc
import urllib.parse
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from django.test.utils import override_settings

from cardsdb import card_index, data_version
from cardsdb.models import Card, CardType, Expansion, Faction, Game, Provenance

pytestmark = pytest.mark.django_db

SORTS = ["name", "cost", "power", "copies", "number", "position", "slug"]
# Random filters compared: 100 in `make test`, 250 at full size (FUZZ_FULL=1, `.ci/run`).
RANDOM_FILTERS = 250 if os.environ.get("FUZZ_FULL") == "1" else 100


def _both(client: Client, url: str) -> tuple[Any, Any]:
    indexed = client.get(url)
    with override_settings(CARD_INDEX=False):
        plain = client.get(url)
    return indexed, plain


def _answered_by_index(url: str) -> bool:
    return card_index.find(QueryDict(url.partition("?")[2])) is not None


def _random_filters(count: int, seed: int) -> list[str]:
    """Filters over the data's own values, and some a careless client sends: unknown slugs,
    empty values, pages past the end, bounds no card reaches, every ordering both ways."""
    rng = random.Random(seed)
    games = list(Game.objects.values_list("slug", flat=True))
    types = [*CardType.objects.values_list("slug", flat=True).distinct(), "no-such-type"]
    factions = [*Faction.objects.values_list("slug", flat=True).distinct(), "nobody"]
    expansions = list(Expansion.objects.values_list("slug", flat=True).distinct())
    urls = []
    for _ in range(count):
        params: dict[str, str] = {}
        if rng.random() < 0.85:
            params["game"] = rng.choice([*games, ""])
        if rng.random() < 0.4:
            params["type"] = rng.choice(types)
        if rng.random() < 0.3:
            params["faction"] = rng.choice(factions)
        if rng.random() < 0.2:
            params["expansion"] = rng.choice(expansions)
        if rng.random() < 0.15:
            params["provenance"] = rng.choice(Provenance.values)
        for bound, top in (("power_min", 300), ("power_max", 300), ("cost_min", 9)):
            if rng.random() < 0.25:
                params[bound] = str(rng.randint(-1, top))
        if rng.random() < 0.25:
            params["cost_max"] = str(rng.randint(-1, 9))
        if rng.random() < 0.15:
            params["copies_min"] = str(rng.randint(0, 4))
        if rng.random() < 0.8:
            params["ordering"] = rng.choice(["", "-"]) + rng.choice(SORTS)
        params["page_size"] = str(rng.choice([1, 10, 50, 100, 500, "", "501", "07"]))
        if rng.random() < 0.4:
            # plain numbers are paged by the lean view itself, the rest by DRF's paginator
            params["page"] = rng.choice(["2", "3", "7", "last", "40", "1", "0", "+2", " 2", ""])
        urls.append("/api/v1/cards/?" + urllib.parse.urlencode(params))
    return urls


def test_any_filter_lists_the_same_cards_in_the_same_order_as_the_database(
    client: Client,
) -> None:
    urls = _random_filters(RANDOM_FILTERS, seed=15)
    answered = 0
    for url in urls:
        indexed, plain = _both(client, url)
        assert indexed.status_code == plain.status_code, url
        assert indexed.content == plain.content, url
        answered += _answered_by_index(url)
    # the index answers every one of these: a run where it silently did not proves nothing
    assert answered == len(urls)


def test_the_sort_follows_the_database_for_names_with_accents_case_and_punctuation(
    client: Client,
) -> None:
    for ordering in ["name", "-name", "number", "-number", "slug", "-slug"]:
        url = f"/api/v1/cards/?ordering={ordering}&page_size=500&page=2"
        indexed, plain = _both(client, url)
        assert indexed.status_code == 200
        assert indexed.content == plain.content, url
        assert _answered_by_index(url)


@pytest.mark.parametrize(
    "query",
    [
        "name=blob",  # a name search: SQL
        "q=cost<=3",  # the card query language: SQL
        "ordering=name,-cost",  # several fields: SQL
        "ordering=colour",  # an unknown field: SQL, which refuses it
        "game=no-such-game",  # an unknown game: SQL, which refuses it
        "power_min=1.5",  # not a whole number: SQL, which refuses it
        "power_min= 5",  # spaces: the form's reading, so SQL
        "type=%20base",
        "provenance=rumour",
        "weapon=fire",
    ],
)
def test_what_the_index_does_not_answer_exactly_is_left_to_the_database(
    client: Client, query: str
) -> None:
    url = f"/api/v1/cards/?{query}&page_size=20"
    assert not _answered_by_index(url)
    indexed, plain = _both(client, url)
    assert indexed.status_code == plain.status_code
    assert indexed.content == plain.content


def _power_list(client: Client, game: str) -> dict[str, Any]:
    url = f"/api/v1/cards/?game={game}&power_min=1000&ordering=-power&page_size=500"
    assert _answered_by_index(url)
    answer = client.get(url)
    assert answer.status_code == 200
    return answer.json()


def test_an_admin_edit_is_in_the_very_next_list(client: Client) -> None:
    card = Card.objects.filter(game__slug="bo-jackson-battle-arena").order_by("id").first()
    assert card is not None
    assert _power_list(client, card.game.slug)["count"] == 0  # no card has 1000 power
    card.power = 1000
    card.save()  # as the admin does: the edits counter moves, the index is dropped
    listed = _power_list(client, card.game.slug)
    assert listed["count"] == 1
    assert listed["results"][0]["slug"] == card.slug
    assert listed["results"][0]["power"] == 1000


def test_a_load_is_in_the_very_next_list(client: Client) -> None:
    card = Card.objects.filter(game__slug="bo-jackson-battle-arena").order_by("id").first()
    assert card is not None
    assert _power_list(client, card.game.slug)["count"] == 0
    # a load writes the rows in bulk (no signals) and names a new data version
    Card.objects.filter(pk=card.pk).update(power=1001)
    Game.objects.filter(pk=card.game_id).update(data_version="a-newer-load")
    listed = _power_list(client, card.game.slug)
    assert listed["count"] == 1
    assert listed["results"][0]["slug"] == card.slug


def test_an_index_built_while_the_data_changed_is_not_kept(monkeypatch: Any) -> None:
    """The version is read before the data and again after it: an edit in between means the
    index may hold a mix, so it is thrown away and the request runs its SQL."""
    card_index.forget()
    version = data_version.data_fingerprint()
    real_build = card_index.build

    def build_during_an_edit() -> card_index.Index:
        built = real_build()
        Game.objects.filter(slug="higher-lower").update(data_version="edited-meanwhile")
        return built

    monkeypatch.setattr(card_index, "build", build_during_an_edit)
    assert card_index.current(version) is None
    assert card_index.find(QueryDict("game=higher-lower"), version) is None


def test_the_index_of_all_cards_in_every_ordering_stays_small() -> None:
    """One index per process, with all fifteen orderings built: a few megabytes."""
    card_index.forget()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        index = card_index.build()
        for name in SORTS:
            for ordering in (name, f"-{name}"):
                order = index.ordered(ordering)
                for column in card_index.COLUMNS:
                    index.codes(order, column)
        index.ordered(card_index.DEFAULT)
        for game in index.games:  # and each game's own arrays, in every ordering
            for name in SORTS:
                for ordering in (name, f"-{name}"):
                    order = index.ordered(ordering, game)
                    for column in card_index.COLUMNS:
                        index.codes(order, column)
        size = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert index.size == Card.objects.count()
    assert size < 16 * 1024 * 1024, f"{size / 2**20:.1f} MiB"


def test_a_deploy_that_changes_the_code_names_a_new_version(
    client: Client, monkeypatch: Any
) -> None:
    """Prebuilt answers and cached responses are keyed by the data version, which holds a
    hash of the code that builds them: an engine's or a serializer's new wording is never
    hidden behind an answer the old code built."""
    from cardsdb import prebuilt
    from cardsdb.models import Prebuilt

    card = Card.objects.select_related("game").order_by("id").first()
    assert card is not None
    url = f"/api/v1/cards/{card.game.slug}/{card.slug}/"
    assert client.get(url).status_code == 200
    before = data_version.data_fingerprint()
    key = prebuilt.card_key(card.game.slug, card.slug)
    assert Prebuilt.objects.filter(version=before, kind=prebuilt.CARD, key=key).exists()
    monkeypatch.setattr(data_version, "code_fingerprint", lambda: "the-next-deploy")
    data_version.fingerprint_forget()
    after = data_version.data_fingerprint()
    assert after != before
    assert client.get(url).status_code == 200  # built again by the new code, under its version
    assert Prebuilt.objects.filter(version=after, kind=prebuilt.CARD, key=key).exists()


def test_a_page_of_any_filter_is_the_same_slice_of_its_passing_cards() -> None:
    """Found.page jumps to its page by counting stretches of the mask: every start and stop,
    at and across the stretches' edges, is the plain slice of the passing cards."""
    from array import array
    from itertools import compress

    rng = random.Random(15)
    size = 3 * card_index.SEEK + 7
    ids = array("q", rng.sample(range(100_000), size))
    for density in (0.0, 0.002, 0.05, 0.5, 1.0):
        mask = bytes(rng.random() < density for _ in range(size))
        found = card_index.Found(ids, mask, mask.count(1), "v")
        passing = list(compress(ids, mask))
        edges = [0, 1, card_index.SEEK - 1, card_index.SEEK, len(passing) - 1, len(passing)]
        starts = {*edges, *(rng.randrange(size + 2) for _ in range(30))}
        for start in sorted(s for s in starts if s >= 0):
            for length in (1, 10, 100, 500):
                assert found.page(start, start + length) == passing[start : start + length]


def test_the_kept_filter_tables_stay_bounded_whatever_the_requests_send() -> None:
    """A table is kept per set of values it passes, not per value sent: a crawler trying
    every bound and every slug keeps a few hundred small tables, not one per request."""
    card_index.forget()
    version = data_version.data_fingerprint()
    game = Card.objects.values_list("game__slug", flat=True).first()
    for bound in range(-2000, 2000, 7):
        for name in ("power_min", "power_max", "cost_min", "cost_max", "copies_min"):
            assert card_index.find(QueryDict(f"game={game}&{name}={bound}"), version)
    for slug in range(1000):
        assert card_index.find(QueryDict(f"type=made-up-{slug}&faction=nobody-{slug}"), version)
    index = card_index.current(version)
    assert index is not None
    for name, column in index.columns.items():
        if column is not None:
            assert len(column._tables) <= 2 * 257, name
