"""Everything the bot says, in English and Japanese."""

from __future__ import annotations

LANGUAGES = ("en", "ja")

_TEXTS: dict[str, dict[str, str]] = {
    "welcome": {  # at most 400 characters: the first thing a new user reads
        "en": (
            "Hello! Stuck on your A-Puzzle-A-Day calendar or pentomino box? I know every solution "
            "and hint from the puzzle of the day - one piece, then half, then the answer - never "
            "more than you ask for. Play on the web board or at your table. /help lists everything."
        ),
        "ja": (
            "こんにちは！A-Puzzle-A-Day カレンダーやペントミノで行き詰まったら、お手伝いします。"
            "すべての解を知っているので、1ピース→半分→答えと、頼まれた分だけヒントを出します。"
            "Web のボードでも、手元のパズルでも。/help ですべてのコマンドを表示します。"
        ),
    },
    "help": {
        "en": (
            "I give hints for polyomino puzzles: DragonFjord's A-Puzzle-A-Day calendar and "
            "the classic pentomino boxes. Every day there is a calendar puzzle and a pentomino "
            "challenge; I know every solution, so my hints never lead you astray.\n\n{commands}"
        ),
        "ja": (
            "ポリオミノ・パズル（DragonFjord の A-Puzzle-A-Day カレンダーやペントミノ）の"
            "ヒントを出すボットです。毎日カレンダーの問題とペントミノ・チャレンジがあります。"
            "すべての解を知っているので、ヒントは必ず正解につながります。\n\n{commands}"
        ),
    },
    # The bot's profile (setMyDescription: up to 512 characters; setMyShortDescription: up to 120).
    "bot_description": {
        "en": (
            "Hints for the polyomino puzzle on your table or on the web board: DragonFjord's "
            "A-Puzzle-A-Day calendar and the classic pentomino boxes. Every day a calendar puzzle "
            "and a pentomino challenge; staged hints (one piece, half the pieces, the answer), "
            "hints from your own board, and a daily post for your group."
        ),
        "ja": (
            "手元のパズルや Web のボードで遊ぶポリオミノ・パズルのヒント：DragonFjord の "
            "A-Puzzle-A-Day カレンダーとペントミノ。毎日のカレンダー問題とペントミノ・チャレンジ、"
            "段階的なヒント（1ピース・半分・答え）、自分のボードからのヒント、グループへの毎日の投稿。"
        ),
    },
    "bot_short_description": {
        "en": "Staged hints for the A-Puzzle-A-Day calendar and pentomino puzzles, on your table or the web.",
        "ja": "A-Puzzle-A-Day カレンダーとペントミノの段階的なヒント。手元でも Web でも。",
    },
    # One description per command of bot.commands.COMMANDS (its /help line and menu entry).
    "command_today": {"en": "the day's calendar puzzle", "ja": "その日のカレンダー問題"},
    "command_hint": {
        "en": "the next hint (one piece, half, the answer)",
        "ja": "次のヒント（1ピース → 半分 → 答え）",
    },
    "command_solution": {"en": "the full answer", "ja": "答え"},
    "command_another": {"en": "a different solution of the day", "ja": "その日の別の解"},
    "command_pentomino": {"en": "today's pentomino challenge", "ja": "今日のペントミノ・チャレンジ"},
    "command_subscribe": {"en": "a daily post (default 08:00)", "ja": "毎日の投稿（既定 08:00）"},
    "command_unsubscribe": {"en": "stop the daily post", "ja": "毎日の投稿をやめる"},
    "command_timezone": {"en": "show or set the time zone", "ja": "タイムゾーンの表示・設定"},
    "command_stats": {
        "en": "your streak and solves (private chat), solutions per date and this chat's subscription",
        "ja": "連続記録と解いた数（個別チャット）、日付ごとの解の数と購読状況",
    },
    "command_language": {"en": "English or Japanese", "ja": "英語／日本語"},
    "command_check": {"en": "the status of your saved board", "ja": "保存したボードの状態"},
    "command_help": {"en": "this list", "ja": "この一覧"},
    "command_solved": {
        "en": "you solved your current puzzle (counts for your streak)",
        "ja": "今の問題が解けた（連続記録に数えます）",
    },
    "command_top": {
        "en": "in a group: today's solvers, fewest hints first",
        "ja": "グループで：今日解いた人（ヒントの少ない順）",
    },
    "command_forget": {
        "en": "delete everything kept about you (solves, streaks, progress, saved boards)",
        "ja": "あなたの記録をすべて削除（解いた記録・連続日数・進み具合・保存したボード）",
    },
    "today_caption": {
        "en": "{date}: {count} solutions · difficulty {stars} ({label})\nLeave {month} and {day} uncovered.",
        "ja": "{date}：解は {count} 通り · 難易度 {stars}（{label}）\n{month} と {day} を空けてください。",
    },
    "challenge_caption": {
        "en": "Pentomino challenge {date} ({board}): {pieces} pieces are placed; there is exactly one way "
        "to finish.",
        "ja": "ペントミノ・チャレンジ {date}（{board}）：{pieces} 個のピースが置いてあります。完成させる方法はただ一つです。",
    },
    "hint_caption": {
        "en": "Hint {stage} of 3: {shown} shown, {remaining}.",
        "ja": "ヒント {stage}/3：{shown}表示、{remaining}。",
    },
    "challenge_hint_caption": {
        "en": "Hint {stage} of 3: {shown} shown; there is exactly one way to finish.",
        "ja": "ヒント {stage}/3：{shown}表示。完成させる方法はただ一つです。",
    },
    "challenge_answer_caption": {
        "en": "The only way to finish the pentomino challenge of {date}.",
        "ja": "{date} のペントミノ・チャレンジを完成させるただ一つの方法です。",
    },
    "answer_caption": {
        "en": "The full answer ({date}). One of {total} solutions.",
        "ja": "答え（{date}）。{total} 通りの解のうちの一つです。",
    },
    "another_caption": {
        "en": "Solution {number} of {total} for {date}.",
        "ja": "{date} の解 {total} 通り中 {number} 番目。",
    },
    "all_hints_seen": {
        "en": "You have already seen the full answer for {date}. Want to see another solution?",
        "ja": "{date} の答えはもう表示しました。別の解を見ますか？",
    },
    "challenge_unique": {
        "en": "The pentomino challenge has exactly one completion, and you have seen it.",
        "ja": "ペントミノ・チャレンジの完成形はただ一つで、もう表示しました。",
    },
    "button_hint": {"en": "Hint", "ja": "ヒント"},
    "button_today": {"en": "Today's puzzle", "ja": "今日の問題"},
    "button_private": {"en": "Hints in private", "ja": "個別にヒント"},
    "ambiguous_time": {
        "en": "Did you mean {value}? Please send the time again in that form.",
        "ja": "{value} のどちらですか？その形でもう一度送ってください。",
    },
    "ambiguous_date": {
        "en": "Did you mean {value}? Please send the date again in that form.",
        "ja": "{value} のどちらですか？その形の日付でもう一度送ってください。",
    },
    "ambiguous_timezone": {
        "en": "That could be {value}. Please send the one you mean.",
        "ja": "次のどれですか：{value}　使いたいものを一つ送ってください。",
    },
    "button_solved": {"en": "I solved it", "ja": "解けた！"},
    "solved": {
        "en": "Well done! {date} solved with {hints}. Streak: {streak}.",
        "ja": "おめでとう！{date} を{hints}で解きました。{streak}。",
    },
    "already_solved": {
        "en": "You already solved {date}. Streak: {streak}.",
        "ja": "{date} はもう解いています。{streak}。",
    },
    "solved_time": {"en": "Time since you opened it: {minutes} min.", "ja": "開いてから {minutes} 分。"},
    "personal_stats": {
        "en": "Your streak: {streak} (best {best}). Solved: {solves}, on average {average} hint stages.",
        "ja": "{streak}（最高 {best} 日）。解いた数：{solves}、平均ヒント {average} 段階。",
    },
    "top_heading": {"en": "Solved today ({date}):", "ja": "今日（{date}）解いた人："},
    "top_line": {
        "en": "{place}. {name} - {hints}",
        "ja": "{place}. {name} - {hints}",
    },
    "top_empty": {
        "en": 'Nobody here has solved {date} yet. Press "I solved it" or send /solved when you do.',
        "ja": "{date} はまだ誰も解いていません。解けたら「解けた！」か /solved を。",
    },
    "yesterday_line": {
        "en": "Yesterday: {solved} solved, {clean} with no hint.",
        "ja": "昨日：{solved} 人が解き、{clean} 人はヒントなし。",
    },
    "forgotten": {
        "en": "Done: your solves, streaks, hint progress and saved boards are deleted.",
        "ja": "あなたの記録（解いた記録・連続日数・ヒントの進み具合・保存したボード）を削除しました。",
    },
    "for_user": {"en": "{name}: {text}", "ja": "{name}さん：{text}"},
    "button_play": {"en": "Play on the board", "ja": "ボードで遊ぶ"},
    "button_board_hint": {"en": "Hint from my board", "ja": "自分のボードからヒント"},
    "button_featured": {"en": "The day's hints instead", "ja": "今日のヒントに戻る"},
    "board_hint_caption": {
        "en": "From your board, hint {stage} of 3: add {pieces}. {remaining} of {total} solutions remain{counting}.",
        "ja": "あなたのボードから・ヒント {stage}/3：{pieces} を置くと、残りの解は {total} 通り中 {remaining} 通り{counting}。",
    },
    "board_take_off": {
        "en": "Your board is a dead end: take off {pieces} first.",
        "ja": "このボードは行き止まりです：まず {pieces} を外してください。",
    },
    "board_counting": {
        "en": " (each rotation and reflection of the board counted; {distinct} up to symmetry)",
        "ja": "（回転・裏返しを別々に数えた数。対称性を除くと {distinct} 通り）",
    },
    "board_status": {
        "en": "Your board ({puzzle}, {target}): {pieces} placed. {status}",
        "ja": "あなたのボード（{puzzle}・{target}）：{pieces} 個配置。{status}",
    },
    "board_remaining": {
        "en": "{remaining} of {total} solutions are still possible{counting}.",
        "ja": "まだ {total} 通り中 {remaining} 通りの解が可能です{counting}。",
    },
    "board_dead_end": {
        "en": "Dead end: take off {pieces} to go on.",
        "ja": "行き止まりです：{pieces} を外せば続けられます。",
    },
    "board_solved": {
        "en": "Solved! This is solution {number} of {distinct}.",
        "ja": "完成！これは {distinct} 通り中 {number} 番目の解です。",
    },
    "board_illegal": {
        "en": "This board breaks a rule: {problems}",
        "ja": "このボードはルール違反です：{problems}",
    },
    "board_complete": {
        "en": "Your board is complete: nothing left to hint.",
        "ja": "ボードは完成しています。ヒントはもうありません。",
    },
    "no_board": {
        "en": "You have no saved board yet. Tap “Play on the board” under /today, place pieces there, and come back.",
        "ja": "保存されたボードはまだありません。/today の「ボードで遊ぶ」からピースを置いて、また来てください。",
    },
    "bad_link": {
        "en": "That link does not name a board I know.",
        "ja": "そのリンクのボードは見つかりません。",
    },
    "button_next_hint": {"en": "Next hint", "ja": "次のヒント"},
    "button_challenge": {"en": "Pentomino challenge", "ja": "ペントミノ・チャレンジ"},
    "button_another": {"en": "Another solution", "ja": "別の解"},
    "bad_date": {
        "en": "Please give a date like 2026-01-25 (got “{value}”).",
        "ja": "2026-01-25 のような日付を指定してください（入力：「{value}」）。",
    },
    "not_a_date": {
        "en": "{value} is not a real date.",
        "ja": "{value} は存在しない日付です。",
    },
    "bad_time": {
        "en": "Please give a time like 07:30 (24-hour clock; got “{value}”).",
        "ja": "07:30 のような時刻（24時間制）を指定してください（入力：「{value}」）。",
    },
    "bad_timezone": {
        "en": "“{value}” is not a time zone I know. Use an IANA name like Europe/Berlin or Asia/Tokyo.",
        "ja": "「{value}」は知らないタイムゾーンです。Asia/Tokyo や Europe/Berlin のような IANA 名を使ってください。",
    },
    "timezone_is": {"en": "This chat's time zone is {tz}.", "ja": "このチャットのタイムゾーンは {tz} です。"},
    "timezone_set": {"en": "Time zone set to {tz}.", "ja": "タイムゾーンを {tz} に設定しました。"},
    "bad_language": {
        "en": "I speak en (English) and ja (日本語): /language en or /language ja.",
        "ja": "対応言語は en（English）と ja（日本語）です：/language en または /language ja",
    },
    "language_set": {"en": "I will speak English here.", "ja": "このチャットでは日本語で話します。"},
    "subscribed": {
        "en": "Subscribed: the daily puzzle will be posted at {time} ({tz}).",
        "ja": "購読しました：毎日 {time}（{tz}）に問題を投稿します。",
    },
    "unsubscribed": {"en": "Daily posts stopped.", "ja": "毎日の投稿を停止しました。"},
    "not_subscribed": {"en": "This chat is not subscribed.", "ja": "このチャットは購読していません。"},
    "subscription_status": {
        "en": "Daily post: {status}.",
        "ja": "毎日の投稿：{status}",
    },
    "status_on": {"en": "every day at {time} ({tz})", "ja": "毎日 {time}（{tz}）"},
    "status_off": {"en": "off (/subscribe to start)", "ja": "オフ（/subscribe で開始）"},
    "stats_caption": {
        "en": "Solutions per date: fewest {fewest} ({fewest_count}), most {most} ({most_count}).",
        "ja": "日付ごとの解の数：最少 {fewest}（{fewest_count}）、最多 {most}（{most_count}）。",
    },
    "admins_only": {
        "en": "Only the group's admins can change its settings.",
        "ja": "グループの設定を変更できるのは管理者だけです。",
    },
    "unknown_command": {
        "en": "I don't know that command. /help lists what I can do.",
        "ja": "そのコマンドはわかりません。/help で使えるコマンドを表示します。",
    },
    "plain_text": {
        "en": "I answer commands only – try /today or /help.",
        "ja": "コマンドにだけ答えます。/today や /help を試してください。",
    },
    "edited": {
        "en": "I don't act on edited messages – please send the command again.",
        "ja": "編集されたメッセージには反応しません。コマンドをもう一度送ってください。",
    },
    "stale_button": {
        "en": "This button is no longer valid – use /today.",
        "ja": "このボタンは無効です。/today を使ってください。",
    },
    "not_ready": {
        "en": "The puzzles are still being prepared. Please try again in a minute.",
        "ja": "問題を準備中です。少し経ってからもう一度お試しください。",
    },
    "too_long": {
        "en": "That is too long for me. /help lists what I can do.",
        "ja": "長すぎます。/help で使えるコマンドを表示します。",
    },
    "slow_down": {
        "en": "That is a lot at once - I will answer again in {seconds} s.",
        "ja": "少し速すぎます。{seconds} 秒後にまたお答えします。",
    },
    "apology": {
        "en": "Sorry, something went wrong on my side. Please try again.",
        "ja": "申し訳ありません、エラーが発生しました。もう一度お試しください。",
    },
}

