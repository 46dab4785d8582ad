// The solve: the solved panel, the player's day (game.js in the browser; the server in the Mini
// App) and the share text.

import { hintMarks, Play, shareText } from "./game.js";
import { data, ui } from "./page.js";
import { fill, strings, t, tn } from "./words.js";
import { state } from "./state.js";
import { inTelegram, recordOnServer, solveNotRecorded } from "./miniapp.js";

// This board today, remembered in the browser (none when storage is refused, and none in the
// Mini App, whose player's day the server keeps).
export let play = null;

export function openPlay() {
  if (inTelegram) return;
  try {
    play = new Play(window.localStorage, data.puzzle, data.target, new Date());
  } catch (e) {
    return;
  }
  play.open(new Date());
}

// The solved panel; a solve made here is recorded (on the server in the Mini App, for one of the
// day's puzzles, with the solved board's code for the server to check; else in this browser), a
// page opened already solved only shows the solve recorded before in this browser (after a
// reload), if any. In the Mini App a solve the server did not record says why, under the board.
export function celebrate(initial) {
  if (!ui.solvedPanel || !ui.solvedPanel.hidden) return;
  if (inTelegram && !initial) {
    var code = state.code;
    recordOnServer("solved", { code: code }).then(
      function (answer) {
        var p = answer.payload;
        if (answer.response.ok && p) {
          showSolved({ hints: p.hints, seconds: p.seconds, daily: true, streak: p.streak }, p.share_text);
        } else {
          solveNotRecorded(code, answer);
        }
      },
      function () {
        solveNotRecorded(code, null);
      }
    );
    return;
  }
  celebrateHere(initial);
}

function celebrateHere(initial) {
  if (!play) return;
  if (initial && !play.record().solved) return;
  var solved = play.solve(new Date());
  var stars = document.getElementById("main").dataset.stars;
  showSolved(solved, shareText(solved, data.title, strings, fill, stars));
}

function showSolved(solved, text) {
  var parts = [
    solved.hints ? t("solvedHints", { marks: hintMarks(solved.hints) }) : t("solvedNoHints"),
  ];
  if (solved.seconds != null) parts.push(t("solvedTime", { minutes: Math.max(1, Math.round(solved.seconds / 60)) }));
  if (solved.daily) parts.push(tn("solvedStreak", solved.streak));
  else parts.push(t("solvedPastDay"));
  ui.solvedSummary.textContent = parts.join(" · ");
  ui.shareText.textContent = text;
  ui.solvedPanel.hidden = false;
  showTomorrow();
}

function showTomorrow() {
  var now = new Date();
  var midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  var minutes = Math.max(0, Math.round((midnight - now) / 60000));
  ui.tomorrow.textContent = t("tomorrow", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function share() {
  var text = ui.shareText.textContent;
  var done = function (key) {
    ui.shareDone.textContent = key ? t(key) : "";
  };
  if (navigator.share) {
    navigator.share({ text: text }).then(
      function () {
        done(null);
      },
      function () {
        done(null); // cancelled: nothing to say
      }
    );
  } else if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(
      function () {
        done("shareCopied");
      },
      function () {
        done("shareFailed");
      }
    );
  } else {
    done("shareFailed");
  }
}
