// The lobby (#/): signing in, and the tables as cards (no pictures), each with its game,
// limits, seats free and the theoretical return of its main wager.
import { api, setToken } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { afterOn, closedBy, sharedName } from "./words.js";
import { signedUp } from "./session.js";
import { myLimits } from "./mylimits.js";
import { edgeWords, openHelp } from "./help.js";
import { say } from "./said.js";

const main = document.getElementById("main");

// `me`: the account signed in (null: none); `loadMe`: reads it again, and answers it.
export async function lobby(me, loadMe) {
  document.title = "croupier — lobby";
  const page = h("div", { class: "lobby" }, h("h2", {}, "Lobby"));
  main.replaceChildren(page);
  const signup = signupForm(me, loadMe);
  const tokenForm = h(
    "form",
    { class: "signin", "aria-label": "sign in with a token" },
    h("h3", {}, "Or use a bearer token (dealer, admin)"),
    h("div", { class: "field" }, h("label", { for: "token" }, "Token"), h("input", { id: "token", name: "token", type: "password", required: true, autocomplete: "off" })),
    h("button", { type: "submit", class: "action" }, "Use token"),
  );
  tokenForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    setToken(tokenForm.elements.token.value.trim());
    const who = await loadMe();
    if (who) lobby(who, loadMe);
    else say("That token belongs to nobody.", "error");
  });
  if (!me) {
    page.append(h("div", { class: "signins" }, signup, tokenForm));
    return;
  }
  // Signed in: the tables first, in sight; the account, limits, break and exclusion below.
  const list = h("ul", { class: "table-cards", "aria-label": "Tables" });
  // Said until the tables arrive (the server may wait a moment for their returns), and
  // in words if they cannot be had.
  const loading = h("p", { class: "tables-loading", role: "status" }, "Loading tables…");
  page.append(h("h3", {}, "Tables"), loading, list);
  page.append(h("div", { class: "signins" }, signup, tokenForm));
  page.append(h("button", { class: "link", onclick: async () => { await api.signOut().catch(() => {}); setToken(null); sessionStorage.clear(); loadMe().then((who) => lobby(who, loadMe)); } }, "Sign out"));
  if (me.role === "player") page.append(myLimits(me));
  loadTables(list, loading);
}

// The play-money sign-up (or, signed in, the switch to another account).
function signupForm(me, loadMe) {
  const nameId = "signup-name";
  const signup = h(
    "form",
    { class: "signin", "aria-label": "play-money sign-up" },
    h("h3", {}, me ? "Switch account" : "Sign in with a play-money account"),
    h("div", { class: "field" }, h("label", { for: nameId }, "Your name"), h("input", { id: nameId, name: "name", required: true, maxlength: 100, autocomplete: "nickname" })),
    h("button", { type: "submit", class: "action" }, "Get play money"),
  );
  signup.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const created = await api.signup(signup.elements.name.value);
      setToken(created.token);
      signedUp(created.id);
      const who = await loadMe();
      say(`Welcome, ${created.name}: ${dollars(created.balance)} of play money.`);
      lobby(who, loadMe);
    } catch (error) {
      say(error.message, "error");
    }
  });
  return signup;
}

// The lobby's tables; where they cannot be had, why in words, asked for again shortly.
async function loadTables(list, loading) {
  try {
    showTables(list, await api.tables(3));
    loading.remove();
  } catch (error) {
    loading.textContent = `The tables could not be loaded. ${error.message} The page asks again every few seconds.`;
    loading.classList.add("error");
    setTimeout(() => { if (list.isConnected) loadTables(list, loading); }, 5000);
  }
}

// Each table as a card (no pictures): its game, limits, seats free and the theoretical
// return of its main wager, with its help ("How to play") readable before sitting. A
// return still being worked out is asked for again.
function showTables(list, tables) {
  list.replaceChildren(...(tables.length ? tables.map((t) => tableCard(t, sharedName(t, tables))) : [h("li", {}, "No tables yet: an admin opens them (POST /tables).")]));
  if (tables.some((t) => !t.main_return && t.returns_note.startsWith("The theoretical return is being worked out"))) {
    setTimeout(() => { if (list.isConnected) api.tables(3).then((again) => showTables(list, again), () => {}); }, 5000);
  }
}

// The card's link says the game and its seats, the table's id only where another table
// bears the same name (`shared`; Craps and Mini-Craps do not): "Craps, 5 of 6 seats free";
// a table the operator closed for play (it, its game or its paytable disabled) says so
// first, and why, his reason as plain text: "Sic Bo, closed for play, 9 of 10 seats free".
function tableCard(t, shared = false) {
  const edge = t.main_return;
  const id = `card-${t.id}`;
  const seats = t.free_seats.length ? `${t.free_seats.length} of ${t.seat_count} seats free` : "full";
  return h(
    "li",
    { class: "table-card", "data-table": t.id, "data-closed": t.closed ? "" : null, "aria-labelledby": id },
    h("h4", { id }, h("a", { href: `#/table/${encodeURIComponent(t.id)}` }, `${t.title || t.game}`, shared ? h("span", { class: "card-id" }, ` (table ${t.id})`) : "", t.closed ? ", closed for play" : "", `, ${seats}`)),
    t.closed ? h("p", { "data-card": "closed" }, `Closed for play ${closedBy(t.closed_reason, t.closed_by)}`) : null,
    h(
      "dl",
      {},
      h("dt", {}, "Limits"), h("dd", { "data-card": "limits" }, `${dollars(t.minimum_wager)} to ${dollars(t.maximum_wager)} a wager`),
      h("dt", {}, "Seats free"), h("dd", { "data-card": "seats" }, t.free_seats.length ? `${t.free_seats.length} of ${t.seat_count} (${t.free_seats.join(", ")})` : `none of ${t.seat_count}: full`),
      h("dt", {}, "Return"),
      h("dd", { "data-card": "return", "data-edge": edge?.exact || "" }, edge ? `${edge.to_player} to the player, ${edgeWords(edge.house_edge)}, on ${afterOn(edge.words)}${edge.strategy ? " (with the strategy the help states)" : ""}` : t.returns_note),
    ),
    h("p", {},
      h("button", { type: "button", class: "link", "data-help-table": t.id, onclick: () => openHelp(t.id, shared) }, `How to play ${t.title || t.game}, every wager's pay and return`),
      " · ",
      h("a", { href: `#/history/${encodeURIComponent(t.id)}` }, `Rounds of ${t.title || t.game}${shared ? ` (table ${t.id})` : ""}`),
    ),
  );
}
