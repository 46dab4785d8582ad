// The board as a Telegram Mini App (window.Telegram.WebApp with initData, see telegram.js):
// Telegram's theme, every move saved to the user's account, the saved board restored; and the
// player's day kept on the server, for the Telegram user or (outside Telegram) the web visitor.

import "./telegram.js";
import { data, ui } from "./page.js";
import { t } from "./words.js";
import { positionCode } from "./analysis.js";
import { schemeChanged } from "./draw.js";
import { fetchJson, pageUrl } from "./api.js";

export const webApp = window.Telegram && window.Telegram.WebApp;
export const inTelegram = !!(webApp && webApp.initData);

export function call(method) {
  if (webApp && typeof webApp[method] === "function") {
    try {
      webApp[method]();
    } catch (e) {
      /* the page works without the client */
    }
  }
}

const THEME = {
  bg_color: "--paper",
  secondary_bg_color: "--card",
  text_color: "--ink",
  hint_color: "--muted",
  link_color: "--link",
  button_color: "--accent",
  button_text_color: "--on-accent",
};

export function applyTheme() {
  const theme = (webApp && webApp.themeParams) || {};
  const root = document.documentElement;
  Object.keys(THEME).forEach(function (name) {
    if (/^#[0-9a-f]{3,8}$/i.test(theme[name] || "")) root.style.setProperty(THEME[name], theme[name]);
  });
  if (webApp.colorScheme) root.dataset.scheme = webApp.colorScheme;
  schemeChanged();
}

// In the Mini App every request to /api/v1/me names the Telegram user; elsewhere the cookie the
// server set names the web visitor (the browser sends it on its own).
export function playerHeaders(extra) {
  const headers = inTelegram ? { Authorization: "tma " + webApp.initData } : {};
  Object.keys(extra || {}).forEach(function (name) {
    headers[name] = extra[name];
  });
  return headers;
}

function note(text) {
  ui.saveNote.hidden = !text;
  ui.saveNote.textContent = text || "";
}

function signInProblem(response, payload) {
  const code = payload && payload.error && payload.error.code;
  if (response.status === 401) return t(code === "session_expired" ? "sessionExpired" : "notSignedIn");
  return t("saveFailedStatus", { status: response.status });
}

// Writes (a saved board, a hint seen, the solve) spend the user's budget on the server: one it
// refuses for now (429) is sent again once its Retry-After has passed, if that is soon.
const MAX_RETRY_SECONDS = 60;

function retryAfter(response) {
  if (response.status !== 429) return 0;
  const seconds = Number(response.headers.get("Retry-After"));
  return seconds > 0 && seconds <= MAX_RETRY_SECONDS ? seconds : 0;
}

function later(seconds) {
  return new Promise(function (resolve) {
    setTimeout(resolve, seconds * 1000);
  });
}

// One save on its way at a time: the boards of the moves made meanwhile wait, and only the newest
// of them is sent next. A solved board whose solve was not recorded keeps saying why when it is
// saved.
let saving = false;
let newest = null;
let unrecorded = null;

export function saveToTelegram(code) {
  if (!inTelegram || !code) return;
  newest = code;
  if (!saving) sendNewest();
}

function sendNewest() {
  const code = newest;
  newest = null;
  saving = true;
  fetch(data.api.saved, {
    method: "PUT",
    headers: playerHeaders({ "Content-Type": "application/json" }),
    body: JSON.stringify({ code: code }),
  })
    .then(
      function (response) {
        const wait = retryAfter(response);
        if (wait) {
          if (newest === null) newest = code;
          return later(wait);
        }
        if (response.ok) {
          if (code !== unrecorded) note(t("saved"));
          return;
        }
        return response.json().then(
          function (payload) {
            note(signInProblem(response, payload));
          },
          function () {
            note(signInProblem(response, null));
          }
        );
      },
      function () {
        note(t("saveFailed"));
      }
    )
    .then(function () {
      saving = false;
      if (newest !== null) sendNewest();
    });
}

// The board saved in Telegram, when the link names none: reload the page with its code.
export function restoreFromTelegram() {
  return fetchJson(data.api.saved, { headers: playerHeaders() }).then(
    function (answer) {
      const saved = answer.payload && answer.payload.code;
      if (answer.response.ok && saved && saved !== positionCode()) {
        window.location.replace(pageUrl(saved).href);
        return true;
      }
      if (answer.response.status === 401) note(signInProblem(answer.response, answer.payload));
      return false;
    },
    function () {
      return false;
    }
  );
}

// The player's day is kept on the server, by the service's rules (/api/v1/me/days), in the Mini
// App and on the web alike; `body` goes as JSON (the solve sends the solved board's code, which
// the server checks).
export function recordOnServer(path, body) {
  const options = {
    method: "POST",
    headers: playerHeaders(body ? { "Content-Type": "application/json" } : {}),
  };
  if (body) options.body = JSON.stringify(body);
  const url = data.api.days + path + data.api.query;
  return fetchJson(url, options).then(function (answer) {
    const wait = retryAfter(answer.response);
    if (!wait) return answer;
    return later(wait).then(function () {
      return fetchJson(url, options);
    });
  });
}

// Why the server did not record the solve of the board `code` (`answer`: its answer; none when it
// was not reached).
export function solveNotRecorded(code, answer) {
  unrecorded = code;
  if (!answer) {
    note(t("solveNotRecorded"));
    return;
  }
  const error = answer.payload && answer.payload.error && answer.payload.error.code;
  if (error === "session_before_day") note(t("sessionBeforeDay"));
  else if (answer.response.status === 401) note(signInProblem(answer.response, answer.payload));
  else note(t("solveNotRecordedStatus", { status: answer.response.status }));
}
