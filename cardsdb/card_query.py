"""The card query language: Scryfall-like text turned into a Django `Q` over `Card`.

    game:<slug> faction:<slug> cost<=4 type:base
    o:"draw a card"   power>=150 weapon:fire   -faction:<slug>   (t:base or t:outpost)

Terms side by side must all hold; `or` between them allows either; `-` (or `not`) negates; a
parenthesised group is one term. A term is `field` `operator` `value`; a bare word or
"quoted words" searches the card's name. Fields are the typed columns of `Card` (see
`FIELDS`) and each game's own attributes: `attr.<key>:value`, or the bare key when a game's
card schema (`games/<game>/cards.py`) declares it.

Everything that cannot be read raises `CardQueryError` with the position (0-based character
offset) of the offending token, so the API can answer a 400 and the page can point at it.
Input is capped (`MAX_LENGTH`, `MAX_DEPTH`, `MAX_TERMS`): a hostile string is refused quickly.
"""

from __future__ import annotations

import difflib
import pkgutil
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import BooleanField, Exists, OuterRef, Q, QuerySet
from django.db.models.expressions import RawSQL

import games
from cardsdb import models as m
from cardsdb import search
from games.core.names import name_fold
from games.core.registry import card_attribute_schemas

MAX_LENGTH = 500
MAX_DEPTH = 12
MAX_TERMS = 40


class CardQueryError(ValueError):
    """A query that cannot be read: `position` is the 0-based offset of `token`."""

    code = "invalid-query"

    def __init__(self, message: str, position: int, token: str = "") -> None:
        super().__init__(f"{message} (at position {position})")
        self.message = message
        self.position = position
        self.token = token

    def as_detail(self, field: str = "q") -> dict[str, Any]:
        return {
            "field": field,
            "message": self.message,
            "position": self.position,
            "token": self.token,
        }


# --------------------------------------------------------------------------------------------
# Tokens
# --------------------------------------------------------------------------------------------

OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")


@dataclass(frozen=True)
class Token:
    kind: str  # "term" | "word" | "(" | ")" | "or" | "and" | "not"
    text: str  # the source text of the whole token
    position: int
    field: str = ""
    op: str = ""
    value: str = ""
    value_position: int = 0
    quoted: bool = False


_FIELD_OP = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)(<=|>=|!=|:|=|<|>)")
_WORD = re.compile(r'[^\s()"]+')
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _quoted(text: str, start: int) -> tuple[str, int]:
    """The string opening with the quote at `start`: (content, end offset)."""
    end = text.find('"', start + 1)
    if end == -1:
        raise CardQueryError("This quote is never closed.", start, '"')
    return text[start + 1 : end], end + 1


