// A table page's live updates: each view the table's connection brings (live.js), who
// acts now and the time left of the wait in progress (the view's deadline), what a
// timeout did, and the connection's state in the header. `t`: the table page's state
// (tablepage.js). Nothing here knows a game.
import { CONNECTION, connection, connectionDown } from "./connection.js";
import { seatMessageStale, timeoutSentence, whoActs } from "./words.js";
import { forgetStale, messages, say, unsay, versionOf } from "./said.js";
import { render } from "./draw.js";
import { noteThrows } from "./outcome.js";
import { mySeat } from "./wagers.js";

// A view from the table (t.clock: {deadline, until (performance.now() ms), version}).
export function onView(t, next) {
  // The wait shown ran out and the round moved on: say what its timeout did.
  const clock = t.clock;
  const ran = clock && performance.now() >= clock.until - 500 && versionOf(next) !== clock.version;
  const said = ran ? timeoutSentence(clock.deadline, mySeat(t), true) : null;
  const view = (t.view = next);
  forgetStale(view);
  const seatSaid = messages.querySelector("[data-seat-closed]");
  if (seatSaid && seatMessageStale(seatSaid.dataset.seatClosed === "yes", view)) seatSaid.remove();
  noteThrows(t, view.round_id, view.view);
  // What the timeout did stays for the rest of the round, whoever acts next, until a
  // new betting period opens (Craps: the next roll's betting, issue 34).
  if (said) {
    say(said, "info", `round:${view.round_id}`);
    messages.firstChild.dataset.timedOut = clock.deadline.kind;
  } else if (next.deadline && next.deadline.kind === "betting" && messages.querySelector("[data-timed-out]")) {
    unsay();
  }
  render(t);
  renderTurn(t);
}

// The connection's state (live.js), in the header and its banner.
export function onStatus(t, s) {
  t.status = s;
  const node = t.header.querySelector(".conn");
  if (node) { node.textContent = CONNECTION[s] || s; node.className = `conn conn-${s}`; node.dataset.conn = s; }
  connection(s);
  if (t.view) renderTurn(t);
}

function renderTurn(t) {
  const { view, turnBox } = t;
  const seat = mySeat(t);
  const deadline = view.deadline || null;
  t.clock = deadline ? { deadline, until: performance.now() + deadline.seconds_left * 1000, version: versionOf(view) } : null;
  const who = whoActs(view, seat, connectionDown(), t.table.settings?.betting_seconds ?? null) || "";
  turnBox.dataset.kind = deadline ? deadline.kind : "";
  turnBox.querySelector(".who-acts").textContent = who;
  turnBox.querySelector(".on-timeout").textContent = deadline ? timeoutSentence(deadline, seat) : "";
  turnBox.hidden = !who && !deadline;
  tick(t);
}

// The countdown, each quarter of a second.
export function tick(t) {
  const node = t.turnBox.querySelector(".countdown");
  if (!t.clock) { node.textContent = ""; delete node.dataset.seconds; return; }
  const left = Math.max(0, Math.ceil((t.clock.until - performance.now()) / 1000));
  node.dataset.seconds = String(left);
  node.textContent = left ? `${left} s left.` : "Time is up.";
}
