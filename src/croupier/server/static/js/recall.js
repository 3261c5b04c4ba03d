// Game recall (GET /tables/{id}/seats/{seat}/recall): a player's last ten rounds at a
// seat, each event in words with its cards, dice and tiles drawn, and the settlement.
// The server blanks what the player may not see; a blank is said to be hidden.

import { request } from "./api.js";
import { dollars } from "./format.js";
import { card, die, tile } from "./svg.js";

const CARD = /^(10|[2-9TJQKA])[shdc]$/;
const TILE = /^[1-6]-[1-6]$/;
const MONEY = new Set(["amount", "returned", "won", "withheld", "chips", "cover"]);
let spotNames = {}; // the table's names of its spots ({pai_gow: "Pai Gow Wager"})
let served = {}; // the game's words for its values (table.words; "field:value" first)
// Fields and events named in the regulation's words where their keys say little.
const LABELS = {
  start_of_game: "the start of the game",
  previous_bank: "the last round's bank",
  bank_offer_from: "the bank offered first to seat",
  last_dealer_round_wagers: "wagers against the dealer in the last round",
  deliveries: "the stacks of four tiles",
  rule: "set by",
  counted_from: "counted from",
  position: "ending at",
  positions: "from",
};
// Fields whose empty value means there is none, not that it is hidden from the player.
const NONE = new Set(["previous_bank", "bank_offer_from", "last_dealer_round_wagers"]);
// Fields that name Pai Gow's positions (621a.8).
const POSITIONS = new Set(["position", "positions", "counted_from"]);
const EVENTS = {
  TableContext: "What the table carries into the round",
  TilesDelivered: "Tiles delivered",
};
const SKIPPED = new Set(["type", "cite", "croupier_version", "rules", "rules_sha256", "table_id", "round_id"]);

function words(name) {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

// A spot by the table's name for it ("Pai Gow Wager"), else its key in words.
function spotName(spot) {
  return spotNames[spot] || words(spot.replace(/:/g, " "));
}

function hidden() {
  const span = document.createElement("span");
  span.className = "hidden-value";
  span.textContent = "not shown to you";
  return span;
}

// A Pai Gow position as 621a.8 names it ("dealer", "dead_hand", "2" in the events).
function position(p) {
  if (p === "dealer") return "the dealer";
  if (p === "dead_hand") return "the Dead Hand";
  return /^\d+$/.test(p) ? `seat ${p}` : String(p).replace(/_/g, " ");
}

// A field's key in words.
function label(k) {
  return k === "spot" ? "betting area" : LABELS[k] || k.replace(/_/g, " ");
}

// A field's value as nodes: cards, tiles and dice drawn, money in dollars, a record
// field by field and a map seat by seat in words (never its JSON).
function value(name, v) {
  const empty = v === null || (typeof v === "object" && !Object.keys(v).length);
  if (NONE.has(name) && empty) return [document.createTextNode("none")];
  if (POSITIONS.has(name) && typeof v === "string") return [document.createTextNode(position(v))];
  if (typeof v === "boolean") return [document.createTextNode(v ? "yes" : "no")];
  if (v === null || (Array.isArray(v) && v.length === 0)) return [hidden()];
  if (name === "faces" && Array.isArray(v)) return v.map((f) => die(f, { small: true }));
  const flat = Array.isArray(v) ? v.flat(3) : [v];
  if (flat.length && flat.every((x) => typeof x === "string" && CARD.test(x))) return flat.map(card);
  if (flat.length && flat.every((x) => typeof x === "string" && TILE.test(x))) return flat.map((t) => tile(t));
  if (MONEY.has(name) && typeof v === "number") return [document.createTextNode(dollars(v))];
  if (name === "spot" && typeof v === "string") return [document.createTextNode(spotName(v))];
  if (Array.isArray(v)) return v.flatMap((x, i) => [...(i ? [document.createTextNode("; ")] : []), ...value(name, x)]);
  if (typeof v === "object" && "position" in v) {
    const rest = Object.entries(v).filter(([k]) => k !== "position");
    return [document.createTextNode(`to ${position(v.position)} `), ...rest.flatMap(([k, x]) => value(k, x))];
  }
  if (typeof v === "object") {
    const money = name.endsWith("wagers");
    return Object.entries(v).flatMap(([k, x], i) => [
      document.createTextNode(`${i ? ", " : ""}${/^\d+$/.test(k) ? `seat ${k}` : label(k)} `),
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
  li.append(EVENTS[type] || words(type));
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
