"""A card set checked against the rules (docs/RULES.md): identity, values, bull
heads, what each variant it serves needs, the player counts it supports, and
simulated games."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from cardgen.engine import FIRST_JOKER, FIRST_ZERO, VARIANTS, CardPool, Options, standard_heads
from cardgen.errors import InputError, Mistakes
from cardgen.messages import Message
from cardgen.model.cards import CardSet, bundled_set_names
from cardgen.model.cards import read_set_document as read_card_set
from cardgen.model.play import set_pool
from cardgen.verify.pictures import check_pictures
from cardgen.verify.play import Played, play_games
from cardgen.verify.report import Report, problem_of, problems_of, variant_name
from cardgen.yamlio import YamlDocument, validate

HIGHEST = 104
BUNDLED_NUMBERED = "templates/sets/numbered.yaml"


def read_set_document(name_or_file: str | Path) -> YamlDocument:
    """The set's YAML with its lines (and its table's rows); InputError when it is missing,
    not YAML, or no card set."""
    doc = read_card_set(name_or_file)[0]
    if not isinstance(doc.data, dict) or not isinstance(doc.data.get("cards"), list):
        raise InputError(Message("verify.input.not_a_set", file=doc.file))
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
    for note in doc.notes:
        report.info("set.table", note)
    _check_identity(doc, report)
    try:
        card_set = validate(doc, CardSet)
    except InputError as exc:
        for problem in problems_of(exc, doc.file):
            report.failed("set.schema", problem)
        return report
    card_set._doc = doc  # its lines, for the errors of set_pool
    report.passed("set.schema", Message("verify.set.schema", count=len(card_set.cards)))
    check_pictures(name_or_file, card_set, report)
    contents = _sort_cards(doc, card_set, report)
    _check_heads(doc, card_set, contents, report)
    variants = _check_variants(doc, contents, report)
    if play:
        _player_counts_and_games(card_set, contents, variants, games, seed, jobs, report)
    return report


def refuse_failing_sets(set_names) -> None:
    """InputError, in verify's words, for a user's set that `cardgen verify` fails without
    playing a game (a 55 with 3 bull heads), each failure its own sentence: build and export
    print nothing verify refuses. The bundled sets pass (the tests hold them to it)."""
    for name in (str(name) for name in set_names if str(name) not in bundled_set_names()):
        report = verify_set(name, play=False)
        if report.failures:
            raise Mistakes(
                [
                    Message("verify.set.refused", where=_where(report.input, failure.where), problem=failure.said)
                    for failure in report.failures
                ]
            )


def _where(file: str, place: Message | None) -> Message | str:
    """The set's file and the place in it: a line is said with its file; rows of a table
    name the table's own file."""
    if place is None:
        return file
    text = place.params.get("text")
    if "file" in place.params or (isinstance(text, str) and not text.startswith("line")):
        return place
    return Message("verify.place.in_file", file=file, place=place)


def _place(doc: YamlDocument, index: int) -> Message:
    return _places(doc, [index])


def _places(doc: YamlDocument, indexes) -> Message:
    """ "line 7", "lines 7, 9"; "cards.csv, row 5" """
    place = doc.place(*(("cards", i) for i in indexes))
    return place if isinstance(place, Message) else Message("cli.as_is", text=place)


def _failed_repeats(doc: YamlDocument, report: Report, check: str, key: str, repeats: dict, says: str) -> None:
    """One failure per thing on more than one card: message `says` with the thing (as `key`,
    and in the details) and how many `cards`, their lines."""
    for thing, found in repeats.items():
        said = Message(says, **{key: thing}, cards=len(found))
        report.failed(check, said, _places(doc, found), **{key: str(thing) if key == "joker" else thing})


