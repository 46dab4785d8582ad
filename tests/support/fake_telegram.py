"""A fake Telegram Bot API server on 127.0.0.1 for end-to-end bot tests.

It speaks the Bot API's HTTP protocol (form-encoded and multipart requests,
``{"ok": ..., "result": ...}`` answers), records every call, serves updates to
long polling, enforces a messages-per-second limit with 429 + ``retry_after``
like Telegram, and injects faults on request: 429, 500, slow answers,
Forbidden (blocked by the user), ChatMigrated.
"""

from __future__ import annotations

import contextlib
import email.parser
import email.policy
import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote

SENDING_METHODS = {"sendMessage", "sendPhoto"}
WRONG_FILE = (400, {"ok": False, "error_code": 400, "description": "Bad Request: wrong file identifier"})
# Telegram's placeholder senders: of every message sent as a channel, and of every anonymous admin's
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
ANONYMOUS_ADMIN = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    files: dict[str, bytes]
    at: float
    status: int = 200
    result: Any = None  # what the fake answered (a sent message's dict, say)


@dataclass
class Fault:
    """Answer the next ``times`` matching calls with an error (or delay) instead of success."""

    kind: str  # "429", "500", "slow", "forbidden", "migrate", "chat_not_found", "no_photos", "bad_file_id"
    method: str | None = None
    chat_id: int | None = None
    times: int = 1
    retry_after: int = 1
    delay: float = 0.0
    migrate_to: int = 0


