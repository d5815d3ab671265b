"""Reads shared by the API and the pages."""

from __future__ import annotations

import pytest

from cardsdb import selectors

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ordering", [("game__position", "position", "id"), ("-power", "id")])
@pytest.mark.parametrize("window", [slice(0, 50), slice(50, 75), slice(17600, 17700)])
def test_a_page_read_ids_first_is_the_page_the_plain_slice_gives(
    ordering: tuple[str, ...], window: slice
) -> None:
    cards = selectors.card_list().order_by(*ordering)
    page = selectors.IdsFirst(cards)
    assert [c.pk for c in page[window]] == [c.pk for c in cards[window]]
    assert page.count() == cards.count()


def test_a_page_read_ids_first_keeps_its_joins(django_assert_num_queries: object) -> None:
    page = selectors.IdsFirst(selectors.card_list().order_by("name", "id"))
    with django_assert_num_queries(3):  # the ids, the rows with their joins, the factions
        rows = page[0:50]
        assert all(row.game.slug for row in rows)
        assert [list(row.factions.all()) for row in rows]
