"""High Alert on the website: "What can I do now?" (its page and the ruling-page tool) and the
picture of the play area with faction symbols, over HTTP."""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

import pytest
from django.test import Client

from cardsdb.models import Faction
from cardsdb.web.boards import board_picture
from games.star_realms_high_alert.picture import COLOUR_WORDS
from tests.cardsdb import disputes

pytestmark = pytest.mark.django_db

SLUG = "star-realms-high-alert"
PAGE = f"/games/{SLUG}/tools/options/"
RULES = f"/games/{SLUG}/rules/"


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


def form(**fields: str) -> dict[str, str]:
    """The simple form, empty but for `fields`."""
    return {"source": "form", "phase": "main", "trade": "0", **fields}


def ask_json(web: Client, state: Any) -> Any:
    return web.post(PAGE, {"source": "json", "state": json.dumps(state)})


def option(html: str, anchor: str) -> str:
    """The article the page shows for one option, e.g. `ally-c1` or `row-r1`."""
    match = re.search(rf'<article class="ha-option [^"]*" id="{anchor}".*?</article>', html, re.S)
    assert match, f"no option {anchor!r} on the page"
    return match.group(0)


def alert(html: str) -> str:
    match = re.search(r'id="problem"><p>(.*?)</p>', html, re.S)
    assert match, "no error shown"
    return re.sub(r"<[^>]+>", "", match.group(1))


def rule_link(number: str) -> str:
    return f'href="{RULES}#{number}" class="rule-key">rule {number}</a>'


ruling_for = partial(disputes.settle, slug=SLUG)


# ----- the page -----


def test_the_games_menu_links_what_can_i_do_now(web: Client) -> None:
    page = web.get(f"/games/{SLUG}/").content.decode()
    assert f'href="{PAGE}">What can I do now?</a>' in page


def test_the_page_opens_with_a_worked_example_in_the_form_and_the_json_box(web: Client) -> None:
    response = web.get(PAGE)
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('name="csrfmiddlewaretoken"') == 2  # both forms POST with CSRF
    assert 'name="cards_in_play" value="Hellfire, Cargo Raptor"' in page
    box = re.search(r'<textarea name="state"[^>]*>(.*?)</textarea>', page, re.S)
    assert box is not None
    example = json.loads(box.group(1).replace("&quot;", '"'))
    assert {c["card"] for c in example["trade_row"]} == {"the-armory", "corsair", "voyager"}
    assert 'id="results"' not in page  # nothing asked yet


def test_a_post_without_the_csrf_token_is_refused() -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post(PAGE, form(cards_in_play="Corsair")).status_code == 403
    strict.get(PAGE)
    token = strict.cookies["csrftoken"].value
    response = strict.post(PAGE, {**form(cards_in_play="Corsair"), "csrfmiddlewaretoken": token})
    assert response.status_code == 200


def test_corsair_with_a_base_set_trade_federation_ship_has_a_live_ally_ability(
    web: Client,
) -> None:
    response = web.post(
        PAGE, form(cards_in_play="Corsair", **{"other_trade-federation": "1"}, trade="3")
    )
    assert response.status_code == 200
    corsair = option(response.content.decode(), "ally-c1")
    assert 'data-ok="yes"' in corsair
    assert '<span class="ha-status">live</span>' in corsair
    assert "a Trade Federation card in play" in corsair
    assert rule_link("5.4") in corsair


def test_a_merged_card_lives_both_ways_and_lowers_the_armory_by_one(web: Client) -> None:
    state = {
        "trade": 6,
        "play_area": [
            {"id": "c1", "card": "hellfire"},
            {"id": "m1", "name": "merged ship", "factions": ["star-empire-trade-federation"]},
        ],
        "trade_row": [{"id": "r1", "card": "the-armory"}, {"id": "r2", "card": "corsair"}],
    }
    page = ask_json(web, state).content.decode()
    hellfire = option(page, "ally-c1")
    assert 'data-ok="yes"' in hellfire and rule_link("6.4") in hellfire
    armory = option(page, "row-r1")
    assert "costs you 5 Trade" in armory and "(printed 7, −2)" in armory
    assert rule_link("8.2") in armory
    assert "clarifications/#merged-card-and-requisition-discount" in armory
    corsair = option(page, "row-r2")  # the same merged card counts for Trade Federation too
    assert "costs you 2 Trade" in corsair and "(printed 3, −1)" in corsair
    assert 'id="ruling-merged-card-and-requisition-discount"' in page
    assert 'id="cited-8.2"' in page


