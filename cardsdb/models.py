"""One uniform model for all five games (see DESIGN.md, "The card database").

Game-specific card facts live in `Card.attributes`, whose shape each game declares in
`games/<game>/cards.py`; a new game needs a fixtures folder, not a migration. Rows loaded from
fixtures are keyed by (game, slug) or (game, number) so that loading is an idempotent upsert.
"""

from __future__ import annotations

from typing import Any

from django.db import models
from django.urls import reverse
from django.utils import timezone

from cardsdb.json_text import JSONTextField
from games.core.names import name_fold


class Provenance(models.TextChoices):
    RULEBOOK = "rulebook", "rulebook"
    OFFICIAL = "official", "official publisher data"
    REVIEW = "review", "public press or review"
    COMMUNITY = "community", "community catalog, unverified"
    EDITORIAL = "editorial", "our reference ruling"


class TextProvenance(models.TextChoices):
    """Where a rule, a glossary term or a clarification comes from."""

    RULEBOOK = "rulebook", "the rulebook"
    DOCUMENT = "document", "another public document"
    OURS = "ours", "our reading"


PROVENANCE_HELP = (
    "rulebook: from the rulebook (`source` names its section); document: from another public "
    "document (`document` names it, as the game's Sources list does); ours: our reading, "
    "which the rulebook does not say in these words"
)


class Game(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=200)
    names = models.JSONField(default=dict, help_text="language code -> title")
    name_note = models.TextField(blank=True)
    summary = models.TextField()
    rulebook = models.CharField(max_length=200, help_text="the seed file the rules come from")
    min_players = models.PositiveSmallIntegerField(null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(null=True, blank=True)
    edition = models.CharField(max_length=200, blank=True)
    facts = models.JSONField(default=list, help_text="[{label, value, provenance, source}]")
    data_version = models.CharField(
        max_length=64, blank=True, help_text="hash of the fixtures this game was loaded from"
    )
    position = models.PositiveSmallIntegerField(default=0)
    short_names = models.JSONField(
        default=list,
        blank=True,
        help_text="names players call the game by (synonyms.toml's game_names): naming one in "
        "a search scopes the search to the game",
    )
    # table mode (fixtures/<game>/table.toml): the quick reference and how setup numbers read
    quick_setup = models.JSONField(
        default=list, blank=True, help_text="rule section numbers the quick reference's setup shows"
    )
    quick_turn = models.JSONField(
        default=list, blank=True, help_text="rule section numbers of a turn, in order"
    )
    quick_turn_note = models.TextField(
        blank=True, help_text="shown when no section gives the order of a turn"
    )
    setup_phrases = models.JSONField(
        default=list,
        blank=True,
        help_text="how each variant setup number reads, in the order to show them: "
        '[{"key": "hero_deck", "phrase": "Hero Deck: {} cards"}], {} for the value',
    )

    class Meta:
        ordering = ["position", "slug"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("web:game", args=[self.slug])

    @property
    def players(self) -> str:
        lo, hi = self.min_players, self.max_players
        if lo is None and hi is None:
            return "unknown"
        if lo == hi:
            return str(lo)
        if hi is None:
            return f"{lo}+"
        return f"{lo or '?'}–{hi}"

    def setup_words(self, setup: dict[str, Any]) -> list[str]:
        """A variant's setup numbers as facts ("Hero Deck: 60 cards"), in the order of the
        phrases (a JSON object's keys keep no order in PostgreSQL's jsonb, a list does); a
        number without a phrase reads as its key in words, after the others."""
        phrases = {p["key"]: p["phrase"] for p in self.setup_phrases or []}
        rank = {key: i for i, key in enumerate(phrases)}
        keys = sorted(setup or {}, key=lambda k: (rank.get(k, len(rank)), k))
        return [
            (phrases.get(k) or k.replace("_", " ").capitalize() + ": {}").replace(
                "{}", str(setup[k])
            )
            for k in keys
        ]


class GameOwned(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True
        ordering = ["game", "position"]


class Symbol(GameOwned):
    class Kind(models.TextChoices):
        EXPANSION_MARK = "expansion-mark"
        FACTION = "faction"
        MERGED_FACTION = "merged-faction"
        ICON = "icon"
        ACTION = "action"
        HAZARD = "hazard"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="symbols")
    slug = models.SlugField()
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    glyph = models.CharField(max_length=20, blank=True)
    meaning = models.TextField(blank=True)
    factions: models.ManyToManyField[Faction, Any] = models.ManyToManyField(
        "Faction", blank=True, related_name="merged_symbols"
    )
    source = models.CharField(max_length=300, blank=True)

    class Meta(GameOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="symbol_game_slug")]

    def __str__(self) -> str:
        return f"{self.glyph} {self.name}".strip()


class Faction(GameOwned):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="factions")
    slug = models.SlugField()
    name = models.CharField(max_length=200)
    names = models.JSONField(default=dict, blank=True)
    symbol = models.ForeignKey(Symbol, null=True, blank=True, on_delete=models.SET_NULL)
    description = models.TextField(blank=True)
    source = models.CharField(max_length=300, blank=True)

    class Meta(GameOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="faction_game_slug")]

    def __str__(self) -> str:
        return self.name


