"""A card set checked against the rules (docs/RULES.md): identity, values, bull
heads, what each variant it serves needs, the player counts it supports, and
simulated games."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from cardgen.engine import FIRST_JOKER, FIRST_ZERO, VARIANTS, CardPool, Options, standard_heads
from cardgen.engine.cards import and_joined
from cardgen.errors import InputError
from cardgen.model.cards import CardSet, bundled_set_names
from cardgen.model.cards import read_set_document as read_card_set
from cardgen.model.play import set_pool
from cardgen.verify.pictures import check_pictures
from cardgen.verify.play import Played, play_games
from cardgen.verify.report import Report, plural
from cardgen.yamlio import YamlDocument, validate

HIGHEST = 104
BUNDLED_NUMBERED = "templates/sets/numbered.yaml"


def read_set_document(name_or_file: str | Path) -> YamlDocument:
    """The set's YAML with its lines (and its table's rows); InputError when it is missing,
    not YAML, or no card set."""
    doc = read_card_set(name_or_file)[0]
    if not isinstance(doc.data, dict) or not isinstance(doc.data.get("cards"), list):
        raise InputError(f"{doc.file}: this is not a card set (it has no 'cards:' list nor table).")
    return doc


@dataclass
class Contents:
    """The set's cards sorted by what the rules care about (indexes into the card list)."""

    numbers: dict[int, list[int]] = field(default_factory=dict)  # 1-104 only
    other_numbers: dict[int, list[int]] = field(default_factory=dict)  # beyond 104: they extend the deck
    zeros: list[int] = field(default_factory=list)
    jokers: dict[int, list[int]] = field(default_factory=dict)  # tenths -> indexes
    blanks: list[int] = field(default_factory=list)

    @property
    def numbered_complete(self) -> bool:
        return sorted(self.numbers) == list(range(1, HIGHEST + 1)) and all(
            len(found) == 1 for found in self.numbers.values()
        )

    @property
    def numbered_replacement(self) -> bool:
        """Up to half of the cards 1-104, once each: replacement cards for the bundled
        deck. More than half is a deck, and a card it lacks is missing."""
        return 0 < len(self.numbers) <= HIGHEST // 2 and all(len(found) == 1 for found in self.numbers.values())

    @property
    def jokers_replacement(self) -> bool:
        """Up to half of the jokers, once each: replacement jokers for the bundled ones."""
        return 0 < len(self.jokers) <= 5 and all(len(found) == 1 for found in self.jokers.values())

    @property
    def numbered_usable(self) -> bool:
        """The set's numbered cards can be played (all there, or some in place of the
        bundled ones), or it has none and the bundled ones are used."""
        return all(len(found) == 1 for found in (*self.numbers.values(), *self.other_numbers.values()))


def verify_set(name_or_file: str | Path, games: int = 300, seed: int = 1, jobs: int = 1, play: bool = True) -> Report:
    """Every check of the set; with `play` False, all but the player counts and the games."""
    doc = read_set_document(name_or_file)
    report = Report(doc.file, "set")
    _check_identity(doc, report)
    try:
        card_set = validate(doc, CardSet)
    except InputError as exc:
        report.failed("set.schema", str(exc).removeprefix(f"{doc.file}, "))
        return report
    card_set._doc = doc  # its lines, for the errors of set_pool
    report.passed("set.schema", f"{plural(len(card_set.cards), 'card')}, every field well formed")
    check_pictures(name_or_file, card_set, report)
    contents = _sort_cards(doc, card_set, report)
    _check_heads(doc, card_set, contents, report)
    variants = _check_variants(doc, contents, report)
    if play:
        _player_counts_and_games(card_set, contents, variants, games, seed, jobs, report)
    return report


def refuse_failing_sets(set_names) -> None:
    """InputError, in verify's words, for a user's set that `cardgen verify` fails without
    playing a game (a 55 with 3 bull heads): build and export print nothing verify refuses.
    The bundled sets pass (the tests hold them to it)."""
    for name in (str(name) for name in set_names if str(name) not in bundled_set_names()):
        report = verify_set(name, play=False)
        failed = [check for check in report.checks if check.result == "fail"]
        if failed:
            place = failed[0].place
            where = report.input if not place else f"{report.input}, {place}" if place.startswith("line") else place
            more = f" (and {len(failed) - 1} more: `cardgen verify {name}` lists them)" if len(failed) > 1 else ""
            raise InputError(f"{where}: {failed[0].message}{more}.")


def _place(doc: YamlDocument, index: int) -> str:
    return str(doc.place(("cards", index)))


def _places(doc: YamlDocument, indexes) -> str:
    return str(doc.place(*(("cards", i) for i in indexes)))


