"""Output shapes of the read API. Thin: they rename and nest, selectors do the querying."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsdb import models as m
from cardsdb import tools


class GameSlugField(serializers.SlugRelatedField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(slug_field="slug", read_only=True, **kwargs)


class SymbolSerializer(serializers.ModelSerializer):
    game = GameSlugField()
    factions: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="slug", many=True, read_only=True
    )

    class Meta:
        model = m.Symbol
        fields = ["game", "slug", "name", "kind", "glyph", "meaning", "factions", "source"]


class SymbolBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = m.Symbol
        fields = ["slug", "name", "kind", "glyph"]


class FactionSerializer(serializers.ModelSerializer):
    game = GameSlugField()
    symbol = SymbolBriefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = m.Faction
        fields = ["game", "slug", "name", "names", "symbol", "description", "source"]


class ExpansionSerializer(serializers.ModelSerializer):
    game = GameSlugField()
    symbol = SymbolBriefSerializer(read_only=True, allow_null=True)

    class Meta:
        model = m.Expansion
        fields = [
            "game",
            "slug",
            "name",
            "names",
            "kind",
            "code",
            "year",
            "symbol",
            "description",
            "source",
        ]


class ComponentSerializer(serializers.ModelSerializer):
    game = GameSlugField()

    class Meta:
        model = m.Component
        fields = ["game", "name", "count", "description", "source"]


class CardTypeSerializer(serializers.ModelSerializer):
    game = GameSlugField()

    class Meta:
        model = m.CardType
        fields = [
            "game",
            "slug",
            "name",
            "count",
            "faces_known",
            "categories",
            "description",
            "source",
        ]


class VariantSerializer(serializers.ModelSerializer):
    game = GameSlugField()

    class Meta:
        model = m.Variant
        fields = ["game", "slug", "name", "kind", "setup", "description", "provenance", "source"]


class AchievementSerializer(serializers.ModelSerializer):
    variant: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )

    class Meta:
        model = m.Achievement
        fields = ["slug", "name", "variant", "requirement", "source"]


class GameSerializer(serializers.ModelSerializer):
    players = serializers.CharField(read_only=True)
    url = serializers.SerializerMethodField()
    rules_url = serializers.SerializerMethodField()
    cards_url = serializers.SerializerMethodField()

    class Meta:
        model = m.Game
        fields = [
            "slug",
            "name",
            "names",
            "name_note",
            "summary",
            "players",
            "min_players",
            "max_players",
            "edition",
            "rulebook",
            "data_version",
            "url",
            "rules_url",
            "cards_url",
        ]

    def get_url(self, game: m.Game) -> str:
        return game.get_absolute_url()

    def get_rules_url(self, game: m.Game) -> str:
        return reverse("api:rule-list") + f"?game={game.slug}"

    def get_cards_url(self, game: m.Game) -> str:
        return reverse("api:card-list") + f"?game={game.slug}"


class ToolSerializer(serializers.Serializer):
    """A tool the game declares (games/core/tools.py), and where it is served."""

    slug = serializers.CharField()
    title = serializers.CharField(help_text="Its name in players' words")
    description = serializers.CharField()
    url = serializers.CharField(help_text="POST the tool's request here")
    page = serializers.CharField(allow_null=True, help_text="Its page on the website, if any")
    on_ruling_page = serializers.BooleanField(help_text="Offered on a ruling page's board")
    needs_cards = serializers.BooleanField(help_text="Reads the card catalog")
    deprecated_urls = serializers.ListField(child=serializers.CharField())


class QuickChoicesSerializer(serializers.Serializer):
    """Which rule sections the game's quick reference shows (the game's table data)."""

    setup = serializers.ListField(
        child=serializers.CharField(), source="quick_setup", help_text="Rule section numbers"
    )
    turn = serializers.ListField(
        child=serializers.CharField(),
        source="quick_turn",
        help_text="Rule section numbers of a turn, in order",
    )
    turn_note = serializers.CharField(
        source="quick_turn_note", help_text="Shown when no section gives a turn's order"
    )


class SetupPhraseSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="A key of a variant's `setup`")
    phrase = serializers.CharField(help_text="How it reads on the website; {} is the value")


class GameDetailSerializer(GameSerializer):
    facts = serializers.JSONField(read_only=True)
    quick = QuickChoicesSerializer(source="*", read_only=True)
    setup_phrases = SetupPhraseSerializer(
        many=True, read_only=True, help_text="How each variant setup number reads, in order"
    )
    quick_url = serializers.SerializerMethodField(help_text="The quick reference, in the API")
    sources_url = serializers.SerializerMethodField(help_text="The game's sources, in the API")
    tools = serializers.SerializerMethodField()
    components = ComponentSerializer(many=True, read_only=True)
    symbols = SymbolSerializer(many=True, read_only=True)
    factions = FactionSerializer(many=True, read_only=True)
    expansions = ExpansionSerializer(many=True, read_only=True)
    card_types = CardTypeSerializer(many=True, read_only=True)
    variants = VariantSerializer(many=True, read_only=True)
    achievements = AchievementSerializer(many=True, read_only=True)

    class Meta(GameSerializer.Meta):
        fields = [
            *GameSerializer.Meta.fields,
            "facts",
            "components",
            "symbols",
            "factions",
            "expansions",
            "card_types",
            "variants",
            "achievements",
            "quick",
            "setup_phrases",
            "quick_url",
            "sources_url",
            "tools",
        ]

    def get_quick_url(self, game: m.Game) -> str:
        return reverse("api:game-quick", args=[game.slug])

    def get_sources_url(self, game: m.Game) -> str:
        return reverse("api:game-sources", args=[game.slug])

    @extend_schema_field(ToolSerializer(many=True))
    def get_tools(self, game: m.Game) -> list[dict[str, Any]]:
        return tools.tools_listed(game.slug)


class CardSerializer(serializers.ModelSerializer):
    game = GameSlugField()
    key = serializers.CharField(read_only=True)
    type: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        source="card_type", slug_field="slug", read_only=True, allow_null=True
    )
    expansion: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True
    )
    expansion_symbol = serializers.SerializerMethodField()
    factions: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="slug", many=True, read_only=True
    )
    url = serializers.SerializerMethodField()

    class Meta:
        model = m.Card
        fields = [
            "game",
            "slug",
            "key",
            "name",
            "type",
            "expansion",
            "expansion_symbol",
            "factions",
            "cost",
            "power",
            "copies",
            "number",
            "text",
            "attributes",
            "provenance",
            "source",
            "notes",
            "url",
        ]

    @extend_schema_field({"type": ["string", "null"]})
    def get_expansion_symbol(self, card: m.Card) -> str | None:
        symbol = card.expansion.symbol if card.expansion else None
        return symbol.glyph or symbol.name if symbol else None

    def get_url(self, card: m.Card) -> str:
        return card.get_absolute_url()


class RuleRefSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = m.Rule
        fields = ["key", "number", "url"]

    def get_url(self, rule: m.Rule) -> str:
        return f"/games/{rule.key.split(':', 1)[0]}/rules/#{rule.number}"


class CardRefSerializer(serializers.ModelSerializer):
    key = serializers.CharField(read_only=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = m.Card
        fields = ["key", "name", "url"]

    def get_url(self, card: m.Card) -> str:
        return card.get_absolute_url()


class ClarificationSerializer(serializers.ModelSerializer):
    game = GameSlugField()
    rules = RuleRefSerializer(many=True, read_only=True)
    cards = CardRefSerializer(many=True, read_only=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = m.Clarification
        fields = [
            "game",
            "key",
            "slug",
            "kind",
            "question",
            "answer",
            "source",
            "provenance",
            "document",
            "rules",
            "cards",
            "url",
        ]

    def get_url(self, c: m.Clarification) -> str:
        return c.get_absolute_url()


class ClarificationBriefSerializer(serializers.ModelSerializer):
    rules = RuleRefSerializer(many=True, read_only=True)

    class Meta:
        model = m.Clarification
        fields = [
            "key",
            "kind",
            "question",
            "answer",
            "source",
            "provenance",
            "document",
            "rules",
        ]


class CardDetailSerializer(CardSerializer):
    clarifications = ClarificationBriefSerializer(many=True, read_only=True)

    class Meta(CardSerializer.Meta):
        fields = [*CardSerializer.Meta.fields, "clarifications"]


class RuleSerializer(serializers.ModelSerializer):
    game = GameSlugField()
    section = serializers.CharField(source="section.number", read_only=True)
    section_title = serializers.CharField(source="section.title", read_only=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = m.Rule
        fields = [
            "game",
            "key",
            "number",
            "section",
            "section_title",
            "text",
            "source",
            "provenance",
            "document",
            "url",
        ]

    def get_url(self, rule: m.Rule) -> str:
        return rule.get_absolute_url()


class GlossaryTermSerializer(serializers.ModelSerializer):
    game = GameSlugField()
    rules = RuleRefSerializer(many=True, read_only=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = m.GlossaryTerm
        fields = [
            "game",
            "slug",
            "term",
            "aliases",
            "definition",
            "rules",
            "source",
            "provenance",
            "document",
            "url",
        ]

    def get_url(self, term: m.GlossaryTerm) -> str:
        return term.get_absolute_url()


# -- table mode: a game's sources and its quick reference -------------------------------------


class BlankAsNullURLField(serializers.URLField):
    """A URL or null: a source with no address (a printed rulebook) answers null, not the
    empty string the schema's `format: uri` does not allow."""

    def to_representation(self, value: Any) -> str | None:  # type: ignore[override]
        return str(value) if value else None