class Expansion(GameOwned):
    class Kind(models.TextChoices):
        BASE = "base"
        EXPANSION = "expansion"
        MINI_EXPANSION = "mini-expansion"
        SET = "set"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="expansions")
    slug = models.SlugField()
    name = models.CharField(max_length=200)
    names = models.JSONField(default=dict, blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    symbol = models.ForeignKey(Symbol, null=True, blank=True, on_delete=models.SET_NULL)
    code = models.CharField(max_length=40, blank=True)
    year = models.PositiveSmallIntegerField(null=True, blank=True)
    description = models.TextField(blank=True)
    source = models.CharField(max_length=300, blank=True)

    class Meta(GameOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="expansion_game_slug")]

    def __str__(self) -> str:
        return self.name


class CardType(GameOwned):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="card_types")
    slug = models.SlugField()
    name = models.CharField(max_length=200)
    count = models.PositiveIntegerField(null=True, blank=True, help_text="copies in the box")
    faces_known = models.BooleanField(default=True)
    categories = models.JSONField(default=list, blank=True)
    description = models.TextField(blank=True)
    source = models.CharField(max_length=300, blank=True)

    class Meta(GameOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="cardtype_game_slug")]

    def __str__(self) -> str:
        return self.name


class Component(GameOwned):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="components")
    name = models.CharField(max_length=200)
    count = models.PositiveIntegerField(null=True, blank=True)
    description = models.TextField(blank=True)
    source = models.CharField(max_length=300, blank=True)

    def __str__(self) -> str:
        return f"{self.count if self.count is not None else '?'} × {self.name}"


class Variant(GameOwned):
    class Kind(models.TextChoices):
        DIFFICULTY = "difficulty"
        MODE = "mode"
        FORMAT = "format"
        CHALLENGE = "challenge"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="variants")
    slug = models.SlugField()
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    setup = models.JSONField(default=dict, blank=True)
    description = models.TextField(blank=True)
    provenance = models.CharField(
        max_length=20, choices=Provenance.choices, default=Provenance.RULEBOOK
    )
    source = models.CharField(max_length=300, blank=True)

    class Meta(GameOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="variant_game_slug")]

    def __str__(self) -> str:
        return self.name


