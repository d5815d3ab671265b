"""What asking a question costs a player on a phone, counted as the browser test does it and
turned into seconds by a fixed model (docs/testing.md, "Steps and seconds"):

- a tap (a button, a radio, a checkbox, an option picked from a list): 2.45 s, the thumb
  moved and the choice made (Keystroke-Level Model: pointing 1.1 s and a mental act 1.35 s);
- a field typed into: 2.45 s, the same, before its first character;
- a character typed with a thumb: 0.5 s (about 20 words a minute);
- a control the form shows when it opens: 0.4 s, read past to find the ones to fill (a
  long form costs time even where it is left alone).

A drop-down is two taps (open it, pick); a suggestion picked from a box's list is a tap after
the characters typed before it appeared."""

from __future__ import annotations

from typing import Any

TAP = 2.45
FIELD = 2.45
CHARACTER = 0.5
READ = 0.4

# The controls a player reads past: each box, drop-down and choice (a radio or checkbox with
# its label), not the -/+ buttons beside a number.
CONTROLS_JS = """form => [...form.querySelectorAll('input:not([type=hidden]), select, textarea')]
    .filter(el => el.getClientRects().length).length"""


class Steps:
    """The player's steps on one question's form, each done in the browser as counted."""

    def __init__(self, form: Any) -> None:
        self.form = form
        self.controls = int(form.evaluate(CONTROLS_JS))
        self.taps = 0
        self.fields = 0
        self.characters = 0

    def tap(self, locator: Any) -> None:
        locator.click()
        self.taps += 1

    def check(self, locator: Any) -> None:
        locator.check()
        self.taps += 1

    def choose(self, select: Any, label: str) -> None:
        select.select_option(label=label)
        self.taps += 2

    def type(self, locator: Any, text: str) -> None:
        locator.fill(text)
        self.fields += 1
        self.characters += len(text)

    def pick(self, locator: Any, typed: str, offered: str) -> None:
        """Type the start of a name, then tap the suggestion `offered` (headless Chromium
        draws no datalist popup: the suggestion's value is put in the box as a tap does)."""
        locator.press_sequentially(typed)
        locator.page.wait_for_function(
            """([box, value]) => [...(box.list ? box.list.options : [])]
                 .some(o => o.value.toLowerCase() === value.toLowerCase())""",
            arg=[locator.element_handle(), offered],
        )
        locator.fill(offered)
        locator.dispatch_event("change")
        self.fields += 1
        self.characters += len(typed)
        self.taps += 1

    @property
    def seconds(self) -> float:
        return (
            TAP * self.taps
            + FIELD * self.fields
            + CHARACTER * self.characters
            + READ * self.controls
        )

    def said(self) -> str:
        return (
            f"{self.taps} taps, {self.fields} fields, {self.characters} characters typed, "
            f"{self.controls} controls on the form: {self.seconds:.1f} s"
        )