def _failed_repeats(doc: YamlDocument, report: Report, check: str, key: str, repeats: dict, says: str) -> None:
    """One failure per thing on more than one card: `says` filled with the thing and how
    many cards, their lines, and the thing under `key`."""
    for thing, found in repeats.items():
        report.failed(check, says.format(thing, len(found)), _places(doc, found), **{key: thing})


def _check_identity(doc: YamlDocument, report: Report) -> None:
    by_id: dict[str, list[int]] = {}
    for index, card in enumerate(doc.data["cards"]):
        if isinstance(card, dict) and "id" in card:
            by_id.setdefault(str(card["id"]), []).append(index)
    repeated = {card_id: found for card_id, found in by_id.items() if len(found) > 1}
    if repeated:
        says = "the id {!r} is used by {} cards; each card needs its own id"
        _failed_repeats(doc, report, "set.identity", "id", repeated, says)
    else:
        unique = "the one card id is unique" if len(by_id) == 1 else f"every one of the {len(by_id)} card ids is unique"
        report.passed("set.identity", unique)


def _sort_cards(doc: YamlDocument, card_set: CardSet, report: Report) -> Contents:
    contents = Contents()
    bad = 0
    for index, card in enumerate(card_set.cards):
        problem = _value_problem(card)
        if problem:
            bad += 1
            report.failed("set.values", f"card {card.id!r}: {problem}", _place(doc, index), id=card.id)
        elif card.kind == "number":
            assert isinstance(card.value, int), "_value_problem refuses a numbered card that is not whole"
            by_value = contents.numbers if card.value <= HIGHEST else contents.other_numbers
            by_value.setdefault(card.value, []).append(index)
        elif card.kind == "zero":
            contents.zeros.append(index)
        elif card.kind == "joker":
            contents.jokers.setdefault(int(card.value * 10), []).append(index)
        else:
            contents.blanks.append(index)
    if not bad:
        report.passed("set.values", "every value fits its kind (numbered 1 and up, zero 0, jokers 0.0 to 0.9)")
    if contents.other_numbers:
        shown = ", ".join(map(str, sorted(contents.other_numbers)))
        report.info(
            "set.values",
            f"numbered cards beyond 104 ({shown}) extend the deck: they are dealt and placed like any "
            "numbered card, and more players may sit down (docs/RULES.md §18)",
            _places(doc, sorted(i for found in contents.other_numbers.values() for i in found)),
        )
    if contents.blanks:
        report.info("set.values", f"{plural(len(contents.blanks), 'blank card')}: printed, never played")
    return contents


def _value_problem(card) -> str | None:
    value = card.value
    if card.kind == "number":
        if isinstance(value, Decimal) or value < 1:
            return f"a numbered card shows a whole number from 1 up, not {value}"
    elif card.kind == "zero":
        if value != 0:
            return f"a zero card shows 0, not {value}"
    elif card.kind == "joker":
        tenths = Decimal(value) * 10
        if tenths != tenths.to_integral_value() or not 0 <= tenths <= 9:
            return f"a joker shows 0.0 to 0.9, not {value}"
    return None


def _check_heads(doc: YamlDocument, card_set: CardSet, contents: Contents, report: Report) -> None:
    changed = []
    for number, indexes in sorted(contents.numbers.items()):
        for index in indexes:
            heads = card_set.cards[index].heads
            if heads != standard_heads(number):
                changed.append((number, index, heads))
    details = [f"{number} has {heads}, the rule gives {standard_heads(number)}" for number, _, heads in changed]
    if not contents.numbers:
        report.info("set.heads", "no numbered cards 1–104, so no standard bull heads to hold them to")
    elif not changed:
        total = sum(card_set.cards[i].heads for found in contents.numbers.values() for i in found)
        extra = " (171 in all, as in the game)" if contents.numbered_complete else f" ({total} in all)"
        message = "every numbered card carries the bull heads of the standard rule" + extra
        if card_set.custom_heads:
            message += "; custom_heads is set, but nothing departs from the rule"
        report.passed("set.heads", message)
    elif card_set.custom_heads:
        report.info(
            "set.heads",
            f"deliberate change (custom_heads: true): {'; '.join(details)}",
            _places(doc, [i for _, i, _ in changed]),
            changed=[n for n, _, _ in changed],
        )
    else:
        for number, index, heads in changed:
            standard = standard_heads(number)
            says = f"card {number} carries {plural(heads, 'bull head')}, the standard rule gives {standard}"
            says += " (write custom_heads: true if this is meant)"
            report.failed("set.heads", says, _place(doc, index), card=number, heads=heads, standard=standard)
    for kind, indexes, usual in (
        ("zero", contents.zeros, 0),
        ("joker", [i for f in contents.jokers.values() for i in f], 1),
    ):
        carried = sorted({card_set.cards[i].heads for i in indexes})
        if carried and carried != [usual]:
            report.info(
                "set.heads",
                f"the {kind} cards carry {', '.join(map(str, carried))} bull head{'' if carried == [1] else 's'} "
                f"(the bundled set gives {usual}; docs/RULES.md §1 leaves it to the set)",
            )


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7] -> "1–3, 7"."""
    parts, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(str(start) if start == n else f"{start}–{n}")
            start = None
    return ", ".join(parts)


def _variants_with(card: int) -> list[str]:
    """The engine's variants that play with cards of this kind (zero cards, jokers)."""
    return [key for key, rules in VARIANTS.items() if rules.holds(card)]


