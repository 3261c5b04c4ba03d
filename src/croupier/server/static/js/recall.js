// Game recall (GET /tables/{id}/seats/{seat}/recall): a player's last ten rounds at a
// seat, each event in words with its cards, dice and tiles drawn, and the settlement.
// The server blanks what the player may not see; a blank is said to be hidden.

import { request } from "./api.js";
import { dollars } from "./format.js";
import { card, die, tile } from "./svg.js";

const CARD = /^(10|[2-9TJQKA])[shdc]$/;
const TILE = /^[1-6]-[1-6]$/;
const MONEY = new Set(["amount", "returned", "won", "withheld", "chips", "cover"]);
let spotNames = {}; // the table's names of its spots (table.spots: value -> label)
// The game's words (table.words): its values ("field:value" first), and for the recall its
// events' captions ("event:<type>"), its fields' labels ("label:<field>", a record's field
// "label:<field>.<its field>") and what an empty field says ("empty:<field>": there is
// none, not that it is hidden from the player).
let served = {};
const SKIPPED = new Set(["type", "cite", "croupier_version", "rules", "rules_sha256", "table_id", "round_id"]);

function words(name) {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

// A spot by the table's name for it, as its layout names it ("Pai Gow Wager").
function spotName(spot) {
  return spotNames[spot] ?? words(spot);
}

function hidden() {
  const span = document.createElement("span");
  span.className = "hidden-value";
  span.textContent = "not shown to you";
  return span;
}

// A field's key in words (``within``: the field whose record holds it).
function label(k, within = "") {
  const own = served[within ? `label:${within}.${k}` : `label:${k}`];
  if (own !== undefined) return own;
  return k === "spot" ? "betting area" : within ? label(k) : k.replace(/_/g, " ");
}

// A record's field's label before its value (an empty label: the value alone).
function said(text, i) {
  return text ? `${i ? ", " : ""}${text} ` : " ";
}

// A field's value as nodes: cards, tiles and dice drawn, money in dollars, a record
// field by field and a map seat by seat in words (never its JSON).
function value(name, v) {
  const empty = v === null || (typeof v === "object" && !Object.keys(v).length);
  if (empty && served[`empty:${name}`] !== undefined) return [document.createTextNode(served[`empty:${name}`])];
  if (typeof v === "boolean") return [document.createTextNode(v ? "yes" : "no")];
  if (v === null || (Array.isArray(v) && v.length === 0)) return [hidden()];
  if (name === "faces" && Array.isArray(v)) return v.map((f) => die(f, { small: true }));
  const flat = Array.isArray(v) ? v.flat(3) : [v];
  if (flat.length && flat.every((x) => typeof x === "string" && CARD.test(x))) return flat.map(card);
  if (flat.length && flat.every((x) => typeof x === "string" && TILE.test(x))) return flat.map((t) => tile(t));
  if (MONEY.has(name) && typeof v === "number") return [document.createTextNode(dollars(v))];
  if (name === "spot" && typeof v === "string") return [document.createTextNode(spotName(v))];
  if (Array.isArray(v)) return v.flatMap((x, i) => [...(i ? [document.createTextNode("; ")] : []), ...value(name, x)]);
  if (typeof v === "object") {
    const money = name.endsWith("wagers");
    return Object.entries(v).flatMap(([k, x], i) => [
      document.createTextNode(said(/^\d+$/.test(k) ? `seat ${k}` : label(k, name), i)),
      ...(money && typeof x === "number" ? [document.createTextNode(dollars(x))] : value(k, x)),
    ]);
  }
  const worded = typeof v === "string" ? served[`${name}:${v}`] ?? served[v] : undefined;
  if (worded !== undefined) return [document.createTextNode(worded)];
  return [document.createTextNode(String(v).replace(/_/g, " "))];
}

function eventItem(stored) {
  const li = document.createElement("li");
  const event = stored.event;
  const type = event.type || stored.type;
  li.append(served[`event:${type}`] ?? words(type));
  const fields = Object.entries(event).filter(([k, v]) => !SKIPPED.has(k) && v !== false && v !== "");
  fields.forEach(([k, v], i) => {
    li.append(i === 0 ? ": " : "; ", `${label(k)} `);
    li.append(...value(k, v));
  });
  // The rule as the server words it (cite_shown), never the event's cite code.
  if (stored.cite_shown) li.append(` (${stored.cite_shown})`);
  return li;
}

function settlements(rows) {
  const table = document.createElement("table");
  table.className = "settled";
  const head = table.createTHead().insertRow();
  for (const h of ["Wager", "Staked", "Outcome", "Returned", "Won", "Rule"]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.append(th);
  }
  const body = table.createTBody();
  for (const s of rows) {
    const tr = body.insertRow();
    for (const text of [spotName(s.spot), dollars(s.amount), s.outcome, dollars(s.returned), dollars(s.won), s.cite_shown || ""]) {
      tr.insertCell().textContent = text;
    }
  }
  return table;
}

function roundSection(r) {
  const section = document.createElement("section");
  section.className = "recalled";
  section.dataset.round = r.round_id;
  const h = document.createElement("h3");
  const version = r.rules_version === null ? "" : `, Rules Submission version ${r.rules_version}`;
  h.textContent = `Round ${r.number} (${r.status}${version}), seat ${r.seat}`;
  const list = document.createElement("ol");
  list.append(...r.events.filter((e) => e.index > 0).map(eventItem));
  const net = document.createElement("p");
  net.className = "net";
  net.textContent = `Your wallet: ${r.wallet_net >= 0 ? "+" : ""}${dollars(r.wallet_net)}`;
  section.append(h, list);
  if (r.settlements.length) section.append(settlements(r.settlements));
  section.append(net);
  return section;
}

async function show(event) {
  if (event) event.preventDefault();
  const tableId = document.getElementById("table").value.trim();
  const seat = document.getElementById("seat").value;
  const messages = document.getElementById("messages");
  const out = document.getElementById("rounds");
  if (!tableId || !seat) return;
  history.replaceState(null, "", `?table=${encodeURIComponent(tableId)}&seat=${seat}`);
  messages.textContent = "Loading…";
  try {
    const [data, table] = await Promise.all([
      request("GET", `/tables/${encodeURIComponent(tableId)}/seats/${seat}/recall`),
      request("GET", `/tables/${encodeURIComponent(tableId)}`).catch(() => ({ spots: [] })),
    ]);
    spotNames = Object.fromEntries((table.spots || []).map((s) => [s.value, s.label]));
    served = table.words || {};
    out.replaceChildren(...data.rounds.map(roundSection));
    if (!data.rounds.length) out.textContent = "No round of yours at this seat is over yet.";
    messages.textContent = "";
  } catch (problem) {
    messages.textContent = problem.message;
  }
}

const params = new URLSearchParams(location.search);
document.getElementById("table").value = params.get("table") || "";
document.getElementById("seat").value = params.get("seat") || "";
document.getElementById("filters").addEventListener("submit", show);
if (params.get("table") && params.get("seat")) show();