def _check_identity(doc: YamlDocument, report: Report) -> None:
    by_id: dict[str, list[int]] = {}
    for index, card in enumerate(doc.data["cards"]):
        if isinstance(card, dict) and "id" in card:
            by_id.setdefault(str(card["id"]), []).append(index)
    repeated = {card_id: found for card_id, found in by_id.items() if len(found) > 1}
    if repeated:
        _failed_repeats(doc, report, "set.identity", "id", repeated, "verify.set.id_repeated")
    else:
        report.passed("set.identity", Message("verify.set.ids_unique", count=len(by_id)))


def _sort_cards(doc: YamlDocument, card_set: CardSet, report: Report) -> Contents:
    contents = Contents()
    bad = 0
    for index, card in enumerate(card_set.cards):
        problem = _value_problem(card)
        if problem:
            bad += 1
            said = Message("verify.set.card_value", card=card.id, problem=problem)
            report.failed("set.values", said, _place(doc, index), id=card.id)
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
        report.passed("set.values", Message("verify.set.values", **JOKER_VALUES))
    if contents.other_numbers:
        said = Message("verify.set.beyond", highest=HIGHEST, cards=sorted(contents.other_numbers))
        report.info(
            "set.values", said, _places(doc, sorted(i for found in contents.other_numbers.values() for i in found))
        )
    if contents.blanks:
        report.info("set.values", Message("verify.set.blanks", count=len(contents.blanks)))
    return contents


JOKER_VALUES = {"low": 0.0, "high": 0.9}  # for a message: the jokers' values, 0.0 to 0.9


def _value_problem(card) -> Message | None:
    value = float(card.value) if isinstance(card.value, Decimal) else card.value
    if card.kind == "number":
        if isinstance(card.value, Decimal) or value < 1:
            return Message("verify.set.number_value", value=value)
    elif card.kind == "zero":
        if value != 0:
            return Message("verify.set.zero_value", value=value)
    elif card.kind == "joker":
        tenths = Decimal(card.value) * 10
        if tenths != tenths.to_integral_value() or not 0 <= tenths <= 9:
            return Message("verify.set.joker_value", value=value, **JOKER_VALUES)
    return None


def _check_heads(doc: YamlDocument, card_set: CardSet, contents: Contents, report: Report) -> None:
    changed = []
    for number, indexes in sorted(contents.numbers.items()):
        for index in indexes:
            heads = card_set.cards[index].heads
            if heads != standard_heads(number):
                changed.append((number, index, heads))
    if not contents.numbers:
        report.info("set.heads", Message("verify.set.heads_none", highest=HIGHEST))
    elif not changed:
        total = sum(card_set.cards[i].heads for found in contents.numbers.values() for i in found)
        standard = "verify.set.heads_standard_game" if contents.numbered_complete else "verify.set.heads_standard"
        report.passed("set.heads", Message(standard + ("_custom" if card_set.custom_heads else ""), total=total))
    elif card_set.custom_heads:
        changes = [
            Message("verify.set.heads_change", card=number, heads=heads, standard=standard_heads(number))
            for number, _, heads in changed
        ]
        report.info(
            "set.heads",
            Message("verify.set.heads_deliberate", changes=changes),
            _places(doc, [i for _, i, _ in changed]),
            changed=[n for n, _, _ in changed],
        )
    else:
        for number, index, heads in changed:
            rule = standard_heads(number)
            said = Message("verify.set.heads_changed", card=number, count=heads, standard=rule)
            report.failed("set.heads", said, _place(doc, index), card=number, heads=heads, standard=rule)
    for kind, indexes, usual in (
        ("verify.set.zero_heads", contents.zeros, 0),
        ("verify.set.joker_heads", [i for f in contents.jokers.values() for i in f], 1),
    ):
        carried = sorted({card_set.cards[i].heads for i in indexes})
        if carried and carried != [usual]:
            count = carried[0] if len(carried) == 1 else len(carried)  # "1 bull head", "0, 1 bull heads"
            report.info("set.heads", Message(kind, count=count, heads=carried, usual=usual))


def _ranges(numbers: list[int]) -> list[str]:
    """[1, 2, 3, 7] -> ["1–3", "7"]."""
    parts, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            parts.append(str(start) if start == n else f"{start}–{n}")
            start = None
    return parts