DIFFICULTY_JA = {
    "very easy": "とても易しい",
    "easy": "易しい",
    "medium": "普通",
    "hard": "難しい",
    "very hard": "とても難しい",
}
MONTHS_JA = tuple(f"{m}月" for m in range(1, 13))


# Counted phrases: (one, other) per language; Japanese counters do not change with the number.
_COUNTED: dict[str, dict[str, tuple[str, str]]] = {
    "pieces": {"en": ("{n} piece", "{n} pieces"), "ja": ("{n} ピース", "{n} ピース")},
    "hint_stages": {
        "en": ("{n} hint stage", "{n} hint stages"),
        "ja": ("ヒント {n} 段階", "ヒント {n} 段階"),
    },
    "days": {"en": ("{n} day", "{n} days"), "ja": ("連続 {n} 日", "連続 {n} 日")},
    "remaining": {
        "en": ("{n} of {total} solutions remains", "{n} of {total} solutions remain"),
        "ja": ("残りの解は {total} 通り中 {n} 通り", "残りの解は {total} 通り中 {n} 通り"),
    },
}


def counted(key: str, n: int, language: str, **values: object) -> str:
    """A phrase with a number in it, grammatical for that number ("1 piece", "4 pieces")."""
    variants = _COUNTED[key]
    one, other = variants.get(language, variants["en"])
    return (one if n == 1 else other).format(n=n, **values)


def text(key: str, language: str, **values: object) -> str:
    """The message ``key`` in ``language`` (English if unknown), formatted with ``values``."""
    variants = _TEXTS[key]
    return variants.get(language, variants["en"]).format(**values)


def language_for(chat_language: str | None, user_language_code: str | None) -> str:
    """The chat's chosen language, else the user's Telegram language if we speak it, else English."""
    if chat_language in LANGUAGES:
        return chat_language
    if user_language_code and user_language_code.lower().startswith("ja"):
        return "ja"
    return "en"
