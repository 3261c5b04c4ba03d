// What the table page says to a player, in sentences: what a command did, how a round
// ended for the seat (each wager and the net), the states of hands and decisions, and the
// server's refusals without its internal codes. Nothing here decides what the rules allow.

import { dollars } from "./format.js";

// A game's own words for the values its views and offers carry, and what its timeouts
// send said three ways: served with the table from the game's package (`table.words`,
// `table.timeouts`), set by the page for the table it shows (`useWords`).
let served = {};
let timeouts = {};

export function useWords(table) {
  served = (table && table.words) || {};
  timeouts = (table && table.timeouts) || {};
}

// A state or choice in words: the game's own word where it has one ("needs_card" ->
// "needs a card"), else its text spelled out ("over_par" -> "over par").
export function phrase(value) {
  if (value === null || value === undefined) return "";
  const text = String(value);
  if (served[text] !== undefined) return served[text];
  return text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

// The table header's round: "Round 3 (open, players' turns)". The number is the round's
// at its table (its id is "<table>-<number>"); the status, then the game's phase in words
// (its word for "phase:<phase>", else the phase spelled out) where it says more than the status.
export function roundHeader(roundId, status, phase) {
  if (!roundId) return "no round yet";
  const number = /-(\d+)$/.exec(String(roundId));
  const worded = phase ? served[`phase:${phase}`] ?? phrase(phase) : "";
  const said = worded && worded !== status ? `, ${worded}` : "";
  return `Round ${number ? number[1] : roundId} (${status}${said})`;
}

// A refusal as a player reads it: no code of the server's own ("server:seats",
// "engine:replay") at its end; a citation of the regulation stays.
export function plain(text) {
  return String(text ?? "").replace(/\s*\((?:server|engine|api|http):[^)]*\)/g, "").trim();
}

// How the round ended for `seat`: what each of its wagers did and the net, e.g.
// "You won $30.00 on Ante Down, pushed Across: net +$30.00." `settlements` are the
// round's (the view's `round_settlements` where a round settles roll after roll, else its
// `settlements`): a row `stays` was paid while its wager stays up (only `won` moved), a
// row `paid` is money the seat paid that no wager settles (`said` names it). `extras`
// are more such money ({label, amount}: High Roll Dice's Extra Roll purchase).
// What a round moved into (positive) or out of the seat's wallet by its settlements and
// purchases (`extras`: [{amount}]), cents: a purchase paid, a win whose wager stays up,
// else what came back less the wager.
export function roundNet(settlements, seat, extras = []) {
  let net = 0;
  for (const s of (settlements || []).filter((x) => x.seat === seat)) {
    if (s.paid) net -= s.amount;
    else if (s.stays) net += s.won || 0;
    else net += (s.returned || 0) + (s.won || 0) - s.amount;
  }
  for (const x of extras) net -= x.amount;
  return net;
}

export function roundSummary(settlements, seat, label, extras = []) {
  const mine = (settlements || []).filter((s) => s.seat === seat);
  if (!mine.length && !extras.length) return null;
  const net = roundNet(settlements, seat, extras);
  const parts = mine.map((s) => {
    const name = label(s.spot);
    if (s.paid) {
      return `paid ${dollars(s.amount)} for ${s.said || name}`;
    }
    if (s.stays) {
      return `won ${dollars(s.won)} on ${name} (the wager stays up)`;
    }
    const back = (s.returned || 0) + (s.won || 0);
    if (s.said && s.outcome === "lose") return `lost ${dollars(s.amount)} on ${name}: ${s.said}`;
    if (s.said) return `had ${dollars(back)} back: ${s.said}`;
    if (s.outcome === "win") return `won ${dollars(s.won)} on ${name}`;
    if (s.outcome === "lose") return `lost ${dollars(s.amount)} on ${name}`;
    if (s.outcome === "push") return `pushed ${name}`;
    if (s.outcome === "surrender") return `surrendered ${name} (${dollars(back)} back)`;
    if (s.outcome === "void") return `had ${dollars(back)} back on ${name} (void)`;
    return `${phrase(s.outcome)} ${name}`;
  });
  for (const x of extras) parts.push(`paid ${dollars(x.amount)} for ${x.label}`);
  const sign = net > 0 ? "+" : net < 0 ? "-" : "";
  return `You ${parts.join(", ")}: net ${sign}${dollars(Math.abs(net))}.`;
}

