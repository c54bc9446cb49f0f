"""Rule summaries (templates/rules/*.yaml: sections and example plays, their words in
templates/locales/LANG/rules-VARIANT.yaml), validated; and the words of score sheets and
summary pages. The examples' outcomes are proved by the rules engine in
cardgen.summaries, which every summary that is printed goes through.

    summary = read_summary("plus")        # or a YAML file of the same form
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator

from cardgen import messages as said
from cardgen.engine import VARIANTS, Options, is_joker, joker, value, zero_card
from cardgen.errors import InputError, InvalidValue
from cardgen.paths import TEMPLATES
from cardgen.texts import Message, MessageList, Messages
from cardgen.yamlio import YamlDocument, load_yaml, shown_value, validate

SECTION_IDS = ("goal", "material", "setup", "turn", "placing", "collecting", "special", "end", "mistakes")
RULES_DIR = TEMPLATES / "rules"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_min_length=1)


# --- rule summaries ------------------------------------------------------------


class PlayerRange(_Strict):
    min: int = Field(ge=2, le=10)
    max: int = Field(ge=2, le=10)


@dataclass(frozen=True)
class Section:
    id: str
    heading: Message
    text: Message


class TurnExpect(_Strict):
    rows: list[list[int | float]]
    collected: dict[str, list[int | float]]


class _Example(_Strict):
    """An example play; its caption is the message examples.<id> of the locale."""

    id: str
    section: str
    _caption: Message | None = PrivateAttr(default=None)

    @property
    def caption(self) -> Message:
        assert self._caption is not None, "parse_summary gives every example its caption"
        return self._caption


class TurnExample(_Example):
    kind: Literal["turn"]
    rows: list[list[int | float]]
    turn: dict[str, Any]
    expect: TurnExpect


class TallyExpect(_Strict):
    totals: dict[str, int]
    game_over: bool
    winners: list[str]


class TallyExample(_Example):
    kind: Literal["tally"]
    scores: dict[str, list[int]]
    expect: TallyExpect


@dataclass(frozen=True)
class ReferenceCard:
    title: Message
    lines: MessageList


class _SummaryFile(_Strict):
    variant: str
    players: PlayerRange | None = None  # the engine's player range of the variant when left out
    fan: tuple[int | float, int | float, int | float] = (1, 55, 104)  # the cards in the page's header
    sections: list[Literal[SECTION_IDS]] = Field(min_length=1)  # type: ignore[valid-type]
    examples: list[dict[str, Any]] = []

    @field_validator("variant")
    @classmethod
    def _known(cls, variant: str) -> str:
        if variant not in VARIANTS:
            raise InvalidValue(said.Message("value.one_of", choices=list(VARIANTS), value=shown_value(variant)))
        return variant


def summary_variants() -> list[str]:
    """The engine's variants that have a bundled summary (templates/rules/VARIANT.yaml)."""
    return [variant for variant in VARIANTS if (RULES_DIR / f"{variant}.yaml").is_file()]


def _fan_card(shown: int | float) -> int:
    """A card as a summary file writes it (17, 0 for a zero card, 0.4 for a joker) as its id."""
    if isinstance(shown, float):
        return joker(round(shown * 10))
    return zero_card(0) if shown == 0 else shown


@dataclass(frozen=True)
class TurnOutcome:
    """What the engine makes of a turn example: card ids, as the engine knows them."""

    before: list[list[int]]
    after: list[list[int]]
    collected: dict[str, list[int]]  # in the order the engine collected them
    plays: dict[str, tuple[int, ...]]


@dataclass(frozen=True)
class TallyOutcome:
    totals: dict[str, int]
    game_over: bool
    winners: list[str]


@dataclass(frozen=True)
class RuleSummary:
    source: str  # the file as errors name it
    variant: str
    title: Message
    players: PlayerRange
    fan: tuple[int, ...]  # card ids
    sections: tuple[Section, ...]
    examples: tuple[TurnExample | TallyExample, ...]
    reference_card: ReferenceCard
    doc: YamlDocument  # to name lines in layout errors
    outcomes: dict[str, TurnOutcome | TallyOutcome] = field(default_factory=dict)  # once proved

    def examples_of(self, section_id: str) -> list[TurnExample | TallyExample]:
        return [example for example in self.examples if example.section == section_id]

    def outcome(self, example_id: str) -> TurnOutcome | TallyOutcome:
        return self.outcomes[example_id]

    def turn_outcome(self, example_id: str) -> TurnOutcome:
        outcome = self.outcomes[example_id]
        assert isinstance(outcome, TurnOutcome), "cardgen.summaries plays a turn example as a turn"
        return outcome

    def tally_outcome(self, example_id: str) -> TallyOutcome:
        outcome = self.outcomes[example_id]
        assert isinstance(outcome, TallyOutcome), "cardgen.summaries counts a tally example as a tally"
        return outcome

    def error(self, path: tuple, message: said.Message | str) -> InputError:
        return self.doc.error(path, message)


