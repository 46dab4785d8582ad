// Hints from the board as it is: asked for by stage, shown over the board.

import { data, main, ui } from "./page.js";
import { noFaceUp, t } from "./words.js";
import { state } from "./state.js";
import { drawHint, drawPieces } from "./draw.js";
import { say } from "./speech.js";
import { errorText, fetchJson } from "./api.js";
import { hintSeen } from "./solved.js";

export function showHint() {
  hintWords();
  drawHint();
  drawPieces();
}

// The hint's words and buttons alone (a move redraws the board itself).
export function hintWords() {
  const hint = state.hint;
  ui.hintActions.hidden = !hint || (!hint.placements.length && !hint.take_off.length);
  main.dataset.hint = hint ? String(hint.stage) : "";
  if (!hint) ui.hintText.textContent = "";
  else {
    ui.hintText.textContent = hint.caption;
    say(""); // the newest words only: they share the room under the board
  }
}

export function requestHint(stage) {
  const pending = state.analysing || Promise.resolve();
  ui.hintText.textContent = t("lookingForHint");
  pending.then(function () {
    const move = state.moves;
    const a = state.analysis;
    if (!a || !state.code) {
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
    const url = data.api.positions + encodeURIComponent(state.code) + "/hints/" + stage + data.api.query;
    fetchJson(url).then(
      function (answer) {
        if (move !== state.moves) return;
        if (!answer.response.ok) {
          ui.hintText.textContent = errorText(answer.payload, answer.response);
          return;
        }
        state.hint = answer.payload;
        hintSeen(stage);
        showHint();
      },
      function () {
        ui.hintText.textContent = t("hintUnreachable");
      }
    );
  });
}
