"""Generate a large synthetic game for the search benchmark (bench/search_bench.py).

    python manage.py generate_corpus --cards 100000 --rules 10000
    python manage.py generate_corpus --delete

The corpus is one made-up game whose slug starts with `bench-` (default `bench-corpus`): its
rules, glossary, clarifications and cards are random sentences over a fixed vocabulary of
English and Russian game words and made-up words, drawn with a Zipf-like skew so that some
words are common and most are rare, as in real text. It lives in the database only (never in
`fixtures/`, never committed); running the command again replaces it, `--delete` removes it.
The same seed gives the same corpus.
"""

from __future__ import annotations

import random
import time
from itertools import accumulate
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from cardsdb import models as m
from cardsdb import search
from cardsdb.loaders import statistics_refresh

BATCH = 5000

# Game words a player might search for; the made-up words below make the vocabulary large.
WORDS_TEXT = """
card cards draw discard deck hand play played player players turn round battle hero heroes
base bases outpost ship ships trade combat authority ally ability abilities scrap faction
blob machine cult star empire federation cost power copies set expansion level press pressed
button buttons swap face down up flip reveal shuffle top bottom pile row target attack defend
damage win lose tie score point points stage number crystal shard dungeon door trap boss enemy
item items move step space spaces exit checkpoint wound wounded heal run runs playbook weapon
fire ice glow steel hex gum water super rookie pro legend bonus booster higher lower match call
pass choose may must each any every all none one two three four five six seven eight nine ten
your opponent their you it this that the a an of to in on at for from with without until after
before when if then else again once twice more less most least first last next same other
тревога звёздные империи боевая карта карты колода сброс рука ход игрок база аванпост корабль
торговля бой союзник способность фракция стоимость сила персонаж уровень кнопка победа
"""
WORDS = WORDS_TEXT.split()
SYLLABLES_TEXT = "ka ro mi ta ne sul vor ix ul tra pe dor an ek zu bel qui mon fa gri"
SYLLABLES = SYLLABLES_TEXT.split()
WEAPONS = ["Fire", "Ice", "Glow", "Steel", "Hex", "Gum", "Water", "Super"]
PARALLELS = ["Base", "Battlefoil", "Blue Foil", "Inspired Ink", "Grandma's Linen", "Orange"]


class Corpus:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        made_up = sorted(
            {
                "".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.randint(2, 4)))
                for _ in range(6000)
            }
        )
        self.vocabulary = WORDS + made_up
        weights = [1 / (rank + 1) for rank in range(len(self.vocabulary))]  # Zipf, s = 1
        self.cumulative = list(accumulate(weights))

    def words(self, low: int, high: int) -> str:
        count = self.rng.randint(low, high)
        return " ".join(self.rng.choices(self.vocabulary, cum_weights=self.cumulative, k=count))

    def sentence(self, low: int = 8, high: int = 30) -> str:
        text = self.words(low, high)
        return text[:1].upper() + text[1:] + "."

    def name(self) -> str:
        return self.words(1, 3).title()


class Command(BaseCommand):
    help = "Generate (or --delete) a synthetic game of N cards and M rules for benchmarks."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--cards", type=int, default=100_000)
        parser.add_argument("--rules", type=int, default=10_000)
        parser.add_argument("--slug", default="bench-corpus", help="must start with bench-")
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--delete", action="store_true", help="remove the corpus and stop")

    def handle(self, *args: Any, **options: Any) -> None:
        slug = options["slug"]
        if not slug.startswith("bench-"):
            raise CommandError("The corpus slug must start with 'bench-': it replaces that game.")
        started = time.perf_counter()
        with transaction.atomic(), search.signals_paused():
            m.Game.objects.filter(slug=slug).delete()
            if options["delete"]:
                self.stdout.write(f"deleted {slug}")
                return
            counts = generate(slug, options["cards"], options["rules"], Corpus(options["seed"]))
            indexed = search.index_rebuild([slug])
            statistics_refresh()
        seconds = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(f"{slug}: {counts} and {indexed} index entries in {seconds:.1f}s")
        )


def generate(slug: str, cards: int, rules: int, corpus: Corpus) -> str:
    rng = corpus.rng
    game = m.Game.objects.create(
        slug=slug,
        name="Benchmark corpus",
        summary="A generated game for the search benchmark. Not a real game.",
        rulebook="generated",
        position=1000,
    )
    types = [
        m.CardType.objects.create(game=game, slug=s, name=s.title(), position=i)
        for i, s in enumerate(["ship", "base", "outpost", "hero", "play"])
    ]
    expansions = [
        m.Expansion.objects.create(
            game=game, slug=f"set-{i}", name=f"Set {corpus.name()}", kind="set", code=f"S{i}"
        )
        for i in range(8)
    ]
    factions = [
        m.Faction.objects.create(game=game, slug=s, name=s.replace("-", " ").title(), position=i)
        for i, s in enumerate(["blob", "machine-cult", "star-empire", "trade-federation", "ice"])
    ]
    sections = m.RuleSection.objects.bulk_create(
        [
            m.RuleSection(game=game, number=str(n + 1), title=corpus.name(), source="generated")
            for n in range(max(1, rules // 20))
        ]
    )
    m.Rule.objects.bulk_create(
        [
            m.Rule(
                game=game,
                section=sections[n // 20 % len(sections)],
                number=f"{n // 20 + 1}.{n % 20 + 1}",
                key=f"{slug}:{n // 20 + 1}.{n % 20 + 1}",
                text=corpus.sentence(),
                source="generated",
                position=n,
            )
            for n in range(rules)
        ],
        batch_size=BATCH,
    )
    m.GlossaryTerm.objects.bulk_create(
        [
            m.GlossaryTerm(
                game=game, slug=f"term-{n}", term=corpus.name(), definition=corpus.sentence()
            )
            for n in range(max(1, rules // 20))
        ],
        batch_size=BATCH,
    )
    m.Clarification.objects.bulk_create(
        [
            m.Clarification(
                game=game,
                slug=f"q-{n}",
                key=f"{slug}:q-{n}",
                kind="faq",
                question=corpus.sentence(5, 12)[:-1] + "?",
                answer=corpus.sentence(),
                position=n,
            )
            for n in range(max(1, rules // 20))
        ],
        batch_size=BATCH,
    )
    links = m.Card.factions.through
    for start in range(0, cards, BATCH):
        batch = [
            m.Card(
                game=game,
                slug=f"card-{n}",
                name=corpus.name(),
                card_type=rng.choice(types),
                expansion=rng.choice(expansions),
                cost=rng.choice([None, *range(11)]),
                power=rng.choice([None, *range(0, 251, 5)]),
                copies=rng.choice([None, 1, 1, 2, 3, 4]),
                number=f"BC-{n}",
                text=corpus.sentence(0, 25) if rng.random() < 0.8 else "",
                attributes={"weapon": rng.choice(WEAPONS), "parallel": rng.choice(PARALLELS)},
                provenance="community",
                source="generated",
                position=n,
            )
            for n in range(start, min(cards, start + BATCH))
        ]
        created = m.Card.objects.bulk_create(batch)
        if created and created[0].pk is None:  # a backend that returns no ids
            created = list(m.Card.objects.filter(game=game, position__gte=start).order_by("pk"))
        links.objects.bulk_create(
            [
                links(card_id=card.pk, faction_id=faction.pk)
                for card in created
                for faction in rng.sample(factions, rng.choice([0, 1, 1, 1, 2]))
            ],
            batch_size=BATCH,
        )
    return f"{cards} cards, {rules} rules in {len(sections)} sections"
