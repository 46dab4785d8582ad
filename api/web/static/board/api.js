// Talking to the API: JSON answers, their errors in words, and the page's address for a position.

import { t } from "./words.js";

export function errorText(payload, response) {
  if (payload && payload.error && payload.error.message) return payload.error.message;
  return t("serverAnswered", { status: response.status });
}

export function fetchJson(url, options) {
  return fetch(url, options).then(function (response) {
    return response.json().then(
      function (payload) {
        return { response: response, payload: payload };
      },
      function () {
        return { response: response, payload: null };
      }
    );
  });
}

export function pageUrl(code) {
  const url = new URL(window.location.href);
  url.searchParams.set("p", code);
  return url;
}
