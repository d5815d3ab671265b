"""Hyperstar Run on the website, over HTTP: the ruling page draws the level as a picture, and
"What's my best line?" runs the solver on the ruling's board."""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from cardsdb.models import Game, SavedRuling
from games.hyperstar_run import pages as tool
from games.hyperstar_run.example import example_move, example_state
from games.hyperstar_run.shorthand import board, face
from tests.cardsdb import disputes

pytestmark = pytest.mark.django_db

SLUG = "hyperstar-run"


@pytest.fixture
def web(db: Any) -> Client:
    cache.clear()  # the best line is cached by ruling id: start every dispute afresh
    return Client()


settle = partial(disputes.settle, slug=SLUG)


def first_picture(page: str) -> str:
    """The first board picture on a page (the board as described)."""
    found = re.search(r'<svg[^>]*class="board hr-board".*?</svg>', page, re.S)
    assert found, "no Hyperstar Run picture on the page"
    return found.group(0)


def card_classes(svg: str, card: str) -> set[str]:
    found = re.search(rf'<g class="([^"]*)" data-card="{card}">', svg)
    assert found, f"{card} is not drawn"
    return set(found.group(1).split())


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ----- a known position: run 4 of a Tutorial game, every face given -----

ICONS = ("A", "B", "C", "D", "E", "F")


def known_position() -> dict[str, Any]:
    """Six cards left, each with a one-icon enemy cost; six hand cards, one button each; the
    level cards' own buttons (Z) and the Equipment's (Y) pay nothing. One line wins."""
    return board(
        "tutorial",
        run=4,
        level=[face("Z", enemy=icon) for icon in ICONS],
        hand=[face(icon) for icon in ICONS],
        equipment=("Y Y", "Y Y"),
    )


def hopeless_position() -> dict[str, Any]:
    return board(
        "tutorial",
        level=[face("A", enemy="D D D")] * 9,
        hand=[face("A")] * 3,
        equipment=("A B", "B C"),
    )


# ----- the ruling page draws the board -----


def test_ruling_page_draws_the_row_with_face_down_and_pressed_cards_and_the_hero(
    web: Client,
) -> None:
    """Can I press L1 again? L1 was pressed for L2; the hero stands over L3."""
    state = board(
        "tutorial",
        hero=2,
        level=[
            face("A", enemy="A", start="A A", line="R red"),
            face("B", enemy="B", start="B B", line="LR red"),
            face("C", enemy="A *", start="C C", cont="B", line="L red"),
        ],
        hand=[face("A"), face("B")],
        discard=[face("C")],
        pressed=(0,),
        face_down_hand=1,
        combo=True,
    )
    move = {
        "kind": "pass",
        "cost": "enemy",
        "sources": [
            {"card": "L1", "via": "press", "buttons": ["A"]},
            {"card": "L10", "via": "discard", "buttons": ["A"]},
        ],
    }
    page = web.get(settle(web, state, move)).content.decode()
    assert "press-already-pressed" in page and "hyperstar-run:5.5" in page
    svg = first_picture(page)
    assert {"hr-row", "hr-face-up", "hr-pressed", "hr-behind"} <= card_classes(svg, "L1")
    assert "hr-pressed" not in card_classes(svg, "L2")
    assert {"hr-face-up", "hr-current"} <= card_classes(svg, "L3")
    assert "hr-face-down" in card_classes(svg, "L4")  # ahead of the hero, not yet flipped
    assert "hr-face-down" in card_classes(svg, "L9")  # the final card of the Tutorial level
    assert 'class="hr-hero" data-over="L3"' in svg
    assert "HERO run 1" in svg
    # The hand: L10 face up, L11 face down, both Equipment Cards; L12 in the discard pile.
    assert "hr-face-up" in card_classes(svg, "L10")
    assert {"hr-held", "hr-face-down"} <= card_classes(svg, "L11")
    assert {"hr-equipment", "hr-face-up"} <= card_classes(svg, "E1")
    assert "Discard pile: 1 card" in svg
    assert "Combo in progress" in svg
    assert "Tutorial · run 1 of 4" in svg
    assert "buttons A" in svg and "enemy A *" in svg  # the current card's face, briefly
    assert 'viewBox="0 0 360 ' in svg and 'width="360"' in svg  # a phone's column
    # The button for the solver is on the page.
    assert "/best-line/" in page and "What&#x27;s my best line?" in page


