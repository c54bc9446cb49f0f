// cardgen studio, the play page: the table drawn by the studio (its HTML, in the page's
// language), each click sent back to it, the answer drawn in place. The table's id is in the
// page's address, so a reload or another language finds the same game. Plain JavaScript.
"use strict";

(function () {
  const place = document.getElementById("table-place");
  if (!place) return;
  const lang = document.querySelector("main").dataset.lang;
  let busy = false;

  function tableId() {
    return new URLSearchParams(window.location.search).get("table") || "";
  }

  // the language switch keeps the table
  function keepTableInLinks() {
    const id = tableId();
    document.querySelectorAll(".languages a").forEach((link) => {
      const address = new URL(link.href, window.location.href);
      if (id) address.searchParams.set("table", id); else address.searchParams.delete("table");
      link.href = address.pathname + address.search;
    });
  }

  function waiting(on) {
    busy = on;
    place.setAttribute("aria-busy", on ? "true" : "false");
    const status = place.querySelector(".asked");
    if (on && status) status.textContent = place.dataset.waiting;
    place.querySelectorAll("button").forEach((button) => { if (on) button.disabled = true; });
  }

  async function show(response, focus) {
    place.innerHTML = await response.text();
    place.dataset.shown = String(Number(place.dataset.shown || 0) + 1);  // how many answers drawn: a test waits on it
    waiting(false);
    wire();
    const asked = place.querySelector("#asked") || place.querySelector(".error") || place.querySelector("h2");
    if (focus && asked) {
      if (!asked.hasAttribute("tabindex")) asked.setAttribute("tabindex", "-1");
      asked.focus();
    }
  }

  async function load(url, body, focus) {
    waiting(true);
    try {
      const response = await fetch(url, body ? { method: "POST", body } : {});
      await show(response, focus);
    } catch (failure) {
      waiting(false);
      place.textContent = place.dataset.offline;
    }
  }

  function withLang(path) {
    return path + (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(lang);
  }

  function act(fields) {
    if (busy) return;
    const body = new FormData();
    body.set("lang", lang);
    Object.entries(fields).forEach(([name, value]) => body.set(name, value));
    load("/table/" + tableId(), body, true);
  }

  function setUp(form) {
    const variant = form.elements.namedItem("variant");
    const players = form.elements.namedItem("players");
    const fitPlayers = () => {
      const chosen = variant.selectedOptions[0];
      const low = Number(chosen.dataset.low), high = Number(chosen.dataset.high);
      [...players.options].forEach((option) => {
        option.disabled = Number(option.value) < low || Number(option.value) > high;
      });
      if (players.selectedOptions[0].disabled) players.value = String(Math.min(Math.max(Number(players.value), low), high));
      form.querySelectorAll("[data-variant]").forEach((part) => { part.hidden = part.dataset.variant !== variant.value; });
    };
    variant.addEventListener("change", fitPlayers);
    fitPlayers();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (busy) return;
      const failed = form.querySelector(".error");
      const body = new FormData(form);
      body.set("lang", lang);
      busy = true;
      try {
        const answer = await (await fetch("/table", { method: "POST", body })).json();
        busy = false;
        if (answer.error) {
          failed.textContent = answer.error;
          failed.hidden = false;
          return;
        }
        window.history.pushState({}, "", withLang("/play?table=" + answer.table));
        keepTableInLinks();
        load(withLang("/table/" + answer.table), null, true);
      } catch (failure) {
        busy = false;
        failed.textContent = place.dataset.offline;
        failed.hidden = false;
      }
    });
  }

  // Plus: a zero card chosen waits for its companion; chosen again, it is played alone
  function chosenZero() {
    const pressed = place.querySelector("[data-zero][aria-pressed=true]");
    return pressed ? pressed.dataset.card : null;
  }

  function wire() {
    const form = place.querySelector("#new-table");
    if (form) setUp(form);
    place.querySelectorAll("[data-card]").forEach((button) => {
      button.addEventListener("click", () => {
        const zero = chosenZero();
        if (button.hasAttribute("data-zero") && place.querySelector(".table").dataset.phase === "choose") {
          if (zero === button.dataset.card) {
            act({ do: "play", cards: zero });
            return;
          }
          place.querySelectorAll("[data-zero]").forEach((other) => other.setAttribute("aria-pressed", "false"));
          button.setAttribute("aria-pressed", "true");
          return;
        }
        act({ do: "play", cards: zero ? button.dataset.card + "," + zero : button.dataset.card });
      });
    });
    place.querySelectorAll("[data-row]").forEach((button) => {
      button.addEventListener("click", () => act({ do: "play", row: button.dataset.row, how: button.dataset.how }));
    });
    place.querySelectorAll("[data-do]").forEach((button) => {
      button.addEventListener("click", () => act({ do: button.dataset.do }));
    });
    place.querySelectorAll("a[data-new]").forEach((link) => {
      link.addEventListener("click", (event) => {
        event.preventDefault();
        window.history.pushState({}, "", withLang("/play"));
        keepTableInLinks();
        load(withLang("/table"), null, true);
      });
    });
  }

  function start() {
    keepTableInLinks();
    load(withLang(tableId() ? "/table/" + tableId() : "/table"), null, false);
  }

  window.addEventListener("popstate", start);
  start();
})();