class Source(GameOwned):
    """A document this game's facts come from (`fixtures/<game>/table.toml`, the Sources
    page), of one kind of provenance."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sources")
    title = models.CharField(max_length=300)
    kind = models.CharField(max_length=20, choices=Provenance.choices)
    about = models.TextField(help_text="what this site takes from it")
    url = models.URLField(max_length=500, blank=True)

    class Meta(GameOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["game", "title"], name="source_game_title")]

    def __str__(self) -> str:
        return self.title


class Achievement(GameOwned):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="achievements")
    slug = models.SlugField()
    name = models.CharField(max_length=200)
    variant = models.ForeignKey(Variant, null=True, blank=True, on_delete=models.SET_NULL)
    requirement = models.TextField()
    source = models.CharField(max_length=300, blank=True)

    class Meta(GameOwned.Meta):
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="achievement_game_slug")
        ]

    def __str__(self) -> str:
        return self.name


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="cards")
    slug = models.SlugField(max_length=200)
    name = models.CharField(max_length=200, db_index=True)
    name_folded = models.CharField(
        max_length=200,
        blank=True,
        editable=False,
        help_text="the name case-folded and without accents (games.core.names.name_fold); "
        "what lookups by name compare",
    )
    card_type = models.ForeignKey(CardType, null=True, blank=True, on_delete=models.SET_NULL)
    expansion = models.ForeignKey(Expansion, null=True, blank=True, on_delete=models.SET_NULL)
    factions = models.ManyToManyField(Faction, blank=True, related_name="cards")
    cost = models.IntegerField(null=True, blank=True, db_index=True)
    power = models.IntegerField(null=True, blank=True, db_index=True)
    copies = models.PositiveIntegerField(
        null=True, blank=True, help_text="copies in the box; empty when unknown"
    )
    number = models.CharField(max_length=40, blank=True, db_index=True)
    text = models.TextField(blank=True)
    attributes = models.JSONField(default=dict, blank=True)
    provenance = models.CharField(max_length=20, choices=Provenance.choices)
    source = models.CharField(max_length=500, blank=True)
    notes = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "position", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="card_game_slug")]
        indexes = [
            models.Index(fields=["game", "name"], name="card_game_name"),
            # `game:x type:y`, the commonest card query: without it SQLite, which keeps no
            # statistics, may read every card of a type that a larger game shares
            models.Index(fields=["game", "card_type"], name="card_game_type"),
            models.Index(fields=["game", "name_folded"], name="card_game_name_folded"),
            models.Index(fields=["game", "number"], name="card_game_number"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_folded = name_fold(self.name)
        super().save(*args, **kwargs)

    @property
    def key(self) -> str:
        return f"{self.game.slug}:{self.slug}"

    def get_absolute_url(self) -> str:
        return reverse("web:card", args=[self.game.slug, self.slug])


class CardRedirect(models.Model):
    """A card's former slug (`fixtures/<game>/card-redirects.csv`): its page and API detail
    answer with a permanent redirect to the card's slug now."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="card_redirects")
    former_slug = models.SlugField(max_length=200)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="redirects")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "former_slug"], name="card_redirect_slug")
        ]

    def __str__(self) -> str:
        return f"{self.former_slug} -> {self.card_id}"


class RuleSection(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rule_sections")
    number = models.CharField(max_length=20)
    title = models.CharField(max_length=200)
    source = models.CharField(max_length=300)
    provenance = models.CharField(
        max_length=20,
        choices=TextProvenance.choices,
        blank=True,
        help_text="The provenance of all its rules; blank when they differ (each gives its own)",
    )
    document = models.CharField(
        max_length=300, blank=True, help_text="The Sources title, for another public document"
    )
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="section_game_number")
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.title}"


class Rule(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rules")
    section = models.ForeignKey(RuleSection, on_delete=models.CASCADE, related_name="rules")
    number = models.CharField(max_length=20)
    key = models.CharField(max_length=120, unique=True, help_text="<game>:<number>, stable")
    text = models.TextField()
    source = models.CharField(max_length=300)
    provenance = models.CharField(
        max_length=20,
        choices=TextProvenance.choices,
        default=TextProvenance.RULEBOOK,
        help_text=PROVENANCE_HELP,
    )
    document = models.CharField(
        max_length=300, blank=True, help_text="The Sources title, for another public document"
    )
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="rule_game_number")]

    def __str__(self) -> str:
        return self.key

    def get_absolute_url(self) -> str:
        return reverse("web:rules", args=[self.game.slug]) + f"#{self.number}"