def tokenize(text: str) -> list[Token]:
    out: list[Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "()":
            out.append(Token(ch, ch, i))
            i += 1
        elif ch == "-" and (i + 1 == n or text[i + 1].isspace() or text[i + 1] == ")"):
            raise CardQueryError("A '-' must stand right before the term it negates.", i, "-")
        elif ch == "-":
            out.append(Token("not", "-", i))
            i += 1
        elif ch == '"':
            value, end = _quoted(text, i)
            out.append(Token("word", text[i:end], i, value=value, value_position=i, quoted=True))
            i = end
        elif match := _FIELD_OP.match(text, i):
            field, op = match.group(1), match.group(2)
            j = match.end()
            if j < n and text[j] == '"':
                value, end = _quoted(text, j)
                quoted = True
            else:
                word = _WORD.match(text, j)
                value, end, quoted = (word.group(), word.end(), False) if word else ("", j, False)
            if value == "" and not quoted:
                raise CardQueryError(f"'{field}{op}' needs a value after it.", i, text[i:j])
            out.append(
                Token("term", text[i:end], i, field, op, value, value_position=j, quoted=quoted)
            )
            i = end
        else:
            word = _WORD.match(text, i)
            assert word is not None  # any other character starts a word
            raw = word.group()
            lowered = raw.lower()
            if lowered in ("or", "and", "not"):
                out.append(Token(lowered, raw, i))
            elif any(op in raw for op in ("<", ">", "=", "!", ":")):
                raise CardQueryError(
                    f"'{raw}' is not a term: write field, operator and value together, as in "
                    'cost<=4, and put a name with such signs in quotes ("...").',
                    i,
                    raw,
                )
            else:
                out.append(Token("word", raw, i, value=raw, value_position=i))
            i = word.end()
    return out


# --------------------------------------------------------------------------------------------
# Syntax tree
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class And:
    parts: tuple[Any, ...]


@dataclass(frozen=True)
class Or:
    parts: tuple[Any, ...]


@dataclass(frozen=True)
class Not:
    part: Any


class _Parser:
    """query := or ; or := and ("or" and)* ; and := unary (["and"] unary)* ;
    unary := ("-" | "not") unary | "(" or ")" | term | word"""

    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text = text
        self.tokens = tokens
        self.i = 0
        self.terms = 0

    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def parse(self) -> Any:
        if not self.tokens:
            return None
        tree = self.or_(0)
        token = self.peek()
        if token is not None:  # only a ')' can stop the top level early
            raise CardQueryError("This ')' closes nothing.", token.position, token.text)
        return tree

    def _depth(self, depth: int, token: Token) -> None:
        if depth > MAX_DEPTH:
            raise CardQueryError(
                f"The query nests deeper than {MAX_DEPTH} levels.", token.position, token.text
            )

    def peek_kind(self) -> str | None:
        """The kind of the next token, or None at the end."""
        token = self.peek()
        return None if token is None else token.kind

    def or_(self, depth: int) -> Any:
        parts = [self.and_(depth)]
        while (token := self.peek()) is not None and token.kind == "or":
            self.take()
            if self.peek_kind() in (None, ")", "or"):
                raise CardQueryError("'or' needs a term after it.", token.position, token.text)
            parts.append(self.and_(depth))
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def and_(self, depth: int) -> Any:
        parts: list[Any] = []
        while (token := self.peek()) is not None and token.kind not in (")", "or"):
            if token.kind == "and":
                self.take()
                if not parts or self.peek_kind() in (None, ")", "or", "and"):
                    raise CardQueryError(
                        "'and' needs a term on each side.", token.position, token.text
                    )
                continue
            parts.append(self.unary(depth))
        if not parts:
            token = self.peek()
            if token is None:
                raise CardQueryError("The query ends where a term was expected.", len(self.text))
            what = "'or' needs a term before it." if token.kind == "or" else "Empty parentheses."
            raise CardQueryError(what, token.position, token.text)
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def unary(self, depth: int) -> Any:
        token = self.take()
        self._depth(depth, token)
        if token.kind == "not":
            if self.peek_kind() in (None, ")", "or", "and"):
                raise CardQueryError("Nothing follows this negation.", token.position, token.text)
            return Not(self.unary(depth + 1))
        if token.kind == "(":
            inner = self.or_(depth + 1)
            close = self.peek()
            if close is None or close.kind != ")":
                raise CardQueryError("This '(' is never closed.", token.position, "(")
            self.take()
            return inner
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise CardQueryError(
                f"The query has more than {MAX_TERMS} terms.", token.position, token.text
            )
        return token


def parse(text: str) -> Any:
    """The syntax tree of a query (None for an empty one)."""
    if len(text) > MAX_LENGTH:
        raise CardQueryError(
            f"The query is {len(text)} characters long; at most {MAX_LENGTH} are read.",
            MAX_LENGTH,
        )
    bad = _CONTROL.search(text)
    if bad:
        raise CardQueryError("The query holds a control character.", bad.start(), "")
    return _Parser(text, tokenize(text)).parse()


# --------------------------------------------------------------------------------------------
# Fields
# --------------------------------------------------------------------------------------------

OPERATORS_IN_ORDER = (":", "=", "!=", "<", "<=", ">", ">=")
EQUALITY = frozenset({":", "=", "!="})
COMPARISON = EQUALITY | {"<", "<=", ">", ">="}
NULL_WORDS = {"unknown", "null", "none"}


INT_LIMIT = 2**31 - 1  # the columns are 32-bit: a larger number would fail in the database


def _int(token: Token, field: str) -> int:
    try:
        number = int(token.value)
    except ValueError:
        number = None
    if number is None or abs(number) > INT_LIMIT:
        raise CardQueryError(
            f"{field} takes a whole number (at most {INT_LIMIT}), not '{token.value}'.",
            token.value_position,
            token.value,
        )
    return number


def _compare(column: str, token: Token, field: str) -> Q:
    if token.value.lower() in NULL_WORDS and token.op in EQUALITY:
        q = Q(**{f"{column}__isnull": True})
        return ~q if token.op == "!=" else q
    lookup = {":": "exact", "=": "exact", "!=": "exact", "<": "lt", "<=": "lte"}
    lookup |= {">": "gt", ">=": "gte"}
    q = Q(**{f"{column}__{lookup[token.op]}": _int(token, field)})
    return ~q if token.op == "!=" else q


def _ids(model: type[Any], token: Token, *columns: str) -> list[int]:
    """The ids of the rows of a small lookup table (games, types, factions...) that the value
    names by any of `columns`, any case. Resolving them first lets the card filter use the
    foreign-key index instead of a join the planner may read the card table through."""
    q = Q()
    for column in columns:
        q |= Q(**{f"{column}__iexact": token.value})
    return list(model.objects.filter(q).values_list("id", flat=True))


def _by_id(column: str, model: type[Any], *columns: str) -> Callable[[Token], Q]:
    return lambda token: Q(**{f"{column}__in": _ids(model, token, *columns)})


def _any_of(token: Token, *columns: str) -> Q:
    q = Q()
    for column in columns:
        q |= Q(**{f"{column}__iexact": token.value})
    return q


def _name(token: Token) -> Q:
    """By the folded name: any case, with or without accents (games.core.names)."""
    if token.op == ":":
        return Q(name_folded__contains=name_fold(token.value))
    q = Q(name_folded=name_fold(token.value))
    return ~q if token.op == "!=" else q


def _text(token: Token) -> Q:
    query = search.parse_search(token.value if not token.quoted else f'"{token.value}"')
    if not query:
        raise CardQueryError(
            "o: needs at least one word to look for.", token.value_position, token.value
        )
    return Q(pk__in=search.card_ids_matching_text(query))


def _faction(token: Token) -> Q:
    factions = _ids(m.Faction, token, "slug", "name")
    # A correlated EXISTS rather than `pk IN (...)`: the planner then starts from the card's
    # other, usually more selective terms instead of every card of a faction the corpus shares.
    links = m.Card.factions.through.objects.filter(card_id=OuterRef("pk"), faction_id__in=factions)
    return Q(Exists(links))


@dataclass(frozen=True)
class Field:
    name: str
    aliases: tuple[str, ...]
    ops: frozenset[str]
    build: Callable[[Token], Q]
    help: str
    example: str

    @property
    def operators(self) -> str:
        return " ".join(op for op in OPERATORS_IN_ORDER if op in self.ops)


def _negatable(build: Callable[[Token], Q]) -> Callable[[Token], Q]:
    return lambda token: ~build(token) if token.op == "!=" else build(token)


# A game slug for the `game` field's example: the first game of the fixtures.
_FIRST_GAME = next(
    (p.name for p in sorted(Path(settings.FIXTURES_DIR).iterdir()) if (p / "game.toml").exists()),
    "<slug>",
)

FIELDS: tuple[Field, ...] = (
    Field(
        "name",
        ("n",),
        EQUALITY,
        _name,
        "Part of the card's name, any case (`:`), or the whole name (`=`). A bare word or "
        '"quoted words" without a field also search the name.',
        'name:warrior  name="Warrior Pod"  "full court"',
    ),
    Field(
        "o",
        ("oracle", "text"),
        frozenset({":"}),
        _text,
        "Words of the card's text (its rules text and ability texts), as in the search box: "
        'several words, a "phrase", a prefix*. Any case, with or without accents.',
        'o:"draw a card"  o:scrap  o:destr*',
    ),
    Field(
        "game",
        ("g",),
        EQUALITY,
        _negatable(_by_id("game_id", m.Game, "slug")),
        "The game's slug.",
        "game:" + _FIRST_GAME,
    ),
    Field(
        "type",
        ("t",),
        EQUALITY,
        _negatable(_by_id("card_type_id", m.CardType, "slug", "name")),
        "The card type's slug or name.",
        "type:base  t:hero",
    ),
    Field(
        "expansion",
        ("set", "e", "s"),
        EQUALITY,
        _negatable(_by_id("expansion_id", m.Expansion, "slug", "name", "code")),
        "The expansion or set: its slug, name or code.",
        "set:tech  expansion:alpha-edition",
    ),
    Field(
        "faction",
        ("f",),
        EQUALITY,
        _negatable(_faction),
        "A faction's slug or name (a card of two factions matches either).",
        "faction:blob  -f:star-empire",
    ),
    Field(
        "cost",
        ("c",),
        COMPARISON,
        lambda t: _compare("cost", t, "cost"),
        "The cost, a whole number; `cost:unknown` for a cost nobody has published.",
        "cost<=4  cost=0",
    ),
    Field(
        "power",
        ("p", "pow"),
        COMPARISON,
        lambda t: _compare("power", t, "power"),
        "The power, a whole number.",
        "power>=150",
    ),
    Field(
        "copies",
        ("qty",),
        COMPARISON,
        lambda t: _compare("copies", t, "copies"),
        "Copies in the box; `copies:unknown` where the count is not known.",
        "copies>1  copies:unknown",
    ),
    Field(
        "number",
        ("no", "cn"),
        EQUALITY,
        _negatable(lambda t: Q(number__in={t.value, t.value.upper(), t.value.lower()})),
        "The collector or card number as printed (or in capitals or small letters: the "
        "exact match keeps the lookup on the column's index).",
        "number:PL-79",
    ),
    Field(
        "provenance",
        ("prov",),
        EQUALITY,
        _negatable(lambda t: _any_of(t, "provenance")),
        "Where the card's data comes from: " + ", ".join(m.Provenance.values) + ".",
        "provenance:official  -prov:community",
    ),
)
FIELD_BY_NAME = {name: f for f in FIELDS for name in (f.name, *f.aliases)}

# Shown on the syntax page, each a link that runs it; the tests run every one of them. Those
# about one game's cards are the game's own, in `fixtures/<slug>/card_queries.toml`.
GENERAL_EXAMPLES: tuple[tuple[str, str], ...] = (
    ('o:"draw a card"', "cards whose text says to draw a card"),
    ("copies>1", "cards with more than one copy in the box"),
)


def _game_examples() -> tuple[tuple[str, str], ...]:
    found: list[tuple[str, str]] = []
    for folder in sorted(Path(settings.FIXTURES_DIR).iterdir()):
        path = folder / "card_queries.toml"
        if path.is_file():
            with path.open("rb") as handle:
                examples = tomllib.load(handle).get("examples", [])
            found += [(str(e["query"]), str(e["what"])) for e in examples]
    return tuple(found)


EXAMPLES: tuple[tuple[str, str], ...] = GENERAL_EXAMPLES + _game_examples()
ATTRIBUTE_KEY = re.compile(r"^[a-z_][a-z0-9_]{0,63}$")


@cache
def attribute_keys_by_game() -> dict[str, tuple[str, ...]]:
    """game slug -> the attribute keys its card schema (`games/<game>/cards.py`) declares."""
    out: dict[str, tuple[str, ...]] = {}
    for info in pkgutil.iter_modules(games.__path__):
        if info.ispkg and info.name != "core":
            slug = info.name.replace("_", "-")
            keys = {k for s in card_attribute_schemas(slug).values() for k in s.model_fields}
            if keys:
                out[slug] = tuple(sorted(keys))
    return out


@cache
def attribute_keys() -> frozenset[str]:
    """The keys that work bare (`weapon:fire`): declared by a game and not a field's name."""
    keys = {k for game_keys in attribute_keys_by_game().values() for k in game_keys}
    return frozenset(keys - set(FIELD_BY_NAME) - {"attr"})


def _scalar(value: str) -> Any:
    lowered = value.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        number = int(value)
    except ValueError:
        return None
    return number if abs(number) <= INT_LIMIT else None


def _is_number(key: str) -> Q:
    """The attribute holds a JSON number. Without this the two databases would compare a
    string with a number differently (PostgreSQL orders every string below every number)."""
    if connection.vendor == "postgresql":
        sql = 'jsonb_typeof("cardsdb_card"."attributes" -> %s) = \'number\''
        return Q(RawSQL(sql, [key], output_field=BooleanField()))
    sql = "json_type(\"cardsdb_card\".\"attributes\", %s) IN ('integer', 'real')"
    return Q(RawSQL(sql, [f'$."{key}"'], output_field=BooleanField()))


def _attribute(key: str, token: Token) -> Q:
    column = f"attributes__{key}"
    if token.op in ("<", "<=", ">", ">="):
        return _compare(column, token, key) & _is_number(key)
    if token.value.lower() in NULL_WORDS:
        q = Q(**{f"{column}__isnull": True})
    else:
        q = Q(**{f"{column}__iexact": token.value})
        typed = _scalar(token.value)
        if typed is not None:  # JSON true/5 as well as the strings "true"/"5"
            q |= Q(**{column: typed})
    return ~q if token.op == "!=" else q


def _field_for(token: Token) -> Callable[[Token], Q]:
    name = token.field.lower()
    if name.startswith("attr."):
        key = name[5:]
        if not ATTRIBUTE_KEY.match(key):
            raise CardQueryError(
                "An attribute key is lower-case letters, digits and '_'.",
                token.position + 5,
                token.field[5:],
            )
        return lambda t: _attribute(key, t)
    field = FIELD_BY_NAME.get(name)
    if field is None and name in attribute_keys():
        return lambda t: _attribute(name, t)
    if field is None:
        known = sorted(set(FIELD_BY_NAME) | attribute_keys())
        near = difflib.get_close_matches(name, known, n=1)
        hint = f" Did you mean '{near[0]}'?" if near else ""
        raise CardQueryError(
            f"Unknown field '{token.field}'.{hint} A game's own attribute is attr.<key>.",
            token.position,
            token.field,
        )
    if token.op not in field.ops:
        allowed = " ".join(sorted(field.ops))
        raise CardQueryError(
            f"'{token.op}' does not apply to {field.name}; use {allowed}.",
            token.position + len(token.field),
            token.op,
        )
    return field.build


def to_q(tree: Any) -> Q:
    if tree is None:
        return Q()
    if isinstance(tree, And):
        q = Q()
        for part in tree.parts:
            q &= to_q(part)
        return q
    if isinstance(tree, Or):
        q = to_q(tree.parts[0])
        for part in tree.parts[1:]:
            q |= to_q(part)
        return q
    if isinstance(tree, Not):
        return ~to_q(tree.part)
    token: Token = tree
    if token.kind == "word":
        return Q(name__icontains=token.value)
    return _field_for(token)(token)


def card_query(text: str) -> Q:
    """The Q for a query; raises CardQueryError."""
    return to_q(parse(text))


def cards_filter(queryset: QuerySet[m.Card], text: str) -> QuerySet[m.Card]:
    """The cards of `queryset` that the query selects (all of them for an empty query)."""
    if not text.strip():
        return queryset
    return queryset.filter(card_query(text))


def looks_like_card_query(text: str) -> bool:
    """Whether a search box query is written in the card query language (has a field term)."""
    return any(
        FIELD_BY_NAME.get(match.group(1).lower())
        or match.group(1).lower().startswith("attr.")
        or match.group(1).lower() in attribute_keys()
        for match in re.finditer(r"(?:^|[\s(-])([A-Za-z_][A-Za-z0-9_.]*)(?:<=|>=|!=|[:<>=])", text)
    )
