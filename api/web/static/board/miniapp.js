// The board as a Telegram Mini App (window.Telegram.WebApp with initData, see telegram.js):
// Telegram's theme, every move saved to the user's account, the saved board restored, and the
// player's day kept on the server.

import "./telegram.js";
import { data, ui } from "./page.js";
import { t } from "./words.js";
import { state } from "./state.js";
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
  var theme = (webApp && webApp.themeParams) || {};
  var root = document.documentElement;
  Object.keys(THEME).forEach(function (name) {
    if (/^#[0-9a-f]{3,8}$/i.test(theme[name] || "")) root.style.setProperty(THEME[name], theme[name]);
  });
  if (webApp.colorScheme) root.dataset.scheme = webApp.colorScheme;
  schemeChanged();
}

function telegramHeaders(extra) {
  var headers = { Authorization: "tma " + webApp.initData };
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
  var code = payload && payload.error && payload.error.code;
  if (response.status === 401) return t(code === "session_expired" ? "sessionExpired" : "notSignedIn");
  return t("saveFailedStatus", { status: response.status });
}

export function saveToTelegram(code) {
  if (!inTelegram || !code) return;
  fetch(data.api.saved, {
    method: "PUT",
    headers: telegramHeaders({ "Content-Type": "application/json" }),
    body: JSON.stringify({ code: code }),
  }).then(
    function (response) {
      if (response.ok) {
        note(t("saved"));
        return;
      }
      response.json().then(
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
  );
}

// The board saved in Telegram, when the link names none: reload the page with its code.
export function restoreFromTelegram() {
  return fetchJson(data.api.saved, { headers: telegramHeaders() }).then(
    function (answer) {
      var saved = answer.payload && answer.payload.code;
      if (answer.response.ok && saved && saved !== state.code) {
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

// In the Mini App the player's day is kept on the server, by the same rules (/api/v1/me/days).
export function recordOnServer(path) {
  return fetchJson(data.api.days + path + data.api.query, { method: "POST", headers: telegramHeaders() });
}
