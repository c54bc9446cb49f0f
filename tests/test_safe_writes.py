"""Files written: never through a planted link, all of a run's files or none (full disk,
a folder in the way, a kill at any moment), concurrent profile changes all kept, and
preview images that never overwrite each other."""

import json
import multiprocessing
import os
import resource
import signal
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner
from clirun import cardgen_in_process

from cardgen.cli import main
from cardgen.files import STAGE_PREFIX, output_folder, write_files


def cardgen(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True, text=True, **kwargs)


def snapshot(folder):
    return {path.name: "folder" if path.is_dir() else path.read_bytes() for path in sorted(folder.iterdir())}


def one_line_error(result, status=2):
    lines = result.stderr.strip().splitlines()
    assert result.returncode == status, result.stderr
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


# --- links planted in the output folder ---------------------------------------------


def test_a_link_planted_at_the_old_temporary_name_is_never_followed(tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_bytes(b"keep me")
    out = tmp_path / "out"
    out.mkdir()
    # the temporary name the first version used: .NAME.<pid>.tmp
    (out / f".deck-duplex.pdf.{os.getpid()}.tmp").symlink_to(outside)
    write_files(out, {"deck-duplex.pdf": b"%PDF-new"})
    assert outside.read_bytes() == b"keep me"
    assert (out / "deck-duplex.pdf").read_bytes() == b"%PDF-new"


def test_a_link_planted_at_the_stage_name_stops_the_run_and_touches_nothing(tmp_path, monkeypatch):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr("secrets.token_hex", lambda n: "guessed")
    (out / f"{STAGE_PREFIX}guessed").symlink_to(outside)
    with pytest.raises(Exception, match="cannot be written"):
        write_files(out, {"a.pdf": b"new"})
    assert list(outside.iterdir()) == []
    assert not (out / "a.pdf").exists()


def test_an_output_file_that_is_a_link_is_replaced_not_followed(tmp_path):
    outside = tmp_path / "precious.txt"
    outside.write_bytes(b"keep me")
    out = tmp_path / "out"
    out.mkdir()
    (out / "calibration.pdf").symlink_to(outside)
    result = cardgen_in_process("calibrate", "-o", str(out / "calibration.pdf"))
    assert result.returncode == 0, result.stderr
    assert outside.read_bytes() == b"keep me"
    assert not (out / "calibration.pdf").is_symlink()
    assert (out / "calibration.pdf").read_bytes().startswith(b"%PDF-")


# --- all or nothing -----------------------------------------------------------------


@pytest.fixture
def a4_kit(default_kit_folder):
    return default_kit_folder


def _copy(folder, to):
    to.mkdir()
    for path in folder.iterdir():
        (to / path.name).write_bytes(path.read_bytes())
    return to


def _small_file_limit():
    # Writing past 75 KB fails with "File too large", as a full disk fails a write:
    # the Letter deck (about 90 KB) cannot be written, the sheets before it (about 60 KB) can.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (75_000, 75_000))


def test_a_failed_write_leaves_the_whole_old_kit(a4_kit, tmp_path):
    out = _copy(a4_kit, tmp_path / "out")
    before = snapshot(out)
    result = cardgen("build", "--paper", "letter", "-o", str(out), preexec_fn=_small_file_limit)
    line = one_line_error(result)
    assert "no file was changed" in line
    assert snapshot(out) == before  # no Letter file beside A4 ones, no stage left behind


def test_a_folder_where_a_pdf_should_go_changes_nothing(a4_kit, tmp_path):
    out = _copy(a4_kit, tmp_path / "out")
    (out / "jokers-glue.pdf").unlink()
    (out / "jokers-glue.pdf").mkdir()
    before = snapshot(out)
    line = one_line_error(cardgen_in_process("build", "--paper", "letter", "-o", str(out)))
    assert "jokers-glue.pdf: a folder stands where this file should go" in line
    assert snapshot(out) == before


KILLED_WRITER = textwrap.dedent("""
    import os, sys
    from cardgen.files import write_files

    # die (as a kill would: no clean-up) at the given step of the write
    steps, die_at = [0], int(sys.argv[2])
    def counted(real):
        def step(*args):
            steps[0] += 1
            if steps[0] == die_at:
                os._exit(9)
            return real(*args)
        return step
    os.fsync, os.rename, os.replace = counted(os.fsync), counted(os.rename), counted(os.replace)
    write_files(sys.argv[1], {name: b"new " + name.encode() for name in ("a.pdf", "b.pdf", "c.pdf")})
""")


def test_a_kill_at_any_moment_leaves_the_whole_old_set_or_the_whole_new_one(tmp_path):
    old = {name: b"old " + name.encode() for name in ("a.pdf", "b.pdf", "c.pdf")}
    new = {name: b"new " + name.encode() for name in old}
    states = set()
    for die_at in range(1, 16):
        out = tmp_path / f"run{die_at}"
        out.mkdir()
        for name, content in old.items():
            (out / name).write_bytes(content)
        result = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(out), str(die_at)])
        with output_folder(out):  # what the next cardgen run in this folder does first
            pass
        found = snapshot(out)
        assert found in (old, new), (die_at, found)
        states.add((result.returncode, "new" if found == new else "old"))
    # killed while staging -> old; killed while moving in -> new; never killed -> new
    assert states == {(9, "old"), (9, "new"), (0, "new")}