@dataclass
class FakeTelegram:
    token: str
    rate_limit: float | None = None  # messages per second over sendMessage/sendPhoto
    group_per_minute: int | None = None  # messages to one group in any ``group_minute`` (Telegram: about 20)
    group_minute: float = 60.0  # seconds; shorter where a test runs Telegram's paces quicker
    username: str = "puzzle_hint_bot"
    calls: list[Call] = field(default_factory=list)
    admins: set[tuple[int, int]] = field(default_factory=set)
    outsiders: set[tuple[int, int]] = field(default_factory=set)  # (chat, user): not in that group
    rejected_by_rate_limit: int = 0
    rejected_by_group_limit: int = 0
    upgraded: dict[int, int] = field(default_factory=dict)  # a group's id -> its supergroup's (see migrate)

    def __post_init__(self) -> None:
        self._lock = threading.Condition()
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._last_update_id = 0
        self._acknowledged = 0  # the bot asked for updates after this id: it has taken every one up to it
        self._message_ids = itertools.count(1000)
        self._file_ids: set[str] = set()
        self._documents: dict[str, bytes] = {}  # the files people sent, by file id (getFile, /file/bot…)
        self._faults: list[Fault] = []
        self._group_sends: dict[int, list[float]] = {}
        self._tokens = self.rate_limit or 0.0
        self._refilled = time.monotonic()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        # stop() waits for the serving loop to notice: poll often (the default 0.5 s was each test's wait)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,), daemon=True)

    # ------------------------------------------------------------ lifecycle

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakeTelegram:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # ------------------------------------------------------------ what tests use

    def inject(self, fault: Fault) -> None:
        with self._lock:
            self._faults.append(fault)

    def calls_to(self, method: str, chat_id: int | None = None, ok_only: bool = True) -> list[Call]:
        with self._lock:
            return [
                c
                for c in self.calls
                if c.method == method
                and (chat_id is None or int(c.params.get("chat_id", 0)) == chat_id)
                and (not ok_only or c.status == 200)
            ]

    def sent(self, chat_id: int | None = None) -> list[Call]:
        """Successful sendMessage/sendPhoto calls, optionally to one chat, oldest first."""
        return sorted((c for m in SENDING_METHODS for c in self.calls_to(m, chat_id)), key=lambda c: c.at)

    def wait_for(self, predicate: Callable[[], bool], timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.02)
        raise AssertionError("the fake Bot API did not see the expected calls in time")

    def push(self, update: dict[str, Any]) -> int:
        with self._lock:
            update_id = self._last_update_id = next(self._update_ids)
            self._updates.append({"update_id": update_id, **update})
            self._lock.notify_all()
            return update_id

    def all_taken(self) -> bool:
        """True once the bot has taken every update pushed so far (polling acknowledged them)."""
        with self._lock:
            return self._acknowledged >= self._last_update_id

    def message(self, text: str | None, **options: Any) -> int:
        """Queue a message (a command if it starts with '/') from a user in a chat."""
        return self.push(self.build_message(text, **options))

    def build_message(
        self,
        text: str | None,
        *,
        chat_id: int = 1,
        user_id: int | None = None,
        chat_type: str = "private",
        language: str = "en",
        edited: bool = False,
        extra: dict[str, Any] | None = None,
        sender_chat: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """An update carrying a message (without an update_id), as Telegram would send it.

        ``sender_chat``: the message is sent as that chat (a channel's ``{"id", "type": "channel",
        "title"}``, or the group itself for an anonymous admin), from Telegram's placeholder user.
        """
        user = {
            "id": user_id or abs(chat_id),
            "is_bot": False,
            "first_name": "Tester",
            "language_code": language,
        }
        chat: dict[str, Any] = {"id": chat_id, "type": chat_type}
        if chat_type != "private":
            chat["title"] = "Puzzle group"
        body: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": chat,
            "from": user,
        }
        if sender_chat is not None:
            body["from"] = dict(ANONYMOUS_ADMIN if sender_chat["id"] == chat_id else CHANNEL_BOT)
            body["sender_chat"] = sender_chat
        if text is not None:
            body["text"] = text
            if text.startswith("/"):
                body["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        body.update(extra or {})
        if edited:
            body["edit_date"] = int(time.time())
        return {"edited_message" if edited else "message": body}

    def document(
        self, content: bytes, *, caption: str | None = None, file_name: str = "puzzle.txt", **options: Any
    ) -> int:
        """Queue a message carrying a file (the bot may fetch it: getFile, then its file path)."""
        file_id = f"document-{len(self._documents) + 1}"
        self._documents[file_id] = content
        extra: dict[str, Any] = {
            "document": {
                "file_id": file_id,
                "file_unique_id": f"u-{file_id}",
                "file_name": file_name,
                "mime_type": "text/plain",
                "file_size": len(content),
            }
        }
        if caption is not None:
            extra["caption"] = caption
            if caption.startswith("/"):
                extra["caption_entities"] = [
                    {"type": "bot_command", "offset": 0, "length": len(caption.split()[0])}
                ]
        return self.push(self.build_message(None, extra=extra, **options))

    def migrate(self, group: int, supergroup: int, *, user_id: int = 7) -> None:
        """The group becomes a supergroup, as Telegram does it: from now on a message to the group's
        id is refused (400, ``migrate_to_chat_id``), and two service messages come from the member
        who upgraded it, one in the old group and one in the supergroup."""
        with self._lock:
            self.upgraded[group] = supergroup
        self.message(
            None, chat_id=group, user_id=user_id, chat_type="group", extra={"migrate_to_chat_id": supergroup}
        )
        self.message(
            None,
            chat_id=supergroup,
            user_id=user_id,
            chat_type="supergroup",
            extra={"migrate_from_chat_id": group},
        )

    def inline_query(self, query: str, *, user_id: int = 1, language: str = "en") -> str:
        """Queue an inline query: what a person typed after "@bot" in any chat (a Share button
        writes it for them); its id, which the bot's answerInlineQuery names."""
        query_id = f"iq{next(self._message_ids)}"
        user = {"id": user_id, "is_bot": False, "first_name": "Tester", "language_code": language}
        self.push({"inline_query": {"id": query_id, "from": user, "query": query, "offset": ""}})
        return query_id

    def inline_answers(self, query_id: str) -> list[dict[str, Any]]:
        """The results the bot answered an inline query with (KeyError: not answered yet)."""
        answered = [
            c for c in self.calls_to("answerInlineQuery") if c.params.get("inline_query_id") == query_id
        ]
        if not answered:
            raise KeyError(query_id)
        results = answered[-1].params.get("results") or "[]"
        return list(json.loads(results) if isinstance(results, str) else results)

    def press(
        self,
        data: str,
        *,
        chat_id: int = 1,
        user_id: int | None = None,
        chat_type: str = "private",
        under: dict[str, Any] | None = None,
        language: str = "en",
    ) -> int:
        """Queue a press of an inline button carrying ``data`` under a bot message: ``under`` (a
        message the fake sent, e.g. ``call.result``) or a made-up text message; the presser's
        Telegram language is ``language``."""
        user = {
            "id": user_id or abs(chat_id),
            "is_bot": False,
            "first_name": "Tester",
            "language_code": language,
        }
        message = under or {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": chat_type, "title": "g"},
            "from": {"id": 42, "is_bot": True, "first_name": "Bot"},
        }
        return self.push(
            {
                "callback_query": {
                    "id": f"cb{next(self._message_ids)}",
                    "from": user,
                    "chat_instance": "ci",
                    "data": data,
                    "message": message,
                }
            }
        )

    # ------------------------------------------------------------ the HTTP side

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # The headers and the body go out in two writes on a kept-alive connection: with Nagle's
            # algorithm the body waits for the client's delayed ACK, 40 ms on every call.
            disable_nagle_algorithm = True

            def do_POST(self) -> None:
                fake._serve(self)

            do_GET = do_POST

            def log_message(self, format: str, *args: Any) -> None:
                return

        return Handler

    def _serve(self, request: BaseHTTPRequestHandler) -> None:
        length = int(request.headers.get("Content-Length") or 0)
        body = request.rfile.read(length) if length else b""
        params, files = _parse_body(request.headers.get("Content-Type", ""), body)
        prefix = f"/bot{self.token}/"
        if unquote(request.path).startswith(f"/file/bot{self.token}/documents/"):  # a file's URL is quoted
            self._serve_document(request, request.path.rsplit("/", 1)[-1])
            return
        if not request.path.startswith(prefix):
            _answer(request, 401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
            return
        method = request.path[len(prefix) :]
        call = Call(method, params, files, time.monotonic())
        status, payload = self._respond(call)
        call.status, call.result = status, payload.get("result")
        with self._lock:
            self.calls.append(call)
        _answer(request, status, payload)

    def _serve_document(self, request: BaseHTTPRequestHandler, file_id: str) -> None:
        content = self._documents.get(file_id)
        if content is None:
            _answer(request, 404, {"ok": False, "error_code": 404, "description": "Not Found"})
            return
        request.send_response(200)
        request.send_header("Content-Type", "application/octet-stream")
        request.send_header("Content-Length", str(len(content)))
        request.end_headers()
        request.wfile.write(content)

    def _take_fault(self, call: Call) -> Fault | None:
        chat = call.params.get("chat_id")
        with self._lock:
            for fault in self._faults:
                if (
                    fault.times > 0
                    and fault.method in (None, call.method)
                    and (fault.chat_id is None or (chat is not None and int(chat) == fault.chat_id))
                ):
                    fault.times -= 1
                    return fault
        return None

    def _upgraded_to(self, call: Call) -> int | None:
        """The supergroup a message to an upgraded group's id must go to instead, if any."""
        if call.method not in SENDING_METHODS and not call.method.startswith("editMessage"):
            return None
        with self._lock:
            return self.upgraded.get(int(call.params.get("chat_id") or 0))

    def _rate_limited(self) -> bool:
        if not self.rate_limit:
            return False
        with self._lock:
            now = time.monotonic()
            self._tokens = min(self.rate_limit, self._tokens + (now - self._refilled) * self.rate_limit)
            self._refilled = now
            if self._tokens >= 1:
                self._tokens -= 1
                return False
            self.rejected_by_rate_limit += 1
            return True

    def _group_limited(self, call: Call) -> bool:
        """More than ``group_per_minute`` messages to one group within the last ``group_minute``."""
        chat_id = int(call.params.get("chat_id", 0))
        if not self.group_per_minute or chat_id >= 0:
            return False
        with self._lock:
            recent = [at for at in self._group_sends.get(chat_id, []) if call.at - at < self.group_minute]
            if len(recent) >= self.group_per_minute:
                self.rejected_by_group_limit += 1
                self._group_sends[chat_id] = recent
                return True
            self._group_sends[chat_id] = [*recent, call.at]
            return False

    def _respond(self, call: Call) -> tuple[int, dict[str, Any]]:
        faultable = SENDING_METHODS | {"getChatMember", "editMessageReplyMarkup"}
        fault = self._take_fault(call) if call.method in faultable else None
        if fault is not None and fault.kind == "slow":
            time.sleep(fault.delay)
            fault = None
        if fault is not None:
            return _fault_answer(fault)
        upgraded = self._upgraded_to(call)
        if upgraded is not None:
            return _fault_answer(Fault("migrate", migrate_to=upgraded))
        if call.method in SENDING_METHODS and self._group_limited(call):
            return 429, {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 30",
                "parameters": {"retry_after": 30},
            }
        if call.method in SENDING_METHODS and self._rate_limited():
            return 429, {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 1",
                "parameters": {"retry_after": 1},
            }
        handler = getattr(self, f"_api_{call.method}", None)
        if handler is None:
            return 404, {"ok": False, "error_code": 404, "description": "Not Found: method not found"}
        return handler(call)

    # ------------------------------------------------------------ Bot API methods

    def _ok(self, result: Any) -> tuple[int, dict[str, Any]]:
        return 200, {"ok": True, "result": result}

    def _api_getMe(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(
            {
                "id": 42,
                "is_bot": True,
                "first_name": "Puzzle hints",
                "username": self.username,
                "can_join_groups": True,
                "can_read_all_group_messages": False,
                "supports_inline_queries": True,  # BotFather's /setinline
            }
        )

    def _api_getUpdates(self, call: Call) -> tuple[int, dict[str, Any]]:
        offset = int(call.params.get("offset") or 0)
        self._acknowledged = max(self._acknowledged, offset - 1)
        # A short long poll: a stopping bot waits for the poll in flight, so this is each test's
        # tear-down time; an idle bot polls ten times a second instead of once.
        timeout = min(float(call.params.get("timeout") or 0), 0.1)
        with self._lock:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
            if not self._updates and timeout:
                self._lock.wait(timeout)
            return self._ok(list(self._updates[:100]))

    def _message(self, call: Call, extra: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(call.params["chat_id"])
        chat = {"id": chat_id, "type": "private" if chat_id > 0 else "supergroup"}
        message = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": chat,
            "from": {"id": 42, "is_bot": True, "first_name": "Puzzle hints", "username": self.username},
        }
        message.update(extra)
        if "reply_markup" in call.params:
            message["reply_markup"] = json.loads(call.params["reply_markup"])
        return message

    def _api_sendMessage(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(self._message(call, {"text": call.params.get("text", "")}))

    def _photo_sizes(self, uploaded: bool, file_id: object) -> list[dict[str, Any]] | None:
        """The sizes of a photo sent as bytes (a new file id) or by a known file id; None if unknown."""
        if uploaded:
            with self._lock:
                file_id = f"photo-{len(self._file_ids) + 1}"
                self._file_ids.add(file_id)
        elif file_id not in self._file_ids:
            return None
        return [{"file_id": file_id, "file_unique_id": f"u-{file_id}", "width": 800, "height": 800}]

    def _api_sendPhoto(self, call: Call) -> tuple[int, dict[str, Any]]:
        sizes = self._photo_sizes("photo" in call.files, call.params.get("photo"))
        if sizes is None:
            return WRONG_FILE
        return self._ok(self._message(call, {"photo": sizes, "caption": call.params.get("caption", "")}))

    def _api_getFile(self, call: Call) -> tuple[int, dict[str, Any]]:
        file_id = str(call.params.get("file_id"))
        if file_id not in self._documents:
            return WRONG_FILE
        size = len(self._documents[file_id])
        return self._ok(
            {
                "file_id": file_id,
                "file_unique_id": f"u-{file_id}",
                "file_size": size,
                "file_path": f"documents/{file_id}",
            }
        )

    def _api_answerCallbackQuery(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_answerInlineQuery(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_deleteMessage(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_setMyCommands(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_editMessageMedia(self, call: Call) -> tuple[int, dict[str, Any]]:
        media = json.loads(call.params["media"])
        source = str(media.get("media", ""))
        sizes = self._photo_sizes(source.startswith("attach://"), source)
        if sizes is None:
            return WRONG_FILE
        edited = self._message(call, {"photo": sizes, "caption": media.get("caption", "")})
        edited["message_id"] = int(call.params["message_id"])
        return self._ok(edited)

    def _api_editMessageText(self, call: Call) -> tuple[int, dict[str, Any]]:
        edited = self._message(call, {"text": call.params.get("text", "")})
        edited["message_id"] = int(call.params["message_id"])
        return self._ok(edited)

    def _api_editMessageReplyMarkup(self, call: Call) -> tuple[int, dict[str, Any]]:
        edited = self._message(call, {"text": ""})
        edited["message_id"] = int(call.params["message_id"])
        return self._ok(edited)

    def _api_setMyDescription(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_setMyShortDescription(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_sendChatAction(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_deleteWebhook(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_setWebhook(self, call: Call) -> tuple[int, dict[str, Any]]:
        return self._ok(True)

    def _api_getChatMember(self, call: Call) -> tuple[int, dict[str, Any]]:
        chat_id, user_id = int(call.params["chat_id"]), int(call.params["user_id"])
        status = "administrator" if (chat_id, user_id) in self.admins else "member"
        status = "left" if (chat_id, user_id) in self.outsiders else status
        member: dict[str, Any] = {
            "status": status,
            "user": {"id": user_id, "is_bot": False, "first_name": "U"},
        }
        if status == "administrator":
            member.update(
                {
                    k: True
                    for k in (
                        "can_be_edited",
                        "is_anonymous",
                        "can_manage_chat",
                        "can_delete_messages",
                        "can_manage_video_chats",
                        "can_restrict_members",
                        "can_promote_members",
                        "can_change_info",
                        "can_invite_users",
                        "can_post_stories",
                        "can_edit_stories",
                        "can_delete_stories",
                    )
                }
            )
        return self._ok(member)


def _fault_answer(fault: Fault) -> tuple[int, dict[str, Any]]:
    if fault.kind == "429":
        return 429, {
            "ok": False,
            "error_code": 429,
            "description": f"Too Many Requests: retry after {fault.retry_after}",
            "parameters": {"retry_after": fault.retry_after},
        }
    if fault.kind == "forbidden":
        return 403, {"ok": False, "error_code": 403, "description": "Forbidden: bot was blocked by the user"}
    if fault.kind == "no_photos":
        return 400, {
            "ok": False,
            "error_code": 400,
            "description": "Bad Request: not enough rights to send photos to the chat",
        }
    if fault.kind == "bad_file_id":
        return 400, {
            "ok": False,
            "error_code": 400,
            "description": "Bad Request: wrong file identifier/HTTP URL specified",
        }
    if fault.kind == "chat_not_found":
        return 400, {"ok": False, "error_code": 400, "description": "Bad Request: chat not found"}
    if fault.kind == "migrate":
        return 400, {
            "ok": False,
            "error_code": 400,
            "description": "Bad Request: group chat was upgraded to a supergroup chat",
            "parameters": {"migrate_to_chat_id": fault.migrate_to},
        }
    return 500, {"ok": False, "error_code": 500, "description": "Internal Server Error"}


def _parse_body(content_type: str, body: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
    """Form-encoded, multipart or JSON bodies into (params, uploaded files)."""
    if content_type.startswith("multipart/form-data"):
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            f"Content-Type: {content_type}\r\n\r\n".encode() + body
        )
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            decoded = part.get_payload(decode=True)
            payload = decoded if isinstance(decoded, bytes) else b""
            if part.get_filename():
                files[str(name)] = payload
            else:
                params[str(name)] = payload.decode()
        return params, files
    if content_type.startswith("application/json"):
        return (json.loads(body) if body else {}), {}
    return {k: v[0] for k, v in parse_qs(body.decode()).items()}, {}


def _answer(request: BaseHTTPRequestHandler, status: int, payload: dict[str, Any]) -> None:
    data = json.dumps(payload).encode()
    request.send_response(status)
    request.send_header("Content-Type", "application/json")
    request.send_header("Content-Length", str(len(data)))
    request.end_headers()
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up (timeout, shutdown)
        request.wfile.write(data)
