// The help panel of a table (GET /tables/{id}/help): how its game is played, every wager
// and what it pays under the table's Rules Submission (its sign, as the server draws it),
// the limits, each wager's theoretical return from the par sheet, and the keyboard
// shortcuts. Opened from the lobby's card (before sitting) and at the table ("?").
// Nothing here knows a game: every word of it comes from the server.

import { api } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { decisionKeys, fixedKeys } from "./shortcuts.js";

function signPart(blocks) {
  const out = [];
  let title = null;
  for (const block of blocks) {
    if (block.columns) {
      out.push(h("table", { class: "help-table" },
        title ? h("caption", {}, title) : null,
        h("thead", {}, h("tr", {}, block.columns.map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", {}, block.rows.map((row) => h("tr", {}, row.map((cell, i) => (i ? h("td", {}, cell) : h("th", { scope: "row" }, cell)))))),
      ));
      title = null;
    } else if (block.text && block.bold) {
      if (title) out.push(h("p", { class: "help-line" }, h("strong", {}, title)));
      title = block.text;
    } else if (block.text) {
      if (title) { out.push(h("p", { class: "help-line" }, h("strong", {}, title))); title = null; }
      out.push(h("p", { class: "help-line" }, block.text));
    }
  }
  if (title) out.push(h("p", { class: "help-line" }, h("strong", {}, title)));
  return out;
}

// "house edge 2.78%"; a figure below zero is the player's edge ("the player's edge 0.05%").
export function edgeWords(houseEdge) {
  return houseEdge.startsWith("-") ? `the player's edge ${houseEdge.slice(1)}` : `house edge ${houseEdge}`;
}

function returnsPart(help) {
  if (!help.returns) return [h("p", { "data-help": "returns-note" }, help.returns_note)];
  return [
    h("p", {}, "Per unit wagered, over the long run: the return to player and the house edge (the two add up to 100%). Where a figure assumes a way of playing, the strategy is said under it."),
    h("table", { class: "help-table", "data-help": "returns" },
      h("thead", {}, h("tr", {}, ["Wager", "Return to player", "House edge", "How it was found"].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, help.returns.map((w) => h("tr", { "data-wager": w.wager },
        h("th", { scope: "row" }, w.words, w.strategy ? h("span", { class: "help-strategy" }, ` Strategy: ${w.strategy}`) : null),
        h("td", {}, w.to_player),
        h("td", { "data-edge": w.exact || "" }, w.house_edge.startsWith("-") ? edgeWords(w.house_edge) : w.house_edge, w.exact ? ` (exactly ${w.exact})` : ""),
        h("td", {}, w.method),
      ))),
    ),
  ];
}

function shortcutsPart() {
  const decisions = decisionKeys().map(([key, button]) => [key.toUpperCase(), `${(button.textContent || "").trim()} (a decision shown now)`]);
  return [
    h("p", {}, "At the table (not while typing in a field). Each decision is the first letter of its label not taken already, shown to screen readers on the button."),
    h("dl", { class: "help-keys", "data-help": "keys" }, [...fixedKeys(), ...decisions].flatMap(([k, what]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, what)])),
  ];
}

// Opens the help of table `tableId` in a modal dialog; focus goes back where it was when
// it closes (Escape or the Close button). Its title names the game, with the table's id
// only where another table bears the same name (`shared`), as the lobby's cards do.
export async function openHelp(tableId, shared = false) {
  const back = document.activeElement;
  document.querySelector("dialog.help")?.remove();
  const close = h("button", { type: "button", class: "action", "data-help": "close" }, "Close");
  const body = h("div", { class: "help-body" }, h("p", {}, "Loading the help…"));
  // Close at the top, held there as the help scrolls (issue 34: at phone width it came
  // only after the whole help).
  const head = h("div", { class: "help-head" }, h("h2", { id: "help-title" }, "How to play"), close);
  const dialog = h("dialog", { class: "help", "aria-labelledby": "help-title" }, head, body);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => { dialog.remove(); if (back && back.isConnected) back.focus(); });
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  let help;
  try {
    help = await api.help(tableId);
  } catch (error) {
    body.replaceChildren(h("p", { class: "message error" }, error.message));
    return dialog;
  }
  dialog.querySelector("#help-title").textContent = `How to play ${help.title} (58 Pa. Code ch. ${help.chapter}) ${shared ? ` (table ${help.table_id})` : ""}`;
  body.replaceChildren(
    h("section", { "aria-labelledby": "help-play" }, h("h3", { id: "help-play" }, "The game"), help.how_to_play.map((p) => h("p", {}, p))),
    h("section", { "aria-labelledby": "help-limits" }, h("h3", { id: "help-limits" }, "Limits"), h("p", { "data-help": "limits" }, `${dollars(help.minimum_wager)} to ${dollars(help.maximum_wager)} a wager`)),
    h("section", { "aria-labelledby": "help-returns" }, h("h3", { id: "help-returns" }, "Theoretical return"), returnsPart(help)),
    h("section", { "aria-labelledby": "help-pays", "data-help": "sign" }, h("h3", { id: "help-pays" }, "Every wager and what it pays at this table"), signPart(help.sign)),
    h("section", { "aria-labelledby": "help-keys" }, h("h3", { id: "help-keys" }, "Keyboard shortcuts"), shortcutsPart()),
  );
  return dialog;
}
