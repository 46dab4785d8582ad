// The playable board: trace a piece across the cells it covers (a stroke or taps; the page
// recognises the piece and its orientation), or pick, rotate, flip, place and pick up pieces
// from the tray; every move is checked by the position API, and the hints start from the board
// as it is. A long board on a narrow screen is drawn turned a quarter (layout.js).
//
// The page loads this module (the other modules of board/ through its import map, each by a name
// that carries a hash of its content: api/web/assets.py). It wires the buttons and starts the board.
// Everything about the puzzle comes from the page (page.js, words.js), the URL always holds the
// current position code (?p=CODE), so reload, back, bookmarks and shared links restore the board.
// Inside Telegram (telegram.js, miniapp.js) the page also takes Telegram's theme, and saves every
// move to the user's account (PUT /api/v1/me/positions).

import "./telegram.js"; // first: it makes window.Telegram.WebApp in a Mini App
import { data, ui } from "./page.js";
import { darkQuery, render, schemeChanged } from "./draw.js";
import { followResize, layoutBoard } from "./layout.js";
import { applyTheme, call, inTelegram, restoreFromTelegram, webApp } from "./miniapp.js";
import { openPlay, share } from "./solved.js";
import { analyse, latestAnalysis, loadSolutions } from "./analysis.js";
import { dismissHint, pressHint } from "./hints.js";
import { acceptHint, clear, redo, takeOff, turn, undo } from "./moves.js";
import { forgetTrace, placeMatched } from "./trace.js";
import { listenForPointers } from "./gestures.js";
import { listenForKeys } from "./keyboard.js";
import { togglePlaces } from "./places.js";

function listenToButtons() {
  ui.tracePlace.addEventListener("click", placeMatched);
  ui.rotate.addEventListener("click", function () {
    turn("rotate", 1);
  });
  // Face-up mode: pieces keep their engraved side up, so there is nothing to flip.
  ui.flip.hidden = Boolean(data.faceup);
  ui.flip.addEventListener("click", function () {
    if (!data.faceup) turn("flip", 1);
  });
  ui.undo.addEventListener("click", undo);
  ui.redo.addEventListener("click", redo);
  ui.where.addEventListener("click", togglePlaces);
  ui.clear.addEventListener("click", clear);
  ui.takeOff.addEventListener("click", function () {
    const a = latestAnalysis();
    if (a && a.dead_end) takeOff(a.take_off);
  });
  ui.hintButtons.forEach(function (button) {
    button.addEventListener("click", function () {
      pressHint(button);
    });
  });
  ui.accept.addEventListener("click", acceptHint);
  ui.dismiss.addEventListener("click", dismissHint);
  if (ui.shareButton) ui.shareButton.addEventListener("click", share);
}

followResize();
listenForPointers();
listenForKeys();
listenToButtons();
openPlay();
ui.tray.forEach(function (button) {
  button.disabled = false; // disabled in the page as served: without the script they do nothing
});
if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", schemeChanged);
layoutBoard();
forgetTrace();
render();
loadSolutions();
const linked = new URL(window.location.href).searchParams.has("p");
if (inTelegram) {
  document.documentElement.classList.add("in-telegram");
  applyTheme();
  if (typeof webApp.onEvent === "function") webApp.onEvent("themeChanged", applyTheme);
  call("ready");
  call("expand");
}
if (inTelegram && !linked) {
  restoreFromTelegram().then(function (leaving) {
    if (!leaving) analyse(true);
  });
} else {
  analyse(true);
}