def _names(variants: list[str]) -> str:
    return and_joined(VARIANTS[variant].name for variant in variants)


def _check_variants(doc: YamlDocument, contents: Contents, report: Report) -> list[str]:
    """Check what each variant the set serves needs; return the variants it can play."""
    variants = []
    every_variant = list(VARIANTS)  # numbered cards are played in every variant (docs/RULES.md §18)
    if contents.numbers or contents.other_numbers:
        missing = [n for n in range(1, HIGHEST + 1) if n not in contents.numbers]
        numbers = {**contents.numbers, **contents.other_numbers}
        twice = {n: found for n, found in sorted(numbers.items()) if len(found) > 1}
        if not contents.numbers and not twice:
            variants += every_variant
        elif not missing and not twice:
            report.passed("set.classic", f"holds every numbered card 1–104 once: {_names(every_variant)} can be played")
            variants += every_variant
        elif contents.numbered_replacement:
            _replacement(sorted(contents.numbers), missing, report)
            variants += every_variant
        elif not twice:
            report.failed(
                "set.classic",
                f"Classic needs every card 1–104: {_ranges(missing)} missing (a set of more "
                f"than {HIGHEST // 2} numbered cards is a deck; fewer would be replacement cards)",
                missing=missing,
            )
        else:
            says = "card {} is there {} times; the game has it once"
            _failed_repeats(doc, report, "set.classic", "card", twice, says)
    if contents.numbered_replacement:
        numbers_from = f"the bundled numbered cards ({BUNDLED_NUMBERED}, this set's in their place)"
    elif contents.numbers:
        numbers_from = "the set's numbered cards"
    else:
        numbers_from = f"the bundled numbered cards ({BUNDLED_NUMBERED})"
    if contents.zeros:
        if contents.numbered_usable:
            report.passed(
                "set.plus",
                f"{plural(len(contents.zeros), 'zero card')}: with {numbers_from} they make 6 nimmt! Plus",
                zeros=len(contents.zeros),
            )
            variants += _variants_with(FIRST_ZERO)
        else:
            report.info("set.plus", "its zero cards would serve Plus, but its numbered cards hold duplicates")
    if contents.jokers:
        _check_jokers(doc, contents, numbers_from, report)
        if contents.numbered_usable and (len(contents.jokers) >= 2 or contents.jokers_replacement):
            variants += _variants_with(FIRST_JOKER)
    variants = [variant for variant in VARIANTS if variant in variants]  # once each, in the rules' order
    served = _names(variants) or "no variant of docs/RULES.md"
    together = _bundled_companions(contents, variants, numbers_from)
    report.info(
        "set.variants",
        f"serves {served}"
        + (f", together with {together}" if together else "")
        + (
            "; games are simulated with the bundled deck, this set's bull heads on its cards"
            if variants and contents.numbered_replacement
            else ""
        ),
    )
    return variants


def _bundled_companions(contents: Contents, variants: list[str], numbers_from: str) -> str:
    """The bundled cards the set's games take besides its own: numbered cards, and the zero
    cards or jokers of the variants it serves but holds none of."""
    companions = [numbers_from] if variants and (contents.numbered_replacement or not contents.numbers) else []
    if not contents.zeros and any(VARIANTS[v].holds(FIRST_ZERO) for v in variants):
        companions.append("the bundled zero cards")
    if not contents.jokers and any(VARIANTS[v].holds(FIRST_JOKER) for v in variants):
        companions.append("the bundled jokers")
    return and_joined(companions)


def _replacement(present: list[int], missing: list[int], report: Report) -> None:
    """Some of the cards 1-104, once each: cards printed to replace the bundled deck's."""
    replaces = _ranges(present) if len(present) <= len(missing) else f"all but {_ranges(missing)}"
    report.info(
        "set.classic",
        f"replacement cards for the bundled deck: {replaces} "
        f"({len(present)} of the 104 numbered cards); every variant plays with the bundled numbered "
        f"cards ({BUNDLED_NUMBERED}), these printed in their place. A set with up to {HIGHEST // 2} of the "
        "cards 1–104, once each, is taken as replacement cards; more than that is a deck, which needs all 104",
        replaces=present,
        missing=missing,
    )


