"""A bundled rule summary copied beside the tests' temporary files, with its words:
NAME.yaml and locales/LANG/rules-NAME.yaml, as a user's own summary is laid out."""

from __future__ import annotations

from pathlib import Path

from cardgen.paths import TEMPLATES


def copy_summary(folder: Path, variant: str, name: str, old: str = "", new: str = "") -> Path:
    """The copy's rule file; `old` (in the rule file or one locale file) becomes `new`, once."""
    sources = {folder / f"{name}.yaml": TEMPLATES / "rules" / f"{variant}.yaml"}
    for locale in sorted((TEMPLATES / "locales").iterdir()):
        sources[folder / "locales" / locale.name / f"rules-{name}.yaml"] = locale / f"rules-{variant}.yaml"
    replaced = not old
    for target, source in sources.items():
        text = source.read_text(encoding="utf-8")
        if not replaced and old in text:
            text, replaced = text.replace(old, new, 1), True
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    assert replaced, f"{old!r} is in no file of the {variant} summary"
    return folder / f"{name}.yaml"
