// The state of the table's connection in words (the header's), and a banner when it
// drops and when it is back: while down, the server keeps every wager and decision it
// took; one sent while it cannot be reached is not placed (the banner says so); the page
// shows the table again as soon as it answers.
import { UNSENT } from "./api.js";

export const CONNECTION = { connecting: "connecting", live: "live", polling: "updating every second", reconnecting: "reconnecting", offline: "offline", ended: "session ended" };
const banner = () => document.getElementById("connection");
let down = false;
let bannerTimer = null;

export function connection(state) {
  clearTimeout(bannerTimer);
  if (state === "ended") {
    // The server closed the table's socket: the session ended (signed out, idle) or its
    // token is unknown. Nothing is retried; signing in again opens the table afresh.
    down = false;
    banner().dataset.state = "ended";
    banner().textContent = "Your session has ended: sign in again to go on playing. The table no longer updates.";
    banner().hidden = false;
    return;
  }
  if (state === "offline" || state === "reconnecting" || (state === "polling" && down)) {
    down = true;
    banner().dataset.state = "down";
    banner().textContent = state === "offline"
      ? "Connection lost: the server cannot be reached. The table shows again as soon as it answers. Your wagers placed before are kept; a wager or decision sent now is not placed: send it again once connected."
      : "Connection lost: reconnecting… The table updates every second meanwhile.";
    banner().hidden = false;
  } else if (state === "live" && down) {
    down = false;
    banner().dataset.state = "back";
    banner().textContent = "Connected again: the table is up to date.";
    // The refusal of a command sent while down is answered now: the table shows what the
    // server took (issue 34: it stayed under "Connected again").
    for (const said of document.querySelectorAll("#messages .message")) if (said.textContent === UNSENT) said.remove();
    banner().hidden = false;
    bannerTimer = setTimeout(() => { banner().hidden = true; }, 6000);
  }
}

// Whether the connection is down now (its banner shown), or the session ended.
export const connectionDown = () => down || banner()?.dataset.state === "ended";

export function connectionGone() {
  clearTimeout(bannerTimer);
  down = false;
  banner().hidden = true;
  delete banner().dataset.state;
}