def summary_path(variant_or_file: str | Path) -> tuple[Path, str]:
    """The YAML of a bundled variant, or a user's file, and its name as errors show it."""
    if str(variant_or_file) in summary_variants():
        return RULES_DIR / f"{variant_or_file}.yaml", f"templates/rules/{variant_or_file}.yaml"
    return Path(variant_or_file), str(variant_or_file)


def summary_locale(variant_or_file: str | Path) -> tuple[str, Path | None]:
    """Where a summary's words are: templates/locales/LANG/rules-VARIANT.yaml for a bundled
    variant, locales/LANG/rules-NAME.yaml beside a user's NAME.yaml."""
    if str(variant_or_file) in summary_variants():
        return f"rules-{variant_or_file}", None
    path = Path(variant_or_file)
    return f"rules-{path.stem}", path.parent / "locales"


@cache
def read_summary(variant_or_file: str | Path) -> RuleSummary:
    """A rule summary, validated; its examples are proved by cardgen.summaries."""
    path, shown = summary_path(variant_or_file)
    return parse_summary(load_yaml(path, shown_as=shown), *summary_locale(variant_or_file))


def parse_summary(doc: YamlDocument, locale: str, locale_root: Path | None = None) -> RuleSummary:
    """The summary of `doc`, its words being the messages of the locale file `locale`."""
    if not isinstance(doc.data, dict):
        raise doc.error((), said.Message("summary.not_a_mapping"))
    raw = validate(doc, _SummaryFile)
    _check_sections(doc, raw)
    examples = tuple(_example(doc, index, data) for index, data in enumerate(raw.examples))
    _check_examples(doc, raw, examples)

    def message(key: str) -> Message:
        return Message(locale, key, locale_root)

    for example in examples:
        example._caption = message(f"examples.{example.id}")
    low, high = Options(raw.variant).player_limits()
    sections = tuple(
        Section(id, message(f"sections.{id}.heading"), message(f"sections.{id}.text")) for id in raw.sections
    )
    reference_card = ReferenceCard(
        message("reference_card.title"), MessageList(locale, "reference_card.lines", locale_root)
    )
    return RuleSummary(
        source=doc.file,
        variant=raw.variant,
        title=message("title"),
        players=raw.players or PlayerRange(min=low, max=high),
        fan=tuple(map(_fan_card, raw.fan)),
        sections=sections,
        examples=examples,
        reference_card=reference_card,
        doc=doc,
    )


def _check_sections(doc: YamlDocument, raw: _SummaryFile) -> None:
    if raw.players and raw.players.min > raw.players.max:
        raise doc.error(("players",), said.Message("summary.players", low=raw.players.min, high=raw.players.max))
    seen: set[str] = set()
    order = list(raw.sections)
    for index, section in enumerate(raw.sections):
        if section in seen:
            raise doc.error(("sections", index), said.Message("summary.section_twice", section=section))
        seen.add(section)
    if order != sorted(order, key=SECTION_IDS.index):
        raise doc.error(("sections",), said.Message("summary.section_order", order=", ".join(SECTION_IDS)))


def _example(doc: YamlDocument, index: int, data: dict[str, Any]) -> TurnExample | TallyExample:
    path = ("examples", index)
    if not isinstance(data, dict):
        raise doc.error(path, said.Message("value.mapping"))
    kind = data.get("kind")
    if kind == "turn":
        return validate(doc, TurnExample, data, path)
    if kind == "tally":
        return validate(doc, TallyExample, data, path)
    raise doc.error(path + ("kind",), said.Message("value.one_of", choices=["turn", "tally"], value=shown_value(kind)))


def _check_examples(doc: YamlDocument, raw: _SummaryFile, examples) -> None:
    sections = set(raw.sections)
    seen: set[str] = set()
    for index, example in enumerate(examples):
        if example.id in seen:
            raise doc.error(("examples", index, "id"), said.Message("summary.example_twice", id=example.id))
        seen.add(example.id)
        if example.section not in sections:
            raise doc.error(("examples", index, "section"), said.Message("summary.no_section", section=example.section))


def joker_worth(row: list[int], place: int) -> int | None:
    """The worth in tenths of the joker at `place` when it follows a card of the row:
    that card's worth plus its own face (0.4 after 17 is 174). None for a row's first card."""
    if not is_joker(row[place]) or place == 0:
        return None
    before = joker_worth(row, place - 1)
    return (value(row[place - 1]) if before is None else before) + value(row[place])


# --- score sheets and the words of the summaries ------------------------------------


class ScoreTexts(Messages):
    """The words of the score sheets: title("pro"), labels.total, rules("plus")."""

    @property
    def title(self) -> Messages:
        return self.group("title")

    @property
    def labels(self) -> Messages:
        return self.group("labels")

    @property
    def rules(self) -> Messages:
        return self.group("rules")


class SummaryWords(Messages):
    """What the summary pages print around the texts: kicker, winners("one"), ..."""

    @property
    def winners(self) -> Messages:
        return self.group("winners")


def score_texts() -> ScoreTexts:
    """The words of the score sheets (locales/LANG/score.yaml)."""
    return ScoreTexts("score")


def summary_words() -> SummaryWords:
    """What the summary pages print around the texts (locales/LANG/summary.yaml)."""
    return SummaryWords("summary")
