"""Safe YAML loading that remembers the line of every value.

Errors name the file, the line and the field in one sentence, e.g.
``templates/cards/promo.yaml, line 7, field cards[2].heads: must be a whole number.``
The sentence is a Message (`yaml.at_field`) whose `problem` is another: what is wrong,
written whole with its full stop, so that each language can say it after the place.
Pydantic's own findings are said in our words, by the kind of error and its context
(`problem_of`); a syntax error, by what the parser found (`_SYNTAX`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

if TYPE_CHECKING:  # pydantic is imported only to validate; the stubs type libyaml's parser (the fallback's twin)
    from pydantic import BaseModel
    from yaml._yaml import CParser as _Parser
else:
    try:  # libyaml's parser, about ten times faster than the pure-Python one
        from yaml.cyaml import CParser as _Parser
    except ImportError:
        from yaml import SafeLoader as _Parser

from cardgen.errors import InputError, Mistakes, sentence
from cardgen.messages import Message
from cardgen.paths import find_referenced_file, read_input

FieldPath = tuple[str | int, ...]
Mistake = tuple[FieldPath, Message | str]  # where in a document, and what is wrong there
Model = TypeVar("Model", bound="BaseModel")


def field_name(path: FieldPath) -> str:
    """``("cards", 2, "heads")`` -> ``cards[2].heads``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


@dataclass
class YamlDocument:
    """Plain data (dicts, lists, scalars) plus the line where each value stands."""

    file: str
    data: Any
    lines: dict[FieldPath, int] = field(default_factory=dict)
    folder: Path | None = None  # the file's folder, where the files it names lie
    notes: list[Message] = field(default_factory=list)  # what reading it had to guess, for the user to hear
    mistakes: list[Mistake] = field(default_factory=list)  # values reading it refused, said when it is validated

    def folder_of(self, path: FieldPath) -> Path | None:
        """The folder of the file that gives the value at `path` (a file of a chain of `extends:`)."""
        return self.folder

    def line_of(self, path: FieldPath) -> int:
        """Line (1-based) of the value at `path`, or of its nearest parent that exists."""
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path, 1)

    def place(self, *paths: FieldPath) -> Message:
        """Where the values at `paths` stand, for a report: "line 7", "lines 7, 9"."""
        return Message("yaml.place", count=len(paths), lines=[self.line_of(path) for path in paths])

    def sets(self, path: FieldPath) -> bool:
        """Whether this file itself gives the field at `path`."""
        return tuple(path) in self.lines

    def error(self, path: FieldPath, problem: Message | str) -> InputError:
        """An InputError naming file, line and field; `problem` says what is wrong there, a
        Message whose text is whole with its full stop (a plain sentence is shown as it is)."""
        path = tuple(path)
        said, line = sentence(problem), self.line_of(path)
        if path:
            return InputError(Message("yaml.at_field", file=self.file, line=line, field=field_name(path), problem=said))
        return InputError(Message("yaml.at_line", file=self.file, line=line, problem=said))

    def errors(self, mistakes: list[Mistake]) -> Mistakes:
        """Every mistake of `mistakes` said as `error` says one, the first one at each place."""
        first: dict[FieldPath, Message | str] = {}
        for where, problem in mistakes:
            first.setdefault(tuple(where), problem)
        return Mistakes([self.error(where, problem).message for where, problem in first.items()])


def said_within(message: Message, file: str) -> Message:
    """`message` as said where `file` is named already (a report under the file's name):
    the place in it without the file's name; any other message as it is."""
    if message.params.get("file") != file:
        return message
    rest = {name: value for name, value in message.params.items() if name != "file"}
    if message.id == "yaml.at_field":
        return Message("yaml.here_field", **rest)
    if message.id == "yaml.at_line":
        return Message("yaml.here_line", **rest)
    if message.id == "input.in_file":
        return rest["problem"]
    return message


def shown_value(value: Any) -> Message | float | str:
    """A value as the user wrote it, for a message: text in the language's quotation marks
    (cut to one line); a number as the language writes it (0,5), or as written where that
    would round it (0.0001); true, false or null as YAML writes them."""
    if isinstance(value, str):
        return Message("input.quoted", value=one_line(value, 60))
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float) and abs(value) < 1e9 and round(value, 3) == value:
        return value
    if isinstance(value, int | float | Decimal):
        return one_line(str(value), 60)  # a table's cell may hold thousands of digits
    return one_line(json.dumps(value, default=str, ensure_ascii=False), 60)


