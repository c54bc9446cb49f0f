"""How much memory `cardgen studio` holds through one designer's session: twelve phone
photos (synthetic 12-megapixel JPEGs of about 4 MB) sent one by one to the "My own cards"
page, the set of twelve cards built, every page's picture looked at small and large, the
sheet downloaded, the print-shop files and the Tabletop Simulator deck previewed; then the
same again with the photos sent anew (a designer who edits them).

    python benchmarks/bench_studio_memory.py [--photos 12] [--rounds 2]

A real server (`cardgen studio`, as a user starts it) in a process of its own; its resident
memory (RSS, from /proc) is printed after each step, with the peak. Goal: what the server
holds after a session stays near what it holds after its first build, however many rounds
(nothing kept without bound), and the peak stays under 500 MB.
"""

import argparse
import io
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()

    photos = [photo(seed) for seed in range(args.photos)]
    print(f"{len(photos)} photos of 4000 × 3000 pixels, {sum(map(len, photos)) / len(photos) / 1e6:.1f} MB each")
    with tempfile.TemporaryDirectory() as folder, studio(Path(folder)) as (client, pid):
        said = Said(pid)
        said("started")
        client.get("/cards")
        said("page opened")
        set_id = re.search(r'name="set" value="([0-9a-f]{16})"', client.get("/cards").text).group(1)
        for round_number in range(1, args.rounds + 1):
            session(client, set_id, photos, said, round_number)
        said("end")
        print(
            f"peak {said.peak():.0f} MB; after the first round {said.after_first:.0f} MB, at the end {said.last:.0f} MB"
        )


def session(client, set_id: str, photos: list[bytes], said, round_number: int) -> None:
    for number, content in enumerate(photos):
        sent = client.post("/pictures", data={"set": set_id}, files=[("files", (f"p{number}.jpg", content))])
        assert sent.status_code == 200 and "error" not in sent.json(), sent.text
    said(f"round {round_number}: photos sent")
    cards = "".join(
        f"  - {{id: P{105 + n}, kind: number, value: {105 + n}, heads: 2, picture: p{n}.jpg}}\n"
        for n in range(len(photos))
    )
    own = f"name: my-cards\ntitle: Photos\ncards:\n{cards}"
    for make in ("sheet", "print_shop", "tts"):
        choices = {"set": set_id, "yaml": own, "mode": "duplex", "lang": "en", "make": make}
        answer = client.post("/preview/cards", data=choices).json()
        assert "error" not in answer, answer
        for file in answer["files"]:
            for page in range(file["pages"]):
                for size in ("small", "large"):
                    assert client.get(f"{file['url']}/{page}?size={size}").status_code == 200
        said(f"round {round_number}: {make} built and looked at")
        if make == "sheet":
            assert client.post("/download/cards", data=choices).status_code == 200
            said(f"round {round_number}: sheet downloaded")
    if round_number == 1:
        said.after_first = said.last


def photo(seed: int) -> bytes:
    """A 12-megapixel JPEG of about 4 MB: gradients under sensor-like noise, its own for each seed."""
    import numpy as np
    from PIL import Image

    random = np.random.default_rng(seed)
    height, width = 3000, 4000
    y, x = np.mgrid[0:height, 0:width]
    turn = seed % 3
    base = np.stack([x * 255 // width, y * 255 // height, (x + y) * 255 // (width + height)], axis=-1)
    pixels = np.roll(base, turn, axis=-1) + random.normal(0, 11, (height, width, 3))
    out = io.BytesIO()
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(out, "JPEG", quality=90)
    return out.getvalue()


class Said:
    """Each step's resident memory of the server, printed as it goes."""

    def __init__(self, pid: int):
        self.pid = pid
        self.last = self.after_first = 0.0
        self.started = time.monotonic()

    def __call__(self, step: str) -> None:
        self.last = self._status("VmRSS")
        print(f"{time.monotonic() - self.started:7.1f} s  {self.last:6.0f} MB  {step}", flush=True)

    def peak(self) -> float:
        return self._status("VmHWM")

    def _status(self, field: str) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
        raise LookupError(field)


class studio:
    """`cardgen studio` on a free port, in a process of its own; a client that carries its token."""

    def __init__(self, folder: Path):
        self.folder = folder

    def __enter__(self):
        import httpx2

        env = {**os.environ, "CARDGEN_CONFIG_DIR": str(self.folder / "config"), "TMPDIR": str(self.folder)}
        command = [sys.executable, "-m", "cardgen", "studio", "--no-browser", "--workspace", str(self.folder / "ws")]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env, cwd=HERE)
        address = re.search(r"(http://\S+)/print\?token=(\S+)", self.process.stdout.readline())
        base, token = address.group(1), address.group(2)
        self.client = httpx2.Client(base_url=base, timeout=600, headers={"origin": base})
        self.client.get(f"/print?token={token}")  # the token becomes the client's cookie
        return self.client, self.process.pid

    def __exit__(self, *exc) -> None:
        self.client.close()
        self.process.terminate()
        self.process.wait(timeout=30)


if __name__ == "__main__":
    main()