def test_a_heros_symbol_triggers_an_ally_but_never_lowers_a_price(web: Client) -> None:
    page = web.post(
        PAGE,
        form(
            cards_in_play="Hellfire",
            heroes_this_turn="Doctor Clark",
            trade_row="Hellfire",
            trade="3",
        ),
    ).content.decode()
    assert 'data-ok="yes"' in option(page, "ally-c1")
    assert rule_link("3.4") in option(page, "ally-c1")
    row = option(page, "row-r1")
    assert "costs you 3 Trade" in row  # one Star Empire card in play: Hellfire itself
    assert rule_link("8.3") in row and rule_link("3.5") in row
    assert "clarifications/#hero-is-not-a-faction-card" in row
    hero = option(page, "hero-h1")
    assert "can scrap now" in hero and rule_link("3.8") in hero


def test_an_ally_ability_used_earlier_is_listed_as_used_citing_7_5(web: Client) -> None:
    page = web.post(
        PAGE,
        form(
            cards_in_play="Hellfire, Hellfire", ally_used="Hellfire", **{"gained_star-empire": "1"}
        ),
    ).content.decode()
    first, second = option(page, "ally-c1"), option(page, "ally-c2")
    assert "used this turn" in first and rule_link("7.5") in first
    assert 'data-ok="yes"' in second


def test_a_double_ally_with_one_other_card_is_not_live_citing_5_3(web: Client) -> None:
    page = web.post(
        PAGE, form(cards_in_play="Cargo Raptor", **{"other_star-empire": "1"})
    ).content.decode()
    assert 'data-ok="yes"' in option(page, "ally-c1")
    double = option(page, "ally-c1-double")
    assert 'data-ok="no"' in double and rule_link("5.3") in double


def test_costing_four_or_less_reads_the_printed_cost_not_the_discount(web: Client) -> None:
    page = web.post(
        PAGE,
        form(trade_row="The Armory, Hellfire", free_costing="4", **{"other_star-empire": "4"}),
    ).content.decode()
    armory = option(page, "row-r1")
    assert "costs you 3 Trade" in armory
    free = re.search(r'<div class="ha-free ha-no" data-ok="no">.*?</div>', armory, re.S)
    assert free and rule_link("9.3") in free.group(0) and rule_link("8.4") in free.group(0)
    assert '<div class="ha-free ha-ok" data-ok="yes">' in option(page, "row-r2")


def test_each_tech_is_listed_with_whether_it_can_be_used_now(web: Client) -> None:
    page = web.post(
        PAGE, form(techs="Laser, Warp, Shield", techs_used="Shield", trade="1")
    ).content.decode()
    assert "usable now" in option(page, "tech-t1") and rule_link("4.4") in option(page, "tech-t1")
    assert 'data-ok="no"' in option(page, "tech-t2")  # Warp costs 2
    assert 'data-ok="no"' in option(page, "tech-t3")  # Shield already used
    assert "Tech you can use: <strong>Laser</strong>" in page


def test_stealth_is_offered_without_naming_a_faction_for_the_player(web: Client) -> None:
    page = web.post(PAGE, form(techs="Stealth", trade="2")).content.decode()
    stealth = option(page, "tech-t1")
    assert "the faction you choose" in stealth and rule_link("7.3") in stealth
    assert "Blob" not in stealth


def test_outside_the_main_phase_nothing_is_live_citing_9_5(web: Client) -> None:
    page = web.post(
        PAGE, form(phase="discard", cards_in_play="Corsair, Corsair", trade_row="Voyager")
    ).content.decode()
    assert rule_link("9.5") in option(page, "ally-c1")
    assert 'data-ok="no"' in option(page, "row-r1")


def test_the_form_shows_its_state_as_json_to_edit_further(web: Client) -> None:
    page = web.post(PAGE, form(cards_in_play="Corsair", trade_row="Voyager")).content.decode()
    box = re.search(r'<textarea name="state"[^>]*>(.*?)</textarea>', page, re.S)
    assert box is not None
    state = json.loads(box.group(1).replace("&quot;", '"'))
    assert state["play_area"][0]["card"] == "corsair"
    assert state["trade_row"] == [{"id": "r1", "card": "voyager"}]


