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


# a bullet of Classic's mistakes in each language, repeated to make a summary that needs
# both sides of its sheet (every bundled summary fits one page)
_A_MISTAKE = {
    "en": "- Putting collected cards back in your hand.",
    "de": "- Genommene Karten zurück auf die Hand nehmen.",
}


def two_page_summary(folder: Path, lang: str = "en") -> Path:
    """Classic with 30 more common mistakes in `lang`: a summary on both sides of a sheet."""
    mistake = _A_MISTAKE[lang]
    return copy_summary(folder, "classic", "long", mistake, mistake + f"\n      {mistake}" * 30)
