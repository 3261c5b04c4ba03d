// A table page's outcome: how the last round ended (the felt and results of a round
// opened ahead of its wagers show the last one's), the player's result and win banner,
// and a dice table's strip of its last throws. `t`: the table page's state
// (tablepage.js). Nothing here knows a game.
import { api } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { results, settlementsOf } from "./layouts.js";
import { roundNet, roundSummary } from "./words.js";
import { mySeat } from "./wagers.js";

// A round the server opened as soon as the last one ended, to offer the Pai Gow bank
// (621a.11(c)) or the Double Back Jack cut (673a.5(c)): until it takes a wager, the
// felt and the results show how the last round ended (its last step as this caller
// saw it); the offer's buttons are the new round's. The last round's id, else null.
export function previousRound(current) {
  const v = current.view || {};
  // Opened ahead of its wagers: open, not yet betting, nothing wagered.
  const ahead = Boolean(v.phase) && v.phase !== "betting";
  if (current.round_status !== "open" || !ahead || Object.keys(v.wagers || {}).length) return null;
  const m = /^(.*)-(\d+)$/.exec(current.round_id || "");
  return m && Number(m[2]) > 1 ? `${m[1]}-${Number(m[2]) - 1}` : null;
}

// The view the felt and the results show (t.lastRound: {id, view}, the last round's).
export function shownView(t) {
  const previous = previousRound(t.view);
  if (!previous) return t.view;
  if (t.lastRound.id !== previous) {
    t.lastRound = { id: previous, view: null };
    api.steps(previous).then((r) => {
      const steps = r.steps || [];
      if (t.lastRound.id !== previous || !steps.length) return;
      t.lastRound.view = steps[steps.length - 1].view;
      if (previousRound(t.view) === previous) t.render();
    }).catch(() => {});
  }
  return t.lastRound.view ? { ...t.view, view: t.lastRound.view } : t.view;
}

// The player's last result (its sentence and net), said as the last round's until he
// wagers in the next round himself or leaves the seat: another player's wager takes
// nothing from it (t.kept; t.betTotal: his wagers on the table now).
export function finishRender(t) {
  const { view } = t;
  const shown = shownView(t);
  const seat = mySeat(t);
  // The sentence of a round that is over (a Double Back Jack 21 is paid at once, before
  // the round's other wagers are settled: no net until then).
  const over = shown !== view || view.round_status !== "open";
  const extras = () => (t.game.extras ? t.game.extras(shown.view || {}, seat) : []);
  // Only a round the player sat in is his (a seat taken since: the last occupant's).
  let summary = seat === null || !over || !view.sat_in_round ? null : roundSummary(settlementsOf(shown.view || {}), seat, t.game.label, extras());
  // A round the player won: a banner with what it brought him (its net, cents).
  let net = summary ? roundNet(settlementsOf(shown.view || {}), seat, extras()) : 0;
  // Kept under the id of the round it is of: a round opened ahead shows the last one's.
  if (summary) t.kept = { round: shown === view ? view.round_id : previousRound(view), seat, summary, net };
  else if (t.kept && (t.kept.seat !== seat || t.betTotal > 0 || t.kept.round === view.round_id)) t.kept = null;
  else if (t.kept) [summary, net] = [`Last round: ${t.kept.summary}`, t.kept.net];
  else missedResult(t, seat);
  if (seat !== null && view.sat_in_round && t.betTotal > 0) t.satIn = { round: view.round_id, seat };
  t.resultBox.replaceChildren(results(t.table, shown, { mySeat: seat, satInRound: Boolean(view.sat_in_round) }) || "");
  // The sentence and the banner beside the controls (app.css).
  const won = net > 0 ? String(net) : "";
  // At a phone's top only while the round shown is over: kept into the next betting,
  // it goes below the felt, leaving the screen to the areas to bet.
  t.winBox.dataset.over = summary && !summary.startsWith("Last round: ") ? "yes" : "";
  if (t.winBox.dataset.won !== won || t.winBox.dataset.said !== (summary || "")) {
    [t.winBox.dataset.won, t.winBox.dataset.said] = [won, summary || ""];
    t.winBox.replaceChildren(summary ? h("p", { class: "round-summary" }, summary) : "", net > 0 ? h("p", { class: "win-banner", "data-won": net }, "You win ", h("strong", {}, dollars(net)), "!") : "");
  }
  drawStrip(t);
}

// A round the player sat in whose settled view this page never received (the next
// round opened, or another player wagered in it, before the view came): its result is
// read from its steps and kept as the last round's (t.satIn: the last round seen with
// the player seated in it), unless he has wagered since.
function missedResult(t, seat) {
  const { view } = t;
  const sat = t.satIn;
  if (!sat || seat === null || sat.seat !== seat || sat.round === view.round_id) return;
  if (sat.round === previousRound(view) || t.betTotal > 0) return;
  t.satIn = null;
  api.steps(sat.round).then((r) => {
    const steps = r.steps || [];
    const last = steps.length ? steps[steps.length - 1].view || {} : {};
    const extras = t.game.extras ? t.game.extras(last, seat) : [];
    const summary = roundSummary(settlementsOf(last), seat, t.game.label, extras);
    if (!summary || t.kept || t.betTotal > 0 || mySeat(t) !== seat || t.view.round_id === sat.round) return;
    t.kept = { round: sat.round, seat, summary, net: roundNet(settlementsOf(last), seat, extras) };
    t.render();
  }).catch(() => {});
}

// The last results strip: each round's throws (the layout's `throws(view)`), from the
// rounds the player played (the history) and every round seen live on this page
// (t.throwsOf: round id -> {number, throws}).
export function noteThrows(t, roundId, v) {
  if (!t.game.throws || !roundId || !v) return;
  const m = /-(\d+)$/.exec(roundId);
  t.throwsOf.set(roundId, { number: m ? Number(m[1]) : 0, throws: t.game.throws(v) });
}

// The throws of the rounds in the table's history, once they come.
export function loadThrows(t) {
  if (!t.game.throws) return;
  api.rounds(t.tableId).then((rounds) => {
    for (const r of rounds) if (r.view && !t.throwsOf.has(r.round_id)) noteThrows(t, r.round_id, r.view);
    drawStrip(t);
  }).catch(() => {});
}

function drawStrip(t) {
  if (!t.game.throws) return;
  const { strip } = t;
  const rounds = [...t.throwsOf.values()].sort((a, b) => b.number - a.number);
  const last = rounds.flatMap((r) => [...r.throws].reverse()).slice(0, 20);
  const key = JSON.stringify(last);
  if (strip.dataset.key === key) return;
  strip.dataset.key = key;
  strip.replaceChildren(
    h("h3", {}, last.length === 1 ? "Last result" : last.length ? `Last ${last.length} results` : "Last results"),
    last.length
      ? h("ol", { class: "strip" }, last.map((x) => h("li", { "data-total": x.total, title: x.said }, h("span", { class: "strip-dice" }, x.dice.join(" ")), h("strong", {}, String(x.shown ?? x.total)))))
      : h("p", { class: "muted" }, "No throw yet."),
  );
}
