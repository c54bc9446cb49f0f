"""Safe YAML loading that remembers the line of every value.

Errors name the file, the line and the field in one sentence, e.g.
``templates/cards/promo.yaml, line 7, field cards[2].heads: must be a whole number.``
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cardgen.errors import InputError

FieldPath = tuple[str | int, ...]
# libyaml's safe loader when present (about ten times faster), else the pure-Python one
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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

    def line_of(self, path: FieldPath) -> int:
        """Line (1-based) of the value at `path`, or of its nearest parent that exists."""
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path, 1)

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


def load_yaml(path: str | Path, shown_as: str | None = None) -> YamlDocument:
    """Read a YAML file with the safe loader; raise InputError for a missing file or bad syntax."""
    path = Path(path)
    name = shown_as or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{name}: there is no such file.") from None
    except IsADirectoryError:
        raise InputError(f"{name}: this is a folder, not a YAML file.") from None
    except UnicodeDecodeError:
        raise InputError(f"{name}: this file is not UTF-8 text.") from None
    except OSError as exc:
        raise InputError(f"{name}: cannot be read ({exc.strerror}).") from None
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> YamlDocument:
    """Parse YAML text; raise InputError naming `name` and the line of a syntax error."""
    loader = _SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return YamlDocument(name, None, {(): 1})
        lines: dict[FieldPath, int] = {}
        _record_lines(loader, node, (), lines, node.start_mark.line + 1)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        problem = (exc.problem or exc.context or "unreadable").strip()
        raise InputError(f"{name}, line {line}: this is not valid YAML ({problem}).") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{name}: this is not valid YAML ({exc}).") from None
    finally:
        loader.dispose()
    return YamlDocument(name, data, lines)


def _record_lines(
    loader, node: yaml.Node, path: FieldPath, lines: dict, line: int
) -> None:
    """A mapping's field is placed on its key's line; a list item on its own line."""
    lines[path] = line
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key = loader.construct_object(key_node)
                _record_lines(loader, value_node, path + (key,), lines, key_node.start_mark.line + 1)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _record_lines(loader, item, path + (index,), lines, item.start_mark.line + 1)


# How pydantic's error types read to a player, completing "field X ...".
_PYDANTIC_MESSAGES = {
    "missing": "is missing",
    "extra_forbidden": "is not a known field (check its spelling)",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "string_type": "must be text",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "list_type": "must be a list",
    "dict_type": "must be a mapping of fields",
    "model_type": "must be a mapping of fields",
    "model_attributes_type": "must be a mapping of fields",
}


def validate(doc: YamlDocument, model: type, data: Any = None, path: FieldPath = ()):
    """Validate `data` (default: the whole document) against a pydantic model.

    The first problem becomes an InputError naming the file, the line and the field.
    """
    from pydantic import ValidationError

    data = doc.data if data is None else data
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problem = exc.errors(include_url=False)[0]
        location = tuple(part for part in problem["loc"] if not _is_union_tag(part))
        raise doc.error(tuple(path) + location, _pydantic_message(problem)) from None


def _is_union_tag(part: Any) -> bool:
    # pydantic inserts the name of the tried type into locations of union members
    return isinstance(part, str) and ("[" in part or part in {"int", "float", "str", "bool"})


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
