// The focus on a table page: a control is found again after a redraw by what it does
// (its data attributes) and, on the felt, by its seat, so that the focus stays on the
// control clicked though its command redraws the table. Nothing here knows a game.

const main = () => document.getElementById("main");

export const FOCUS_KEYS = ["data-action", "data-spot", "data-chip", "data-wager-spot", "data-amount", "data-decline", "data-sit", "data-leave", "data-max-odds", "data-bet-instead", "data-typed-chip", "data-rack"];

export function focusKey(node) {
  if (!node || node === document.body || !main().contains(node)) return null;
  const parts = FOCUS_KEYS.filter((a) => node.hasAttribute(a)).map((a) => `[${a}="${CSS.escape(node.getAttribute(a))}"]`);
  if (!parts.length) return node.id ? `#${CSS.escape(node.id)}` : null;
  const seat = node.closest("[data-seat]");
  const within = seat && seat !== node ? `[data-seat="${CSS.escape(seat.dataset.seat)}"] ` : "";
  return `${within}${node.tagName.toLowerCase()}${parts.join("")}`;
}

export function focusLost() {
  const now = document.activeElement;
  return !now || now === document.body || now === main() || !now.isConnected;
}

// The decision a turn starts on: the first control of `decisions` that plays the hand,
// never one that gives it up (a fold, a surrender: its offer's `gives_up`), so that Enter
// never gives the hand up; where there is none, the decisions region itself.
export function firstDecision(decisions) {
  const buttons = [...decisions.querySelectorAll(".actions button:not([disabled])")];
  return buttons.find((b) => !b.closest("[data-gives-up]")) || (buttons.length ? decisions : null);
}

export function refocus(key, otherwise = null) {
  const found = [...main().querySelectorAll(key)].find((n) => !n.disabled && n.offsetParent !== null);
  (found || otherwise)?.focus();
}

// Where the focus goes once the control it was on is gone (issue 34: it fell to the
// page's body, or to the skip link above the table, or to decisions with none to make):
// the next decision (the decisions where only a surrender or a fold is left), the chip
// chosen, the first area the player may bet, else the table's heading.
export function landing({ rack, decisions, feltBox }) {
  const shown = (n) => (n && n.isConnected && n.offsetParent !== null ? n : null);
  const deciding = !decisions.hidden && decisions.querySelector(".actions button, .actions form");
  return firstDecision(decisions) || (deciding ? shown(decisions) : null) || shown(chipChosen(rack)) || shown(feltBox.querySelector(".spot.legal")) || document.getElementById("table-heading");
}

// Where the focus goes once the player sits (the "Seat N" clicked is gone): the chip
// chosen, the first step of a wager; else the table's heading.
export function seated(rack) {
  return (rack.hidden ? null : chipChosen(rack)) || document.getElementById("table-heading");
}

// The chip chosen in the rack (else its first).
function chipChosen(rack) {
  return rack.querySelector('.chip-button[aria-pressed="true"]') || rack.querySelector(".chip-button");
}

// Where the focus goes as the decisions change (null: it stays): the first decision as
// the player's turn starts (`started`), and from the decisions region itself (where only
// a surrender was offered, or an optional choice just made) once a decision that plays
// the hand appears: Hit, not "your decisions" (docs/browser.md).
export function turnFocus(decisions, started) {
  const first = firstDecision(decisions);
  if (!first || decisions.hidden) return null;
  if (started) return first;
  return document.activeElement === decisions && first !== decisions ? first : null;
}
