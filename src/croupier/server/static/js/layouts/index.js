// The layouts, each by its name (the table's `layout`, from the game's spec on the
// server). Each game's browser code is its module here; the generic felt (../layouts.js)
// reads the spots, their names and sections from the table, and a layout only adds what
// it draws of its own. A new game adds its module and its line here, nothing else.

import craps from "./craps.js";
import crissCrossPoker from "./criss_cross_poker.js";
import doubleBackJack from "./double_back_jack.js";
import goForeIt from "./go_fore_it.js";
import highRollDice from "./high_roll_dice.js";
import paiGow from "./pai_gow.js";
import sicBo from "./sic_bo.js";

export const LAYOUTS = {
  "high-roll-dice": highRollDice,
  "go-fore-it": goForeIt,
  "criss-cross-poker": crissCrossPoker,
  "double-back-jack": doubleBackJack,
  "pai-gow": paiGow,
  "sic-bo": sicBo,
  craps,
};
