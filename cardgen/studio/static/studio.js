// cardgen studio: the pictures of what a page's choices make, kept up to date as the
// choices change, and the calibration page's reading. Plain JavaScript, nothing fetched
// from anywhere but the studio itself.
"use strict";

(function () {
  const main = document.querySelector("main");
  const page = main.dataset.page;
  const lang = main.dataset.lang;
  const choices = document.getElementById("choices");
  const reading = document.getElementById("reading");
  const play = document.getElementById("play");  // the cards page's balance or simulation
  // on a phone the menu scrolls sideways: the page's own entry in sight
  const here = document.querySelector("nav a[aria-current=page]");
  if (here && here.parentElement.parentElement.scrollWidth > here.parentElement.parentElement.clientWidth) {
    here.parentElement.parentElement.scrollLeft = here.offsetLeft - 16;
  }
  const words = {};
  document.querySelectorAll("#words").forEach((template) => {
    template.content.querySelectorAll("data").forEach((item) => { words[item.value] = item.textContent; });
  });
  const say = (key, values) => Object.entries(values || {}).reduce(
    (text, [name, value]) => text.split("{" + name + "}").join(String(value)), words[key] || key);

  function valueOf(name) {
    const field = choices.elements.namedItem(name);
    if (!field) return null;
    if (field instanceof RadioNodeList) return field.value;
    return field.value;
  }

  // Parts of a form that only some answers need ("field=value;other!=value"), a box of
  // fields hidden with its last field, and the numbers of players a variant's sheets have
  function showWhatApplies() {
    document.querySelectorAll("[data-shown-if]").forEach((part) => {
      part.hidden = !part.dataset.shownIf.split(";").every((test) => {
        const [name, value] = test.split(/!?=/);
        return test.includes("!=") ? valueOf(name) !== value : valueOf(name) === value;
      });
    });
    document.querySelectorAll("fieldset[data-group]").forEach((group) => {
      group.hidden = [...group.querySelectorAll(".control")].every((control) => control.hidden);
    });
    const ranges = choices && choices.dataset.playerRanges && JSON.parse(choices.dataset.playerRanges);
    const players = choices && choices.elements.namedItem("players");
    if (ranges && players && players.options) {
      const [low, high] = ranges[valueOf("variant")] || [2, 10];
      [...players.options].forEach((option) => {
        option.hidden = option.disabled = option.value !== "" && (Number(option.value) < low || Number(option.value) > high);
      });
      if (players.selectedOptions[0] && players.selectedOptions[0].disabled) players.value = "";
    }
  }

  // The saved printer chosen, as the one in use, with its values in words
  function showPrinterInUse() {
    const said = document.getElementById("printer-in-use");
    if (!said) return;
    const summary = JSON.parse(said.dataset.summaries)[valueOf("printer")];
    said.textContent = summary ? said.dataset.words.replace("{summary}", valueOf("printer") + " — " + summary) : "";
  }

  // Every answer in the page's address: a reload, Back and a language switch keep them
  // (the sheets' language is "sheets" there: "lang" is the page's); of the calibration
  // page's reading, those that differ from the field's default
  function keepAnswers() {
    if (!choices) return;
    const query = new URLSearchParams();
    query.set("lang", lang);
    new FormData(choices).forEach((value, name) => {
      if (typeof value !== "string" || name === "yaml" || value === "") return;
      if (name === "lang") { query.set("sheets", value); return; }
      query.set(name, value);
    });
    if (play) new FormData(play).forEach((value, name) => { if (typeof value === "string" && value) query.set(name, value); });
    [...(reading ? reading.elements : [])].forEach((field) => {
      if (field.name && field.type !== "file" && field.value !== "" && field.value !== field.dataset.default) {
        query.set(field.name, field.value);
      }
    });
    history.replaceState(null, "", location.pathname + "?" + query.toString());
    sessionStorage.setItem(KEPT + location.pathname, query.toString());
    document.querySelectorAll("nav.languages a[hreflang]").forEach((link) => {
      const other = new URLSearchParams(query);
      other.set("lang", link.hreflang);
      link.href = location.pathname + "?" + other.toString();
    });
  }

  // A page's answers are kept in this tab too, for the links to it from the other pages (the
  // menu, "print with this printer"): a page left and come back to by a link keeps them
  const KEPT = "cardgen-answers ";
  function withAnswers(path, extra) {
    const query = new URLSearchParams(sessionStorage.getItem(KEPT + path) || "");
    query.set("lang", lang);
    Object.entries(extra || {}).forEach(([name, value]) => query.set(name, value));
    return path + "?" + query.toString();
  }
  document.querySelectorAll("a[href^='/']").forEach((link) => {
    const to = new URL(link.href);
    if (to.pathname !== location.pathname && !to.hash && [...to.searchParams.keys()].join() === "lang") {
      link.href = withAnswers(to.pathname);
    }
  });

  // The first questions still unanswered: a radio group of a required field with none checked
  function unanswered() {
    return [...document.querySelectorAll(".control fieldset.choice")].some((group) =>
      !group.closest("[hidden]") && !group.querySelector("input:checked"));
  }

  const status = document.getElementById("status");
  const error = document.getElementById("error");
  const download = document.getElementById("download");
  const pages = document.getElementById("pages");
  let running = null;
  let timer = null;

  // A form sent to the studio: its answer, or null once `failed` says what went wrong (the
  // library's one line, or the studio out of reach)
  async function posted(url, body, failed) {
    try {
      const answer = await fetch(url + "?lang=" + encodeURIComponent(lang), { method: "POST", body });
      const result = await answer.json();
      if (answer.ok && !result.error) {
        failed.hidden = true;
        return result;
      }
      failed.textContent = result.error;
      failed.dataset.id = result.id || "";
    } catch (failure) {
      failed.textContent = say("error.offline");
    }
    failed.hidden = false;
    return null;
  }

  function element(tag, attributes, children) {
    const made = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([name, value]) => made.setAttribute(name, value));
    (children || []).forEach((child) => made.append(child));
    return made;
  }

  function picture(file, index, side) {
    const n = index + 1;
    const label = file.name + ", " + say("preview.page", { n: n }) + (side ? ", " + say("preview." + side) : "");
    const image = element("img", { src: file.url + "/" + index + "?size=small", alt: label, loading: index < 4 ? "eager" : "lazy" });
    const button = element("button", { type: "button", class: "page", "aria-label": say("preview.larger", { name: file.name, n: n }) }, [image]);
    button.addEventListener("click", () => enlarge(file.url + "/" + index + "?size=large", label));
    const caption = element("figcaption", {}, [say("preview.page", { n: n }) + (side ? " · " + say("preview." + side) : "")]);
    return element("figure", {}, [button, caption]);
  }

  function enlarge(url, label) {
    const dialog = document.getElementById("larger");
    const image = dialog.querySelector("img");
    image.src = url;
    image.alt = label;
    dialog.showModal();
  }

  // Every page of every file, fronts beside their backs; `marked`: the pages (from 1) of
  // each file that a check found wrong
  function showPages(files, marked) {
    pages.replaceChildren();
    files.forEach((file) => {
      const section = element("section", { class: "file" }, [element("h3", {}, [file.name])]);
      const sheet = element("div", { class: file.pairs ? "pairs" : "singles" });
      for (let index = 0; index < file.pages; index += file.pairs ? 2 : 1) {
        if (file.pairs) {
          const pair = element("div", { class: "pair" }, [picture(file, index, "front")]);
          if (index + 1 < file.pages) pair.append(picture(file, index + 1, "back"));
          sheet.append(pair);
        } else {
          sheet.append(picture(file, index, null));
        }
      }
      section.append(sheet);
      pages.append(section);
      ((marked || {})[file.name] || []).forEach((mark) => {
        const figure = sheet.querySelectorAll("figure")[mark.page - 1];
        if (!figure) return;
        figure.classList.add("failed");
        if (mark.box) outline(figure.querySelector("img"), mark.box, file.dpi);
      });
    });
  }

  // A red frame on the picture around a card a check found wrong; `box`: its trim in mm
  // from the page's lower left, the picture drawn at `dpi`
  function outline(image, box, dpi) {
    const frame = element("span", { class: "card-outline", "aria-hidden": "true" });
    const place = () => {
      const [x, y, w, h] = box.map((mm) => (mm * dpi) / 25.4);
      const width = image.naturalWidth;
      const height = image.naturalHeight;
      frame.style.left = (100 * x) / width + "%";
      frame.style.top = (100 * (height - y - h)) / height + "%";
      frame.style.width = (100 * w) / width + "%";
      frame.style.height = (100 * h) / height + "%";
    };
    if (image.complete && image.naturalWidth) place(); else image.addEventListener("load", place);
    image.parentElement.append(frame);
  }

  // The calibration sheet's scales as pictures: a click on a line chooses what it reads
  function showScales(scales) {
    const place = document.getElementById("scales");
    if (!place || !scales) return;
    place.replaceChildren(element("p", { class: "help" }, [place.dataset.help]));
    scales.forEach((scale) => {
      const image = element("img", { src: scale.url, alt: scale.axis.toUpperCase() + ", " + place.dataset[scale.station] });
      const marker = element("span", { class: "scale-marker", hidden: "" });
      const holder = element("div", { class: "scale-picture" }, [image, marker]);
      image.addEventListener("click", (event) => {
        const [x0, y0, x1, y1] = scale.box_mm;
        const x = x0 + (event.offsetX / image.clientWidth) * (x1 - x0);
        const y = y1 - (event.offsetY / image.clientHeight) * (y1 - y0);
        let best = null;
        Object.entries(scale.rows).forEach(([row, lines]) => lines.forEach((line) => {
          const away = Math.hypot(line.at_mm[0] - x, line.at_mm[1] - y);
          if (!best || away < best.away) best = { row, line, away };
        }));
        const field = reading.elements.namedItem(scale.axis + "_" + scale.station + "_" + best.row);
        field.value = String(best.line.reads);
        field.dispatchEvent(new Event("change", { bubbles: true }));
        marker.style.left = (100 * (best.line.at_mm[0] - x0)) / (x1 - x0) + "%";
        marker.style.top = (100 * (y1 - best.line.at_mm[1])) / (y1 - y0) + "%";
        marker.hidden = false;
      });
      place.append(element("figure", {}, [holder, element("figcaption", {}, [scale.axis.toUpperCase() + " · " + place.dataset[scale.station]])]));
    });
  }

  function show(result) {
    showPages(result.files);
    showScales(result.scales);
    document.getElementById("file-names").replaceChildren(...result.names.map((name) => element("li", {}, [name])));
    document.getElementById("command").textContent = result.command;
    document.getElementById("warnings").replaceChildren(...(result.warnings || []).map((said) => element("li", {}, [said])));
    download.textContent = result.names.length === 1 ? say("download.one") : say("download.several", { count: result.names.length });
    download.disabled = false;
    const twoSided = result.files.some((file) => file.pairs);
    const shop = valueOf("material") === "print_shop";
    document.querySelectorAll(".advice .sides").forEach((part) => {
      const edge = say(valueOf("flip") === "short" ? "advice.short_edge" : "advice.long_edge");
      part.textContent = shop ? part.dataset.printShop
        : twoSided ? part.dataset.twoSided.replace("{edge}", edge) : part.dataset.oneSided;
    });
    document.querySelectorAll(".advice .for-printer").forEach((part) => { part.hidden = shop; });
    document.querySelectorAll(".advice .duplex-only").forEach((part) => { part.hidden = !twoSided; });
  }

  // A refusal beside the field it concerns (and above the pictures)
  function refused(result) {
    showProblems(result.problems);
    document.querySelectorAll(".field-error").forEach((said) => { said.hidden = true; });
    const control = result.field && document.querySelector('.control[data-field="' + result.field + '"] .field-error');
    if (control) {
      control.textContent = result.error;
      control.hidden = false;
    }
    error.textContent = result.error;
    error.hidden = false;
    pages.replaceChildren();
  }

  async function refresh() {
    if (running) running.abort();
    running = new AbortController();
    download.disabled = true;
    const waiting = document.getElementById("waiting-for-answers");
    if (waiting) waiting.hidden = !unanswered();
    download.hidden = unanswered();
    if (unanswered()) {
      pages.replaceChildren();
      return;
    }
    status.textContent = say("preview.waiting");
    try {
      const answer = await fetch("/preview/" + page + "?lang=" + encodeURIComponent(lang), { method: "POST", body: new FormData(choices), signal: running.signal });
      const result = await answer.json();
      if (!answer.ok || result.error) {
        refused(result);
      } else {
        error.hidden = true;
        document.querySelectorAll(".field-error").forEach((said) => { said.hidden = true; });
        showProblems([]);
        show(result);
      }
      status.textContent = "";
    } catch (failure) {
      if (failure.name === "AbortError") return;
      error.textContent = say("error.offline");
      error.hidden = false;
      status.textContent = "";
    }
  }

  function changed() {
    showWhatApplies();
    showPrinterInUse();
    keepAnswers();
    clearTimeout(timer);
    timer = setTimeout(refresh, page === "cards" ? 500 : 150);
  }

  if (choices) {
    // a field of the form may stand outside it (form="choices"): its events do not reach the form
    ["change", "input"].forEach((kind) => document.addEventListener(kind, (event) => {
      if (event.target.form === choices) changed();
    }));
    showWhatApplies();
    showPrinterInUse();
    keepAnswers();
    refresh();
  }

  // The check page: the files sent to verify, its report as a list, the pages as pictures
  const upload = document.getElementById("upload");
  if (upload) {
    const input = document.getElementById("files");
    const drop = document.getElementById("drop");
    drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (event) => {
      event.preventDefault();
      drop.classList.remove("over");
      input.files = event.dataTransfer.files;
      upload.requestSubmit();
    });
    const reports = document.getElementById("reports");
    const verdict = document.getElementById("verdict");
    upload.addEventListener("submit", async (event) => {
      event.preventDefault();
      status.textContent = say("check.checking");
      error.hidden = true;
      verdict.hidden = true;
      reports.replaceChildren();
      pages.replaceChildren();
      const result = await posted("/check", new FormData(upload), error);
      status.textContent = "";
      if (!result) return;
      const marked = {};
      result.reports.forEach((report) => {
        const list = element("ul", { class: "checks" });
        const first = { fail: 0, info: 1, pass: 2 };  // what went wrong at the top
        [...report.checks].sort((a, b) => first[a.result] - first[b.result]).forEach((check) => {
          const where = check.place ? " [" + check.place + "]" : "";
          const badge = element("span", { class: "badge " + check.result }, [say("check." + check.result)]);
          const words = element("span", {}, [check.name + ": " + check.message + where]);
          list.append(element("li", { class: check.result }, [badge, " ", words]));
          const marks = (marked[report.input] = marked[report.input] || []);
          if (check.result === "fail" && check.page) marks.push({ page: check.page, box: check.box_mm });
        });
        reports.append(element("section", { class: "report" }, [element("h3", {}, [report.input]), list]));
      });
      const ok = result.reports.every((report) => report.ok);
      verdict.replaceChildren(ok ? verdict.dataset.passed : verdict.dataset.failed, element("small", {}, [result.summary]));
      verdict.className = "verdict " + (ok ? "pass" : "fail");
      verdict.hidden = false;
      showPages(result.files, marked);
    });
  }

  // My own cards: the set's text with its lines numbered and each problem at its line, the
  // files beside the set (a saved set's zip opens it again), and a balance run with its progress
  const editor = document.getElementById("yaml");
  let problemLines = new Set();  // the lines of the set's text a problem names, marked in the gutter
  const gutter = editor && editor.parentElement.querySelector(".gutter");
  const numbered = () => {
    const lines = editor.value.split("\n").length;
    gutter.replaceChildren(...Array.from({ length: lines }, (_, n) => {
      const line = element("span", problemLines.has(n + 1) ? { class: "problem" } : {}, [String(n + 1)]);
      return n + 1 < lines ? [line, "\n"] : [line];
    }).flat());
    gutter.scrollTop = editor.scrollTop;
  };
  if (editor) {
    editor.addEventListener("input", numbered);
    editor.addEventListener("scroll", () => { gutter.scrollTop = editor.scrollTop; });
    numbered();
  }
  function showProblems(problems) {
    const list = document.getElementById("yaml-problems");
    if (!list || !editor) return;
    problemLines = new Set((problems || []).map((problem) => problem.line).filter(Boolean));
    numbered();
    list.replaceChildren(...(problems || []).map((problem) => {
      const explained = problem.help ? [" ", element("a", { href: problem.help, target: "_blank", rel: "noopener", class: "field-help" }, [element("code", {}, [problem.field])])] : [];
      if (!problem.line) return element("li", {}, [problem.text, ...explained]);  // in another file: a table's row, a style's line
      const go = element("button", { type: "button", class: "link" }, [problem.text]);
      go.addEventListener("click", () => {
        const before = editor.value.split("\n").slice(0, problem.line - 1).join("\n").length;
        editor.focus();
        editor.setSelectionRange(before + (problem.line > 1 ? 1 : 0), before + (problem.line > 1 ? 1 : 0));
      });
      return element("li", { "data-line": problem.line }, [go, ...explained]);
    }));
  }
  const pictureForm = document.getElementById("pictures");
  if (pictureForm) {
    const kept = document.getElementById("pictures-kept");
    const failed = document.getElementById("pictures-error");
    pictureForm.addEventListener("change", async () => {
      const result = await posted("/pictures", new FormData(pictureForm), failed);
      if (!result) return;
      kept.textContent = kept.dataset.words.replace("{names}", result.names.join(", "));
      if (result.yaml !== null && result.yaml !== undefined && editor) {
        editor.value = result.yaml;
        editor.dispatchEvent(new Event("input", { bubbles: true }));
      }
      refresh();
    });
  }
  if (play) {
    play.addEventListener("change", keepAnswers);
    const bar = document.getElementById("games-played");
    const said = document.getElementById("play-status");
    const failed = document.getElementById("play-error");
    const stop = document.getElementById("stop");
    const start = document.getElementById("balance");
    const simulate = document.getElementById("simulate");
    const setId = choices.elements.namedItem("set").value;
    let job = null;
    const finish = () => {
      job = null;
      sessionStorage.removeItem("cardgen-balance");
      start.disabled = simulate.disabled = false;
      stop.hidden = true;
    };
    const showReport = (result) => {
      document.getElementById("report-text").textContent = result.text;
      const picture = document.getElementById("report-picture");
      const pdf = document.getElementById("report-pdf");
      picture.hidden = pdf.parentElement.hidden = !result.picture;  // a simulation has no chart
      if (result.picture) picture.src = result.picture + "?size=large";
      if (result.pdf) pdf.href = result.pdf;
      document.getElementById("report-text").closest("details").open = !result.picture;
      document.getElementById("report-notes").replaceChildren(...result.notes.map((note) => element("li", {}, [note])));
      document.getElementById("report").hidden = false;
    };
    const follow = async () => {
      if (!job) return;
      try {
        const answer = await fetch("/balance/" + job);
        const state = await answer.json();
        if (!answer.ok) { finish(); return; }
        bar.hidden = false;
        bar.max = state.total;
        bar.value = state.done;
        said.textContent = said.dataset.playing.replace("{done}", state.done).replace("{total}", state.total);
        if (!state.finished) { setTimeout(follow, 300); return; }
        finish();
        if (state.error) {
          failed.textContent = state.error;
          failed.hidden = false;
        } else if (state.stopped) {
          said.textContent = said.dataset.stopped;
        } else {
          showReport(state.result);
        }
      } catch (failure) {
        failed.textContent = say("error.offline");
        failed.hidden = false;
        finish();
      }
    };
    play.addEventListener("submit", async (event) => {
      event.preventDefault();
      failed.hidden = true;
      const form = new FormData(play);
      form.set("run", event.submitter ? event.submitter.value : "balance");
      form.set("set", setId);
      form.set("lang", valueOf("lang"));
      form.set("yaml", valueOf("yaml"));
      form.set("players_kind", new FormData(play).get("players_kind"));
      const result = await posted("/balance", form, failed);
      if (!result) return;
      job = result.job;
      sessionStorage.setItem("cardgen-balance", job);
      start.disabled = simulate.disabled = true;
      stop.hidden = false;
      document.getElementById("report").hidden = true;
      follow();
    });
    stop.addEventListener("click", () => { if (job) fetch("/balance/" + job, { method: "POST" }); });
    // a page reloaded in the middle of a run follows it on
    job = sessionStorage.getItem("cardgen-balance");
    if (job) { start.disabled = simulate.disabled = true; stop.hidden = false; follow(); }
  }

  // A recorded game replayed by the rules, beside the page's own set
  const refereeForm = document.getElementById("referee");
  if (refereeForm) {
    const verdict = document.getElementById("referee-verdict");
    const failed = document.getElementById("referee-error");
    const account = document.getElementById("referee-text");
    refereeForm.addEventListener("change", async () => {
      verdict.hidden = failed.hidden = account.hidden = true;
      const result = await posted("/referee", new FormData(refereeForm), failed);
      if (!result) return;
      verdict.replaceChildren(result.ok ? verdict.dataset.ok : verdict.dataset.broken);
      if (!result.ok) verdict.append(element("small", {}, [result.broken]));
      verdict.className = "verdict " + (result.ok ? "pass" : "fail");
      verdict.hidden = false;
      account.textContent = result.text;
      account.hidden = false;
    });
  }

  // The calibration page: what a photo of the sheet read, or else what the scales read (two
  // of each axis: their mean), in words with their directions, and the printer saved with it
  // (asked before one of its name is replaced)
  if (reading) {
    const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
    const read = (axis, station) => Number(reading.elements.namedItem(axis + "_" + station + "_whole").value)
      + Number(reading.elements.namedItem(axis + "_" + station + "_fine").value);
    const stations = { x: ["top", "bottom"], y: ["left", "right"] };
    const mean = (axis) => (read(axis, stations[axis][0]) + read(axis, stations[axis][1])) / 2;
    const inWords = (mm, more, less) => say(mm < 0 ? less : more, { mm: number.format(Math.abs(mm)) });
    let photo = null; // the photo read last: {id, file, reading} or {id, file, error}
    const fromPhoto = () => photo && photo.reading;
    const showOffset = () => {
      const [x, y] = fromPhoto() ? photo.reading.back_offset : [mean("x"), mean("y")];
      document.getElementById("offset").textContent = say("calibrate.result", {
        x: inWords(x, "calibrate.right", "calibrate.left"),
        y: inWords(y, "calibrate.up", "calibrate.down"),
      });
      const photoRead = document.getElementById("photo-read");
      photoRead.hidden = !fromPhoto();
      if (fromPhoto()) {
        photoRead.textContent = say("calibrate.photo_read", {
          file: photo.file, edge: say("advice." + photo.reading.flip + "_edge"), paper: photo.paper,
        });
      }
      const apart = !fromPhoto() && Object.keys(stations).find((axis) => Math.abs(read(axis, stations[axis][0]) - read(axis, stations[axis][1])) > 0.5);
      const differ = document.getElementById("scales-differ");
      differ.hidden = !apart;
      if (apart) {
        differ.textContent = say("calibrate.scales_differ", {
          axis: apart.toUpperCase(), a: number.format(read(apart, stations[apart][0])), b: number.format(read(apart, stations[apart][1])),
        });
      }
    };
    // A photo read (or refused), or none: the reading by eye in use again
    const usePhoto = (kept) => {
      photo = kept;
      const failed = document.getElementById("photo-error");
      if (failed) {
        reading.elements.namedItem("photo").value = kept ? kept.id : "";
        failed.textContent = kept && kept.error ? kept.error : "";
        failed.hidden = !(kept && kept.error);
      }
      if (fromPhoto()) document.getElementById("by-eye").open = false;
      showOffset();
      keepAnswers();
    };
    reading.addEventListener("change", (event) => {
      if (event.target.type === "file") return;
      if (event.target.closest("#by-eye")) usePhoto(null);
      else keepAnswers();
    });
    reading.addEventListener("input", (event) => { if (event.target.type !== "file") keepAnswers(); });
    const photoInputs = reading.querySelectorAll("input[type=file]");
    photoInputs.forEach((input) => input.addEventListener("change", async () => {
      const file = input.files[0];
      if (!file) return;
      const sent = new FormData();
      sent.set("photo", file);
      input.value = "";
      const said = document.getElementById("photo-status");
      said.textContent = say("calibrate.photo_reading");
      photoInputs.forEach((each) => { each.disabled = true; }); // one photo at a time
      const result = await posted("/photo", sent, document.getElementById("photo-error"));
      photoInputs.forEach((each) => { each.disabled = false; });
      said.textContent = "";
      if (!result) return;
      usePhoto(result.photo);
      document.getElementById(result.photo.reading ? "offset" : "photo-error").scrollIntoView({ block: "nearest" });
    }));
    usePhoto(reading.dataset.photo ? JSON.parse(reading.dataset.photo) : null);
    const save = async (replace) => {
      const form = new FormData(reading);
      if (!fromPhoto()) form.delete("photo");
      form.set("paper", valueOf("paper"));
      form.set("flip", valueOf("flip"));
      form.set("replace", replace ? "yes" : "no");
      const failed = document.getElementById("save-error");
      const result = await posted("/printer", form, failed);
      if (!result) {
        if (failed.dataset.id === "printer.exists" && window.confirm(say("calibrate.overwrite", { name: form.get("name") }))) {
          failed.hidden = true;
          save(true);
        }
        return;
      }
      document.getElementById("saved").textContent = say("calibrate.saved", { name: result.name });
      const use = document.getElementById("use-printer");
      use.href = withAnswers("/print", { printer: result.name });
      use.hidden = false;
    };
    reading.addEventListener("submit", (event) => {
      event.preventDefault();
      save(false);
    });
  }
})();
