"""Card numbers that read as another card when the card is held upside down (6 and 9).

Turned 180°, the digits 0, 1, 8 stay themselves, 6 becomes 9 and 9 becomes 6, and
the row of digits reads from the other end; any other character (2, 3, 4, 5, 7, the
decimal separator, which ends up at the top) turns into no digit at all.

The rule: a label is ambiguous, and gets a mark under its digits, when its turned
reading is a different label of a numbered card 1–104 (the bundled deck) or of the
set being printed. So 6↔9, 16↔91, 18↔81, 19↔61, 66↔99, 68↔89, 86↔98 are marked;
69, 96, 88, 11, 101 turn into themselves and 10 into "01", no card. A joker's
"0.6" turns into "9˙0", which is no joker, and a zero card's "0" into itself.
"""

from __future__ import annotations

from collections.abc import Iterable

TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
BUNDLED_NUMBERS = frozenset(str(number) for number in range(1, 105))


def turned_reading(label: str) -> str | None:
    """What `label` reads as turned 180°, or None when it does not turn into digits."""
    if not label or any(character not in TURNED_DIGITS for character in label):
        return None
    return "".join(TURNED_DIGITS[character] for character in reversed(label))


def is_ambiguous(label: str, labels: Iterable[str] = ()) -> bool:
    """True when `label` turned 180° reads as another card: one of 1–104 or of `labels`."""
    turned = turned_reading(label)
    if turned is None or turned == label:
        return False
    return turned in BUNDLED_NUMBERS or turned in set(labels)