def test_the_picture_escapes_what_the_player_typed(web: Client) -> None:
    state = board(
        "tutorial",
        level=[face("<b>", enemy="<b>", line="LR <i>x</i>", ability="<script>x</script>")],
        hand=[face("<b>")],
    )
    move = {
        "kind": "pass",
        "cost": "enemy",
        "sources": [{"card": "L10", "via": "discard", "buttons": ["<b>"]}],
    }
    page = web.get(settle(web, state, move)).content.decode()
    svg = first_picture(page)
    assert "<b>" not in page and "<script>x" not in page and "<i>" not in page
    assert "buttons &lt;b&gt;" in svg


def test_a_state_that_is_not_a_hyperstar_board_gets_the_generic_drawing() -> None:
    from cardsdb.web.boards import board_picture

    drawn = str(board_picture(SLUG, {"run": "nine"}, "Odd board"))
    assert 'class="board"' in drawn and "hr-board" not in drawn


def test_a_line_drawn_over_the_board_numbers_the_cards_it_passes() -> None:
    from cardsdb.web.boards import board_picture

    state = known_position()
    line = tool.answer(state)["solution"]["this_run"]["line"]
    svg = str(board_picture(SLUG, state, "With the line", line))
    for card in ("L1", "L2", "L3", "L4", "L5", "L6"):
        assert "hr-line" in card_classes(svg, card)
    assert "discard in 1" in svg and "discard in 6" in svg
    assert "The line in green: 6 passes" in svg


# ----- what's my best line? -----


def test_best_line_for_a_known_position_gives_each_card_cost_and_source(web: Client) -> None:
    """Run 4, six cards to go: the solver passes each with the one hand card that pays it."""
    ruling = settle(web, known_position(), {"kind": "end-run"})
    response = web.get(ruling + "best-line/")
    assert response.status_code == 200
    page = response.content.decode()
    words = text_of(page)
    assert "This solves the board as described, before the disputed move" in words
    assert "This run can pass every card left, from card 1 of the level to the final card" in words
    steps = re.findall(r'<li class="step step-pass" data-card="(L\d+)">', page)
    assert steps == ["L1", "L2", "L3", "L4", "L5", "L6"]
    for n, icon in enumerate(ICONS):
        assert (
            f"Pass card {n + 1} of the level by paying its enemy cost [{icon}] , with, in "
            f"order: discard your Level Card [{icon}]"
        ) in words
    assert "Yes: the game can still be won within the runs left" in words
    assert "The line above wins it this run" in words
    assert re.search(r"States explored: \d+", words)
    # The rules each step rests on, linked and quoted.
    assert 'href="/games/hyperstar-run/rules/#4.3"' in page
    assert 'href="/games/hyperstar-run/rules/#9.1"' in page
    assert 'id="cited-4.3"' in page
    svg = first_picture(page)
    assert "hr-line" in card_classes(svg, "L6")


def test_best_line_says_when_no_line_wins_within_the_runs_left(web: Client) -> None:
    ruling = settle(web, hopeless_position(), {"kind": "end-run"})
    page = web.get(ruling + "best-line/").content.decode()
    words = text_of(page)
    assert "No card can be passed this run: your current card (card 1 of the level)" in words
    assert "No: no line wins within the runs left" in words
    assert re.findall(r"<tr><td>(\d)</td>", page) == ["1", "2", "3", "4"]
    assert "abilities are not searched" in words


def test_best_line_says_which_faces_it_needs_to_say_whether_the_game_can_be_won(
    web: Client,
) -> None:
    """The worked example: L2's enemy cost can be paid, but L3's face is not given."""
    ruling = settle(web, example_state(), example_move())
    words = text_of(web.get(ruling + "best-line/").content.decode())
    assert "from card 2 to card 3 of the level, where the search stops" in words
    assert "the face of card 3 was not described" in words
    assert "Not known from this board" in words
    assert "needs the faces of card 3 of the level" in words


def test_best_line_is_cached_under_the_ruling(web: Client, monkeypatch: Any) -> None:
    calls: list[Any] = []
    real = tool.solve

    def counting(state: Any) -> Any:
        calls.append(state)
        return real(state)

    monkeypatch.setattr(tool, "solve", counting)
    ruling = settle(web, known_position(), {"kind": "end-run"})
    first = web.get(ruling + "best-line/").content.decode()
    second = web.get(ruling + "best-line/").content.decode()
    assert len(calls) == 1
    assert "answer from the cache" not in first and "answer from the cache" in second
    saved = SavedRuling.objects.get(pk=ruling.rstrip("/").rsplit("/", 1)[1])
    assert cache.get(tool.cache_key(saved, "described")) is not None
    assert text_of(first).count("Pass card") == text_of(second).count("Pass card") == 6


