"""Hostile files given to the command line: each is refused fast with exit status 2
and exactly one line on stderr that names the file, never a traceback or a hang. A real
process runs whatever could hang, exhaust memory or meet the interpreter's limits (with a
timeout); plain refusals run in-process."""

import os
import signal
import struct
import subprocess
import sys
import time
import warnings
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner
from clirun import cardgen_in_process
from PIL import Image

from cardgen.cli import main
from cardgen.render import fonts

SET_HEAD = "name: hostile\ntitle: Hostile\n"
CARD = "  - {id: '1', kind: number, value: 1, heads: 1}\n"


def cardgen(*args, cwd=None, env=None, timeout=60):
    return subprocess.run(
        [sys.executable, "-m", "cardgen", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=timeout,
    )


def assert_refused(result, *names):
    """Exit 2, one line on stderr, no traceback, and the line names each of `names`."""
    lines = result.stderr.splitlines()
    assert result.returncode == 2, result.stderr
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for name in names:
        assert str(name) in lines[0], lines[0]
    return lines[0]


def preview_set(tmp_path, text, name="set.yaml", run=cardgen):
    """`run` is the real command for what could hang or exhaust memory, else in-process."""
    path = tmp_path / name
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    return run("preview", "--set", path, "-o", tmp_path / "out"), path


def alias_bomb() -> str:
    """A YAML of 30 lines whose aliases expand to a billion values (the studio's tests use it too)."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_fast(tmp_path):
    started = time.monotonic()
    result, path = preview_set(tmp_path, alias_bomb())
    assert "100,000 values" in assert_refused(result, path)
    assert time.monotonic() - started < 20


def test_a_file_of_too_many_values_without_an_alias_says_what_the_bound_is_about(tmp_path):
    result, path = preview_set(tmp_path, "cards: [" + ", ".join(["1"] * 100_001) + "]\n", run=cardgen_in_process)
    line = assert_refused(result, path)
    assert "this file holds more than 100,000 values (numbers, words, list items); cardgen reads at most" in line
    assert "alias" not in line


def test_alias_inside_itself_is_refused(tmp_path):
    result, path = preview_set(tmp_path, SET_HEAD + "cards: &a [*a]\n", run=cardgen_in_process)
    assert "line 3" in assert_refused(result, path)


def test_integer_of_5000_digits_is_refused(tmp_path):
    result, path = preview_set(
        tmp_path,
        SET_HEAD + "cards:\n  - {id: '1', kind: number, value: " + "9" * 5000 + ", heads: 1}\n",
        run=cardgen_in_process,
    )
    assert "line 4" in assert_refused(result, path)


def test_nul_byte_names_its_line(tmp_path):
    result, path = preview_set(
        tmp_path, (SET_HEAD + "cards:\n" + CARD.replace("1", "1\0", 1)).encode(), run=cardgen_in_process
    )
    assert "line 4" in assert_refused(result, path)


def test_duplicate_key_names_its_line(tmp_path):
    result, path = preview_set(tmp_path, SET_HEAD + "title: Twice\ncards:\n" + CARD, run=cardgen_in_process)
    assert "line 3" in assert_refused(result, path, "'title'")


def test_joker_value_with_a_billion_digits_is_refused(tmp_path):
    result, path = preview_set(
        tmp_path, SET_HEAD + "cards:\n  - {id: J, kind: joker, value: '1e999999999', heads: 1}\n"
    )
    assert "field cards[0].value" in assert_refused(result, path)


def test_chain_of_1000_extends_is_refused(tmp_path):
    for index in range(1000):
        parent = f"layout{index + 1}.yaml" if index < 999 else "standard"
        (tmp_path / f"layout{index}.yaml").write_text(f"extends: {parent}\nname: l{index}\n")
    result = cardgen("build", "--set", "jokers", "--layout", tmp_path / "layout0.yaml", "-o", tmp_path / "out")
    assert "field extends" in assert_refused(result, "layout")
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize(
    "command",
    [
        ("preview", "--set", "/dev/zero"),
        ("build", "--set", "jokers", "--layout", "/dev/zero"),
        ("referee", "/dev/zero"),
    ],
)
def test_a_device_is_refused_without_reading_it(tmp_path, command):
    result = cardgen(*command, "-o", tmp_path) if command[0] != "referee" else cardgen(*command)
    assert "not a regular file" in assert_refused(result, "/dev/zero")


def test_damaged_font_names_style_field_and_font(tmp_path):
    (tmp_path / "cut.ttf").write_bytes(fonts.BUNDLED["Vera"].read_bytes()[:5000])
    style = (Path(fonts.__file__).parents[2] / "templates" / "faces" / "standard.yaml").read_text()
    style = style.replace("value: Vera-Bold", "value: cut.ttf", 1)
    assert "value: cut.ttf" in style
    (tmp_path / "style.yaml").write_text(style)
    result = cardgen_in_process("preview", "--cards", "1", "--faces", tmp_path / "style.yaml", "-o", tmp_path / "out")
    assert_refused(result, "style.yaml", "field fonts.value", "cut.ttf")


def test_a_font_path_no_file_can_have_names_the_style_its_line_and_field(tmp_path):
    style = (Path(fonts.__file__).parents[2] / "templates" / "faces" / "standard.yaml").read_text()
    (tmp_path / "style.yaml").write_text(style.replace("value: Vera-Bold", 'value: "a\\0b.ttf"', 1))
    result = cardgen_in_process("preview", "--cards", "1", "--faces", tmp_path / "style.yaml", "-o", tmp_path / "out")
    line = assert_refused(result, "style.yaml", "field fonts.value", "NUL byte")
    assert ", line " in line


def _decodable_png(width: int, height: int) -> bytes:
    """A black-and-white PNG of width × height pixels that pillow decodes whole, in a few
    kilobytes however long its side."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = zlib.compressobj(9)
    row = b"\0" + bytes((width + 7) // 8)
    at_once = max(1, 1_000_000 // len(row))  # rows compressed a megabyte at a time
    data = b"".join(rows.compress(row * min(at_once, height - n)) for n in range(0, height, at_once)) + rows.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def _within_memory(gigabytes: float):
    import resource

    size = int(gigabytes * 1024**3)
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (size, size))


@pytest.mark.parametrize("size", [(50_000_000, 1), (1, 50_000_000)], ids=["a line", "a column"])
@pytest.mark.parametrize("command", ["build", "verify"])
def test_a_picture_of_one_pixel_by_fifty_million_is_one_line_not_a_memory_error(tmp_path, size, command):
    (tmp_path / "long.png").write_bytes(_decodable_png(*size))
    (tmp_path / "set.yaml").write_text(
        SET_HEAD + "cards:\n  - {id: '1', kind: number, value: 1, heads: 1, picture: long.png}\n"
    )
    arguments = (
        ["--set", tmp_path / "set.yaml", "-o", tmp_path / "out"] if command == "build" else [tmp_path / "set.yaml"]
    )
    ran = subprocess.run(
        [sys.executable, "-m", "cardgen", command, *map(str, arguments)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_within_memory(1.5),  # what a small machine has to spare
    )
    said = "set.yaml, line 4, field cards[0].picture: long.png is"
    if command == "build":
        assert said in assert_refused(ran, "65535 pixels")
    else:  # a set verify cannot read is a failed check
        assert ran.returncode == 1 and "Traceback" not in ran.stderr, ran.stderr
        assert said in ran.stdout and "65535 pixels" in ran.stdout


def _font_claiming_every_code_point() -> bytes:
    """Vera with its character map replaced by one format-12 group from 0 to 0xFFFFFFFF:
    28 bytes that reportlab alone would expand into billions of entries."""
    font = bytearray(fonts.BUNDLED["Vera"].read_bytes())
    cmap = (
        struct.pack(">HHHHI", 0, 1, 3, 10, 12)
        + struct.pack(">HHIII", 12, 0, 28, 0, 1)
        + struct.pack(">III", 0, 0xFFFFFFFF, 0)
    )
    for entry in range(struct.unpack_from(">H", font, 4)[0]):
        at = 12 + 16 * entry
        if font[at : at + 4] == b"cmap":
            struct.pack_into(">II", font, at + 8, len(font), len(cmap))
    return bytes(font) + cmap


def test_a_font_whose_character_map_claims_everything_is_refused_before_it_is_expanded(tmp_path):
    (tmp_path / "huge.ttf").write_bytes(_font_claiming_every_code_point())
    style = (Path(fonts.__file__).parents[2] / "templates" / "faces" / "standard.yaml").read_text()
    (tmp_path / "style.yaml").write_text(style.replace("value: Vera-Bold", "value: huge.ttf", 1))
    result = cardgen("preview", "--cards", "1", "--faces", tmp_path / "style.yaml", "-o", tmp_path / "out")
    assert "more than Unicode has" in assert_refused(result, "style.yaml", "field fonts.value", "huge.ttf")


SECRET = "root:x:0:0:secret-line"


@pytest.mark.parametrize("field, naming_file", [("extends", "layout.yaml"), ("faces", "set.yaml")])
def test_extends_and_faces_stay_in_their_folders_and_quote_nothing(tmp_path, field, naming_file):
    outside = tmp_path / "outside.yaml"
    outside.write_text(SECRET + "\n")
    folder = tmp_path / "mine"
    folder.mkdir()
    if field == "extends":
        (folder / naming_file).write_text("extends: ../outside.yaml\nname: mine\n")
        result = cardgen_in_process(
            "build", "--set", "jokers", "--layout", folder / naming_file, "-o", tmp_path / "out"
        )
    else:
        (folder / naming_file).write_text(SET_HEAD + "faces: ../outside.yaml\ncards:\n" + CARD)
        result = cardgen_in_process("preview", "--set", folder / naming_file, "-o", tmp_path / "out")
    line = assert_refused(result, naming_file, f"field {field}", "outside")
    assert "secret" not in line


def test_faces_file_is_found_beside_the_set_in_build_as_in_preview(tmp_path, monkeypatch):
    folder = tmp_path / "mine"
    folder.mkdir()
    style = (Path(fonts.__file__).parents[2] / "templates" / "faces" / "standard.yaml").read_text()
    (folder / "style.yaml").write_text(style)
    (folder / "set.yaml").write_text(SET_HEAD + "faces: style.yaml\ncards:\n" + CARD)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = cardgen_in_process("build", "--set", folder / "set.yaml", "--mode", "sleeve", "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr


def test_printer_profiles_that_are_not_utf8_are_one_line(tmp_path, monkeypatch):
    (tmp_path / "printers.yaml").write_bytes("printers:\n  caf\u00e9: {back_offset: [0, 0]}\n".encode("latin-1"))
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path))
    result = cardgen_in_process("printer", "list")
    assert "UTF-8" in assert_refused(result, "printers.yaml", "line 2")


def test_printer_profiles_with_a_huge_integer_are_one_line(tmp_path, monkeypatch):
    (tmp_path / "printers.yaml").write_text("printers:\n  office: {back_offset: [" + "1" * 5000 + ", 0]}\n")
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path))
    result = cardgen_in_process("printer", "list")
    assert_refused(result, "printers.yaml", "line 2")


