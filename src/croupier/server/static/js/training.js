// Dealer training (issue #35): a drill's item asked of the server, answered from the
// keyboard, judged by the engine (POST /training/...). Generic: the games and their
// drills come from GET /training/games; nothing here names a game.

import { request, token } from "./api.js";
import { h } from "./dom.js";

const state = { game: "", drill: "payouts", rules: null, level: 1, seed: 0, item: 0, session: "", asked: 0, right: 0, seconds: 0, started: 0, stop: null };

function say(text) {
  document.getElementById("messages").textContent = text;
}

function randomHex(bytes) {
  const values = new Uint8Array(bytes);
  crypto.getRandomValues(values);
  return Array.from(values, (v) => v.toString(16).padStart(2, "0")).join("");
}

function score() {
  const pace = state.asked ? (state.seconds / state.asked).toFixed(1) : "0.0";
  const share = state.asked ? Math.round((100 * state.right) / state.asked) : 0;
  document.getElementById("score").textContent =
    `Score: ${state.right} of ${state.asked} right (${share}%), ${pace} s an answer`;
}

function counted(verdicts, seconds) {
  state.asked += verdicts.length;
  state.right += verdicts.filter((v) => v.right).length;
  state.seconds += seconds;
  score();
}

function nextOnEnter(inputs, last) {
  inputs.forEach((input, i) => {
    input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      if (i + 1 < inputs.length) inputs[i + 1].focus();
      else last();
    });
  });
}

function nextButton(section) {
  const button = h("button", { type: "button", id: "next", onclick: () => deal() }, "Next item");
  section.append(button);
  button.focus();
}

// The Rules Submission chosen (a shipped one or a table's in force) goes with every
// request; none: the game's default.
function withRules(body) {
  return state.rules ? { ...body, rules: state.rules } : body;
}

function verdictLine(v) {
  return h("p", { class: "verdict", "data-right": String(v.right) }, v.words);
}

async function dealPayouts(section) {
  const body = withRules({ game: state.game, level: state.level, seed: state.seed, item: state.item });
  const item = await request("POST", "/training/payouts/item", body);
  section.append(h("ul", { class: "scene" }, item.scene.map((line) => h("li", {}, line))));
  const inputs = item.wagers.map((wager, i) =>
    h("input", { id: `answer-${i}`, inputmode: "decimal", autocomplete: "off", "aria-label": `${wager} pays` }),
  );
  const labels = item.wagers.map((wager, i) => h("label", {}, `${wager} pays $ `, inputs[i]));
  if (item.asks_total) {
    inputs.push(h("input", { id: "answer-total", inputmode: "decimal", autocomplete: "off", "aria-label": "Total paid" }));
    labels.push(h("label", {}, "Total paid $ ", inputs[inputs.length - 1]));
  }
  const answers = h("div", { class: "answers" }, labels);
  section.append(answers);
  const answer = async () => {
    const seconds = (performance.now() - state.started) / 1000;
    const given = inputs.map((input) => input.value.trim() || "0");
    const sent = { ...body, answers: item.asks_total ? given.slice(0, -1) : given, seconds, session: state.session };
    if (item.asks_total) sent.total = given[given.length - 1];
    try {
      const judged = await request("POST", "/training/payouts/answer", sent);
      const verdicts = judged.total ? [...judged.verdicts, judged.total] : judged.verdicts;
      inputs.forEach((input) => { input.disabled = true; });
      section.append(h("div", { class: "verdicts" }, verdicts.map(verdictLine)));
      counted(verdicts, seconds);
      nextButton(section);
    } catch (error) {
      say(error.message);
    }
  };
  nextOnEnter(inputs, answer);
  if (inputs.length) inputs[0].focus();
}

async function dealHouseWay(section) {
  const body = withRules({ game: state.game, seed: state.seed, item: state.item });
  const item = await request("POST", "/training/house-way/item", body);
  section.append(h("ul", { class: "scene" }, item.scene.map((line) => h("li", {}, line))));
  const input = h("input", { id: "answer-0", autocomplete: "off", "aria-label": `The ${item.first_name}` });
  section.append(h("div", { class: "answers" }, h("label", {}, `The ${item.noun} of the ${item.first_name}: `, input)));
  const answer = async () => {
    const seconds = (performance.now() - state.started) / 1000;
    try {
      const v = await request("POST", "/training/house-way/answer", { ...body, answer: input.value, seconds, session: state.session });
      input.disabled = true;
      section.append(verdictLine(v));
      counted([v], seconds);
      nextButton(section);
    } catch (error) {
      say(error.message);
    }
  };
  nextOnEnter([input], answer);
  input.focus();
}

