// What the table page says to a player, in sentences: what a command did, how a round
// ended for the seat (each wager and the net), the states of hands and decisions, and the
// server's refusals without its internal codes. Nothing here decides what the rules allow.

import { dollars } from "./api.js";

// The states and choices the games' views carry, as the regulations write them.
const PHRASES = {
  needs_card: "needs a card",
  twenty_one: "21",
  missed_card: "card missed",
  stood: "stands",
  bust: "bust",
  blackjack: "blackjack",
  playing: "playing",
  surrendered: "surrendered",
  settled: "settled",
  back_9: "Back 9 Wager",
  front_9: "Front 9",
  fold: "fold",
  over_par: "over par",
  second_chance: "Second Chance",
  decline_second_chance: "no Second Chance",
  bank_offer: "bank offered",
  no_match: "no match",
  pai_gow: "Pai Gow",
};

// A state or choice in words: "needs_card" -> "needs a card", "over_par" -> "over par".
export function phrase(value) {
  if (value === null || value === undefined) return "";
  const text = String(value);
  if (PHRASES[text] !== undefined) return PHRASES[text];
  return text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

// A refusal as a player reads it: no code of the server's own ("server:seats",
// "engine:replay") at its end; a citation of the regulation stays.
export function plain(text) {
  return String(text ?? "").replace(/\s*\((?:server|engine|api|http):[^)]*\)/g, "").trim();
}

// How the round ended for `seat`: what each of its wagers did and the net, e.g.
// "You won $30.00 on Ante Down, pushed Across: net +$30.00." `extras` are money the
// seat paid that no wager settles (High Roll Dice's Extra Roll purchase: {label, amount}).
export function roundSummary(settlements, seat, label, extras = []) {
  const mine = (settlements || []).filter((s) => s.seat === seat);
  if (!mine.length && !extras.length) return null;
  let net = 0;
  const parts = mine.map((s) => {
    const back = (s.returned || 0) + (s.won || 0);
    net += back - s.amount;
    const name = label(s.spot);
    if (s.outcome === "win") return `won ${dollars(s.won)} on ${name}`;
    if (s.outcome === "lose") return `lost ${dollars(s.amount)} on ${name}`;
    if (s.outcome === "push") return `pushed ${name}`;
    if (s.outcome === "surrender") return `surrendered ${name} (${dollars(back)} back)`;
    if (s.outcome === "void") return `had ${dollars(back)} back on ${name} (void)`;
    return `${phrase(s.outcome)} ${name}`;
  });
  for (const x of extras) {
    net -= x.amount;
    parts.push(`paid ${dollars(x.amount)} for ${x.label}`);
  }
  const sign = net > 0 ? "+" : net < 0 ? "-" : "";
  return `You ${parts.join(", ")}: net ${sign}${dollars(Math.abs(net))}.`;
}

// What a command the player sent did, in a sentence ("You placed $10.00 on Pip Street
// ace."); `label` names a spot, `title` a command.
export function saidCommand(command, label, title) {
  if (command.type === "PlaceWager") return `You placed ${dollars(command.amount)} on ${label(command.spot)}.`;
  const amount = typeof command.amount === "number" ? ` for ${dollars(command.amount)}` : "";
  const choice = command.decision ?? command.choice;
  if (typeof choice === "string") return `You chose ${phrase(choice)}${amount}.`;
  const money = Object.entries(command).filter(([k, v]) => typeof v === "number" && /^(ante_|chips)/.test(k));
  if (money.length) return `${title}: ${money.map(([k, v]) => `${label(k)} ${dollars(v)}`).join(", ")}.`;
  return `${title}${amount}: done.`;
}

// A validation refusal from the server (FastAPI's list of {loc, msg}) as one sentence:
// "The server could not take it: seat is missing." (no list indexes, no "Field required").
export function validation(list) {
  const said = new Set();
  for (const d of list) {
    const names = (d.loc || []).filter((x) => typeof x === "string" && !["body", "command", "query", "path"].includes(x) && !/^[A-Z]/.test(x));
    const field = names.length ? phrase(names[names.length - 1]) : "the request";
    const msg = String(d.msg || "").replace(/^Value error, /, "");
    said.add(/field required/i.test(msg) ? `${field} is missing` : `${field}: ${msg.charAt(0).toLowerCase()}${msg.slice(1)}`);
  }
  return `That was not sent as the table needs it: ${[...said].join("; ")}.`;
}