def _variants_with(card: int) -> list[str]:
    """The engine's variants that play with cards of this kind (zero cards, jokers)."""
    return [key for key, rules in VARIANTS.items() if rules.holds(card)]


def _names(variants: list[str]) -> list[Message]:
    return [variant_name(variant, VARIANTS[variant].name) for variant in variants]


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
            report.passed("set.classic", Message("verify.set.classic", highest=HIGHEST, variants=_names(every_variant)))
            variants += every_variant
        elif contents.numbered_replacement:
            _replacement(sorted(contents.numbers), missing, report)
            variants += every_variant
        elif not twice:
            said = Message(
                "verify.set.classic_missing",
                classic=variant_name("classic", VARIANTS["classic"].name),
                highest=HIGHEST,
                missing=_ranges(missing),
                half=HIGHEST // 2,
            )
            report.failed("set.classic", said, missing=missing)
        else:
            _failed_repeats(doc, report, "set.classic", "card", twice, "verify.set.card_repeated")
    if contents.numbered_replacement:
        numbers_from = Message("verify.set.numbers_bundled_replaced", file=BUNDLED_NUMBERED)
    elif contents.numbers:
        numbers_from = Message("verify.set.numbers_own")
    else:
        numbers_from = Message("verify.set.numbers_bundled", file=BUNDLED_NUMBERED)
    if contents.zeros:
        if contents.numbered_usable:
            said = Message("verify.set.plus", count=len(contents.zeros), numbers=numbers_from)
            report.passed("set.plus", said, zeros=len(contents.zeros))
            variants += _variants_with(FIRST_ZERO)
        else:
            report.info(
                "set.plus", Message("verify.set.plus_duplicates", plus=variant_name("plus", VARIANTS["plus"].name))
            )
    if contents.jokers:
        _check_jokers(doc, contents, numbers_from, report)
        if contents.numbered_usable and (len(contents.jokers) >= 2 or contents.jokers_replacement):
            variants += _variants_with(FIRST_JOKER)
    variants = [variant for variant in VARIANTS if variant in variants]  # once each, in the rules' order
    report.info("set.variants", _served(contents, variants, numbers_from))
    return variants


def _served(contents: Contents, variants: list[str], numbers_from: Message) -> Message:
    """ "serves Classic and Pro, together with the bundled zero cards" """
    if not variants:
        return Message("verify.set.serves_none")
    together = _bundled_companions(contents, variants, numbers_from)
    said = "verify.set.serves" + ("_with" if together else "") + ("_replacing" if contents.numbered_replacement else "")
    return Message(said, count=len(variants), variants=_names(variants), companions=together)


def _bundled_companions(contents: Contents, variants: list[str], numbers_from: Message) -> list[Message]:
    """The bundled cards the set's games take besides its own: numbered cards, and the zero
    cards or jokers of the variants it serves but holds none of."""
    companions = [numbers_from] if variants and (contents.numbered_replacement or not contents.numbers) else []
    if not contents.zeros and any(VARIANTS[v].holds(FIRST_ZERO) for v in variants):
        companions.append(Message("verify.set.bundled_zero_cards"))
    if not contents.jokers and any(VARIANTS[v].holds(FIRST_JOKER) for v in variants):
        companions.append(Message("verify.set.bundled_jokers"))
    return companions


