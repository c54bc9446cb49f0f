// cardgen studio, the play page: a new game's choices sent to the studio, then the table
// drawn by the studio (its HTML, in the page's language), each click sent back to it and
// the answer drawn in place. The table's id is in the page's address, so a reload or another
// language finds the same game. Plain JavaScript.
"use strict";

(function () {
  const place = document.getElementById("table-place");
  if (!place) return;
  const lang = document.querySelector("main").dataset.lang;
  const tableId = place.dataset.table;
  let busy = false;

  // --- a new game's choices ------------------------------------------------------------

  function setUp(form) {
    const failed = document.getElementById("new-table-error");
    const ranges = JSON.parse(form.dataset.playerRanges);
    const chosen = (name) => new FormData(form).get(name);
    // a field shown only where the variant asks for it; the numbers of players the variant takes
    const fit = () => {
      form.querySelectorAll("[data-shown-if]").forEach((part) => {
        part.hidden = !part.dataset.shownIf.split(";").every((test) => {
          const [name, value] = test.split("=");
          return chosen(name) === value;
        });
      });
      const [low, high] = ranges[chosen("variant")];
      const players = form.elements.namedItem("players");
      [...players.options].forEach((option) => {
        option.hidden = option.disabled = Number(option.value) < low || Number(option.value) > high;
      });
      if (players.selectedOptions[0].disabled) players.value = String(Math.min(Math.max(Number(players.value), low), high));
    };
    form.addEventListener("change", fit);
    fit();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (busy) return;
      busy = true;
      form.querySelectorAll(".field-error").forEach((said) => { said.hidden = true; });
      const body = new FormData(form);
      body.set("lang", lang);
      try {
        const answer = await (await fetch("/table", { method: "POST", body })).json();
        if (answer.table) {
          window.location.assign("/play?table=" + answer.table + "&lang=" + encodeURIComponent(lang));
          return;
        }
        const beside = answer.field && form.querySelector('.control[data-field="' + answer.field + '"] .field-error');
        (beside || failed).textContent = answer.error;
        (beside || failed).hidden = false;
      } catch (failure) {
        failed.textContent = place.dataset.offline;
        failed.hidden = false;
      }
      busy = false;
    });
  }

  // --- the table ---------------------------------------------------------------------------

  function waiting(on) {
    busy = on;
    place.setAttribute("aria-busy", on ? "true" : "false");
    const asked = place.querySelector(".asked");
    if (on && asked) asked.textContent = place.dataset.waiting;
    if (on) place.querySelectorAll("button").forEach((button) => { button.disabled = true; });
  }

  async function load(body, focus) {
    waiting(true);
    try {
      const url = "/table/" + tableId + "?lang=" + encodeURIComponent(lang);
      const answer = await fetch(url, body ? { method: "POST", body } : {});
      place.innerHTML = await answer.text();
      place.dataset.shown = String(Number(place.dataset.shown || 0) + 1);  // how many answers drawn: a test waits on it
      waiting(false);
      wire();
      const asked = place.querySelector("#asked") || place.querySelector(".error");
      if (focus && asked) {
        asked.setAttribute("tabindex", "-1");
        asked.focus();
      }
    } catch (failure) {
      waiting(false);
      place.textContent = place.dataset.offline;
    }
  }

  function act(fields) {
    if (busy) return;
    const body = new FormData();
    body.set("lang", lang);
    Object.entries(fields).forEach(([name, value]) => body.set(name, value));
    load(body, true);
  }

  // Plus: a zero card chosen waits for its companion; chosen again, it is played alone
  function chosenZero() {
    const pressed = place.querySelector("[data-zero][aria-pressed=true]");
    return pressed ? pressed.dataset.card : null;
  }

  function wire() {
    const choosing = place.querySelector("[data-phase=choose]");
    place.querySelectorAll("[data-card]").forEach((button) => {
      button.addEventListener("click", () => {
        const zero = chosenZero();
        if (choosing && button.hasAttribute("data-zero") && zero !== button.dataset.card) {
          place.querySelectorAll("[data-zero]").forEach((other) => other.setAttribute("aria-pressed", "false"));
          button.setAttribute("aria-pressed", "true");
          return;
        }
        const cards = zero && zero !== button.dataset.card ? button.dataset.card + "," + zero : button.dataset.card;
        act({ do: "play", cards });
      });
    });
    place.querySelectorAll("[data-row]").forEach((button) => {
      button.addEventListener("click", () => act({ do: "play", row: button.dataset.row, how: button.dataset.how }));
    });
    place.querySelectorAll("[data-do]").forEach((button) => {
      button.addEventListener("click", () => act({ do: button.dataset.do }));
    });
  }

  // the language switch keeps the table
  if (tableId) {
    document.querySelectorAll("nav.languages a[hreflang]").forEach((link) => {
      link.href = "/play?table=" + tableId + "&lang=" + link.hreflang;
    });
    load(null, false);
  } else {
    setUp(document.getElementById("new-table"));
  }
})();
