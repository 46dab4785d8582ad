// Hints from the board as it is: asked for by stage, shown over the board.

import { data, main, ui } from "./page.js";
import { noFaceUp, t } from "./words.js";
import { analysed, latestAnalysis, positionCode } from "./analysis.js";
import { moveCount } from "./moves.js";
import { drawHint, drawPieces } from "./draw.js";
import { say } from "./speech.js";
import { errorText, fetchJson } from "./api.js";
import { hintSeen } from "./solved.js";

let hint = null; // the hint shown over the board (the API's answer), if any

// The hint shown over the board, or null.
export function currentHint() {
  return hint;
}

// A move was made: the hint is gone, and its words with it (the move redraws the board).
export function dropHint() {
  hint = null;
  hintWords();
}

// The player put the hint away: it is gone from the board too.
export function dismissHint() {
  hint = null;
  showHint();
}

export function showHint() {
  hintWords();
  drawHint();
  drawPieces();
}

// The hint's words and buttons alone (a move redraws the board itself).
export function hintWords() {
  ui.hintActions.hidden = !hint || (!hint.placements.length && !hint.take_off.length);
  main.dataset.hint = hint ? String(hint.stage) : "";
  if (!hint) ui.hintText.textContent = "";
  else {
    ui.hintText.textContent = hint.caption;
    say(""); // the newest words only: they share the room under the board
  }
}

const ANSWER = 3; // the last stage: every missing piece
const CONFIRM_MS = 6000; // how long "press again" waits before the button is itself again
let confirming = null; // the answer's button while it asks to be pressed again

// A hint button pressed: the answer asks once more first (one tap too many spoiled a game), the
// other stages are asked for at once.
export function pressHint(button) {
  const stage = Number(button.dataset.stage);
  if (stage !== ANSWER || confirming === button) {
    stopConfirming();
    requestHint(stage);
    return;
  }
  stopConfirming();
  confirming = button;
  button.dataset.label = button.textContent;
  button.dataset.confirming = "true";
  button.textContent = t("confirmAnswer");
  ui.hintText.textContent = t("confirmAnswer");
  window.setTimeout(function () {
    if (confirming === button) stopConfirming();
  }, CONFIRM_MS);
}

function stopConfirming() {
  if (!confirming) return;
  confirming.textContent = confirming.dataset.label;
  delete confirming.dataset.confirming;
  confirming = null;
}

function requestHint(stage) {
  ui.hintText.textContent = t("lookingForHint");
  analysed().then(function () {
    const move = moveCount();
    const a = latestAnalysis();
    const code = positionCode();
    if (!a || !code) {
      ui.hintText.textContent = t("notChecked");
      return;
    }
    if (!a.legal) {
      ui.hintText.textContent = t("hintIllegal", { problems: a.problems.join("; ") });
      return;
    }
    if (a.solved) {
      ui.hintText.textContent = t("hintSolved");
      return;
    }
    if (noFaceUp(a)) {
      ui.hintText.textContent = t("noFaceUpHint");
      return;
    }
    const url = data.api.positions + encodeURIComponent(code) + "/hints/" + stage + data.api.query;
    fetchJson(url).then(
      function (answer) {
        if (move !== moveCount()) return;
        if (!answer.response.ok) {
          ui.hintText.textContent = errorText(answer.payload, answer.response);
          return;
        }
        hint = answer.payload;
        hintSeen(stage);
        showHint();
      },
      function () {
        ui.hintText.textContent = t("hintUnreachable");
      }
    );
  });
}