def test_every_option_the_page_calls_live_is_ruled_legal_at_the_desk(web: Client) -> None:
    state: dict[str, Any] = {
        "trade": 4,
        "play_area": [
            {"id": "c1", "card": "cargo-raptor"},
            {"id": "c2", "card": "hellfire"},
            {"id": "c3", "card": "fusion-bot"},
            {"id": "o1", "name": "merged", "factions": ["star-empire-machine-cult"]},
        ],
        "heroes": [{"id": "h1", "card": "bioform-freeman", "played_this_turn": True}],
        "techs": [{"id": "t1", "card": "guidance"}, {"id": "t2", "card": "tractor-beam"}],
        "trade_row": [{"id": "r1", "card": "operations-platform"}, {"id": "r2", "card": "arsenal"}],
    }
    page = ask_json(web, state).content.decode()
    moves = {
        "ally-c1": {"kind": "use-ally", "card": "c1"},
        "ally-c1-double": {"kind": "use-double-ally", "card": "c1"},
        "ally-c2": {"kind": "use-ally", "card": "c2"},
        "ally-c3": {"kind": "use-ally", "card": "c3"},
        "ally-c3-double": {"kind": "use-double-ally", "card": "c3"},
        "row-r1": {"kind": "acquire", "card": "r1"},
        "row-r2": {"kind": "acquire", "card": "r2"},
        "tech-t1": {"kind": "use-tech", "tech": "t1"},
        "tech-t2": {"kind": "use-tech", "tech": "t2"},
        "hero-h1": {"kind": "scrap-hero", "hero": "h1"},
    }
    seen = {"yes": 0, "no": 0}
    for anchor, move in moves.items():
        listed = re.search(r'data-ok="(yes|no)"', option(page, anchor))
        assert listed is not None
        ruling = web.get(ruling_for(web, state, move)).content.decode()
        verdict = "yes" if 'class="verdict legal"' in ruling else "no"
        assert verdict == listed.group(1), anchor
        seen[verdict] += 1
    assert seen["yes"] and seen["no"]  # the state tries both answers


# ----- bad input: a 400 naming the field, never a 500 -----


@pytest.mark.parametrize(
    ("fields", "named", "words"),
    [
        ({"cards_in_play": "Hellfir"}, "cards_in_play", "did you mean Hellfire?"),
        ({"cards_in_play": "Doctor Clark"}, "cards_in_play", "Doctor Clark is a hero"),
        ({"cards_in_play": "Hellfire, Hellfire, Hellfire"}, "cards_in_play", "only 2 Hellfire"),
        ({"trade": "lots"}, "trade", "whole number"),
        ({"trade": "-1"}, "trade", "whole number"),
        ({"other_blob": "many"}, "other_blob", "whole number"),
        ({"ally_used": "Corsair"}, "ally_used", "not (or not that often) in your play area"),
        ({"cards_in_play": "Arsenal", "ally_used": "Arsenal"}, "ally_used", "no ally ability"),
        ({"techs_used": "Laser"}, "techs_used", "not (or not that often) on your table"),
        ({"heroes_earlier": "Laser"}, "heroes_earlier", "Laser is a tech, not a hero"),
        ({"trade_row": "Corsair, Corsair, Corsair"}, "trade_row", "only 2 Corsair"),
        ({"free_costing": "100"}, "free_costing", "whole number"),
        ({"phase": "lunch"}, "phase", "main, discard or draw"),
    ],
)
def test_a_form_that_cannot_describe_a_turn_is_a_400_naming_the_field(
    web: Client, fields: dict[str, str], named: str, words: str
) -> None:
    response = web.post(PAGE, form(**fields))
    assert response.status_code == 400
    page = response.content.decode()
    shown = alert(page)
    assert shown.startswith(f"{named}:"), shown
    assert words in shown.replace("&#x27;", "'"), shown
    assert 'id="results"' not in page


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("{not json", "state: not valid JSON"),
        ("[1, 2]", "state: give the state as a JSON object"),
        ('{"trade": -3}', "state.trade:"),
        ('{"play_area": [{"id": "a", "card": "nope"}]}', "state.play_area.0.card:"),
        ('{"heroes": [{"id": "h", "card": "corsair"}]}', "state.heroes.0.card:"),
        (
            '{"play_area": [{"id": "x", "card": "corsair", "factions": ["blob"]}]}',
            "state.play_area.0.factions:",
        ),
        ('{"trade_row": [{"id": "r"}]}', "state.trade_row.0.cost:"),
        ("[" * 30000 + "]" * 30000, "state: the JSON is nested too deeply"),
        (" " * 100_001, "state: the JSON is longer than"),
    ],
)
def test_json_that_cannot_be_a_turn_is_a_400_naming_the_field(
    web: Client, text: str, named: str
) -> None:
    response = web.post(PAGE, {"source": "json", "state": text})
    assert response.status_code == 400
    assert alert(response.content.decode()).startswith(named)


