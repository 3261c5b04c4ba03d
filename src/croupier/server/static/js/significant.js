// The floor page's significant events (GET /significant-events) and what is disabled now
// (GET /disabled), for the floor and surveillance: who, what, when, the values before and
// after in plain words (GLI-19 2.8.8, 2.9.5). Newest first. A dealer's or admin's
// sign-in is needed (the token of the lobby's sign-in, or the one typed in above).

import { request, token } from "./api.js";
import { h } from "./dom.js";

// A recorded value in words: nothing, yes/no, a number, a text, or each field named in
// words ("reason: a chipped die").
export function described(value) {
  if (value === null || value === undefined) return "nothing";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.length ? value.map(described).join("; ") : "none";
  if (typeof value === "object") {
    const parts = Object.entries(value)
      .filter(([, v]) => v !== "" && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${k.replaceAll("_", " ")}: ${described(v)}`);
    return parts.length ? parts.join(", ") : "nothing";
  }
  return String(value);
}

const when = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

function eventsTable(events) {
  const rows = [...events].reverse().map((e) =>
    h(
      "tr",
      {},
      h("td", {}, when(e.at)),
      h("td", {}, e.who),
      h("td", {}, e.kind_words),
      h("td", {}, e.subject),
      h("td", {}, `${described(e.before)} → ${described(e.after)}`),
      h("td", {}, e.words),
    ),
  );
  return h(
    "table",
    { class: "report", "data-testid": "significant-events" },
    h("thead", {}, h("tr", {}, ["When", "Who", "What", "Concerning", "Before → after", "In words"].map((t) => h("th", {}, t)))),
    h("tbody", {}, rows),
  );
}

let kindsShown = false;

function fillKinds(events) {
  if (kindsShown) return;
  const select = document.getElementById("events-kind");
  const seen = new Map(events.map((e) => [e.kind, e.kind_words]));
  for (const [kind, words] of seen) select.append(h("option", { value: kind }, words));
  kindsShown = true;
}

async function show(event) {
  if (event) event.preventDefault();
  const out = document.getElementById("events");
  const disabledNow = document.getElementById("disabled-now");
  if (!token()) {
    out.textContent = "Sign in as a dealer or admin first.";
    return;
  }
  const params = new URLSearchParams();
  const kind = document.getElementById("events-kind").value;
  const subject = document.getElementById("events-subject").value.trim();
  if (kind) params.set("kind", kind);
  if (subject) params.set("subject", subject);
  try {
    const data = await request("GET", `/significant-events${params.size ? `?${params}` : ""}`);
    if (!kind && !subject) fillKinds(data.events);
    out.replaceChildren(data.events.length ? eventsTable(data.events) : document.createTextNode("No Activity"));
    const disabled = (await request("GET", "/disabled")).disabled;
    disabledNow.textContent = disabled.length
      ? `Disabled now: ${disabled.map((d) => `${d.named}, by ${d.by} on ${when(d.at)} (${d.reason})`).join("; ")}.`
      : "Nothing is disabled now.";
  } catch (problem) {
    out.textContent = problem.message;
  }
}

document.getElementById("events-filters").addEventListener("submit", show);
document.getElementById("filters").addEventListener("submit", () => show());
if (token()) show();