class GlossaryTerm(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="glossary")
    slug = models.SlugField()
    term = models.CharField(max_length=200)
    aliases = models.JSONField(default=list, blank=True)
    definition = models.TextField()
    rules = models.ManyToManyField(Rule, blank=True, related_name="glossary_terms")
    source = models.CharField(max_length=300, blank=True)
    provenance = models.CharField(
        max_length=20,
        choices=TextProvenance.choices,
        default=TextProvenance.RULEBOOK,
        help_text=PROVENANCE_HELP,
    )
    document = models.CharField(
        max_length=300, blank=True, help_text="The Sources title, for another public document"
    )
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "term"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"], name="term_game_slug")]

    def __str__(self) -> str:
        return self.term

    def get_absolute_url(self) -> str:
        return reverse("web:glossary", args=[self.game.slug]) + f"#term-{self.slug}"


class Synonym(models.Model):
    """Players' words for what a game's rulebook prints ("turn back" for backtrack), from
    fixtures/<game>/synonyms.toml: search also looks for `means` when a player types `words`.
    Without a game, a gaming word of every game (fixtures/gaming-words.toml: "graveyard" for
    the discard pile), which a game's own entry for the same words overrides."""

    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        related_name="synonyms",
        null=True,
        blank=True,
        help_text="empty: a gaming word, for every game",
    )
    words = models.CharField(max_length=100, help_text="what players type")
    means = models.JSONField(default=list, help_text="the words the rules use for it")
    note = models.CharField(max_length=300, blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "words"], name="synonym_game_words"),
            models.UniqueConstraint(
                fields=["words"],
                condition=models.Q(game__isnull=True),
                name="synonym_gaming_words",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.words} -> {', '.join(self.means)}"


class Clarification(models.Model):
    class Kind(models.TextChoices):
        FAQ = "faq", "rulebook FAQ"
        RULEBOOK_CLARIFICATION = "rulebook-clarification", "rulebook clarification"
        PRINTED_TEXT = "printed-text", "printed-text discrepancy"
        REFERENCE_RULING = "reference-ruling", "reference ruling"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="clarifications")
    slug = models.SlugField(max_length=120)
    key = models.CharField(max_length=200, unique=True, help_text="<game>:<slug>, stable")
    kind = models.CharField(max_length=30, choices=Kind.choices)
    question = models.TextField()
    answer = models.TextField()
    source = models.CharField(max_length=300, blank=True)
    provenance = models.CharField(
        max_length=20,
        choices=TextProvenance.choices,
        default=TextProvenance.RULEBOOK,
        help_text=PROVENANCE_HELP,
    )
    document = models.CharField(
        max_length=300, blank=True, help_text="The Sources title, for another public document"
    )
    rules = models.ManyToManyField(Rule, blank=True, related_name="clarifications")
    cards = models.ManyToManyField(Card, blank=True, related_name="clarifications")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="clarification_game_slug")
        ]

    def __str__(self) -> str:
        return self.key

    def get_absolute_url(self) -> str:
        return reverse("web:clarifications", args=[self.game.slug]) + f"#{self.slug}"


