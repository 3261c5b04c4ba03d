// The table server's HTTP API, as the browser uses it: bearer token kept in
// localStorage, an Idempotency-Key on every command, problems (detail + cite, and the
// cite's basis where the server sends one) thrown.

import { keepSeen } from "./seen.js";
import { plain } from "./words.js";

const TOKEN = "croupier.token";

export function token() {
  return localStorage.getItem(TOKEN);
}

export function setToken(value) {
  if (value) localStorage.setItem(TOKEN, value);
  else localStorage.removeItem(TOKEN);
}

// What a request that got no answer says, by whether it asked or sent.
export const UNREACHED = "The server cannot be reached just now: the page shows the table again as soon as it answers.";
export const UNSENT = "The server could not be reached, so it may not have your command: once the connection is back the table shows what it took; send it again if it is not there.";

export class Problem extends Error {
  constructor(status, detail, cite, basis) {
    // The server's detail already ends with "(cite)" (CroupierError): name it once; a
    // code of the server's own ("server:seats") is not shown, the regulation's section is,
    // with its basis where the server sends one ("623a.6 (inferred)": cite_basis).
    const shown = cite && basis ? `${cite} (${basis})` : cite;
    const cited = !cite || String(detail).endsWith(`(${shown})`) || /^[a-z]+:/.test(cite);
    super(plain(cited ? detail : `${detail} (${shown})`));
    this.status = status;
    this.detail = detail;
    this.cite = cite;
    this.citeBasis = basis || null;
  }
}

function uuid() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

export async function request(method, path, body, extraHeaders = {}) {
  const headers = { ...extraHeaders };
  const t = token();
  if (t) headers.Authorization = `Bearer ${t}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let r;
  let text;
  try {
    r = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    text = await r.text();
  } catch {
    // No answer (the browser's own words, "Failed to fetch", are never shown).
    throw new Problem(0, method === "GET" ? UNREACHED : UNSENT, null, null);
  }
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not the server's own answer (a proxy's page): said in words, not shown.
    data = { detail: `The server could not answer just now (error ${r.status}): try again in a moment.` };
  }
  if (!r.ok) {
    // A request that fails validation is answered in sentences, one a field (422,
    // cite http:validation); the page says first that the request was not as it must be.
    let detail = data && data.detail;
    if (data && data.cite === "http:validation") detail = `That was not sent as the table needs it. ${detail}`;
    throw new Problem(r.status, detail || r.statusText, data && data.cite, data && data.cite_basis);
  }
  return data;
}

export const HISTORY_PAGE = 50;

export const api = {
  me: () => request("GET", "/players/me"),
  signOut: () => request("DELETE", "/sessions/current"),
  signup: (name) => request("POST", "/players/play-money", { name }),
  // wait: seconds the server may wait for returns still being worked out (the lobby).
  tables: async (wait = 0) => (await request("GET", wait ? `/tables?wait=${wait}` : "/tables")).tables,
  table: (id) => request("GET", `/tables/${encodeURIComponent(id)}`),
  sit: (id, seat, seedCommitment) =>
    request("POST", `/tables/${encodeURIComponent(id)}/seats`, seedCommitment ? { seat, seed_commitment: seedCommitment } : { seat }),
  leave: (id, seat) => request("DELETE", `/tables/${encodeURIComponent(id)}/seats/${seat}`),
  view: (id) => request("GET", `/tables/${encodeURIComponent(id)}/view`),
  sign: (id) => request("GET", `/tables/${encodeURIComponent(id)}/sign`),
  help: (id) => request("GET", `/tables/${encodeURIComponent(id)}/help`),
  // A page of the table's rounds, newest first; with `before`, those numbered below it.
  rounds: async (id, before) =>
    (await request("GET", `/tables/${encodeURIComponent(id)}/rounds?limit=${HISTORY_PAGE}${before ? `&before=${before}` : ""}`)).rounds,
  steps: (roundId) => request("GET", `/rounds/${encodeURIComponent(roundId)}/steps`),
  reveal: (roundId) => request("GET", `/rounds/${encodeURIComponent(roundId)}/reveal`),
  verify: (id) => request("GET", `/tables/${encodeURIComponent(id)}/verify`),
  schema: async (game) => (await request("GET", `/games/${encodeURIComponent(game)}/commands`)).commands,
  // `seeds`: { client_seed, next_seed_commitment } given with a first wager.
  // Its answer's events are kept as shown (seen.js), for the verify page.
  command: async (id, command, roundVersion, seeds = {}) => {
    const answer = await request(
      "POST",
      `/tables/${encodeURIComponent(id)}/commands`,
      { command, ...(roundVersion === undefined ? {} : { round_version: roundVersion }), ...seeds },
      { "Idempotency-Key": uuid() },
    );
    keepSeen(answer);
    return answer;
  },
};
