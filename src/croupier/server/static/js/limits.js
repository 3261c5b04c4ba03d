// A player's limits as the pages show them (58 Pa. Code 814a.2): the limits' names in
// words, the table of limits in force and raises waiting, and the player's status, from
// GET /players/{id}/limits. Shared by the floor's controls (controls.js) and the
// player's own panel (mylimits.js).

import { h } from "./dom.js";

export const LIMITS = {
  deposit_daily: "Deposits in a gaming day",
  deposit_weekly: "Deposits in a week",
  deposit_monthly: "Deposits in a month",
  loss_daily: "Losses in a gaming day",
  loss_weekly: "Losses in a week",
  loss_monthly: "Losses in a month",
  spend_daily: "Wagers in a gaming day",
  spend_weekly: "Wagers in a week",
  spend_monthly: "Wagers in a month",
  single_wager: "One wager",
  time_daily: "Time played in a gaming day",
};

// "2026-12-04T05:00:00Z" as "2026-12-04 05:00 UTC".
export function utc(moment) {
  return `${moment.slice(0, 16).replace("T", " ")} UTC`;
}

// A raise waiting: "raised to $50.00 from 2026-12-04 05:00 UTC, once the player confirms".
export function waitingWords(name, waiting, who = "the player confirms") {
  const value = waiting.value === null ? "no limit" : name === "time_daily" ? `${waiting.value} minutes` : `$${(waiting.value / 100).toFixed(2)}`;
  return `raised to ${value} from ${utc(waiting.after)}, once ${who}`;
}

// The limits' table; `who` names who confirms a raise.
export function limitsTable(data, who) {
  const rows = Object.entries(LIMITS).map(([name, words]) => {
    const waiting = data.pending[name];
    const raised = waiting ? waitingWords(name, waiting, who) : "";
    return h("tr", { "data-limit": name }, h("td", {}, words), h("td", {}, data.words[name] || "no limit"), h("td", {}, raised));
  });
  return h(
    "table",
    { class: "report", "data-testid": "player-limits" },
    h("thead", {}, h("tr", {}, ["Limit", "In force", "Waiting"].map((t) => h("th", {}, t)))),
    h("tbody", {}, rows),
  );
}