class ClarificationRedirect(models.Model):
    """A clarification's former slug (`former_slugs` in clarifications.toml): its former key
    still finds it in the API (a permanent redirect), on ruling pages and on the page of
    clarifications (an anchor of the former slug)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="clarification_redirects")
    former_key = models.CharField(max_length=200, unique=True, help_text="<game>:<former slug>")
    former_slug = models.SlugField(max_length=120)
    clarification = models.ForeignKey(
        Clarification, on_delete=models.CASCADE, related_name="redirects"
    )

    def __str__(self) -> str:
        return f"{self.former_key} -> {self.clarification_id}"


class SavedRuling(models.Model):
    """A ruling kept under a short permalink id; the same game, state and move give the same
    id, because the id is derived from their canonical JSON."""

    id = models.CharField(primary_key=True, max_length=16)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulings")
    # kept as the JSON text written, never parsed by the database (cardsdb/json_text.py)
    request = JSONTextField(help_text="{state, move} or {state, moves}")
    ruling = JSONTextField()
    created = models.DateTimeField(auto_now_add=True)
    # when its permalink was last read, to the day (cardsdb/retention.py): `manage.py prune`
    # removes those nobody has opened for a while
    opened = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return self.id

    @property
    def state_before(self) -> Any:
        """The board as the player described it."""
        return self.request.get("state")

    @property
    def state_after(self) -> Any:
        """The board after the move (or after the log's legal moves), or None when the move
        was illegal."""
        return self.ruling.get("next_state") or self.ruling.get("final_state")

    def get_absolute_url(self) -> str:
        return reverse("web:ruling", args=[self.game.slug, self.id])


class SavedDeck(models.Model):
    """A checked deck under a permalink: the id is derived from the deck's canonical text
    (every card by its exact reference, in order), so the same deck gets the same link."""

    id = models.CharField(primary_key=True, max_length=16)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="decks")
    text = models.TextField(help_text="the deck list, one exact card reference a line")
    result = models.JSONField(help_text="the check: legality per format, totals, the cards")
    created = models.DateTimeField(auto_now_add=True)
    opened = models.DateTimeField(default=timezone.now, db_index=True)  # as a ruling's

    def __str__(self) -> str:
        return self.id

    def get_absolute_url(self) -> str:
        return reverse("web:deck", args=[self.game.slug, self.id])


class PrunedLink(models.Model):
    """A permalink whose record `manage.py prune` removed, so that it answers 410 (gone, and
    why) rather than 404 (never was). Only the id is kept."""

    kind = models.CharField(max_length=20, help_text="ruling, deck, ...")
    key = models.CharField(max_length=32)
    game_slug = models.CharField(max_length=100)
    pruned = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="pruned_link_once")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key}"


class DataRevision(models.Model):
    """One row counting the single-object edits of reference data (an editor's saves in the
    admin). With every game's `data_version` it names the version of the data that prebuilt
    answers and cached responses are keyed by; kept in the database, so every app server
    sees the same count."""

    edits = models.BigIntegerField(default=0)


class Prebuilt(models.Model):
    """A public answer built once per version of the data and served as bytes: a card's or a
    rule's API JSON, a card page, a game's rules page (see cardsdb/prebuilt.py). A table, not a
    per-process cache, so every worker and app server shares what one of them built."""

    version = models.CharField(max_length=32)
    kind = models.CharField(max_length=24)
    key = models.CharField(max_length=300)
    content = models.BinaryField()
    etag = models.CharField(max_length=40)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["version", "kind", "key"], name="prebuilt_key")
        ]

    def __str__(self) -> str:
        return f"{self.kind}:{self.key}@{self.version}"


class PlayTable(models.Model):
    """A game being played, followed move by move on the server (DESIGN.md, "Tables").

    `start` is the board the table began from and `log` every legal move recorded since, each
    with its answer and deciding rule; `board` is the board after the log (kept so that a move
    is ruled on it without replaying the log). `version` counts the writes: a move or an undo
    sent with an older version is refused, so two phones never fork the table. A table idle
    for 30 days is removed (`manage.py prune`, `cardsdb.retention.prune_tables`)."""

    id = models.CharField(primary_key=True, max_length=16)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="play_tables")
    start = JSONTextField(help_text="the board the table began from")
    board = JSONTextField(help_text="the board after every recorded move")
    log = JSONTextField(default=list, help_text="[{move, answer, rule, by}], oldest first")
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True, db_index=True)

    def __str__(self) -> str:
        return self.id

    def get_absolute_url(self) -> str:
        return f"/tables/{self.id}/"  # web:play-table, written out: the API answers it often
