// The floor page's controls for an admin (the floor, a dealer, may disable a table):
// disable or enable a table, a game, a paytable or a player (POST /disabled, GLI-19 2.4.1;
// the round in progress finishes), and a player's limits, read and lowered
// (GET and PUT /players/{id}/limits, 814a.2: an admin may lower a limit, never raise it).
// Every answer and every refusal is the server's sentence.

import { request, token } from "./api.js";
import { h } from "./dom.js";
import { LIMITS, limitsTable, utc } from "./limits.js";

const THINGS = { table: "table", game: "game", paytable: "paytable", player: "player" };

function say(id, text) {
  document.getElementById(id).textContent = text;
}

function signedIn(id) {
  if (token()) return true;
  say(id, "Sign in as an admin first (a dealer may disable a table).");
  return false;
}

async function disable(event, disabled) {
  event.preventDefault();
  if (!signedIn("control-said")) return;
  const thing = document.getElementById("control-thing").value;
  const subject = document.getElementById("control-subject").value.trim();
  const reason = document.getElementById("control-reason").value.trim();
  if (!subject) {
    say("control-said", `Name the ${THINGS[thing]} first.`);
    return;
  }
  if (disabled && !reason) {
    say("control-said", "Give the reason: it is kept with the change (GLI-19 A.6.3).");
    return;
  }
  try {
    const body = { thing, subject, disabled, ...(disabled ? { reason } : {}) };
    const now = (await request("POST", "/disabled", body)).disabled;
    const done = `The ${THINGS[thing]} ${subject} is ${disabled ? "disabled" : "enabled"}: ${disabled ? "the round in progress finishes, then no other is dealt" : "it may be played again"}.`;
    const list = now.length ? ` Disabled now: ${now.map((d) => d.named).join("; ")}.` : " Nothing is disabled now.";
    say("control-said", done + list);
  } catch (problem) {
    say("control-said", problem.message);
  }
}

function status(data) {
  const until = data.status_until ? ` until ${utc(data.status_until)}` : "";
  const words = { active: "may play", suspended: "is suspended", "self-excluded": "has excluded himself" };
  return `Player ${data.player_id} ${words[data.status] || data.status}${until}; the gaming day: ${data.gaming_day}.`;
}

async function showLimits(event) {
  if (event) event.preventDefault();
  if (!signedIn("limits-said")) return;
  const id = document.getElementById("limits-player").value.trim();
  if (!id) {
    say("limits-said", "Give the player's id first.");
    return;
  }
  try {
    const data = await request("GET", `/players/${encodeURIComponent(id)}/limits`);
    say("limits-said", status(data));
    document.getElementById("limits").replaceChildren(limitsTable(data));
  } catch (problem) {
    say("limits-said", problem.message);
    document.getElementById("limits").replaceChildren();
  }
}

async function lower(event) {
  event.preventDefault();
  if (!signedIn("limits-said")) return;
  const id = document.getElementById("limits-player").value.trim();
  const name = document.getElementById("limits-name").value;
  const given = document.getElementById("limits-value").value.trim();
  const minutes = name === "time_daily";
  const number = Number(given);
  if (!id || !given || !Number.isFinite(number) || number <= 0) {
    say("limits-said", `Give the player's id and the new limit, ${minutes ? "in minutes" : "in dollars"}, more than nothing.`);
    return;
  }
  const value = minutes ? Math.round(number) : Math.round(number * 100);
  try {
    const data = await request("PUT", `/players/${encodeURIComponent(id)}/limits`, { [name]: value });
    say("limits-said", `${LIMITS[name]}: ${data.words[name]} from now on. ${status(data)}`);
    document.getElementById("limits").replaceChildren(limitsTable(data));
  } catch (problem) {
    say("limits-said", problem.message);
  }
}

function fill() {
  const select = document.getElementById("limits-name");
  for (const [name, words] of Object.entries(LIMITS)) select.append(h("option", { value: name }, words));
  const unit = () => {
    document.getElementById("limits-unit").textContent = select.value === "time_daily" ? "minutes" : "dollars";
  };
  select.addEventListener("change", unit);
  unit();
}

fill();
document.getElementById("control-disable").addEventListener("click", (e) => disable(e, true));
document.getElementById("control-enable").addEventListener("click", (e) => disable(e, false));
document.getElementById("limits-form").addEventListener("submit", showLimits);
document.getElementById("limits-lower").addEventListener("click", lower);
