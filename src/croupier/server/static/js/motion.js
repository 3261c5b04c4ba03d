// The deal animation's switch (remembered in this browser).
import { h } from "./dom.js";

const MOTION = "croupier.motion";

function applyMotion() {
  document.documentElement.dataset.motion = localStorage.getItem(MOTION) === "off" ? "off" : "on";
}
applyMotion();

export function motionToggle() {
  const box = h("input", { type: "checkbox", id: "motion", "data-motion-toggle": "", checked: localStorage.getItem(MOTION) !== "off" });
  box.addEventListener("change", () => {
    localStorage.setItem(MOTION, box.checked ? "on" : "off");
    applyMotion();
  });
  return h("span", { class: "motion" }, box, h("label", { for: "motion" }, "Deal and roll animation"));
}