def test_a_kill_before_the_set_is_complete_is_invisible_right_away(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.pdf").write_bytes(b"old")
    subprocess.run([sys.executable, "-c", KILLED_WRITER, str(out), "2"])
    assert [path.name for path in out.iterdir() if not path.name.startswith(STAGE_PREFIX)] == ["a.pdf"]
    assert (out / "a.pdf").read_bytes() == b"old"


# --- printer profiles changed by several processes at once --------------------------


def test_twenty_printers_added_at_once_are_all_kept(tmp_path, monkeypatch):
    """Twenty processes, forked from this one (no interpreter start-up each), add a
    profile each at the same moment: past a barrier, all read and write printers.yaml together."""
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))
    fork = multiprocessing.get_context("fork")
    together = fork.Barrier(20)

    def add(n):
        together.wait()
        sys.exit(cardgen_in_process("printer", "add", f"p{n}", "--back-offset", f"0,{n / 10}").returncode)

    runs = [fork.Process(target=add, args=(n,)) for n in range(20)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    assert [run.exitcode for run in runs] == [0] * 20
    listed = cardgen_in_process("printer", "list", "--json")
    assert sorted(json.loads(listed.stdout)) == sorted(f"p{n}" for n in range(20))


# --- preview image names --------------------------------------------------------------


def test_preview_names_never_collide_and_say_which_card_each_is(tmp_path):
    ids = [
        "A/1",
        "A?1",
        "A_1",
        "back",
        "contact-sheet",
        "contact-sheet-1",
        "a",
        "A",
        ".hidden",
        "\U0001f402" * 40,
        "~2",
        "%41",
    ]
    cards = "".join(
        f"  - {{id: {card_id!r}, kind: number, value: {n + 1}, heads: 1}}\n" for n, card_id in enumerate(ids)
    )
    card_set = tmp_path / "odd.yaml"
    card_set.write_text(f"name: odd\ntitle: Odd ids\ncards:\n{cards}", encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main,
        ["preview", "--set", str(card_set), "--back", "--contact-sheet", "--singles", "--dpi", "30", "-o", str(out)],
    )
    assert result.exit_code == 0, result.output
    names = [path.name for path in out.iterdir()]
    assert len(names) == len(ids) + 2  # every card, the back and the contact sheet
    assert len({name.casefold() for name in names}) == len(names)  # apart on any file system too
    assert not any(name.startswith(".") for name in names)
    said = result.output.splitlines()
    assert f"{out / 'A%2F1.png'}: card 'A/1'" in said
    assert f"{out / 'back~2.png'}: card 'back'" in said
    assert str(out / "A_1.png") in said  # a name that is the id is shown plainly