def test_a_whole_dispute_pasted_in_the_box_is_read_for_its_position(web: Client) -> None:
    dispute = {"state": {"play_area": [{"id": "c1", "card": "corsair"}]}, "move": {}}
    response = ask_json(web, dispute)
    assert response.status_code == 200
    assert 'data-ok="no"' in option(response.content.decode(), "ally-c1")


def test_a_post_naming_neither_form_is_a_400(web: Client) -> None:
    response = web.post(PAGE, {"state": "{}"})
    assert response.status_code == 400
    assert alert(response.content.decode()).startswith("source:")


def test_script_in_a_card_name_is_escaped_on_the_page_and_in_the_picture(web: Client) -> None:
    state = {"play_area": [{"id": "x1", "name": "<script>alert(1)</script>", "factions": ["blob"]}]}
    page = ask_json(web, state).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page


# ----- the tool on a saved ruling -----


def test_a_ruling_page_offers_what_can_i_do_now_on_its_position(web: Client) -> None:
    state = {
        "trade": 3,
        "play_area": [{"id": "c1", "card": "corsair"}],
        "trade_row": [{"id": "r1", "card": "doctor-clark"}],
    }
    url = ruling_for(web, state, {"kind": "acquire", "card": "r1"})
    ruling = web.get(url).content.decode()
    tool = f"{url}options/"
    assert f'href="{tool}">What can I do now?</a>' in ruling
    before = web.get(tool)
    assert before.status_code == 200
    page = before.content.decode()
    assert 'data-ok="no"' in option(page, "ally-c1")  # Corsair alone
    assert "can buy for 1" in page  # the picture marks Doctor Clark in the trade row
    after = web.get(tool, {"position": "after"}).content.decode()
    corsair = option(after, "ally-c1")  # Doctor Clark now played: his symbol triggers Corsair
    assert 'data-ok="yes"' in corsair and rule_link("3.4") in corsair
    assert "can scrap now" in option(after, "hero-r1")


def test_the_ruling_tool_refuses_a_position_it_cannot_show(web: Client) -> None:
    state = {"trade": 0, "trade_row": [{"id": "r1", "card": "the-armory"}]}
    url = ruling_for(web, state, {"kind": "acquire", "card": "r1"})  # illegal: no after
    tool = f"{url}options/"
    no_after = web.get(tool, {"position": "after"})
    assert no_after.status_code == 400
    assert alert(no_after.content.decode()).startswith("position:")
    odd = web.get(tool, {"position": "sideways"})
    assert odd.status_code == 400
    assert web.post(tool).status_code == 405
    assert web.get(f"/games/{SLUG}/rulings/{url.split('/')[-2]}/nope/").status_code == 404


# ----- the picture on the ruling page -----


def _colour_of(slug: str) -> str:
    """The colour the fixtures give a faction, as the picture draws it."""
    description = Faction.objects.get(game__slug=SLUG, slug=slug).description
    word = next(w for w in COLOUR_WORDS if w in description.lower())
    return COLOUR_WORDS[word]


