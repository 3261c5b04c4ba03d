// Keyboard shortcuts of a table page: keys for the chips, rebet, undo, clear, double, each
// decision and the help panel. A decision's key is the first letter of its label not taken
// already (by the keys below or an earlier decision): "Hit" H, "Stand" S, "Split" P. No key
// acts while the player types in a field, with a modifier held, or while a dialog is open.
// Nothing here knows a game: the buttons are found by what they do (their data attributes).

// [key, what it does, the page it needs or null]: U and C only at a table that takes
// wagers down (app.js marks its page data-takes-down).
const FIXED = [
  ["1 … 7", "choose the first to the seventh chip", null],
  ["R", "rebet the last round's wagers", null],
  ["U", "undo: take down the last wager placed", "[data-takes-down]"],
  ["C", "clear my wagers", "[data-takes-down]"],
  // Not a letter, which a decision may take ("Double down" D), nor a chip's digit: "times".
  ["*", "double my wagers: each again, where its area takes more", null],
  ["?", "open this help; Escape closes it", null],
];

// The fixed shortcuts this page has: [[key, what], ...].
export function fixedKeys(root = document) {
  const page = root.querySelector(".table-page");
  return FIXED.filter(([, , needs]) => !needs || (page && page.matches(needs))).map(([k, what]) => [k, what]);
}
const RESERVED = new Set(["r", "u", "c", "?"]);

// The decisions on screen, each with its key: [[key, button], ...].
export function decisionKeys(root = document) {
  const taken = new Set(RESERVED);
  const out = [];
  for (const button of root.querySelectorAll("section.decisions button:not([disabled])")) {
    const label = (button.getAttribute("aria-label") || button.textContent || "").toLowerCase();
    const key = [...label].find((ch) => /[a-z]/.test(ch) && !taken.has(ch));
    if (!key) continue;
    taken.add(key);
    button.setAttribute("aria-keyshortcuts", key.toUpperCase());
    out.push([key, button]);
  }
  return out;
}

// Only a field that takes text counts as typing: a checkbox or a button does not.
const TEXT_FIELDS = ["text", "number", "search", "email", "password"].map((t) => `input[type='${t}']`);
const TYPING = [...TEXT_FIELDS, "input:not([type])", "textarea", "select", "[contenteditable='']", "[contenteditable='true']"].join(", ");

function typing(target) {
  return Boolean(target && target.closest && target.closest(TYPING));
}

function press(node) {
  if (!node || node.disabled) return false;
  node.click();
  node.focus();
  return true;
}

// Listens on the document for the page's life; `help` opens the help panel.
export function listen(help) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (typing(event.target) || document.querySelector("dialog[open]")) return;
    const page = document.querySelector(".table-page");
    const key = event.key.toLowerCase();
    if (key === "?") {
      event.preventDefault();
      help();
      return;
    }
    if (!page) return;
    let done = false;
    if (/^[1-7]$/.test(key)) done = press(page.querySelectorAll(".rack .chip-button")[Number(key) - 1]);
    else if (key === "r") done = press(page.querySelector('[data-rack="rebet"]'));
    else if (key === "u") done = press(page.querySelector('[data-rack="undo"]'));
    else if (key === "c") done = press(page.querySelector('[data-rack="clear"]'));
    else if (key === "*") done = press(page.querySelector('[data-rack="double"]'));
    else if (/^[a-z]$/.test(key)) done = press(decisionKeys(page).find(([k]) => k === key)?.[1]);
    if (done) event.preventDefault();
  });
}