def _replacement(present: list[int], missing: list[int], report: Report) -> None:
    """Some of the cards 1-104, once each: cards printed to replace the bundled deck's."""
    rule = {"present": len(present), "highest": HIGHEST, "file": BUNDLED_NUMBERED, "half": HIGHEST // 2}
    if len(present) <= len(missing):
        said = Message("verify.set.replacement_cards", cards=_ranges(present), **rule)
    else:
        said = Message("verify.set.replacement_cards_but", cards=_ranges(missing), **rule)
    report.info("set.classic", said, replaces=present, missing=missing)


def _jokers(tenths: list[int]) -> list[Message]:
    """Jokers' values as each language writes them: 0.4, 0,4."""
    return [Message("verify.set.joker", value=t / 10) for t in tenths]


def _check_jokers(doc: YamlDocument, contents: Contents, numbers_from: Message, report: Report) -> None:
    missing = [t for t in range(10) if t not in contents.jokers]
    twice = {t / 10: found for t, found in sorted(contents.jokers.items()) if len(found) > 1}
    _failed_repeats(doc, report, "set.jokers", "joker", twice, "verify.set.joker_repeated")
    if contents.jokers_replacement:
        jokers = _jokers(sorted(contents.jokers))
        report.info("set.jokers", Message("verify.set.replacement_jokers", jokers=jokers, present=len(contents.jokers)))
    elif missing:
        said = Message("verify.set.jokers_missing", jokers=_jokers(missing), **JOKER_VALUES)
        report.failed("set.jokers", said, missing=[f"0.{t}" for t in missing])
    if not missing and not twice:
        report.passed("set.jokers", Message("verify.set.jokers", numbers=numbers_from, **JOKER_VALUES))


def _player_counts_and_games(card_set, contents, variants, games, seed, jobs, report) -> None:
    if not variants:
        report.info("set.games", Message("verify.set.no_games"))
        return
    try:
        pool = set_pool([card_set])
    except InputError as exc:
        report.failed("set.play", Message("verify.set.play_refused", problem=problem_of(exc, card_set.doc.file)))
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
    said = variant_name(variant, rules.name)
    if rules.holds(FIRST_JOKER):
        report.passed(name, Message("verify.set.players_jokers", variant=said, low=low, high=high))
        return list(range(low, high + 1))
    hand = sum(rules.hand.values())
    cards = len(rules.deck(high, pool))
    counts = {"low": low, "high": high, "hand": hand, "rows": rules.rows, "cards": cards}
    report.passed(name, Message("verify.set.players", variant=said, **counts))
    return list(range(low, high + 1))


PLUS_HAND = 15  # cards dealt to each player in Plus
PLUS_ZEROS = 7  # the zero cards of the game


def _plus_counts(numbered: int, zeros: int, top: int, report: Report) -> list[int]:
    """Plus deals 15 cards a player from the numbered cards left after the rows and the zero cards."""
    name = "set.players.plus"
    counted = Message("verify.count.zero_cards", count=zeros)
    dealt = Message("verify.set.plus_dealt", hand=PLUS_HAND, numbered=numbered, zeros=counted, cards=numbered + zeros)
    said = {"variant": variant_name("plus", VARIANTS["plus"].name), "low": 2, "high": top, "dealt": dealt}
    if zeros == PLUS_ZEROS:
        report.passed(name, Message("verify.set.players_plus", **said, taken=PLUS_HAND * top))
        return list(range(2, top + 1))
    if zeros >= 2:
        house = Message("verify.set.one_zero_each", players=min(zeros, top))
    else:
        house = Message("verify.set.one_zero_each_impossible")
    report.info(name, Message("verify.set.players_plus_fewer", **said, count=zeros, usual=PLUS_ZEROS, house=house))
    return list(range(2, top + 1))


def _report_games(played: Played, report: Report) -> None:
    name = f"set.games.{played.variant}"
    spread = [Message("verify.set.games_of", players=n, games=g) for n, g in played.games_by_players.items()]
    if not played.broken:
        variant = variant_name(played.variant, VARIANTS[played.variant].name)
        report.passed(name, Message("verify.set.games", count=played.games, name=variant, spread=spread))
        return
    for broken in played.broken[:5]:
        where = Message("verify.place.game", seed=broken.seed, players=broken.players, kinds=",".join(broken.kinds))
        report.failed(name, broken.problem, where, seed=broken.seed, players=broken.players, kinds=broken.kinds)
    if len(played.broken) > 5:
        report.failed(name, Message("verify.set.games_broken_more", count=len(played.broken) - 5, games=played.games))