// What a command the player sent did, in a sentence ("You placed $10.00 on Pip Street
// ace."); `label` names a spot, `title` a command; `money`: the fields its offer types as
// amounts (the two antes placed at once), said in dollars.
export function saidCommand(command, label, title, money = []) {
  if (command.type === "PlaceWager") return `You placed ${dollars(command.amount)} on ${label(command.spot)}.`;
  const amount = typeof command.amount === "number" ? ` for ${dollars(command.amount)}` : "";
  const choice = command.decision ?? command.choice;
  if (typeof choice === "string") return `You chose ${phrase(choice)}${amount}.`;
  const sums = Object.entries(command).filter(([k, v]) => typeof v === "number" && k !== "amount" && money.includes(k));
  if (sums.length) return `${title}: ${sums.map(([k, v]) => `${label(k)} ${dollars(v)}`).join(", ")}.`;
  return `You chose ${title}${amount}.`;
}

// What a timeout sends, by command (and decision): [you, he, done]; the commands every
// wagering game shares here, a game's own from its package (`useWords`).
const TIMEOUT = {
  AnnounceNoMoreBets: [null, "the betting closes (no more bets)", "the betting closed (no more bets)"],
  VoidRound: [null, "the round is void and every wager on it comes back", "the round was voided and every wager on it came back"],
};

function timeoutForms(step, kind) {
  const key = step.decision ? `${step.command}:${step.decision}` : step.command;
  const found = timeouts[key] || TIMEOUT[key] || timeouts[step.command] || TIMEOUT[step.command];
  if (found) return found;
  if (kind === "optional") return [null, "the dealer goes on and those who have not chosen decline", "the dealer went on; those who had not chosen declined"];
  const what = phrase(step.decision || step.command);
  return [`you: ${what}`, `seat N: ${what}`, what];
}

// What the wait's timeout will do ("when the time runs out, you fold (676a.11(b))"), or,
// with `done`, what it did ("Time ran out: you folded (676a.11(b)).").
export function timeoutSentence(deadline, seat, done = false) {
  const cite = deadline.cite_shown ? ` (${deadline.cite_shown})` : ""; // words, never a code
  const parts = (deadline.timeout || []).map((step) => {
    const [you, he, past] = timeoutForms(step, deadline.kind);
    if (step.seat === null || step.seat === undefined) return done ? past : he.replace("seat N: ", "the dealer: ");
    if (done) return `${step.seat === seat ? "you" : `seat ${step.seat}`} ${past}`;
    return step.seat === seat && you ? you : he.replace("seat N", `seat ${step.seat}`);
  });
  if (!parts.length) return done ? "Time ran out." : "";
  return done ? `Time ran out: ${parts.join("; ")}${cite}.` : `When the time runs out, ${parts.join("; ")}${cite}.`;
}

const LATE = "You sat down after this round opened: you play from the next round, which opens when this one ends.";

// Who acts now, in a sentence: "Your decision", "Seat 3 decides", "Betting is open".
// While the connection is down (`down`) nothing is claimed of the round: the page waits
// for it. Betting the game cannot close yet says why (the view's `betting_held`, the game's words),
// and so does a table where no round may be opened (the server's words: its self-check failed).
// With no round open, a seated player offered wagers is told the betting is open and its
// time (the table's `bettingSeconds`, null: none) runs from the first wager (no clock yet).
// A round under way at a table closed for play since it opened is the last before it closes:
// the view's `last_round` says so (the server's words), after who acts.
export function whoActs(view, seat, down = false, bettingSeconds = null) {
  const now = whoActsNow(view, seat, down, bettingSeconds);
  return view.round_status === "open" && view.last_round && !down ? `${now} ${view.last_round}` : now;
}

