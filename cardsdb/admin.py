"""Staff edit everything here; the public API is read-only."""

from django import forms
from django.contrib import admin
from django.db import models
from pydantic import ValidationError

from cardsdb import fixtures_format as ff
from cardsdb import models as m


class GameScoped(admin.ModelAdmin):
    list_filter = ["game"]
    list_select_related = ["game"]


# A source's address is read as https when its scheme is left out (Django 6's default).
URL_HTTPS: dict[type[models.Field], dict[str, object]] = {
    models.URLField: {"assume_scheme": "https"}
}


class SourceInline(admin.TabularInline):
    """A game's sources, edited with the game (each save counts as an edit of the data, so
    the API, the bulk files and the pages answer from the new version)."""

    model = m.Source
    fields = ["position", "title", "kind", "about", "url"]
    extra = 0
    formfield_overrides = URL_HTTPS


class GameForm(forms.ModelForm):
    """The table-mode fields are checked as table.toml is (cardsdb/fixtures_format.py): the
    quick reference names sections the game has, each setup phrase has {} once."""

    class Meta:
        model = m.Game
        fields = "__all__"

    def _sections(self, name: str) -> list[str]:
        value = self.cleaned_data.get(name)
        try:
            numbers = ff.QuickReference.model_validate({"setup": value}).setup
        except ValidationError:
            raise forms.ValidationError("Give a list of rule section numbers.") from None
        if self.instance.pk is not None:
            known = set(
                m.RuleSection.objects.filter(game=self.instance).values_list("number", flat=True)
            )
            unknown = [n for n in numbers if n not in known]
            if unknown:
                raise forms.ValidationError(f"No such rule section: {', '.join(unknown)}.")
        return numbers

    def clean_quick_setup(self) -> list[str]:
        return self._sections("quick_setup")

    def clean_quick_turn(self) -> list[str]:
        return self._sections("quick_turn")

    def clean_setup_phrases(self) -> list[dict[str, str]]:
        value = self.cleaned_data.get("setup_phrases")
        if not isinstance(value, list):
            raise forms.ValidationError('Give a list: [{"key": ..., "phrase": "... {} ..."}].')
        try:
            phrases = [ff.SetupPhrase.model_validate(item) for item in value]
        except ValidationError as exc:
            raise forms.ValidationError(exc.errors()[0]["msg"]) from None
        keys = [p.key for p in phrases]
        if len(set(keys)) != len(keys):
            raise forms.ValidationError("Each setup number has one phrase.")
        return [p.model_dump() for p in phrases]


@admin.register(m.Game)
class GameAdmin(admin.ModelAdmin):
    form = GameForm
    list_display = ["name", "slug", "min_players", "max_players", "data_version"]
    search_fields = ["name", "slug"]
    inlines = [SourceInline]


@admin.register(m.Source)
class SourceAdmin(GameScoped):
    list_display = ["title", "kind", "game"]
    list_filter = ["game", "kind"]
    search_fields = ["title", "about", "url"]
    formfield_overrides = URL_HTTPS


@admin.register(m.Symbol)
class SymbolAdmin(GameScoped):
    list_display = ["name", "glyph", "kind", "game"]
    search_fields = ["name", "glyph"]
    filter_horizontal = ["factions"]


@admin.register(m.Faction)
class FactionAdmin(GameScoped):
    list_display = ["name", "game"]


@admin.register(m.Expansion)
class ExpansionAdmin(GameScoped):
    list_display = ["name", "kind", "symbol", "game"]


@admin.register(m.CardType)
class CardTypeAdmin(GameScoped):
    list_display = ["name", "count", "faces_known", "game"]


@admin.register(m.Component)
class ComponentAdmin(GameScoped):
    list_display = ["name", "count", "game"]


@admin.register(m.Variant)
class VariantAdmin(GameScoped):
    list_display = ["name", "kind", "game"]


@admin.register(m.Achievement)
class AchievementAdmin(GameScoped):
    list_display = ["name", "variant", "game"]


@admin.register(m.Card)
class CardAdmin(GameScoped):
    list_display = ["name", "number", "card_type", "expansion", "cost", "power", "copies", "game"]
    list_filter = ["game", "provenance", "card_type"]
    list_select_related = ["game", "card_type", "expansion"]
    search_fields = ["name", "number", "slug"]
    filter_horizontal = ["factions"]
    raw_id_fields = ["card_type", "expansion"]


class RuleInline(admin.TabularInline):
    model = m.Rule
    fields = ["number", "key", "text", "source", "provenance", "document", "position"]
    extra = 0


@admin.register(m.RuleSection)
class RuleSectionAdmin(GameScoped):
    list_display = ["number", "title", "provenance", "game"]
    inlines = [RuleInline]


@admin.register(m.Rule)
class RuleAdmin(GameScoped):
    list_display = ["key", "section", "provenance", "text"]
    list_filter = ["game", "provenance"]
    search_fields = ["key", "text"]
    list_select_related = ["game", "section"]


@admin.register(m.GlossaryTerm)
class GlossaryTermAdmin(GameScoped):
    list_display = ["term", "provenance", "game"]
    list_filter = ["game", "provenance"]
    search_fields = ["term", "definition"]
    filter_horizontal = ["rules"]


@admin.register(m.Clarification)
class ClarificationAdmin(GameScoped):
    list_display = ["key", "kind", "provenance", "question"]
    list_filter = ["game", "kind", "provenance"]
    search_fields = ["question", "answer", "key"]
    filter_horizontal = ["rules"]
    raw_id_fields = ["cards"]


@admin.register(m.SavedRuling)
class SavedRulingAdmin(GameScoped):
    list_display = ["id", "game", "created"]
    readonly_fields = ["created", "opened"]


@admin.register(m.ClarificationRedirect)
class ClarificationRedirectAdmin(GameScoped):
    list_display = ["former_key", "clarification", "game"]
    search_fields = ["former_key"]
    raw_id_fields = ["clarification"]
