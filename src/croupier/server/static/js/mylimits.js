// The lobby's "Your limits" panel for the signed-in player (58 Pa. Code 814a.2, GLI-19):
// his limits in force and the raises waiting (GET /players/{id}/limits); a limit lowered
// (in force at once) or raised (it waits for the end of its period and his confirmation,
// PUT /players/{id}/limits); a raise confirmed once its period has ended
// (POST /players/{id}/limits/confirm); a break or a self-exclusion
// (POST /players/{id}/status). Every refusal is the server's sentence, shown as it is.

import { request } from "./api.js";
import { h } from "./dom.js";
import { LIMITS, limitsTable, utc, waitingWords } from "./limits.js";

const STATUS = {
  active: "You may play.",
  suspended: "You are taking a break: you may not take a seat or wager",
  "self-excluded": "You have excluded yourself: you may not take a seat or wager",
};

function statusWords(data) {
  if (data.status === "active") return STATUS.active;
  const until = data.status_until ? ` until ${utc(data.status_until)}.` : " until an admin lifts it.";
  return (STATUS[data.status] || data.status) + until;
}

// The panel (a <section>) for the player `me` ({ id, ... }).
export function myLimits(me) {
  const path = `/players/${encodeURIComponent(me.id)}`;
  const said = h("p", { role: "status", "data-testid": "my-limits-said" });
  const status = h("p", { "data-testid": "my-status" });
  const table = h("div");
  const confirmBox = h("div");
  const name = h("select", { id: "my-limit-name" }, Object.entries(LIMITS).map(([n, w]) => h("option", { value: n }, w)));
  const unit = h("span", { id: "my-limit-unit" }, "dollars");
  const value = h("input", { id: "my-limit-value", size: 8, inputmode: "decimal" });
  name.addEventListener("change", () => { unit.textContent = name.value === "time_daily" ? "minutes" : "dollars"; });

  function show(data) {
    status.textContent = statusWords(data);
    table.replaceChildren(limitsTable(data, "you confirm it"));
    const ready = Object.values(data.pending).some((w) => w.confirmable);
    confirmBox.replaceChildren(ready ? h("button", { type: "button", class: "action", id: "my-limit-confirm", onclick: confirmRaise }, "Confirm my raised limits") : "");
  }

  async function load() {
    try {
      show(await request("GET", `${path}/limits`));
    } catch (problem) {
      said.textContent = problem.message;
    }
  }

  async function change(event) {
    event.preventDefault();
    const minutes = name.value === "time_daily";
    const number = Number(value.value.trim());
    if (!value.value.trim() || !Number.isFinite(number) || number <= 0) {
      said.textContent = `Give the new limit ${minutes ? "in minutes" : "in dollars"}, more than nothing.`;
      return;
    }
    const cents = minutes ? Math.round(number) : Math.round(number * 100);
    try {
      const data = await request("PUT", `${path}/limits`, { [name.value]: cents });
      const waiting = data.pending[name.value];
      said.textContent = waiting
        ? `${LIMITS[name.value]}: ${data.words[name.value] || "no limit"} for now, ${waitingWords(name.value, waiting, "you confirm it")} (58 Pa. Code 814a.2).`
        : `${LIMITS[name.value]}: ${data.words[name.value]} from now on.`;
      show(data);
    } catch (problem) {
      said.textContent = problem.message;
    }
  }

  async function confirmRaise() {
    try {
      const data = await request("POST", `${path}/limits/confirm`);
      said.textContent = "Your raised limits are in force from now on.";
      show(data);
    } catch (problem) {
      said.textContent = problem.message;
    }
  }

  const breakLength = h("select", { id: "my-break" },
    [["hours", 24, "a day"], ["days", 7, "a week"], ["days", 30, "a month"]].map(([u, n, w]) => h("option", { value: `${u}:${n}` }, w)));
  const excludeLength = h("select", { id: "my-exclude" },
    [["days", 365, "a year"], ["days", 1825, "five years"], ["", 0, "until an admin lifts it"]].map(([u, n, w]) => h("option", { value: `${u}:${n}` }, w)));
  const meant = h("input", { type: "checkbox", id: "my-exclude-meant" });

  async function stop(kind, select) {
    const [unitName, count] = select.value.split(":");
    if (kind === "self-excluded" && !meant.checked) {
      said.textContent = "Tick the box first: a self-exclusion is not lifted before its end except by an admin.";
      return;
    }
    try {
      const data = await request("POST", `${path}/status`, { status: kind, ...(unitName ? { [unitName]: Number(count) } : {}) });
      said.textContent = statusWords(data);
      show(data);
    } catch (problem) {
      said.textContent = problem.message;
    }
  }

  const form = h("form", { class: "filters", id: "my-limit-form" },
    h("label", {}, "Limit ", name), " ",
    h("label", {}, "New limit ", value, " ", unit), " ",
    h("button", { type: "submit", class: "action" }, "Set"));
  form.addEventListener("submit", change);
  load();
  return h("section", { class: "my-limits", "aria-labelledby": "my-limits-title" },
    h("h3", { id: "my-limits-title" }, "Your limits"),
    h("p", {}, "A lower limit is in force at once. A higher one (or none) waits until the end of its period, then for you to confirm it (58 Pa. Code 814a.2)."),
    status, table, confirmBox, form, said,
    h("h4", {}, "Take a break"),
    h("p", {}, "You may not take a seat or wager until the break ends; a round you are in finishes."),
    h("p", {}, h("label", {}, "For ", breakLength), " ",
      h("button", { type: "button", class: "action", id: "my-break-take", onclick: () => stop("suspended", breakLength) }, "Take a break")),
    h("h4", {}, "Exclude yourself"),
    h("p", {}, "You may not play until the exclusion ends; only an admin lifts it before then."),
    h("p", {}, h("label", {}, "For ", excludeLength), " ", h("label", {}, meant, " I mean it"), " ",
      h("button", { type: "button", class: "action", id: "my-exclude-take", onclick: () => stop("self-excluded", excludeLength) }, "Exclude myself")));
}
