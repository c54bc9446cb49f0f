"""The balance report in the user's language (templates/locales/LANG/balance.yaml): the
sentence that sums it up, the names of the measures, numbers with the language's
decimal mark."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgen.balance.stats import Difference, Interval
from cardgen.engine import face
from cardgen.texts import Messages, as_written, check_lang, sheet_strings

if TYPE_CHECKING:
    from cardgen.balance import BalanceReport, SideFigures

WORDS = Messages("balance")
SENTENCE = WORDS.group("sentence")


def number(value: float, lang: str, decimals: int = 1) -> str:
    text = f"{value:.{decimals}f}"
    if text.lstrip("-").strip("0.") == "":
        text = text.lstrip("-")  # never "-0.0"
    return as_written(text, lang)


def percent(share: float, lang: str, decimals: int = 1) -> str:
    return sheet_strings(lang)["percent"].format(number=number(100 * share, lang, decimals))


def variant_name(report: BalanceReport, lang: str) -> str:
    return str(sheet_strings(lang).get(f"variants.{report.options.variant}", report.options.name))


def kind_name(kind: str, lang: str) -> str:
    """A --players-kind as the language says it: "heuristic" -> "heuristique"; a rollout's
    tries stay as typed ("rollout:50")."""
    name, colon, tries = kind.partition(":")
    return WORDS.group("player_kinds")(name)(lang) + colon + tries


def measure_name(measure: str, lang: str) -> str:
    """ "total.seat2" -> "mean total, seat 2"; "win.random" -> "win rate, random"."""
    group, _, who = measure.partition(".")
    if not who:
        return WORDS.group("measures")(group)(lang)
    shown = WORDS.seat(lang).format(seat=who.removeprefix("seat")) if who.startswith("seat") else kind_name(who, lang)
    return WORDS.group("measures")(group)(lang).format(who=shown)


def shown_difference(difference: Difference, lang: str) -> str:
    """ "+0.6 (± 0.1)": points for a win rate, the measure's unit otherwise."""
    interval = difference.interval
    scale = 100 if difference.measure.startswith("win.") else 1
    sign = "+" if interval.value * scale >= 0.05 else ""
    return f"{sign}{number(interval.value * scale, lang)} (± {number(interval.margin * scale, lang)})"


def verdict(difference: Difference, lang: str) -> str:
    return WORDS.finding(lang) if difference.significant else WORDS.noise(lang)


# what is said of a measure that did not change, alone; two or more are named in one clause
_SAME = {"rounds": "rounds_same", "seats": "seat_same", "score": "score_same"}


def sentence(report: BalanceReport, lang: str) -> str:
    """One sentence: what changed beyond the noise, with its size (the rounds, each seat's
    chance of winning, the bull heads per round), then what did not, the standard deck
    named once for all of them."""
    check_lang(lang)
    rounds, score = report.difference("rounds"), report.difference("round_score")
    seats = [d for d in report.differences if d.measure.startswith("win.seat") and d.significant]
    changed = {
        "rounds": [_change(rounds, "rounds_longer", "rounds_shorter", lang)] if rounds.significant else [],
        "seats": [_change(d, "seat_more", "seat_less", lang, 100, seat=d.measure[8:]) for d in seats],
        "score": [_change(score, "score_more", "score_fewer", lang)] if score.significant else [],
    }
    parts = [", ".join(said) for said in changed.values() if said]
    same = [measure for measure, said in changed.items() if not said]
    if len(same) == 1:
        parts.append(SENTENCE(_SAME[same[0]])(lang))
    elif same:
        names = [SENTENCE.group("unchanged_measures")(measure)(lang) for measure in same]
        parts.append(SENTENCE.unchanged(lang).format(measures=listed(names, lang)))
    text = WORDS.and_then(lang).join(parts) + "."
    return text[0].upper() + text[1:]


def listed(items: list[str], lang: str) -> str:
    """ "a, b and c" as the language joins them."""
    return ", ".join(items[:-1]) + WORDS.list_and(lang) + items[-1] if len(items) > 1 else "".join(items)


def _change(difference: Difference, up: str, down: str, lang: str, scale: float = 1, **fields) -> str:
    interval = difference.interval
    key = up if interval.value > 0 else down
    return SENTENCE(key)(lang).format(
        value=number(abs(interval.value) * scale, lang), margin=number(interval.margin * scale, lang), **fields
    )


def text_report(report: BalanceReport, lang: str) -> str:
    """The report as lines of text: what the players play, the sentence, then each measure
    side by side."""
    lines = [WORDS.values_only(lang), sentence(report, lang), ""]
    headings = [WORDS.measure(lang), WORDS.standard(lang), WORDS.custom(lang), WORDS.difference(lang)]
    rows = [headings + [WORDS.verdict(lang)]]
    lines += _columns(rows + [measure_row(report, difference, lang) for difference in report.differences])
    if report.new_cards:
        lines += ["", WORDS.new_cards(lang)]
        lines += _columns(
            [[WORDS.card(lang), WORDS.heads(lang), WORDS.in_pile(lang), WORDS.haul(lang)]] + new_card_rows(report, lang)
        )
    return "\n".join(lines)


def measure_row(report: BalanceReport, difference: Difference, lang: str) -> list[str]:
    """measure | standard deck | your cards | difference | verdict, for the text and the PDF."""
    standard, custom = (side_measure(side, difference.measure) for side in (report.standard, report.custom))
    rate = difference.measure.startswith("win.")
    return [
        measure_name(difference.measure, lang),
        with_interval(standard, rate, lang),
        with_interval(custom, rate, lang),
        shown_difference(difference, lang),
        verdict(difference, lang),
    ]


def _columns(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]) - 1)]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[-1] for row in rows]


def new_card_rows(report: BalanceReport, lang: str) -> list[list[str]]:
    """card | bull heads (the bundled card's) | share of rounds in a pile (the bundled card's) | haul."""
    rows = []
    for card in report.new_cards:
        heads = str(card.heads) if card.standard_heads is None else f"{card.heads} ({card.standard_heads})"
        share = WORDS.of_rounds(lang).format(share=percent(card.in_pile[0], lang))
        if card.in_pile[1] is not None:
            share += f" ({percent(card.in_pile[1], lang)})"
        haul = "–" if card.haul[0] is None else number(card.haul[0], lang)
        rows.append([face(card.card), heads, share, haul])
    return rows


def side_measure(side: SideFigures, measure: str) -> Interval:
    """One deck's figure of a measure of the differences ("total.seat2", "win.heuristic" …)."""
    group, _, who = measure.partition(".")
    if group == "rounds":
        return side.mean_rounds
    if group == "round_score":
        return side.round_score
    if who.startswith("seat"):
        seat = int(who.removeprefix("seat")) - 1
        return (side.mean_totals if group == "total" else side.win_rates)[seat]
    total, win = side.by_kind[who]
    return total if group == "total" else win


def with_interval(interval: Interval, is_rate: bool, lang: str) -> str:
    """ "31.82 (± 1.59)", or for a rate "35.5% (± 4.7)"."""
    if is_rate:
        return f"{percent(interval.value, lang)} (± {number(100 * interval.margin, lang)})"
    return f"{number(interval.value, lang, 2)} (± {number(interval.margin, lang, 2)})"