class SourceSerializer(serializers.ModelSerializer):
    url = BlankAsNullURLField(
        allow_null=True, read_only=True, help_text="Where to find it; null if it has no address"
    )

    class Meta:
        model = m.Source
        fields = ["title", "kind", "about", "url"]


class GameSourcesSerializer(serializers.Serializer):
    game = serializers.CharField(source="slug")
    sources = SourceSerializer(many=True, help_text="In the data's order")


class QuickRuleSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField()

    class Meta:
        model = m.Rule
        fields = ["key", "number", "text", "url"]

    def get_url(self, rule: m.Rule) -> str:
        # from the key, not rule.game: no query for each rule's game
        game_slug = rule.key.split(":", 1)[0]
        return reverse("web:rules", args=[game_slug]) + f"#{rule.number}"


class QuickSectionSerializer(serializers.ModelSerializer):
    rules = QuickRuleSerializer(many=True)

    class Meta:
        model = m.RuleSection
        fields = ["number", "title", "rules"]


class AskedRuleSerializer(QuickRuleSerializer):
    clarifications = serializers.IntegerField(
        source="asked", help_text="How many clarifications touch it"
    )

    class Meta(QuickRuleSerializer.Meta):
        fields = [*QuickRuleSerializer.Meta.fields, "clarifications"]


class SetupNumbersSerializer(serializers.Serializer):
    variant = serializers.CharField(help_text="The variant's slug")
    name = serializers.CharField()
    setup = serializers.DictField(help_text="The setup numbers as data")
    words = serializers.ListField(
        child=serializers.CharField(), help_text="The same numbers as the website shows them"
    )


class QuickReferenceSerializer(serializers.Serializer):
    game = serializers.CharField()
    setup = QuickSectionSerializer(many=True, help_text="The sections that make the setup")
    turn = QuickSectionSerializer(many=True, help_text="The sections of a turn, in order")
    turn_note = serializers.CharField(help_text="Shown when no section gives a turn's order")
    setup_numbers = SetupNumbersSerializer(many=True)
    asked = AskedRuleSerializer(many=True, help_text="The rules the most clarifications touch")
