import json

import pytest
from click.testing import CliRunner
from pdfcheck import reader

from cardgen.cli import main
from cardgen.render.calibration import ATTACHMENT


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGEN_CONFIG_DIR", str(tmp_path / "config"))


def run(*args):
    return CliRunner().invoke(main, list(args))


def described(path):
    return json.loads(reader(path.read_bytes()).attachments[ATTACHMENT][0])


def test_calibrate_writes_the_sheet(tmp_path):
    out = tmp_path / "cal.pdf"
    result = run("calibrate", "--paper", "letter", "--flip", "short", "--back-offset", "-0.5,1", "-o", str(out))
    assert result.exit_code == 0, result.output
    info = described(out)
    assert (info["paper"], info["flip"], info["back_offset"]) == ("letter", "short", [-0.5, 1.0])


def test_the_default_file_is_output_calibration_pdf(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("calibrate").exit_code == 0
    assert described(tmp_path / "output" / "calibration.pdf")["flip"] == "long"


def test_a_printer_profile_gives_the_defaults_and_options_win(tmp_path):
    run("printer", "add", "office", "--back-offset", "0.5,-1.25", "--flip", "short", "--paper", "letter")
    out = tmp_path / "cal.pdf"
    assert run("calibrate", "--printer", "office", "-o", str(out)).exit_code == 0
    info = described(out)
    assert (info["paper"], info["flip"], info["back_offset"]) == ("letter", "short", [0.5, -1.25])
    assert (
        run("calibrate", "--printer", "office", "--flip", "long", "--back-offset", "0,0", "-o", str(out)).exit_code == 0
    )
    info = described(out)
    assert (info["paper"], info["flip"], info["back_offset"]) == ("letter", "long", [0.0, 0.0])


@pytest.mark.parametrize("args", [("--printer", "nowhere"), ("--back-offset", "1;2;3"), ("--back-offset", "0,20")])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, args):
    out = tmp_path / "cal.pdf"
    result = run("calibrate", *args, "-o", str(out))
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert not out.exists()
