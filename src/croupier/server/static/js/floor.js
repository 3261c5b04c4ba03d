// The floor page: the hold report (GET /reports/hold) as a table and a chart of each
// table's hold against its theoretical hold; each table's equipment out of order and its
// notices for the floor (GET /tables/{id}/state), in the server's words, each ending with
// its section. Uses the bearer token of the lobby's sign-in (localStorage) or one typed
// in; both are for dealers and admins.

import { request, setToken, token } from "./api.js";

const money = (cents) =>
  cents === null || cents === undefined
    ? ""
    : (cents < 0 ? "-$" : "$") +
      (Math.abs(cents) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = (value) => (value === null || value === undefined ? "" : `${(value * 100).toFixed(2)}%`);

function cell(text, numeric = false, extra = "") {
  const td = document.createElement("td");
  td.textContent = text;
  if (numeric) td.className = "num";
  if (extra) td.classList.add(extra);
  return td;
}

function strategies(row) {
  const games = new Set(row.strategies.map((s) => s.game));
  return row.strategies
    .map((s) => `${games.size > 1 ? `${s.game} ` : ""}${s.wager}: ${s.strategy}`)
    .join("; ");
}

function table(rows) {
  const out = document.createElement("table");
  out.className = "report";
  out.dataset.testid = "hold-report";
  const head = out.createTHead().insertRow();
  for (const h of ["Table", "Game", "Day", "Rounds", "Drop", "Win", "Hold", "Theoretical win",
    "Theoretical hold", "Difference (sd)", "Strategy assumed", "Missing par figures"]) {
    const th = document.createElement("th");
    th.textContent = h;
    head.append(th);
  }
  const body = out.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    if (row.level !== "table") tr.className = "sum";
    const sd = row.deviations;
    tr.append(
      cell(row.table_id || "all tables"),
      cell(row.game || "all games"),
      cell(row.day || "all days"),
      cell(row.rounds.toLocaleString("en-US"), true),
      cell(money(row.drop), true),
      cell(money(row.win), true),
      cell(percent(row.hold), true),
      cell(row.theoretical_win === null ? "" : money(Math.round(row.theoretical_win)), true),
      cell(percent(row.theoretical_hold), true),
      cell(sd === null ? "" : sd.toFixed(2), true, sd !== null && Math.abs(sd) >= 3 ? "far" : ""),
      cell(strategies(row)),
      cell(row.missing_par_figures.join(", ")),
    );
  }
  return out;
}

// A bar a table-day: its hold, with a tick at its theoretical hold.
function chart(rows) {
  const NS = "http://www.w3.org/2000/svg";
  const shown = rows.filter((r) => r.level === "table" && r.drop > 0).slice(-40);
  const svg = document.createElementNS(NS, "svg");
  if (!shown.length) return svg;
  const width = 24 * shown.length + 60;
  const height = 180;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  const holds = shown.flatMap((r) => [r.hold, r.theoretical_hold === null ? 0 : r.theoretical_hold]);
  const top = Math.max(0.05, ...holds);
  const bottom = Math.min(0, ...holds);
  const y = (v) => 10 + ((top - v) / (top - bottom)) * (height - 40);
  const axis = document.createElementNS(NS, "line");
  axis.setAttribute("x1", 40); axis.setAttribute("x2", width); axis.setAttribute("y1", y(0)); axis.setAttribute("y2", y(0));
  axis.setAttribute("stroke", "#555");
  svg.append(axis);
  shown.forEach((r, i) => {
    const x = 50 + i * 24;
    const bar = document.createElementNS(NS, "rect");
    bar.setAttribute("x", x); bar.setAttribute("width", 16);
    bar.setAttribute("y", Math.min(y(r.hold), y(0)));
    bar.setAttribute("height", Math.abs(y(r.hold) - y(0)));
    bar.setAttribute("fill", r.hold >= 0 ? "#2e7d32" : "#c62828");
    const title = document.createElementNS(NS, "title");
    title.textContent = `${r.table_id} ${r.day}: hold ${percent(r.hold)}`;
    bar.append(title);
    svg.append(bar);
    if (r.theoretical_win !== null) {
      const tick = document.createElementNS(NS, "line");
      const ty = y(r.theoretical_hold);
      tick.setAttribute("x1", x - 3); tick.setAttribute("x2", x + 19); tick.setAttribute("y1", ty); tick.setAttribute("y2", ty);
      tick.setAttribute("stroke", "#ef6c00"); tick.setAttribute("stroke-width", 3);
      svg.append(tick);
    }
  });
  const label = document.createElementNS(NS, "text");
  label.setAttribute("x", 40); label.setAttribute("y", height - 8);
  label.textContent = "hold by table and day (bars); theoretical hold (orange)";
  label.setAttribute("font-size", 11);
  svg.append(label);
  return svg;
}

const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (text.endsWith(".") ? "" : ".");

// "2026-12-03 18:00 UTC": a notice's time (the server's, aware UTC), to the minute.
const when = (at) => `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;

// One table's equipment out of order and notices, or null where it has neither.
function tableNotices(kept) {
  if (!kept.out_of_order.length && !kept.notices.length) return null;
  const section = document.createElement("section");
  section.dataset.table = kept.table_id;
  const heading = document.createElement("h3");
  heading.textContent = `Table ${kept.table_id} (${kept.title})`;
  section.append(heading);
  if (kept.out_of_order.length) {
    const out = document.createElement("p");
    out.className = "out-of-order";
    out.textContent = `Out of order: ${kept.out_of_order.map(sentence).join(" ")}`;
    section.append(out);
  }
  if (kept.notices.length) {
    const list = document.createElement("ol");
    for (const notice of kept.notices) {
      const item = list.appendChild(document.createElement("li"));
      const round = notice.round ? `round ${notice.round}` : "before the first round";
      item.textContent = `${when(notice.at)}, ${round}: ${sentence(notice.text)}`;
    }
    section.append(list);
  }
  return section;
}

// The notices of the table asked for, or of every table.
async function showNotices(tableId) {
  const ids = tableId ? [tableId] : (await request("GET", "/tables")).tables.map((t) => t.id);
  const kept = await Promise.all(
    ids.map((id) => request("GET", `/tables/${encodeURIComponent(id)}/state`)),
  );
  const shown = kept.map(tableNotices).filter((section) => section !== null);
  document.getElementById("notices").replaceChildren(
    ...(shown.length ? shown : [document.createTextNode("No table has a notice for the floor.")]),
  );
}

async function show(event) {
  if (event) event.preventDefault();
  const messages = document.getElementById("messages");
  const typed = document.getElementById("token").value.trim();
  if (typed) setToken(typed);
  const params = new URLSearchParams();
  const tableId = document.getElementById("table").value.trim();
  const since = document.getElementById("since").value;
  if (tableId) params.set("table", tableId);
  if (since) params.set("since", since);
  messages.textContent = token() ? "Loading the report…" : "Sign in as a dealer or admin first.";
  try {
    const data = await request("GET", `/reports/hold${params.size ? `?${params}` : ""}`);
    document.getElementById("report").replaceChildren(
      data.rows.length ? table(data.rows) : document.createTextNode("No round has ended yet."),
    );
    document.getElementById("chart").replaceChildren(chart(data.rows));
    document.getElementById("gaming-day").textContent =
      `Gaming day: ${data.gaming_day.text}. ${data.theoretical_assumes}`;
    await showNotices(tableId);
    messages.textContent = "";
  } catch (problem) {
    messages.textContent = problem.message;
  }
}

document.getElementById("filters").addEventListener("submit", show);
if (token()) show();
