// A tiny self-hosted stand-in for telegram.org's telegram-web-app.js (the page's
// Content-Security-Policy allows scripts from this server only).
//
// If something already defined window.Telegram.WebApp, it is left alone. Otherwise,
// when Telegram opened the page as a Mini App, it passed its launch parameters in the
// URL fragment (#tgWebAppData=...&tgWebAppThemeParams=...&tgWebAppVersion=...); this
// builds a minimal WebApp object from them that talks to the Telegram client with its
// documented web events (https://core.telegram.org/api/web-events):
// TelegramWebviewProxy.postEvent(type, json) in the apps, window.parent.postMessage in
// Telegram Web. In a normal browser (no launch parameters) it only makes an empty window.Telegram.
//
// Like Telegram's own script it works through window.Telegram (the one global the board's modules
// share): the client calls Telegram.WebView.receiveEvent, and miniapp.js reads Telegram.WebApp.
// main.js imports this module first, so it runs before every other module of the board.

install();

function install() {
  const KEY = "telegram-launch-params";
  const telegram = (window.Telegram = window.Telegram || {});
  if (telegram.WebApp) return;

  function launchParams() {
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    if (hash.get("tgWebAppData")) {
      const found = {};
      hash.forEach(function (value, key) {
        found[key] = value;
      });
      try {
        window.sessionStorage.setItem(KEY, JSON.stringify(found));
      } catch (e) {
        /* storage may be disabled; the fragment still works for this load */
      }
      return found;
    }
    try {
      return JSON.parse(window.sessionStorage.getItem(KEY) || "null");
    } catch (e) {
      return null;
    }
  }

  const params = launchParams();
  if (!params || !params.tgWebAppData) return;

  const isIframe = window.parent != null && window.parent !== window;
  const handlers = {};

  function postEvent(type, data) {
    const eventData = data === undefined ? "" : data;
    if (window.TelegramWebviewProxy && window.TelegramWebviewProxy.postEvent) {
      window.TelegramWebviewProxy.postEvent(type, JSON.stringify(eventData));
    } else if (window.external && "notify" in window.external) {
      window.external.notify(JSON.stringify({ eventType: type, eventData: eventData }));
    } else if (isIframe) {
      window.parent.postMessage(JSON.stringify({ eventType: type, eventData: eventData }), "*");
    }
  }

  function parseJson(text, fallback) {
    try {
      return text ? JSON.parse(text) : fallback;
    } catch (e) {
      return fallback;
    }
  }

  function parseInitData(initData) {
    const unsafe = {};
    new URLSearchParams(initData).forEach(function (value, key) {
      if (key === "user" || key === "receiver" || key === "chat") unsafe[key] = parseJson(value, null);
      else if (key === "auth_date") unsafe[key] = Number(value);
      else unsafe[key] = value;
    });
    return unsafe;
  }

  function isDark(colour) {
    const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
    if (!match) return false;
    const r = parseInt(match[1], 16), g = parseInt(match[2], 16), b = parseInt(match[3], 16);
    return 0.299 * r + 0.587 * g + 0.114 * b < 120;
  }

  function on(type, callback) {
    (handlers[type] = handlers[type] || []).push(callback);
  }

  function off(type, callback) {
    handlers[type] = (handlers[type] || []).filter(function (h) {
      return h !== callback;
    });
  }

  function emit(type, argument) {
    (handlers[type] || []).forEach(function (callback) {
      try {
        callback.call(webApp, argument);
      } catch (e) {
        window.setTimeout(function () {
          throw e;
        });
      }
    });
  }

  function button(setupEvent, pressedEvent, fields) {
    const state = { isVisible: false, isActive: true, text: "Continue", color: "", textColor: "" };
    const self = {
      setText: function (text) {
        state.text = String(text);
        return sync();
      },
      show: function () {
        state.isVisible = true;
        return sync();
      },
      hide: function () {
        state.isVisible = false;
        return sync();
      },
      enable: function () {
        state.isActive = true;
        return sync();
      },
      disable: function () {
        state.isActive = false;
        return sync();
      },
      onClick: function (callback) {
        on(pressedEvent, callback);
        return self;
      },
      offClick: function (callback) {
        off(pressedEvent, callback);
        return self;
      },
    };
    function sync() {
      postEvent(setupEvent, fields(state));
      return self;
    }
    ["isVisible", "isActive", "text"].forEach(function (name) {
      Object.defineProperty(self, name, {
        get: function () {
          return state[name];
        },
      });
    });
    return self;
  }

  const initData = params.tgWebAppData;
  const themeParams = parseJson(params.tgWebAppThemeParams, {});
  const webApp = {
    initData: initData,
    initDataUnsafe: parseInitData(initData),
    version: params.tgWebAppVersion || "6.0",
    platform: params.tgWebAppPlatform || "unknown",
    themeParams: themeParams,
    colorScheme: isDark(themeParams.bg_color) ? "dark" : "light",
    isExpanded: false,
    ready: function () {
      postEvent("web_app_ready");
    },
    expand: function () {
      webApp.isExpanded = true;
      postEvent("web_app_expand");
    },
    close: function () {
      postEvent("web_app_close");
    },
    onEvent: on,
    offEvent: off,
    MainButton: button("web_app_setup_main_button", "mainButtonClicked", function (s) {
      return {
        is_visible: s.isVisible,
        is_active: s.isActive,
        text: s.text,
        color: s.color || themeParams.button_color || "#2481cc",
        text_color: s.textColor || themeParams.button_text_color || "#ffffff",
      };
    }),
    BackButton: button("web_app_setup_back_button", "backButtonClicked", function (s) {
      return { is_visible: s.isVisible };
    }),
  };

  // Events from the client: the apps call Telegram.WebView.receiveEvent, Telegram Web posts messages.
  function receiveEvent(type, data) {
    if (type === "theme_changed" && data && data.theme_params) {
      webApp.themeParams = data.theme_params;
      webApp.colorScheme = isDark(data.theme_params.bg_color) ? "dark" : "light";
      emit("themeChanged");
    } else if (type === "main_button_pressed") {
      emit("mainButtonClicked");
    } else if (type === "back_button_pressed") {
      emit("backButtonClicked");
    } else if (type === "viewport_changed" && data) {
      webApp.isExpanded = !!data.is_expanded;
      emit("viewportChanged", { isStateStable: !!data.is_state_stable });
    }
  }

  window.addEventListener("message", function (event) {
    if (!isIframe || event.source !== window.parent) return;
    const message = typeof event.data === "string" ? parseJson(event.data, null) : null;
    if (message && message.eventType) receiveEvent(message.eventType, message.eventData);
  });
  telegram.WebView = { initParams: params, isIframe: isIframe, postEvent: postEvent, receiveEvent: receiveEvent };
  telegram.WebApp = webApp;
  if (isIframe) postEvent("iframe_ready", { reload_supported: false });
}