def test_the_ruling_page_pictures_the_play_area_with_faction_symbols(web: Client) -> None:
    state = {
        "trade": 4,
        "play_area": [
            {"id": "c1", "card": "hellfire", "ally_used": True},
            {"id": "c2", "card": "cargo-raptor"},
            {"id": "m1", "name": "merged ship", "factions": ["star-empire-trade-federation"]},
        ],
        "gained_symbols": [{"symbol": "blob", "source": "Stealth", "card": "stealth"}],
        "heroes": [{"id": "h1", "card": "bioform-freeman"}],
        "techs": [{"id": "t1", "card": "stealth", "used_this_turn": True}],
        "trade_row": [{"id": "r1", "card": "the-armory"}],
    }
    url = ruling_for(web, state, {"kind": "use-double-ally", "card": "c2"})
    page = web.get(url).content.decode()
    svg = re.search(r'<svg[^>]*class="board board-high-alert".*?</svg>', page, re.S)
    assert svg, "no High Alert picture on the ruling page"
    picture_svg = svg.group(0)
    start = picture_svg.index('<g class="hand-card played" data-card="m1">')
    merged = picture_svg[start : picture_svg.index('class="hand-card', start + 20)]
    assert 'class="faction-symbol merged" data-symbol="star-empire-trade-federation"' in merged
    assert "<title>Star Empire + Trade Federation</title>" in merged
    assert f'fill="{_colour_of("star-empire")}"' in merged
    assert f'fill="{_colour_of("trade-federation")}"' in merged
    assert 'class="faction-symbol effect" data-symbol="blob"' in picture_svg  # gained: Stealth
    assert "Ally ✓ used" in picture_svg and "2×Ally" in picture_svg
    assert "used ✓ this turn" in picture_svg  # Stealth
    assert "earlier turn" in picture_svg and "Bioform Freeman" in picture_svg
    assert 'data-symbol="machine-cult-blob"' in picture_svg  # the symbol the hero gives
    assert "<title>Printed cost 7</title>" in picture_svg
    assert "Trade available: 4" in picture_svg


def test_a_position_the_engine_refuses_is_drawn_as_plain_json() -> None:
    svg = board_picture(SLUG, {"play_area": "everything"}, "Odd board")
    assert 'class="board"' in svg and "board-high-alert" not in svg


def test_the_picture_escapes_every_name() -> None:
    state = {
        "play_area": [{"id": "x1", "name": '"><script>x</script>', "factions": ["blob"]}],
        "gained_symbols": [{"symbol": "blob", "source": "<b>bold</b>"}],
    }
    svg = board_picture(SLUG, state, "<i>title</i>", {"x1": "<u>note</u>"})
    for raw in ("<script>", "<b>", "<i>", "<u>"):
        assert raw not in svg
    assert "&lt;script&gt;" in svg and "&lt;i&gt;title" in svg


@pytest.mark.parametrize("trade", [3, 5, 6])
def test_a_price_that_turns_on_the_merged_reading_says_so_at_every_trade_total(
    web: Client, trade: int
) -> None:
    state = {
        "trade": trade,
        "play_area": [
            {"id": "c1", "card": "hellfire"},
            {"id": "m1", "name": "merged ship", "factions": ["star-empire-trade-federation"]},
        ],
        "trade_row": [{"id": "r1", "card": "the-armory"}],
    }
    armory = option(ask_json(web, state).content.decode(), "row-r1")
    assert "costs you 5 Trade" in armory
    assert "Its price turns on our reading" in armory
    pays = "which you can pay" if trade >= 6 else "more than you have"
    assert f"Read the other way, it costs 6 Trade, {pays}." in armory


def test_a_hero_card_page_says_gain_an_alignment_ally(web: Client) -> None:
    """The card data words Administrator Tung's ability "gain a Alignment ally"; its page reads
    "gain an Alignment ally", the data kept as its sources word it."""
    page = web.get("/games/star-realms-high-alert/cards/administrator-tung/").content.decode()
    assert "gain an Alignment ally" in page
    assert "gain a Alignment" not in page


def test_a_tech_acquired_this_turn_says_its_use_turns_on_our_reading(web: Client) -> None:
    state = {"trade": 3, "techs": [{"id": "t1", "card": "laser", "acquired_this_turn": True}]}
    html = ask_json(web, state).content.decode()
    laser = option(html, "tech-t1")
    assert "This answer turns on our reading" in laser
    assert "Read the other way: No: you acquired Laser this turn" in laser
    assert "turns on our reading" not in option(
        ask_json(web, {"trade": 3, "techs": [{"id": "t1", "card": "laser"}]}).content.decode(),
        "tech-t1",
    )
