// A table's history (#/history/ID), the replay of a round hand by hand (#/replay/ROUND)
// and a player's check that a round was dealt from what was committed (#/verify/ROUND,
// verify.js).
import { api, HISTORY_PAGE, Problem } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { humanize } from "./commands.js";
import { felt, gameOf, results } from "./layouts.js";
import { die } from "./svg.js";
import { phrase, tableName } from "./words.js";
import { given } from "./seeds.js";
import { seenIn } from "./seen.js";
import { checkRound } from "./verify.js";

const main = document.getElementById("main");

// One round of the history: when, how it ended, and for a round the caller played his
// seat, stake, net and hand as he saw it at the end.
function historyItem(game, r) {
  const when = r.opened_at ? new Date(r.opened_at) : null;
  const v = r.view || null;
  let hand = v && game.hand ? game.hand(v, r.seat) : null;
  if (!hand && v && (v.dice || []).length) hand = h("div", { class: "dice" }, v.dice.map((d) => die(d, { small: true })));
  const net = r.net === null || r.net === undefined ? null : `net ${r.net > 0 ? "+" : r.net < 0 ? "-" : ""}${dollars(Math.abs(r.net))}`;
  return h(
    "li",
    { "data-round": r.round_id },
    h("div", { class: "round-line" },
      h("a", { href: `#/replay/${encodeURIComponent(r.round_id)}` }, `Round ${r.number}`),
      when ? [" · ", h("time", { datetime: r.opened_at }, `${when.toLocaleDateString()} ${when.toLocaleTimeString()}`)] : null,
      ` · ${phrase(r.status)}`,
      r.seat ? [` · seat ${r.seat}`, ` · staked ${dollars(r.stake)}`, " · ", h("strong", { class: `net ${r.net > 0 ? "up" : r.net < 0 ? "down" : ""}`, "data-net": r.net }, net)] : ` · ${r.version} events`,
      r.status === "open" ? "" : [" · ", h("a", { href: `#/verify/${encodeURIComponent(r.round_id)}`, "data-verify": r.round_id }, "verify")]),
    hand ? h("div", { class: "round-hand", "aria-label": `your hand in round ${r.number}` }, hand) : null,
  );
}

export async function historyPage(tableId, before) {
  const [rounds, table, tables] = await Promise.all([api.rounds(tableId, before), api.table(tableId), api.tables()]);
  const game = gameOf(table);
  const named = tableName(tables.find((t) => t.id === tableId), tables, game.title);
  document.title = `croupier — rounds of ${named}`;
  const here = `#/history/${encodeURIComponent(tableId)}`;
  const pages = [];
  if (before) pages.push(h("a", { href: here, "data-page": "newest" }, "Newest rounds"));
  if (rounds.length === HISTORY_PAGE) {
    const oldest = rounds[rounds.length - 1].number;
    if (oldest > 1) pages.push(h("a", { href: `${here}/${oldest}`, "data-page": "older" }, "Older rounds"));
  }
  main.replaceChildren(
    h(
      "div",
      { class: "history" },
      h("h2", {}, `Rounds of ${named}`),
      rounds.length
        ? h("ol", { class: "rounds", reversed: true }, rounds.map((r) => historyItem(game, r)))
        : h("p", {}, "No rounds yet."),
      pages.length ? h("p", { class: "pages" }, ...pages.flatMap((a, i) => (i ? [" · ", a] : [a]))) : null,
      h("p", {}, h("a", { href: `#/table/${encodeURIComponent(tableId)}` }, "Back to the table")),
    ),
  );
}

export async function replayPage(roundId) {
  const data = await api.steps(roundId);
  const table = await api.table(data.table_id);
  const summary = (await api.tables()).find((t) => t.id === data.table_id);
  const seatCount = summary ? summary.seat_count : 6;
  document.title = `croupier — replay of ${roundId}`;
  let at = data.steps.length - 1;
  const stage = h("div", { class: "replay-stage" });
  const caption = h("p", { class: "replay-caption", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: data.steps.length - 1, value: at, "aria-label": "event number" });
  function show() {
    const step = data.steps[at];
    slider.value = String(at);
    const said = describe(step.event.event, gameOf(table).label, step.event.cite_shown);
    // An event with no fields to say has its section only: "Round completed (675a.4(h))".
    caption.textContent = `Event ${at + 1} of ${data.steps.length}: ${humanize(step.event.type)}${said.startsWith("(") ? " " : " — "}${said}`;
    const fakeView = { view: step.view, actor: data.actor, legal_commands: [], round_id: roundId };
    // The seats as they were in that round (data.seats), not as they are now.
    stage.replaceChildren(felt(table, fakeView, { mySeat: typeof data.actor === "number" ? data.actor : null, legalSpots: new Set(), onSpot: () => {}, seatCount, seats: data.seats || [], everySeat: true }), results(table, fakeView) || "");
  }
  const go = (n) => { at = Math.max(0, Math.min(data.steps.length - 1, n)); show(); };
  slider.addEventListener("input", () => go(Number(slider.value)));
  const controls = h(
    "div",
    { class: "replay-controls", role: "group", "aria-label": "replay controls" },
    h("button", { class: "action", "data-step": "first", onclick: () => go(0) }, "« First"),
    h("button", { class: "action", "data-step": "prev", onclick: () => go(at - 1) }, "◀ Previous"),
    slider,
    h("button", { class: "action", "data-step": "next", onclick: () => go(at + 1) }, "Next ▶"),
    h("button", { class: "action", "data-step": "last", onclick: () => go(data.steps.length - 1) }, "Last »"),
  );
  main.replaceChildren(
    h("div", { class: "replay", tabindex: "-1" },
      h("h2", {}, `Replay of round ${roundId} (${data.status})`),
      controls, caption, stage,
      h("p", {}, h("a", { href: `#/history/${encodeURIComponent(data.table_id)}` }, "All rounds"), " · ", h("a", { href: `#/table/${encodeURIComponent(data.table_id)}` }, "Back to the table"))),
  );
  main.querySelector(".replay").addEventListener("keydown", (e) => {
    if (e.target === slider) return;
    if (e.key === "ArrowRight") go(at + 1);
    if (e.key === "ArrowLeft") go(at - 1);
  });
  show();
}

