// The responsible-gaming clocks (58 Pa. Code 814a.1, 810a.4, 812a.9): the local time,
// the session's elapsed time, what was wagered and won or lost since the sign-in and the
// daily time limit, always on the page; a reminder at least every hour (or every 15 or 30
// minutes, the player's choice) with the time played and the amount wagered since the
// sign-in; the previous session's date and time at sign-in. The figures are the server's
// (GET /sessions/current, which does not count as activity), so the browser and the
// terminal table say the same.

import { request, token } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";

const SIGNED_IN = "croupier.session"; // sessionStorage: this tab has signed in
const PREVIOUS = "croupier.previous"; // sessionStorage: the previous session, in words
const REFRESH_MS = 60_000;

let figures = null; // the server's last answer
let offset = 0; // server time - this browser's time, measured at the sign-in
let ticking = null;
let refreshing = null;
let nextReminder = null; // seconds of the session at which the next reminder shows
let playerId = null;

function bar() {
  return document.getElementById("session");
}

// Seconds as "1:02:03".
export function clockTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return `${hh}:${mm}:${ss}`;
}

// Seconds as "1 hour 15 minutes", "15 minutes".
export function played(seconds) {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours) parts.push(`${hours} hour${hours === 1 ? "" : "s"}`);
  if (rest || !hours) parts.push(`${rest} minute${rest === 1 ? "" : "s"}`);
  return parts.join(" ");
}

function localTime(moment) {
  return moment.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

function elapsed() {
  return (Date.now() + offset - Date.parse(figures.started_at)) / 1000;
}

function render() {
  const node = bar();
  if (!node || !figures) return;
  const net = -figures.lost_since_login;
  const limit = figures.time_limit_seconds === null ? "none" : played(figures.time_limit_seconds);
  const choice = h(
    "select",
    { id: "reminder-minutes", "aria-label": "reminder every", onchange: (e) => choose(Number(e.target.value)) },
    [15, 30, 60].map((m) => h("option", { value: m, selected: m === figures.reminder_minutes }, `${m} minutes`)),
  );
  // First what must stay in sight on a phone (css/app.css): the helpline and the money
  // figures; then the clocks, which may scroll sideways there.
  node.replaceChildren(
    h(
      "span",
      { class: "session-main" },
      h("span", { "data-testid": "helpline" }, "Gambling problem? Call 1-800-GAMBLER."),
      " · ",
      h("span", {}, "Wagered since sign-in ", h("strong", { "data-testid": "wagered" }, dollars(figures.wagered_since_login))),
      " · ",
      h("span", {}, `${net >= 0 ? "Won" : "Lost"} since sign-in `, h("strong", { "data-testid": "net" }, dollars(Math.abs(net)))),
    ),
    h(
      "span",
      { class: "session-more" },
      h("span", {}, "Local time ", h("strong", { "data-testid": "local-time" }, localTime(new Date()))),
      " · ",
      h("span", {}, "Session ", h("strong", { "data-testid": "elapsed" }, clockTime(elapsed()))),
      " · ",
      h("span", {}, "Daily time limit ", h("strong", { "data-testid": "time-limit" }, limit)),
      " · ",
      h("label", { for: "reminder-minutes" }, "Reminder every "),
      choice,
      " · ",
      h("span", { "data-testid": "previous-session" }, sessionStorage.getItem(PREVIOUS) || ""),
    ),
  );
  node.hidden = false;
}

function schedule() {
  const every = figures.reminder_minutes * 60;
  nextReminder = (Math.floor(elapsed() / every) + 1) * every;
}

async function refresh() {
  try {
    const fresh = await request("GET", "/sessions/current");
    figures = { ...fresh, started_at: figures ? figures.started_at : fresh.started_at };
  } catch {
    // A session that ended (idle, signed out) is the next request's to report.
  }
  render();
}

async function remind() {
  await refresh();
  const text = `Reminder: you have played for ${played(elapsed())} and wagered ${dollars(figures.wagered_since_login)} since you signed in at ${new Date(figures.started_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}.`;
  const box = h(
    "div",
    { class: "reminder", role: "alertdialog", "aria-label": "reminder", "data-testid": "reminder" },
    h("p", {}, text),
    h("button", { type: "button", class: "action", onclick: () => box.remove() }, "Continue"),
  );
  document.querySelectorAll(".reminder").forEach((old) => old.remove());
  document.body.append(box);
}

async function choose(minutes) {
  await request("PUT", `/players/${encodeURIComponent(playerId)}/reminders`, { minutes });
  figures.reminder_minutes = minutes;
  schedule();
  render();
}

function tick() {
  render();
  if (nextReminder !== null && elapsed() >= nextReminder) {
    nextReminder += figures.reminder_minutes * 60;
    remind();
  }
}

// In words: "Your previous session: 29 November 2026 12:00 to 12:30." (812a.9)
export function previousSession(f) {
  if (!f.previous_started_at) return "This is your first session.";
  const from = new Date(f.previous_started_at);
  const to = f.previous_ended_at ? new Date(f.previous_ended_at) : null;
  const day = from.toLocaleDateString([], { day: "numeric", month: "long", year: "numeric" });
  const at = (d) => d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return `Your previous session: ${day} ${at(from)}${to ? ` to ${at(to)}` : ""}.`;
}

// Start the clocks for `me` (a player): sign in once per tab (a new session, the
// previous one said through `say`), else read the session in progress.
export async function begin(me, say) {
  stop();
  const node = bar();
  if (!me || me.role !== "player") {
    if (node) node.hidden = true;
    return;
  }
  playerId = me.id;
  let fresh;
  if (sessionStorage.getItem(SIGNED_IN) === me.id) {
    fresh = await request("GET", "/sessions/current");
    if (sessionStorage.getItem(PREVIOUS) === null) sessionStorage.setItem(PREVIOUS, previousSession(fresh));
  } else {
    fresh = await request("POST", "/sessions", { player_id: me.id, token: token() });
    sessionStorage.setItem(SIGNED_IN, me.id);
    sessionStorage.setItem(PREVIOUS, previousSession(fresh));
    say(previousSession(fresh));
  }
  figures = fresh;
  offset = Date.parse(fresh.now) - Date.now();
  schedule();
  render();
  ticking = setInterval(tick, 1000);
  refreshing = setInterval(refresh, REFRESH_MS);
}

// A sign-up in this tab: the new account's first request starts its first session
// (docs/interpretations.md, "Sessions"), so no sign-in follows, and the session before it
// is none (a sign-in here would start a second, and say the first as "previous").
export function signedUp(id) {
  sessionStorage.setItem(SIGNED_IN, id);
  sessionStorage.removeItem(PREVIOUS);
}

// Sign in again after the server ended the session (idle: GLI-19 2.5.4).
export async function signInAgain(id) {
  sessionStorage.removeItem(SIGNED_IN);
  await request("POST", "/sessions", { player_id: id, token: token() });
}

export function stop() {
  if (ticking) clearInterval(ticking);
  if (refreshing) clearInterval(refreshing);
  ticking = refreshing = null;
}

// After a command: the wagered and won figures change.
export function changed() {
  if (figures) refresh();
}
