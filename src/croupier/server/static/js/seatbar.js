// A table page's seat bar: the player's seat and its Leave button, or the free seats to
// take. `t`: the table page's state (tablepage.js). Nothing here knows a game.
import { api } from "./api.js";
import { h } from "./dom.js";
import { freshSeed, remember } from "./seeds.js";
import { closedBy } from "./words.js";
import { messages, say } from "./said.js";

// Drawn again only when the caller's seat or who sits where changes (`seats`: the view's).
export function drawSeatBar(t, seat, seats) {
  const seatBar = t.seatBar;
  const seatKey = JSON.stringify([seat, seats]);
  if (seatBar.dataset.key === seatKey) return;
  seatBar.dataset.key = seatKey;
  seatBar.replaceChildren();
  if (t.me.role !== "player") return;
  if (seat !== null) seatBar.append(h("span", {}, `You sit at seat ${seat}. `), leaveButton(t, seat));
  else {
    const taken = new Set(seats.map((s) => s.seat));
    const free = [];
    for (let n = 1; n <= t.seatCount; n++) if (!taken.has(n)) free.push(n);
    seatBar.append(h("span", {}, free.length ? "Take a seat: " : "The table is full."), ...free.map((n) => sitButton(t, n)));
  }
}

function leaveButton(t, seat) {
  return h("button", { class: "action", "data-leave": seat, onclick: async () => {
    try {
      await api.leave(t.tableId, seat);
      t.table = await api.table(t.tableId);
      say(`You left seat ${seat}.`);
      t.render(); // the seats changed even where the view did not
      t.live.refresh();
    } catch (error) { say(error.message, "error"); }
  } }, `Leave seat ${seat}`);
}

function sitButton(t, n) {
  return h("button", { class: "action", "data-sit": n, onclick: async () => {
    try {
      const mine = t.table.settings?.client_seeds ? await freshSeed() : null;
      const taken = await api.sit(t.tableId, n, mine?.commitment);
      remember(t.tableId, mine);
      t.table = await api.table(t.tableId);
      // Late only where a round is open now: otherwise his wagers open the next;
      // at a table closed for play, no round opens until it is enabled again.
      const late = t.view && t.view.round_status === "open";
      if (taken?.closed) say(`You sit at seat ${n}, but this table is closed for play ${closedBy(taken.closed_reason, taken.closed_by)}`);
      else say(late ? `You sit at seat ${n}; you play from the next round that opens.` : `You sit at seat ${n}: place your wagers.`);
      messages.firstChild.dataset.seatClosed = taken?.closed ? "yes" : "no"; // goes once it no longer holds
      t.live.refresh();
    } catch (error) { say(error.message, "error"); }
  } }, `Seat ${n}`);
}