MAX_BYTES = 2_000_000  # no card set, layout or record comes near this
MAX_NODES = 100_000  # values in a document, counting each alias's copy
MAX_DEPTH = 100  # lists and mappings nested in each other
MAX_INT_DIGITS = 100  # longer integers are no count, size or value
# What YAML allows in a file: tab, newlines and the printable characters (YAML 1.1, 5.1).
FORBIDDEN_CHARACTERS = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def load_yaml(path: str | Path, shown_as: str | None = None) -> YamlDocument:
    """Read a YAML file with the bounded safe loader; every problem is one InputError."""
    name = shown_as or str(path)
    data = read_input(path, name, MAX_BYTES, Message("yaml.reader"), Message("yaml.hint"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(Message("yaml.at_line", file=name, line=line, problem=Message("yaml.not_utf8"))) from None
    doc = parse_yaml(text, name)
    doc.folder = Path(path).resolve().parent
    return doc


MAX_EXTENDS = 20  # files in one chain of `extends:`


class _ExtendsWords(NamedTuple):
    """What a chain of `extends:` says of a kind of file: each language's words agree with
    the kind's noun, so each kind has its own sentences."""

    not_mapping: Message
    not_name: Message
    circle: Message  # takes `circle`
    too_far: Message  # takes `limit`


_EXTENDS = {
    "layout": _ExtendsWords(
        Message("layout.not_a_mapping"),
        Message("layout.extends_not_a_name"),
        Message("layout.extends_circle"),
        Message("layout.extends_too_far"),
    ),
    "face style": _ExtendsWords(
        Message("style.not_a_mapping"),
        Message("style.extends_not_a_name"),
        Message("style.extends_circle"),
        Message("style.extends_too_far"),
    ),
}


def load_extended(path: Path, shown: str, folder: Path, what: str) -> YamlDocument:
    """A YAML file of `what` ("layout", "face style") with the file its `extends:` names
    (a bundled one of `folder`, or a file beside it) merged in, mapping by mapping, and that
    one's in turn: at most MAX_EXTENDS in a chain, and never in a circle."""
    return _load_with_parents(path, shown, folder, what, seen=())


def _load_with_parents(path: Path, shown: str, folder: Path, what: str, seen: tuple[Path, ...]) -> YamlDocument:
    said = _EXTENDS[what]
    doc = load_yaml(path, shown_as=shown)
    if not isinstance(doc.data, dict):
        raise doc.error((), said.not_mapping)
    parent_name = doc.data.pop("extends", None)
    if parent_name is None:
        return doc
    if not isinstance(parent_name, str):
        raise doc.error(("extends",), said.not_name)
    if path.resolve() in seen:
        circle = " → ".join(file.name for file in (*seen[seen.index(path.resolve()) :], path))
        raise doc.error(("extends",), Message(said.circle.id, circle=circle))
    if len(seen) >= MAX_EXTENDS:
        raise doc.error(("extends",), Message(said.too_far.id, limit=MAX_EXTENDS))
    try:
        parent_path, parent_shown = find_referenced_file(parent_name, folder, what, path)
    except InputError as exc:
        raise doc.error(("extends",), exc.message) from None
    parent = _load_with_parents(parent_path, parent_shown, folder, what, seen + (path.resolve(),))
    return _merge(parent, doc)


def _merge(parent: YamlDocument, child: YamlDocument) -> YamlDocument:
    """The child's fields over the parent's, mapping by mapping; errors point at the child
    where the value comes from it, and at the parent otherwise."""
    data = _deep_merge(parent.data or {}, child.data)
    lines = {path: line for path, line in parent.lines.items()}
    lines.update(child.lines)
    merged = _MergedDocument(child.file, data, lines, child.folder)
    merged.parent, merged.own_paths = parent, set(child.lines)
    return merged


def _deep_merge(base: dict, override: dict) -> dict:
    result = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = _deep_merge(result[key], value)
        else:
            result[key] = value
    return result


class _MergedDocument(YamlDocument):
    parent: YamlDocument
    own_paths: set

    def _owner(self, path: FieldPath) -> YamlDocument | None:
        """The parent, for a path the child's own file does not give (nor a mapping above it)."""
        path = tuple(path)
        probe = path
        while probe and probe not in self.own_paths:
            probe = probe[:-1]
        return None if probe or not path else self.parent

    def sets(self, path) -> bool:
        return tuple(path) in self.own_paths

    def folder_of(self, path):
        owner = self._owner(path)
        return self.folder if owner is None else owner.folder_of(path)

    def error(self, path, message):
        owner = self._owner(path)
        return super().error(path, message) if owner is None else owner.error(path, message)


class _BoundedLoader(_Parser, Composer, SafeConstructor, Resolver):
    """libyaml's parser (when present) with PyYAML's composer, so that nesting and aliases
    are counted while the document is composed, before anything is built from it."""

    def __init__(self, text: str):
        super().__init__(text)
        if not isinstance(self, yaml.SafeLoader):
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
        self.anchors = {}
        self._depth = 0
        self._aliases = 0

    get_single_node = Composer.get_single_node
    compose_document = Composer.compose_document

    def compose_node(self, parent, index):
        event = self.peek_event()
        assert event is not None, "the composer asks for a node only while the parser has one"
        if isinstance(event, yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_NODES:
                raise _problem(event.start_mark, Message("yaml.too_many_aliases", limit=MAX_NODES))
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _problem(event.start_mark, Message("yaml.too_deep", limit=MAX_DEPTH))
            return Composer.compose_node(self, parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node):
        digits = sum(ch.isalnum() for ch in node.value)
        if digits > MAX_INT_DIGITS:
            raise _problem(node.start_mark, Message("yaml.too_many_digits", limit=MAX_INT_DIGITS))
        return SafeConstructor.construct_yaml_int(self, node)


# The stubs accept constructors only for PyYAML's own loader classes, not for a loader made of its parts.
_BoundedLoader.add_constructor("tag:yaml.org,2002:int", _BoundedLoader.construct_yaml_int)  # type: ignore[type-var]


class _Refused(yaml.MarkedYAMLError):
    """A limit of this loader, as opposed to a syntax error found by the parser."""

    message: Message


def _problem(mark, message: Message) -> yaml.MarkedYAMLError:
    refused = _Refused(problem=message.id, problem_mark=mark)
    refused.message = message
    return refused


# What the parser (libyaml's, or PyYAML's own) found, by the words of its problem and
# context, in our words: the first pattern that matches says it.
_SYNTAX = (
    (r"quoted scalar|escape|hexdecimal", Message("yaml.syntax_quotes")),
    (r"mapping values are not allowed|found unexpected ':'", Message("yaml.syntax_colon")),
    (r"tab character|'\\t'", Message("yaml.syntax_tab")),
    (r"cannot start any token", Message("yaml.syntax_reserved")),
    (r"expected ',' or|flow (sequence|mapping)", Message("yaml.syntax_brackets")),
    (r"alias|anchor", Message("yaml.syntax_alias")),
    (r"\btag\b|constructor", Message("yaml.syntax_tag")),
    (r"document|directive", Message("yaml.syntax_documents")),
    (r"block scalar|indentation indicator", Message("yaml.syntax_block_text")),
    (r"unexpected end of stream", Message("yaml.syntax_end")),
    (r"comment or line break", Message("yaml.syntax_line_end")),
    (r"node content", Message("yaml.syntax_value")),
    (
        r"expected key|'-' indicator|block end|block (sequence|collection|mapping)|mapping keys|expected ':'|simple key",
        Message("yaml.syntax_indentation"),
    ),
    (r"utf-8|utf-16|unicode|surrogate|control characters", Message("yaml.syntax_characters")),
)


def _syntax_reason(exc: yaml.MarkedYAMLError, text: str) -> Message | None:
    """What the parser found wrong, in our words; None for a problem we have no words for."""
    found = " ".join(part for part in (exc.problem, exc.context) if part).lower()
    mark = exc.problem_mark
    if "cannot start any token" in found and mark is not None and text[mark.index : mark.index + 1] == "\t":
        return Message("yaml.syntax_tab")
    return next((reason for pattern, reason in _SYNTAX if re.search(pattern, found)), None)


def parse_yaml(text: str, name: str) -> YamlDocument:
    """Parse YAML text; raise InputError naming `name` and the line of any problem."""
    forbidden = FORBIDDEN_CHARACTERS.search(text)
    if forbidden:
        line = text.count("\n", 0, forbidden.start()) + 1
        code = f"U+{ord(forbidden.group()):04X}"
        raise InputError(Message("yaml.at_line", file=name, line=line, problem=Message("yaml.character", code=code)))
    loader = _BoundedLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return YamlDocument(name, None, {(): 1})
        lines: dict[FieldPath, int] = {}
        _Walk(loader, lines).visit(node, (), node.start_mark.line + 1)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        if isinstance(exc, _Refused):  # valid YAML, but more than cardgen reads: our own words, whole
            problem = exc.message
        else:
            reason = _syntax_reason(exc, text)
            problem = Message("yaml.not_valid_because", reason=reason) if reason else Message("yaml.not_valid")
        raise InputError(Message("yaml.at_line", file=name, line=line, problem=problem)) from None
    except (yaml.YAMLError, ValueError, TypeError, RecursionError, OverflowError):
        raise InputError(Message("input.in_file", file=name, problem=Message("yaml.not_valid"))) from None
    finally:
        loader.dispose()
    return YamlDocument(name, data, lines)


def one_line(text: str | None, limit: int = 80) -> str:
    """`text` on one line of at most `limit` characters, cut with "…" (a parser's problem may
    quote a token of the file, never a whole line)."""
    text = " ".join((text or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_MERGE = "tag:yaml.org,2002:merge"


class _Walk:
    """Records the line of every value while checking the document as it would be built:
    at most MAX_NODES values with aliases expanded, no alias inside itself, no key twice."""

    def __init__(self, loader, lines: dict):
        self.loader, self.lines, self.count = loader, lines, 0
        self.open: set[int] = set()  # ids of the lists and mappings being visited

    def visit(self, node: yaml.Node, path: FieldPath, line: int) -> None:
        """A mapping's field is placed on its key's line; a list item on its own line."""
        self.lines[path] = line
        self.count += 1
        if self.count > MAX_NODES:
            if self.loader._aliases:
                raise _problem(node.start_mark, Message("yaml.too_many_values_expanded", limit=MAX_NODES))
            raise _problem(node.start_mark, Message("yaml.too_many_values", limit=MAX_NODES))
        if id(node) in self.open:
            raise _problem(node.start_mark, Message("yaml.alias_in_itself"))
        if isinstance(node, yaml.MappingNode):
            self.open.add(id(node))
            self._visit_mapping(node, path)
            self.open.discard(id(node))
        elif isinstance(node, yaml.SequenceNode):
            self.open.add(id(node))
            for index, item in enumerate(node.value):
                self.visit(item, path + (index,), item.start_mark.line + 1)
            self.open.discard(id(node))

    def _visit_mapping(self, node: yaml.MappingNode, path: FieldPath) -> None:
        seen: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise _problem(key_node.start_mark, Message("yaml.key_not_single"))
            if key_node.tag == _MERGE:  # `<<: *defaults` copies fields: count them, lines stay the parent's
                self.visit(value_node, path + ("<<",), value_node.start_mark.line + 1)
                continue
            key = self.loader.construct_object(key_node)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise _problem(key_node.start_mark, Message("yaml.key_twice", key=shown_value(key), line=seen[key]))
            seen[key] = line
            self.visit(value_node, path + (key,), line)


# How pydantic's error types read to a player, after "field X:" (the bounds, choices and
# lengths are said by `problem_of` from the error's context).
_PYDANTIC_MESSAGES = {
    "missing": Message("value.missing"),
    "extra_forbidden": Message("value.unknown_field"),
    "int_type": Message("value.whole"),
    "int_parsing": Message("value.whole"),
    "int_from_float": Message("value.whole"),
    "int_parsing_size": Message("value.too_large"),
    "float_type": Message("value.number"),
    "float_parsing": Message("value.number"),
    "decimal_type": Message("value.number"),
    "decimal_parsing": Message("value.number"),
    "finite_number": Message("value.finite"),
    "string_type": Message("value.text"),
    "string_unicode": Message("value.text"),
    "bool_type": Message("value.true_false"),
    "bool_parsing": Message("value.true_false"),
    "list_type": Message("value.list"),
    "tuple_type": Message("value.list"),  # a JSON or YAML list read as a tuple
    "set_type": Message("value.list"),
    "frozen_set_type": Message("value.list"),
    "dataclass_type": Message("value.mapping"),
    "dataclass_exact_type": Message("value.mapping"),
    "dict_type": Message("value.mapping"),
    "model_type": Message("value.mapping"),
    "model_attributes_type": Message("value.mapping"),
    "string_pattern_mismatch": Message("value.form"),
}
# What a value of a union may be, where the value given is none of them ("a whole number or 'auto'").
_KINDS = {
    Message("value.whole"): Message("value.kind_whole"),
    Message("value.number"): Message("value.kind_number"),
    Message("value.text"): Message("value.kind_text"),
    Message("value.true_false"): Message("value.kind_true_false"),
    Message("value.list"): Message("value.kind_list"),
    Message("value.mapping"): Message("value.kind_mapping"),
}
_BOUNDS = {
    "greater_than": ("gt", Message("value.more_than")),
    "greater_than_equal": ("ge", Message("value.at_least")),
    "less_than": ("lt", Message("value.less_than")),
    "less_than_equal": ("le", Message("value.at_most")),
    "multiple_of": ("multiple_of", Message("value.multiple_of")),
}
_LENGTHS = {  # (at least or at most, text or items)
    "string_too_short": ("min_length", Message("value.short_text")),
    "string_too_long": ("max_length", Message("value.long_text")),
    "too_short": ("min_length", Message("value.few_items")),
    "too_long": ("max_length", Message("value.many_items")),
    "decimal_max_places": ("decimal_places", Message("value.decimals")),
    "decimal_max_digits": ("max_digits", Message("value.digits")),
    "decimal_whole_digits": ("whole_digits", Message("value.digits")),
}


def validate(doc: YamlDocument, model: type[Model], data: Any = None, path: FieldPath = ()) -> Model:
    """Validate `data` (default: the whole document) against a pydantic model.

    Every problem is said at once, each naming the file, the line and the field (Mistakes).
    """
    value, found = checked(doc, model, data, path)
    if value is None:
        raise doc.errors(found)
    return value


def checked(
    doc: YamlDocument, model: type[Model], data: Any = None, path: FieldPath = ()
) -> tuple[Model | None, list[Mistake]]:
    """`data` (default: the whole document, with the mistakes reading it found) as a `model`,
    or None and every mistake: where it lies in the document, and what it is."""
    from pydantic import ValidationError

    whole = data is None
    data = doc.data if whole else data
    found: list[Mistake] = []
    try:
        value = model.model_validate(data)
    except ValidationError as exc:
        value, found = None, [(tuple(path) + where, problem) for where, problem in problems(exc, data)]
    if whole and doc.mistakes:  # a value refused while reading is said once, as reading found it
        said = {where for where, _ in doc.mistakes}
        return None, [(where, problem) for where, problem in found if where not in said] + doc.mistakes
    return value, found


def first_problem(exc, data: Any = None) -> tuple[FieldPath, Message]:
    """Where a pydantic ValidationError's first problem lies, and how it reads (`problems`)."""
    return problems(exc, data)[0]


def problems(exc, data: Any = None) -> list[tuple[FieldPath, Message]]:
    """Where each of a pydantic ValidationError's problems lies (the path in `data`, the input,
    when given: pydantic's names of a union's types taken out), and how it reads to a player;
    one for each field. Of a union's findings, the one that says most: a mapping's own
    problems rather than "not one of the words", and every kind of value a word may be
    ("a whole number or 'auto'")."""
    found = [(_field_path(problem["loc"], data), problem) for problem in exc.errors(include_url=False)]
    at: dict[FieldPath, list[dict]] = {}
    for location, problem in found:
        at.setdefault(location, []).append(problem)
    said: dict[FieldPath, Message] = {}
    for location, problem in found:
        if location in said or _said_below(location, problem, found):
            continue
        message = problem_of(problem)
        kinds = [_kinds_of(other) for other in at[location]]
        if message in _KINDS and len(kinds) > 1 and all(kinds):
            choices = list(dict.fromkeys(kind for each in kinds for kind in each or ()))
            message = Message("value.kinds", kinds=choices, value=shown_value(problem.get("input")))
        said[location] = message
    return list(said.items())


def _said_below(location: FieldPath, problem: dict, found: list[tuple[FieldPath, dict]]) -> bool:
    """A mapping or a list given where a union also takes a word: its own problems say more."""
    return _a_structure_for_a_word(problem) and any(
        where[: len(location)] == location and not _a_structure_for_a_word(other) for where, other in found
    )


def _a_structure_for_a_word(problem: dict) -> bool:
    return problem["type"] in ("literal_error", "enum") and isinstance(problem.get("input"), dict | list)


def _kinds_of(problem: dict) -> list[Message | float | str] | None:
    """What a union's member accepts, as a player names it: a kind ("a whole number"), or its words."""
    if problem["type"] in ("literal_error", "enum"):
        return _choices(problem)
    return [_KINDS[found]] if (found := _PYDANTIC_MESSAGES.get(problem["type"])) in _KINDS else None


def _field_path(loc: tuple, data: Any) -> FieldPath:
    """pydantic's location as a path in `data`: the names pydantic gives a union's members
    ("constrained-int", "literal['auto']", a model's class name) left out, where `data` has no such key."""
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list | tuple) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif _is_union_tag(part):
            continue
        else:
            node = None
        path.append(part)
    return tuple(path)


def _is_union_tag(part: Any) -> bool:
    # pydantic inserts the name of the tried type into locations of union members
    return isinstance(part, str) and (
        "[" in part
        or part.startswith("constrained-")
        or part in {"int", "float", "str", "bool", "decimal", "list", "dict", "tuple", "none"}
        or (part[:1].isupper() and part.isidentifier())  # a model's class name; no field is named so
    )


def _choices(problem: dict) -> list[Message | float | str]:
    """The words a Literal allows, from pydantic's context ("'a4', 'letter' or 'fit'", "1, 2 or 3")."""
    expected = str((problem.get("ctx") or {}).get("expected", ""))
    found = re.findall(r"'((?:[^'\\]|\\.)*)'|(-?[0-9]+(?:\.[0-9]+)?)", expected)
    return [shown_value(text) if not number else number for text, number in found]


def problem_of(problem: dict) -> Message:
    """How one of pydantic's findings (an item of `errors()`) reads to a player: a Message
    whose text follows "field X:", for every type of error (one we have no words for: that
    the value is not valid here)."""
    kind, context = problem["type"], problem.get("ctx") or {}
    given = shown_value(problem.get("input"))
    if kind in _PYDANTIC_MESSAGES:
        return _PYDANTIC_MESSAGES[kind]
    if kind in _BOUNDS:
        key, said = _BOUNDS[kind]
        return Message(said.id, limit=context.get(key), value=given)
    if kind in _LENGTHS:
        key, said = _LENGTHS[kind]
        count = context.get(key)
        if said.id in ("value.short_text", "value.few_items") and count == 1:
            return Message("value.empty")
        return Message(said.id, count=count, actual=context.get("actual_length"))
    if kind in ("literal_error", "enum"):
        choices = _choices(problem)
        if len(choices) == 1:
            return Message("value.exactly", choice=choices[0], value=given)
        return Message("value.one_of", choices=choices, value=given)
    if kind == "union_tag_invalid":
        tags = [shown_value(tag.strip(" '")) for tag in str(context.get("expected_tags", "")).split(",") if tag.strip()]
        return Message("value.one_of", choices=tags, value=shown_value(context.get("tag")))
    if kind == "union_tag_not_found":
        return Message("value.needs_field", field=str(context.get("discriminator", "")).strip("'"))
    if kind in ("value_error", "assertion_error"):
        error = context.get("error")
        carried = getattr(error, "message", None)
        return carried if isinstance(carried, Message) else sentence(str(error or problem["msg"]))
    return Message("value.invalid")
