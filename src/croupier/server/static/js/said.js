// The page's message line and balance, shared by the lobby and the table pages: a message
// is a sentence about what was just done; the balance is the server's last figure.
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { changed } from "./session.js";

export const messages = document.getElementById("messages");
const balanceNode = document.getElementById("balance");
let saidAt = null;

// A message is a sentence: a refusal the server words from the inside of one ("the Ante
// Across and Ante Down Wagers must be equal: ...") starts with a capital here.
export function say(text, kind = "info", version = null) {
  saidAt = version;
  const said = typeof text === "string" ? text.charAt(0).toUpperCase() + text.slice(1) : text;
  messages.replaceChildren(h("p", { class: `message ${kind}` }, said));
}

// The message goes, whatever round it was said of.
export function unsay() {
  saidAt = null;
  messages.replaceChildren();
}

// The round and version a view shows ("ID@VERSION"): what a message about a command is
// said of (null: no view).
export function versionOf(view) {
  return view ? `${view.round_id}@${view.round_version}` : null;
}

// A message about a command answers the table as it was: once the round has moved on
// (another version, another round), it goes. One said for the whole round ("round:ID":
// what a timeout did, a refusal) stays until another round opens.
export function forgetStale(view) {
  if (saidAt === null || !view) return;
  const now = saidAt.startsWith("round:") ? `round:${view.round_id}` : versionOf(view);
  if (now !== saidAt) unsay();
}

// The balance; when it moves (a wager, a settlement another's command brought), the
// session's won or lost figure is the server's again (session.js).
export function showBalance(cents) {
  if (cents === null || cents === undefined) return;
  const moved = balanceNode.dataset.cents !== undefined && balanceNode.dataset.cents !== String(cents);
  if (moved) changed();
  balanceNode.textContent = dollars(cents);
  balanceNode.dataset.cents = String(cents);
}

// No balance shown (no one signed in).
export function noBalance() {
  balanceNode.textContent = "—";
  delete balanceNode.dataset.cents;
}

// The balance shown, in cents (undefined where none is).
export function balanceShown() {
  const have = balanceNode.dataset.cents;
  return have === undefined ? undefined : Number(have);
}
