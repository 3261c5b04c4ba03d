// Live views of one table: the WebSocket GET /tables/{id}/ws (the bearer token as the
// subprotocols croupier.bearer, TOKEN) sends
// {"type": "view", "data": <GET /tables/{id}/view>} on connect and after every change.
// While the socket is down the view is polled every second, and the socket is
// reconnected with exponential backoff (1 s, 2 s, 4 s ... 30 s). A socket closed with
// code 4401 (the session ended, or its token is unknown: the server accepts the socket
// and closes it saying so) is not reconnected and nothing is polled: trying again could
// only be refused again, so the page says the session has ended ("ended").
//
// The two sources race: a GET answered just before a change can arrive after the
// socket's view of that change (the page fetches the view as it opens, and after each
// command it sends). Such an answer is dropped: the socket sends a view after every
// change, so any view older than the table is soon followed by a newer one from it,
// whereas a late GET would put back a table that has moved on and nothing would replace
// it until the next change (a dealer console without "no more bets", for good).

import { api, token } from "./api.js";

const SIGNED_OUT = 4401; // the server's close code for an ended session or unknown token

export class LiveView {
  constructor(tableId, onView, onStatus = () => {}, onNotice = () => {}) {
    this.tableId = tableId;
    this.onView = onView;
    this.onStatus = onStatus;
    this.onNotice = onNotice; // a sentence for this player alone (the floor freed his seat)
    this.socket = null;
    this.backoff = 1000;
    this.pollTimer = null;
    this.retryTimer = null;
    this.closed = false;
    this.offline = false; // the last GET of the view found no server
    this.lastKey = null;
    this.socketViews = 0; // views the socket has delivered
    this.asked = 0; // GETs of the view sent ...
    this.answered = 0; // ... and the latest of them answered (shown, or failed)
  }

  start() {
    this.refresh();
    this.connect();
  }

  stop() {
    this.closed = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close();
  }

  deliver(view) {
    const key = JSON.stringify(view);
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.onView(view);
  }

  async refresh() {
    const asked = ++this.asked;
    const socketViews = this.socketViews;
    try {
      const view = await api.view(this.tableId);
      // Older than what the page shows (see the top of this file): the socket sent a
      // view meanwhile, or a GET sent later was answered first.
      if (this.socketViews !== socketViews || asked < this.answered) return;
      this.answered = asked;
      if (this.offline) {
        this.offline = false;
        this.onStatus(this.socket && this.socket.readyState === 1 ? "live" : "polling");
      }
      this.deliver(view);
    } catch {
      // The server did not answer ("Failed to fetch"): said once, in words, by the page.
      // A GET sent before this one and answered after it is no sign the server is back.
      this.answered = Math.max(this.answered, asked);
      if (!this.offline) this.onStatus("offline");
      this.offline = true;
    }
  }

  poll(on) {
    if (on && !this.pollTimer) this.pollTimer = setInterval(() => this.refresh(), 1000);
    if (!on && this.pollTimer) {
      clearInterval(this.pollTimer);
      this.pollTimer = null;
    }
  }

  connect() {
    if (this.closed || typeof WebSocket === "undefined") {
      this.poll(true);
      return;
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/tables/${encodeURIComponent(this.tableId)}/ws`;
    let opened = false;
    let socket;
    try {
      // The bearer token as a subprotocol: never in a URL, so in no log.
      socket = new WebSocket(url, ["croupier.bearer", token() || "-"]);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      opened = true;
      this.backoff = 1000;
      this.poll(false);
      this.onStatus("live");
    };
    socket.onmessage = (message) => {
      try {
        const data = JSON.parse(message.data);
        if (data.type === "view") {
          this.socketViews += 1;
          this.deliver(data.data);
        } else if (data.type === "notice" && typeof data.text === "string") {
          this.onNotice(data.text);
        }
      } catch {
        /* not a view: ignore */
      }
    };
    socket.onclose = (event) => {
      this.socket = null;
      if (this.closed) return;
      if (event && event.code === SIGNED_OUT) {
        this.stop();
        this.onStatus("ended", event.reason || "");
        return;
      }
      // While no GET is answered either, the server is unreachable: said once, not
      // replaced by a socket's failed retry.
      this.onStatus(this.offline ? "offline" : opened ? "reconnecting" : "polling");
      this.refresh();
      this.retry();
    };
  }

  retry() {
    this.poll(true);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, 30000);
  }
}