def _check_jokers(doc: YamlDocument, contents: Contents, numbers_from: str, report: Report) -> None:
    missing = [t for t in range(10) if t not in contents.jokers]
    twice = {f"0.{t}": found for t, found in sorted(contents.jokers.items()) if len(found) > 1}
    _failed_repeats(doc, report, "set.jokers", "joker", twice, "joker {} is there {} times; each joker exists once")
    if contents.jokers_replacement:
        report.info(
            "set.jokers",
            "replacement jokers for the bundled ones: "
            + ", ".join(f"0.{t}" for t in sorted(contents.jokers))
            + f" ({len(contents.jokers)} of the 10); the jokers variant plays with "
            "the bundled jokers, these printed in their place. Up to 5 jokers are taken as replacements; more "
            "than that must be all ten",
        )
    elif missing:
        report.failed(
            "set.jokers",
            "the jokers variant needs the ten jokers 0.0–0.9: " + ", ".join(f"0.{t}" for t in missing) + " missing",
            missing=[f"0.{t}" for t in missing],
        )
    if not missing and not twice:
        report.passed(
            "set.jokers", f"the ten jokers 0.0–0.9, once each: with {numbers_from} they make the jokers variant"
        )


def _player_counts_and_games(card_set, contents, variants, games, seed, jobs, report) -> None:
    if not variants:
        report.info("set.games", "no variant to play, so no games were simulated")
        return
    try:
        pool = set_pool([card_set])
    except InputError as exc:
        report.failed("set.play", f"{exc}".removeprefix(f"{card_set.doc.file}, ") + " (docs/RULES.md §18)")
        return
    counts = {variant: _player_counts(variant, pool, report) for variant in variants}
    combos = sum(len(c) for c in counts.values())
    for variant in variants:
        share = max(1, round(games * len(counts[variant]) / combos))
        played = play_games(variant, counts[variant], share, pool, seed, jobs)
        _report_games(played, report)
        seed += played.games


def _player_counts(variant: str, pool: CardPool, report: Report) -> list[int]:
    """The player counts the set supports in `variant`, reported with why."""
    name = f"set.players.{variant}"
    rules = VARIANTS[variant]
    low, high = Options(variant).player_limits(pool)
    if rules.holds(FIRST_ZERO):
        return _plus_counts(len(pool.numbered) - rules.rows, len(pool.zeros), high, report)
    if rules.holds(FIRST_JOKER):
        report.passed(name, f"Jokers: 2–{high} players (one joker each on top of 10 numbered cards)")
        return list(range(low, high + 1))
    hand = sum(rules.hand.values())
    report.passed(
        name,
        f"{rules.name}: {low}–{high} players ({hand} cards each and {rules.rows} to start the rows: "
        f"{len(rules.deck(high, pool))} cards with {high} players)",
    )
    return list(range(low, high + 1))


def _plus_counts(numbered: int, zeros: int, top: int, report: Report) -> list[int]:
    """Plus deals 15 cards a player from the numbered cards left after the rows and the zero cards."""
    cards = numbered + zeros
    name = "set.players.plus"
    dealt = (
        f"15 cards each from the {numbered} numbered cards left after the rows + {plural(zeros, 'zero card')} = {cards}"
    )
    if zeros == 7:
        report.passed(name, f"Plus: 2–{top} players ({dealt}; {top} players take {15 * top})")
        return list(range(2, top + 1))
    house = (
        f"the one-zero-each house rule works up to {min(zeros, top)} players"
        if zeros >= 2
        else "the one-zero-each house rule cannot be played"
    )
    report.info(
        name,
        f"Plus: 2–{top} players with {zeros} zero card{'s' if zeros > 1 else ''} instead of 7 ({dealt}); zeros are rarer in every hand; {house}",
    )
    return list(range(2, top + 1))


def _report_games(played: Played, report: Report) -> None:
    name = f"set.games.{played.variant}"
    spread = ", ".join(f"{n}p×{g}" for n, g in played.games_by_players.items())
    if not played.broken:
        report.passed(
            name,
            f"{played.games} complete {played.variant} games ({spread}): the engine's invariants held after every turn",
        )
        return
    for broken in played.broken[:5]:
        where = f"seed {broken.seed}, {broken.players} players ({','.join(broken.kinds)})"
        report.failed(name, f"{broken.problem}", where, seed=broken.seed, players=broken.players, kinds=broken.kinds)
    if len(played.broken) > 5:
        report.failed(name, f"{len(played.broken) - 5} more broken games of {played.games}")
