"""How many entries of one kind and game match a query, at least, at most and about, from how
many of them hold each stem (the frequencies table) and how many there are: no read of the
index."""

from __future__ import annotations

from cardsdb.search.query import SearchQuery, Term


def _entry_bounds(
    query: SearchQuery, relaxed: bool, held: dict[str, int], entries: int
) -> tuple[int, int]:
    """How many entries of one kind and game match at least and at most, from how many of
    them hold each stem (`held`) and how many there are (`entries`). A word's count is exact;
    a prefix matches at least as many entries as its commonest stem and at most all of its
    stems' entries; a phrase at most as many as its rarest word. Every word of a query: at
    least the entries left when each word's non-holders are taken away (Bonferroni's bound:
    two words each in 80% of the entries are together in at least 60% of them)."""

    def term(t: Term) -> tuple[int, int]:
        low, high = 0, 0
        for i, form in enumerate(t.alternatives):
            bounds = []
            for k, s in enumerate(form):
                if t.prefix and i == 0 and k == len(form) - 1:
                    found = [n for x, n in held.items() if x.startswith(s)]
                    bounds.append((max(found, default=0), min(entries, sum(found))))
                else:
                    bounds.append((held.get(s, 0), held.get(s, 0)))
            if len(bounds) == 1:
                form_low, form_high = bounds[0]
            else:  # a phrase: its words in that order, which the counts do not tell
                form_low, form_high = 0, min(b[1] for b in bounds)
            low, high = max(low, form_low), high + form_high
        return low, min(entries, high)

    wanted = [term(t) for t in query.positive]
    if relaxed:
        low, high = max(b[0] for b in wanted), min(entries, sum(b[1] for b in wanted))
    else:
        low = max(0, sum(b[0] for b in wanted) - (len(wanted) - 1) * entries)
        high = min(b[1] for b in wanted)
    low -= sum(term(t)[1] for t in query.negative)
    return max(0, low), high


def _entry_estimate(query: SearchQuery, relaxed: bool, held: dict[str, int], entries: int) -> float:
    """How many entries of one kind and game match, estimated from how many hold each word as
    if the words fell on entries independently (a term's forms together, a phrase as its
    rarest word), kept within `_entry_bounds`."""
    if not entries:
        return 0.0

    def share(t: Term) -> float:
        total = 0
        for i, form in enumerate(t.alternatives):
            counts = [
                sum(n for x, n in held.items() if x.startswith(s))
                if t.prefix and i == 0 and k == len(form) - 1
                else held.get(s, 0)
                for k, s in enumerate(form)
            ]
            total += min(counts)
        return min(1.0, total / entries)

    shares = [share(t) for t in query.positive]
    together = 1.0
    for s in shares:
        together *= (1 - s) if relaxed else s
    found = entries * ((1 - together) if relaxed else together)
    for t in query.negative:
        found *= 1 - share(t)
    low, high = _entry_bounds(query, relaxed, held, entries)
    return min(max(found, low), high)
