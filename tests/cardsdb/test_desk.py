"""The dispute desk over HTTP, for every engine in the registry."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from django.test import Client

from cardsdb.models import Clarification, Rule
from cardsdb.web.schema_forms import default_post
from games import registry

pytestmark = pytest.mark.django_db

ENGINES = sorted(registry)


def test_every_rule_key_an_engine_can_cite_exists() -> None:
    keys = set(Rule.objects.values_list("key", flat=True))
    for slug in ENGINES:
        missing = registry[slug].cited_rule_keys() - keys
        assert not missing, f"{slug} can cite rules that do not exist: {sorted(missing)}"


def test_every_reference_ruling_an_engine_can_rest_on_exists() -> None:
    rulings = set(
        Clarification.objects.filter(kind="reference-ruling").values_list("key", flat=True)
    )
    for slug in ENGINES:
        missing = set(registry[slug].interpretations) - rulings
        assert not missing, f"{slug} can rest on rulings that do not exist: {sorted(missing)}"


@pytest.mark.parametrize("slug", ENGINES)
def test_worked_example_is_ruled_and_saved_under_a_stable_id(api: Any, slug: str) -> None:
    example = api.get(f"/api/v1/games/{slug}/example/").json()
    first = api.post(f"/api/v1/games/{slug}/rulings", example, format="json")
    assert first.status_code == 200, first.content
    body = first.json()
    assert body["verdict"] in ("legal", "illegal")
    assert body["summary"]
    for reason in body["reasons"]:
        assert reason["url"].startswith(f"/games/{slug}/rules/#")
    again = api.post(f"/api/v1/games/{slug}/rulings/", example, format="json").json()
    assert again["id"] == body["id"]
    stored = api.get(f"/api/v1/games/{slug}/rulings/{body['id']}/").json()
    assert stored["summary"] == body["summary"]
    assert Client().get(body["url"]).status_code == 200


@pytest.mark.parametrize("slug", ENGINES)
def test_a_sequence_is_ruled_move_by_move(api: Any, slug: str) -> None:
    example = api.get(f"/api/v1/games/{slug}/example/").json()
    body = api.post(
        f"/api/v1/games/{slug}/rulings",
        {"state": example["state"], "moves": [example["move"]]},
        format="json",
    ).json()
    assert len(body["rulings"]) == 1
    assert body["verdict"] == body["rulings"][0]["verdict"]


@pytest.mark.parametrize("slug", ENGINES)
def test_a_state_that_cannot_exist_is_a_400_naming_the_field(api: Any, slug: str) -> None:
    example = api.get(f"/api/v1/games/{slug}/example/").json()
    broken = copy.deepcopy(example)
    broken["state"]["no_such_field_anywhere"] = 1
    response = api.post(f"/api/v1/games/{slug}/rulings", broken, format="json")
    # Engines either forbid unknown fields or ignore them; a non-object state is always bad.
    if response.status_code == 200:
        response = api.post(
            f"/api/v1/games/{slug}/rulings", {"state": [], "move": example["move"]}, format="json"
        )
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["details"][0]["field"].startswith("state")


@pytest.mark.parametrize(
    "body",
    [
        {"move": {}},
        {"state": {}},
        {"state": {}, "move": {}, "moves": []},
        [],
        {"state": {}, "moves": "x"},
    ],
)
def test_malformed_requests_are_400s(api: Any, body: Any) -> None:
    slug = ENGINES[0]
    response = api.post(f"/api/v1/games/{slug}/rulings", body, format="json")
    assert response.status_code == 400, response.content
    assert "error" in response.json()


def test_unknown_game_is_a_404(api: Any) -> None:
    response = api.post("/api/v1/games/chess/rulings", {"state": {}, "move": {}}, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not-found"


def test_unknown_ruling_id_is_a_404(api: Any) -> None:
    assert api.get(f"/api/v1/games/{ENGINES[0]}/rulings/aaaaaaaaaa/").status_code == 404


@pytest.mark.parametrize("slug", ENGINES)
def test_legal_moves_endpoint(api: Any, slug: str) -> None:
    example = api.get(f"/api/v1/games/{slug}/example/").json()
    response = api.post(
        f"/api/v1/games/{slug}/legal-moves", {"state": example["state"]}, format="json"
    )
    assert response.status_code == 200, response.content
    moves = response.json()["moves"]
    assert moves is None or isinstance(moves, list)


def test_schema_holds_every_engine_state_and_move_with_an_example(api: Any) -> None:
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    components = schema["components"]["schemas"]
    for slug in ENGINES:
        prefix = "".join(p.capitalize() for p in slug.split("-"))
        assert f"{prefix}State" in components
        assert f"{prefix}Move" in components
    post = schema["paths"]["/api/v1/games/{slug}/rulings/"]["post"]
    examples = post["requestBody"]["content"]["application/json"]["examples"]
    assert set(ENGINES) <= set(examples)


def test_schema_documents_the_deciding_rule_and_the_readings_a_ruling_turns_on(api: Any) -> None:
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    components = schema["components"]["schemas"]
    for model in ("Ruling", "SequenceRuling"):
        fields = components[model]["properties"]
        assert "deciding_rule" in fields and "readings_deciding" in fields, model
        assert "settles the" in fields["deciding_rule"]["description"]
    turn = components["RuledReadingTurn"]["properties"]
    assert {"key", "other_verdict", "other_answer"} <= set(turn)
    post = schema["paths"]["/api/v1/games/{slug}/rulings/"]["post"]
    answered = [
        response["content"]["application/json"]["schema"]
        for status, response in post["responses"].items()
        if status.startswith("2")
    ]
    assert answered and all("#/components/schemas/Ruling" in str(s) for s in answered)


def test_a_ruling_through_the_api_names_its_deciding_rule(api: Any) -> None:
    state = {
        "players": [
            {"name": "Ana", "hand": [15, 5], "boosters": 0},
            {"name": "Ben", "hand": 5, "boosters": 0},
        ],
        "turn": "Ana",
        "last_card": 7,
        "call": "higher",
        "call_by": "Ben",
        "match_chain": [],
        "discard": [],
        "deck": 20,
    }
    move = {"kind": "play", "value": 15, "player": "Ana"}  # a 15 calls "lower" by itself
    ruled = api.post(
        "/api/v1/games/higher-lower/rulings/", {"state": state, "move": move}, format="json"
    ).json()
    assert ruled["verdict"] == "legal"
    assert ruled["deciding_rule"] == "higher-lower:4.8"  # the automatic call, not 4.2
    assert ruled["readings_deciding"] == []


@pytest.mark.parametrize("slug", ENGINES)
def test_disputes_page_offers_forms_and_a_json_box(slug: str) -> None:
    page = Client().get(f"/games/{slug}/disputes/").content.decode()
    assert 'name="dispute"' in page
    assert "csrfmiddlewaretoken" in page
    assert page.count('class="dispute-form"') == len(registry[slug].questions)


@pytest.mark.parametrize("slug", ENGINES)
def test_every_question_form_submits_with_its_defaults(slug: str) -> None:
    client = Client()
    for question in registry[slug].questions:
        data: dict[str, Any] = default_post(question.form)
        response = client.post(f"/games/{slug}/disputes/{question.slug}/", data)
        if any(value == "" for value in data.values()):
            # A field with no default must be filled in: the form comes back with its errors.
            assert response.status_code in (302, 400), question.slug
            if response.status_code == 400:
                assert 'role="alert"' in response.content.decode()
                continue
        assert response.status_code == 302, (question.slug, response.content.decode()[:2000])
        page = client.get(response["Location"]).content.decode()
        assert 'id="verdict"' in page


def test_json_box_reports_bad_json_and_impossible_states() -> None:
    slug = ENGINES[0]
    client = Client()
    bad = client.post(f"/games/{slug}/disputes/json/", {"dispute": "{not json"})
    assert bad.status_code == 400
    assert "Not valid JSON" in bad.content.decode()
    impossible = client.post(f"/games/{slug}/disputes/json/", {"dispute": '{"state": 5}'})
    assert impossible.status_code == 400
    assert "state" in impossible.content.decode()
    deep = client.post(f"/games/{slug}/disputes/json/", {"dispute": "[" * 100_000})
    assert deep.status_code == 400
    assert "nested too deeply" in deep.content.decode()


def test_script_in_a_dispute_is_never_rendered_unescaped(api: Any) -> None:
    slug = ENGINES[0]
    example = api.get(f"/api/v1/games/{slug}/example/").json()
    hostile = copy.deepcopy(example)

    def poison(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: poison(v) for k, v in node.items()}
        if isinstance(node, list):
            return [poison(v) for v in node]
        if isinstance(node, str) and node not in ("higher", "lower"):
            return node + "<script>alert(1)</script>"
        return node

    hostile["state"] = poison(hostile["state"])
    response = api.post(f"/api/v1/games/{slug}/rulings", hostile, format="json")
    if response.status_code == 200:
        page = Client().get(response.json()["url"]).content.decode()
        assert "<script>alert(1)</script>" not in page
        assert "&lt;script&gt;" in page
