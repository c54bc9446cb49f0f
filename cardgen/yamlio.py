"""Safe YAML loading that remembers the line of every value.

Errors name the file, the line and the field in one sentence, e.g.
``templates/cards/promo.yaml, line 7, field cards[2].heads: must be a whole number.``
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

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

from cardgen.errors import InputError
from cardgen.messages import Message
from cardgen.paths import find_referenced_file, read_input

FieldPath = tuple[str | int, ...]
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

    def folder_of(self, path: FieldPath) -> Path | None:
        """The folder of the file that gives the value at `path` (a file of a chain of `extends:`)."""
        return self.folder

    def line_of(self, path: FieldPath) -> int:
        """Line (1-based) of the value at `path`, or of its nearest parent that exists."""
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path, 1)

    def place(self, *paths: FieldPath) -> str:
        """Where the values at `paths` stand, for a report: "line 7", "lines 7, 9"."""
        lines = ", ".join(str(self.line_of(path)) for path in paths)
        return f"{'line' if len(paths) == 1 else 'lines'} {lines}"

    def sets(self, path: FieldPath) -> bool:
        """Whether this file itself gives the field at `path`."""
        return tuple(path) in self.lines

    def error(self, path: FieldPath, message: str) -> InputError:
        """An InputError naming file, line and field; `message` finishes the sentence."""
        path = tuple(path)
        where = f"{self.file}, line {self.line_of(path)}"
        if path:
            where += f", field {field_name(path)}"
        return InputError(f"{where}: {message.rstrip('.')}.")


MAX_BYTES = 2_000_000  # no card set, layout or record comes near this
MAX_NODES = 100_000  # values in a document, counting each alias's copy
MAX_DEPTH = 100  # lists and mappings nested in each other
MAX_INT_DIGITS = 100  # longer integers are no count, size or value
# What YAML allows in a file: tab, newlines and the printable characters (YAML 1.1, 5.1).
FORBIDDEN_CHARACTERS = re.compile("[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def load_yaml(path: str | Path, shown_as: str | None = None) -> YamlDocument:
    """Read a YAML file with the bounded safe loader; every problem is one InputError."""
    name = shown_as or str(path)
    data = read_input(path, name, MAX_BYTES, "cardgen reads YAML files", "name a YAML file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"{name}, line {line}: this file is not UTF-8 text.") from None
    doc = parse_yaml(text, name)
    doc.folder = Path(path).resolve().parent
    return doc


MAX_EXTENDS = 20  # files in one chain of `extends:`


def load_extended(path: Path, shown: str, folder: Path, what: str) -> YamlDocument:
    """A YAML file of `what` ("layout", "face style") with the file its `extends:` names
    (a bundled one of `folder`, or a file beside it) merged in, mapping by mapping, and that
    one's in turn: at most MAX_EXTENDS in a chain, and never in a circle."""
    return _load_with_parents(path, shown, folder, what, seen=())


def _load_with_parents(path: Path, shown: str, folder: Path, what: str, seen: tuple[Path, ...]) -> YamlDocument:
    doc = load_yaml(path, shown_as=shown)
    if not isinstance(doc.data, dict):
        raise doc.error((), f"a {what} must be a mapping of fields")
    parent_name = doc.data.pop("extends", None)
    if parent_name is None:
        return doc
    if not isinstance(parent_name, str):
        raise doc.error(("extends",), f"must be the name or file of another {what}")
    if path.resolve() in seen:
        circle = " → ".join(file.name for file in (*seen[seen.index(path.resolve()) :], path))
        raise doc.error(("extends",), f"{what}s extend each other in a circle ({circle})")
    if len(seen) >= MAX_EXTENDS:
        raise doc.error(("extends",), f"a {what} may stand at most {MAX_EXTENDS} {what}s away from the one it ends in")
    try:
        parent_path, parent_shown = find_referenced_file(parent_name, folder, what, path)
    except InputError as exc:
        raise doc.error(("extends",), str(exc)) from None
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
                raise _problem(event.start_mark, f"this file holds more than {MAX_NODES:,} aliases")
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _problem(event.start_mark, f"this file nests lists or mappings more than {MAX_DEPTH} deep")
            return Composer.compose_node(self, parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node):
        digits = sum(ch.isalnum() for ch in node.value)
        if digits > MAX_INT_DIGITS:
            raise _problem(node.start_mark, f"this number has more than {MAX_INT_DIGITS} digits")
        return SafeConstructor.construct_yaml_int(self, node)


# The stubs accept constructors only for PyYAML's own loader classes, not for a loader made of its parts.
_BoundedLoader.add_constructor("tag:yaml.org,2002:int", _BoundedLoader.construct_yaml_int)  # type: ignore[type-var]


class _Refused(yaml.MarkedYAMLError):
    """A limit of this loader, as opposed to a syntax error found by the parser."""


def _problem(mark, text: str) -> yaml.MarkedYAMLError:
    return _Refused(problem=text, problem_mark=mark)