function whoActsNow(view, seat, down, bettingSeconds) {
  if (view.round_status !== "open") {
    if (view.betting_held) return view.betting_held;
    if (down || typeof seat !== "number" || !(view.legal_commands || []).length) return null;
    return bettingSeconds ? `Betting is open: the betting time (${bettingSeconds} s) starts with the first wager.` : "Betting is open: place your wagers.";
  }
  if (down) return "The table is waiting for the connection: nothing is taken until it is back.";
  // A player who sat down after the round opened has no part in it: betting is not
  // open to him, he plays from the next round (the server's refusal says the same).
  if (seat !== null && seat !== undefined && view.sat_in_round === false) return LATE;
  const v = view.view || {};
  const waiting = view.waiting_for || [];
  if (v.phase === "betting" || (view.deadline && view.deadline.kind === "betting")) {
    const open = waiting.includes(seat) ? "Betting is open: place your wagers." : "Betting is open.";
    return view.betting_held ? `${open} ${view.betting_held}` : open;
  }
  if (!waiting.length) return "The dealer acts.";
  if (waiting.includes(seat)) {
    const others = waiting.filter((s) => s !== seat);
    return `Your turn${others.length ? ` (and seat ${others.join(", seat ")})` : ""}: decide now.`;
  }
  return `Seat ${waiting.join(", seat ")} ${waiting.length > 1 ? "decide" : "decides"} now.`;
}

// Whether a seat's message ("You sit at seat 2, but this table is closed for play…", "You sit
// at seat 1: place your wagers.") no longer holds: `closed`, whether it said no round may open.
// The seated player's view with no round open says whether one may (its `betting_held`, the
// operator closing or enabling the table, GLI-19 2.4.1); a view from before he sat (no seat)
// or in a round says nothing of it.
export function seatMessageStale(closed, view) {
  if (!view || typeof view.actor !== "number" || view.round_status === "open") return false;
  return Boolean(view.betting_held) !== Boolean(closed);
}

// What the rack's Undo takes down, said before and after: the whole of each wager the
// command takes back (the spot's amount, every chip on it), with those the offer takes
// back together (`together`: Criss-Cross Poker's two Antes). `wagers`: the seat's, by
// spot (cents). {undo: "Undo: take down the $20.00 on Front 9", said: "$20.00 taken
// down from Front 9.", spots: the spots taken down}.
export function takeDownWords(spot, wagers, together, label) {
  const spots = (together || []).find((group) => group.includes(spot)) || [spot];
  const amounts = spots.map((s) => wagers[s]);
  const names = spots.map(label);
  const where = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  if (!amounts.every((a) => typeof a === "number")) return { undo: `Undo: take down ${where}`, said: `Wager taken down from ${where}.`, spots };
  const total = amounts.reduce((a, b) => a + b, 0);
  return { undo: `Undo: take down the ${dollars(total)} on ${where}`, said: `${dollars(total)} taken down from ${where}.`, spots };
}

// Whether another of `tables` bears the same name as table `t` (its game's title).
export function sharedName(t, tables) {
  const name = (x) => x.title || x.game;
  return tables.filter((x) => name(x) === name(t)).length > 1;
}

// A table as a person reads it: its name ("Craps"), with its id only where another
// table bears the same name ("Craps (table craps-2)"), as on the lobby's cards.
export function tableName(t, tables, fallback) {
  if (!t) return fallback;
  return sharedName(t, tables) ? `${t.title || t.game} (table ${t.id})` : t.title || t.game;
}

// Why a table is closed for play: the operator's reason as he wrote it (plain text), or where
// the software's self-check closed it (`by`), the server's words with their rule:
// "by the operator: a spill on the layout. No round is dealt here until …".
export function closedBy(reason, by) {
  const said = reason.trim();
  if (by === "self-check") return `: ${/[.!?]$/.test(said) ? said : `${said}.`}`; // the server's words, with its rule
  return `by the operator: ${/[.!?]$/.test(said) ? said : `${said}.`} No round is dealt here until the operator enables the table again.`;
}

// What a return is measured on, said after "on": an article that begins a sentence
// ("The whole game per initial Blackjack Wager") is lower case mid-sentence; a wager's
// name ("Pass Line") keeps its capitals.
export function afterOn(words) {
  return String(words || "").replace(/^(The|A|An) /, (m) => m.toLowerCase());
}