// The check of verify.js on this player's steps and the round's reveal, in words.
export async function verifyPage(roundId) {
  document.title = `croupier — verify round ${roundId}`;
  const steps = await api.steps(roundId);
  const back = h("p", {}, h("a", { href: `#/history/${encodeURIComponent(steps.table_id)}` }, "All rounds"), " · ", h("a", { href: `#/replay/${encodeURIComponent(roundId)}` }, "Replay"));
  let revealed;
  try {
    revealed = await api.reveal(roundId);
  } catch (error) {
    if (!(error instanceof Problem) || error.status !== 409) throw error;
    main.replaceChildren(h("div", { class: "verify" }, h("h2", {}, `Round ${roundId} cannot be checked yet`), h("p", { class: "verdict" }, error.detail), back));
    return;
  }
  // What this browser was answered while the round was played anchors the check; steps
  // fetched now could be forged to agree with a forged reveal (as croupier verify-round
  // says without --seen).
  const kept = seenIn(roundId);
  const keptAt = new Set(kept.map((e) => e.index));
  const fetched = steps.steps.map((s) => s.event).filter((e) => !keptAt.has(e.index));
  const check = await checkRound(revealed, kept, roundId, given(roundId), fetched);
  const anchored = kept.length > 0;
  const verdict = !check.ok ? "bad" : anchored ? "ok" : "unanchored";
  main.replaceChildren(
    h("div", { class: "verify" },
      h("h2", {}, `Round ${roundId}: ${{ ok: "verified", unanchored: "consistent, but not verified against what you were shown", bad: "does NOT verify" }[verdict]}`),
      h("p", { class: `verdict ${verdict}`, "data-ok": verdict === "ok" ? "true" : verdict === "bad" ? "false" : "unanchored" },
        {
          ok: `What this browser was shown of the round (${kept.length} event${kept.length === 1 ? "" : "s"} kept as it was answered) is what was committed before it was dealt or drawn, and nothing in the round was changed afterwards.`,
          unanchored: "The round agrees with itself: its values open to what was committed and its events chain. But this browser kept none of the round as it was shown (it was played elsewhere, or this browser's storage was cleared), so nothing ties it to what you saw: a server could forge a round that agrees with itself. Check it from the browser you played it in, or with croupier verify-round and what you were shown (--seen).",
          bad: "Something you received does not match what was committed: keep this page and tell the casino and the Gaming Control Board.",
        }[verdict]),
      h("ul", {}, ...check.problems.map((p) => h("li", { class: "problem" }, p)), ...check.notes.map((n) => h("li", {}, n))),
      h("p", {}, "The full check, with the replay under the game's rules: ", h("code", {}, `croupier verify-round ${roundId} --token YOUR-TOKEN`)),
      back),
  );
}

// An event's fields in words for the replay's caption: no snake_case, no JSON; money in
// dollars; a spot by the table's name for it, as its "betting area" (the chapters' word); a value the viewer may not see is said to be hidden; its rule as the server
// words it (`citeShown`, the step's cite_shown), never the event's own cite code.
function describe(event, label = (spot) => spot, citeShown = "") {
  const skip = new Set(["type", "rules", "rules_sha256", "croupier_version", "table_id", "round_id", "game", "cite"]);
  const money = new Set(["amount", "returned", "won", "withheld", "chips"]);
  const value = (k, v) => {
    if (v === null) return "not shown to you";
    if (money.has(k) && typeof v === "number") return dollars(v);
    if (k === "spot" && typeof v === "string") return label(v);
    if (Array.isArray(v)) return v.length ? v.map((x) => value("", x)).join(", ") : "none";
    if (typeof v === "object") return Object.entries(v).map(([a, b]) => `${phrase(a)} ${value(a, b)}`).join(", ");
    if (typeof v === "boolean") return v ? "yes" : "no";
    return typeof v === "string" && v.includes("_") ? phrase(v) : String(v);
  };
  const said = Object.entries(event)
    .filter(([k, v]) => !skip.has(k) && v !== "" && v !== false)
    .map(([k, v]) => `${k === "spot" ? "betting area" : phrase(k)}: ${value(k, v)}`)
    .join("; ");
  const cite = citeShown ? `(${citeShown})` : "";
  return said ? `${said}${cite ? ` ${cite}` : ""}` : cite || "nothing more";
}