def _unquoted(problem: str | None) -> str:
    """The parser's problem without the words it quotes from the file (an alias or tag name
    could be a line of any file given by mistake); its own tokens like '<scalar>' and single
    characters like '\\t' stay."""
    return re.sub(r"'([^']*)'", _keep_token, problem or "")


def _keep_token(quoted: re.Match) -> str:
    text = quoted.group(1)
    return quoted.group() if len(text) <= 1 or text.startswith(("<", "\\")) else "'…'"


def parse_yaml(text: str, name: str) -> YamlDocument:
    """Parse YAML text; raise InputError naming `name` and the line of any problem."""
    forbidden = FORBIDDEN_CHARACTERS.search(text)
    if forbidden:
        line = text.count("\n", 0, forbidden.start()) + 1
        code = f"U+{ord(forbidden.group()):04X}"
        raise InputError(f"{name}, line {line}: the character {code} is not allowed in YAML.")
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
        problem = exc.problem or exc.context
        if isinstance(exc, _Refused):  # valid YAML, but more than cardgen reads: our own words, whole
            raise InputError(f"{name}, line {line}: {problem}.") from None
        raise InputError(f"{name}, line {line}: this is not valid YAML ({one_line(_unquoted(problem))}).") from None
    except (yaml.YAMLError, ValueError, TypeError, RecursionError, OverflowError) as exc:
        raise InputError(f"{name}: this is not valid YAML ({one_line(str(exc))}).") from None
    finally:
        loader.dispose()
    return YamlDocument(name, data, lines)


def one_line(text: str | None, limit: int = 80) -> str:
    """`text` on one line of at most `limit` characters, cut with "…" (a parser's problem may
    quote a token of the file, never a whole line)."""
    text = " ".join((text or "unreadable").split())
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
            expanded = " once its aliases are expanded" if self.loader._aliases else ""
            raise _problem(
                node.start_mark,
                f"this file holds more than {MAX_NODES:,} values (numbers, words, list items){expanded}; cardgen reads "
                "at most that many from one file, far more than any card set, layout or game record holds",
            )
        if id(node) in self.open:
            raise _problem(node.start_mark, "an alias refers to the list or mapping that contains it")
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
                raise _problem(key_node.start_mark, "a key must be a single value, not a list or mapping")
            if key_node.tag == _MERGE:  # `<<: *defaults` copies fields: count them, lines stay the parent's
                self.visit(value_node, path + ("<<",), value_node.start_mark.line + 1)
                continue
            key = self.loader.construct_object(key_node)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise _problem(
                    key_node.start_mark, f"the key {one_line(repr(key))} appears twice, first on line {seen[key]}"
                )
            seen[key] = line
            self.visit(value_node, path + (key,), line)


# How pydantic's error types read to a player, completing "field X ...".
_PYDANTIC_MESSAGES = {
    "missing": "is missing",
    "extra_forbidden": "is not a known field (check its spelling)",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number",
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "list_type": "must be a list",
    "tuple_type": "must be a list",  # a JSON or YAML list read as a tuple
    "dataclass_type": "must be a mapping of fields",
    "dict_type": "must be a mapping of fields",
    "model_type": "must be a mapping of fields",
    "model_attributes_type": "must be a mapping of fields",
}


def validate(doc: YamlDocument, model: type[Model], data: Any = None, path: FieldPath = ()) -> Model:
    """Validate `data` (default: the whole document) against a pydantic model.

    The first problem becomes an InputError naming the file, the line and the field.
    """
    from pydantic import ValidationError

    data = doc.data if data is None else data
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        location, message = first_problem(exc)
        raise doc.error(tuple(path) + location, message) from None


def first_problem(exc) -> tuple[FieldPath, str]:
    """Where a pydantic ValidationError's first problem lies, and how it reads to a player."""
    problem = exc.errors(include_url=False)[0]
    location = tuple(part for part in problem["loc"] if not _is_union_tag(part))
    return location, _pydantic_message(problem)


def _is_union_tag(part: Any) -> bool:
    # pydantic inserts the name of the tried type into locations of union members
    return isinstance(part, str) and (
        "[" in part or part.startswith("constrained-") or part in {"int", "float", "str", "bool"}
    )


def _pydantic_message(problem: dict) -> str:
    kind = problem["type"]
    if kind in _PYDANTIC_MESSAGES:
        return _PYDANTIC_MESSAGES[kind]
    context = problem.get("ctx") or {}
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        words = {
            "greater_than": ("more than", "gt"),
            "greater_than_equal": ("at least", "ge"),
            "less_than": ("less than", "lt"),
            "less_than_equal": ("at most", "le"),
        }[kind]
        return f"must be {words[0]} {context.get(words[1])}, not {problem.get('input')!r}"
    if kind in ("literal_error", "enum"):
        return f"must be one of {context.get('expected')}, not {problem.get('input')!r}"
    if kind == "value_error":
        return str(context.get("error", problem["msg"]))
    message = problem["msg"]
    return message[0].lower() + message[1:]