def test_contact_sheet_never_passes_pillows_image_limit(tmp_path, monkeypatch):
    # The bundled sets at --dpi 600 pass the real limit of 89 Mpx; a lower limit shows the same at 72 dpi.
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 300_000)
    result = CliRunner().invoke(
        main, ["preview", "--set", "jokers", "--contact-sheet", "--back", "--dpi", "72", "-o", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    sheets = sorted(tmp_path.iterdir())
    assert len(sheets) > 1
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        for sheet in sheets:
            with Image.open(sheet) as image:
                assert image.width * image.height <= 300_000


def test_names_with_newlines_and_rtl_overrides_are_shown_escaped(tmp_path):
    result = cardgen_in_process("preview", "--set", tmp_path / "evil\nname\u202egnp.yaml", "-o", tmp_path / "out")
    line = assert_refused(result)
    assert "evil\\nname\\u202egnp.yaml" in line
    assert "\u202e" not in line


def _ctrl_c_as_in_a_terminal():
    # a shell starts background jobs (and so pytest and its children) with Ctrl-C ignored:
    # the child would then never see the signal and run its hundred million games
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for_children(pid: int, timeout: float = 30) -> None:
    """Until the process `pid` has started a child (Linux: a /proc/N/stat naming it as the
    parent); elsewhere, three seconds."""
    if not Path("/proc/self/stat").exists():
        time.sleep(3)
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                parent = stat.read_text().rsplit(")", 1)[1].split()[1]
            except (OSError, IndexError):
                continue  # gone meanwhile
            if parent == str(pid):
                return
        time.sleep(0.05)


def test_ctrl_c_prints_one_line_and_exits_130():
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "simulate", "--games", "10000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_as_in_a_terminal,
    )
    try:
        _wait_for_children(process.pid)
        time.sleep(0.3)  # the workers are playing
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()  # no simulation left running when the test fails
    assert process.returncode == 130
    assert stderr.splitlines() == ["cardgen: stopped."]


def test_a_players_name_reaches_the_terminal_escaped(tmp_path):
    record = tmp_path / "game.yaml"
    record.write_text('variant: classic\nplayers: ["Ana\\u202eneB", "Ana\\u202eneB", "Cleo"]\n')
    line = assert_refused(cardgen_in_process("referee", record), "game.yaml", "line 2")
    assert "Ana\\u202eneB" in line and "\u202e" not in line