async function dealProcedure(section) {
  const body = withRules({ game: state.game, seed: state.seed, item: state.item });
  const item = await request("POST", "/training/procedure/item", body);
  const taken = [];
  const log = h("div", { class: "verdicts" });
  let asked = performance.now();
  let done = false;
  const take = async (step) => {
    if (done) return;
    const seconds = (performance.now() - asked) / 1000;
    asked = performance.now();
    try {
      const v = await request("POST", "/training/procedure/answer", { ...body, taken, step, seconds, session: state.session });
      if (v.right) taken.push(step);
      log.append(verdictLine(v));
      counted([v], seconds);
      if (v.finished) {
        done = true;
        document.removeEventListener("keydown", keys);
        log.append(h("p", {}, "The round is over."));
        nextButton(section);
      }
    } catch (error) {
      say(error.message);
    }
  };
  const keys = numberKeys(item.choices.length, (n) => take(item.choices[n - 1]));
  section.append(
    h("p", {}, "Take the dealer's steps of the round in order: press a step's number."),
    h("ol", { class: "steps" }, item.choices.map((c) => h("li", {}, h("button", { type: "button", onclick: () => take(c) }, c)))),
    log,
  );
  document.addEventListener("keydown", keys);
  state.stop = () => document.removeEventListener("keydown", keys);
}

// A keydown handler that takes the digit keys 1 to `count` as `pick(n)`.
function numberKeys(count, pick) {
  return (e) => {
    const n = Number(e.key);
    if (Number.isInteger(n) && n >= 1 && n <= count) {
      e.preventDefault();
      pick(n);
    }
  };
}

async function dealIrregularity(section) {
  const body = withRules({ game: state.game, seed: state.seed, item: state.item });
  const item = await request("POST", "/training/irregularities/item", body);
  section.append(h("ul", { class: "scene" }, item.scene.map((line) => h("li", {}, line))));
  let done = false;
  const choose = async (n) => {
    if (done) return;
    const seconds = (performance.now() - state.started) / 1000;
    try {
      const v = await request("POST", "/training/irregularities/answer", { ...body, answer: String(n), seconds, session: state.session });
      done = true;
      document.removeEventListener("keydown", keys);
      section.append(verdictLine(v));
      counted([v], seconds);
      nextButton(section);
    } catch (error) {
      say(error.message);
    }
  };
  const keys = numberKeys(item.choices.length, choose);
  section.append(
    h("p", { class: "what" }, item.what),
    h("ol", { class: "remedies" }, item.choices.map((c, i) => h("li", {}, h("button", { type: "button", onclick: () => choose(i + 1) }, c)))),
    h("p", { class: "keys" }, "Press the number of what the rule requires."),
  );
  document.addEventListener("keydown", keys);
  state.stop = () => document.removeEventListener("keydown", keys);
}

async function deal() {
  if (state.stop) state.stop();
  state.stop = null;
  say("");
  const section = document.getElementById("item");
  section.replaceChildren(h("h2", {}, `Item ${state.item + 1}`));
  state.started = performance.now();
  try {
    if (state.drill === "house-way") await dealHouseWay(section);
    else if (state.drill === "procedure") await dealProcedure(section);
    else if (state.drill === "irregularities") await dealIrregularity(section);
    else await dealPayouts(section);
  } catch (error) {
    say(error.message);
  }
  state.item += 1;
}

async function start() {
  if (!token()) {
    say("Sign in first: get play money in the lobby, then come back to this page.");
    return;
  }
  const { games } = await request("GET", "/training/games");
  const gameSelect = document.getElementById("game");
  const drillSelect = document.getElementById("drill");
  gameSelect.replaceChildren(...games.map((g) => h("option", { value: g.game }, g.title)));
  const drills = () => {
    const found = games.find((g) => g.game === gameSelect.value);
    const offered = found ? found.drills : ["payouts"];
    drillSelect.replaceChildren(...offered.map((d) => h("option", { value: d }, d.replace("-", " "))));
  };
  const rulesSelect = document.getElementById("rules");
  let offered = [];
  const rules = async () => {
    const game = gameSelect.value;
    rulesSelect.replaceChildren(h("option", { value: "" }, "the game's default"));
    offered = [];
    let found = [];
    try {
      found = (await request("GET", `/training/rules?game=${encodeURIComponent(game)}`)).rules;
    } catch (error) {
      say(error.message);
    }
    if (gameSelect.value !== game) return; // another game was chosen meanwhile
    offered = found;
    rulesSelect.append(...offered.map((r, i) => h("option", { value: String(i) }, r.source === "table" ? `${r.name} (rules in force)` : r.name)));
  };
  gameSelect.addEventListener("change", () => { drills(); rules(); });
  const params = new URLSearchParams(location.search);
  if (params.get("game")) gameSelect.value = params.get("game");
  drills();
  if (params.get("drill")) drillSelect.value = params.get("drill");
  if (params.get("level")) document.getElementById("level").value = params.get("level");
  document.getElementById("setup").addEventListener("submit", (e) => {
    e.preventDefault();
    state.game = gameSelect.value;
    state.drill = drillSelect.value;
    state.rules = rulesSelect.value === "" ? null : offered[Number(rulesSelect.value)].rules;
    state.level = Number(document.getElementById("level").value);
    state.seed = params.get("seed") ? Number(params.get("seed")) : parseInt(randomHex(5), 16);
    state.session = randomHex(8);
    Object.assign(state, { item: 0, asked: 0, right: 0, seconds: 0 });
    score();
    deal();
  });
  await rules(); // the Rules Submissions offered: the game's default until they come
  if (params.get("rules")) {
    const i = offered.findIndex((r) => r.name === params.get("rules"));
    if (i >= 0) rulesSelect.value = String(i);
  }
}

start();