def test_after_a_legal_move_the_board_after_it_can_be_solved_too(web: Client) -> None:
    """The worked example is legal: L2 is passed, so after it the hero stands over L3."""
    ruling = settle(web, example_state(), example_move())
    page = web.get(ruling + "best-line/").content.decode()
    assert 'href="?position=after"' in page
    after = web.get(ruling + "best-line/?position=after")
    assert after.status_code == 200
    words = text_of(after.content.decode())
    assert "This solves the board after the move, which was ruled legal" in words
    assert "The face of your current card (card 3 of the level) was not described" in words
    assert 'href="?position=described"' in after.content.decode()


def test_after_an_illegal_move_there_is_no_board_after_it(web: Client) -> None:
    move = {
        "kind": "pass",
        "cost": "enemy",
        "sources": [{"card": "L2", "via": "press", "buttons": ["C"]}],
    }
    ruling = settle(web, example_state(), move)
    response = web.get(ruling + "best-line/?position=after")
    assert response.status_code == 404
    assert "the move was ruled illegal" in text_of(response.content.decode())
    page = web.get(ruling + "best-line/").content.decode()
    assert "?position=after" not in page


def test_an_unknown_position_is_a_400_naming_it(web: Client) -> None:
    ruling = settle(web, known_position(), {"kind": "end-run"})
    response = web.get(ruling + "best-line/?position=sideways")
    assert response.status_code == 400
    assert "position: give" in text_of(response.content.decode())


def test_a_won_game_has_nothing_left_to_search(web: Client) -> None:
    state = board("tutorial", run=4, hero=6, outcome="won")
    ruling = settle(web, state, {"kind": "claim", "claim": "win"})
    response = web.get(ruling + "best-line/")
    assert response.status_code == 200
    words = text_of(response.content.decode())
    assert "Nothing to search on this board: The game is already won." in words
    assert "Yes: the game is already won" in words
    assert 'data-over=""' in response.content.decode()  # the hero stands past the final card


def test_a_saved_board_that_no_longer_parses_gets_a_clear_message_not_a_500(web: Client) -> None:
    game = Game.objects.get(slug=SLUG)
    SavedRuling.objects.create(
        id="oldboard01",
        game=game,
        request={"state": {"difficulty": "tutorial", "run": 7}, "move": {"kind": "end-run"}},
        ruling={"verdict": "illegal", "summary": "old", "reasons": [], "reference_version": "0"},
    )
    response = web.get(f"/games/{SLUG}/rulings/oldboard01/best-line/")
    assert response.status_code == 400
    words = text_of(response.content.decode())
    assert "This board cannot be solved: state.run" in words


def test_an_unknown_tool_or_ruling_is_a_404(web: Client) -> None:
    ruling = settle(web, known_position(), {"kind": "end-run"})
    assert web.get(ruling + "best-line/").status_code == 200
    assert web.get(ruling + "worst-line/").status_code == 404
    assert web.get(f"/games/{SLUG}/rulings/nosuchid00/best-line/").status_code == 404
    other = "/games/higher-lower/rulings/" + ruling.rstrip("/").rsplit("/", 1)[1] + "/best-line/"
    assert web.get(other).status_code == 404


def test_a_claim_leaves_the_board_as_it_was_so_only_one_board_is_offered(web: Client) -> None:
    state = board("tutorial", run=4, hero=6, outcome="won")
    ruling = settle(web, state, {"kind": "claim", "claim": "win"})
    page = web.get(ruling + "best-line/").content.decode()
    assert "?position=after" not in page
    after = web.get(ruling + "best-line/?position=after")
    assert after.status_code == 404
    assert "the move leaves the board as it was" in text_of(after.content.decode())


def test_after_a_game_log_the_board_after_its_moves_can_be_solved(web: Client) -> None:
    """Pass L2 as in the worked example, then end the run: run 2 starts over L2."""
    body = json.dumps({"state": example_state(), "moves": [example_move(), {"kind": "end-run"}]})
    response = web.post(f"/games/{SLUG}/disputes/json/", {"dispute": body})
    assert response.status_code == 302
    ruling = response["Location"]
    page = web.get(ruling + "best-line/").content.decode()
    assert "before the first move of the log" in text_of(page)
    assert "Solve the board after the moves instead" in page
    after = web.get(ruling + "best-line/?position=after").content.decode()
    words = text_of(after)
    assert "the board after every move of the log, all ruled legal" in words
    assert re.search(r"from card 1 (of the level )?to ", words)
    assert 'data-over="L2"' in first_picture(after)
