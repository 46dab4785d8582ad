"""Everything the bot says: English source strings, translated through the gettext catalogs.

Messages are looked up by key (``text("help", language)``); the English
string is the gettext ``msgid`` and ``i18n/locales/<language>/LC_MESSAGES/messages.po``
holds its translations. Counted phrases use ``ngettext`` so each language
applies its own plural rules ("1 piece", "4 pieces"; Japanese counters).
"""

from __future__ import annotations

from i18n import LANGUAGES, N_, Nn_, translate, translate_plural

__all__ = ["LANGUAGES", "counted", "difficulty_label", "has_text", "language_for", "text", "then"]

_TEXTS: dict[str, str] = {
    "help": N_(
        "I give hints for polyomino puzzles: DragonFjord's A-Puzzle-A-Day calendar and the "
        "classic pentomino boxes. Every day there is a calendar puzzle and a pentomino "
        "challenge; I know every solution, so my hints never lead you astray.\n\n{commands}"
    ),
    "bot_description": N_(
        "Hints for the polyomino puzzle on your table or on the web board: DragonFjord's "
        "A-Puzzle-A-Day calendar and the classic pentomino boxes. Every day a calendar "
        "puzzle and a pentomino challenge; staged hints (one piece, half the pieces, the "
        "answer), hints from your own board, and a daily post for your group."
    ),
    "bot_short_description": N_(
        "Staged hints for the A-Puzzle-A-Day calendar and pentomino puzzles, on your table or the web."
    ),
    "command_today": N_("the day's calendar puzzle"),
    "command_hint": N_("the next hint (one piece, half, the answer)"),
    "command_solution": N_("the full answer"),
    "command_another": N_("a different solution of the day"),
    "command_pentomino": N_("today's pentomino challenge"),
    "command_subscribe": N_("a daily post (default 08:00)"),
    "command_unsubscribe": N_("stop the daily post"),
    "command_timezone": N_("show or set the time zone"),
    "command_stats": N_(
        "your streaks and the days you solved (private chat); in a group, solutions per date and the daily post"
    ),
    "command_heatmap": N_("solutions per date of your edition, over the year"),
    "command_language": N_("English or Japanese"),
    "command_check": N_("the status of your saved board"),
    "command_help": N_("this list"),
    "command_solved": N_("you solved your current puzzle (counts for your streak)"),
    "command_top": N_("in a group: today's solvers, fewest hints first"),
    "command_edition": N_("which calendar edition you own (DragonFjord's, weekdays, ...)"),
    "editions": N_(
        "Which calendar puzzle do you own? This chat uses: {current}. The daily puzzle, hints and "
        "/heatmap follow the edition you choose."
    ),
    "edition_set": N_("Edition: {edition}."),
    "unknown_edition": N_("I don't know the edition “{value}”. Editions: {editions}. Or send /edition."),
    "command_faceup": N_("face-up mode: hints only from solutions that turn no piece over"),
    "faceup_is_on": N_(
        "Face-up mode is on: hints use only solutions that turn no piece over. /faceup off ends it."
    ),
    "faceup_is_off": N_(
        "Face-up mode is off. /faceup on: hints only from solutions that turn no piece over."
    ),
    "faceup_set_on": N_("Face-up mode on: no piece is turned over."),
    "faceup_set_off": N_("Face-up mode off: pieces may be turned over."),
    "no_faceup": N_("No solution on this date without turning a piece over - here are the usual hints."),
    "command_forget": N_("delete everything kept about you, your chat's settings too (asks first)"),
    "today_caption": N_("{date}: {solutions} · difficulty {stars} ({label})\nLeave {cells} uncovered."),
    "today_caption_unranked": N_("{date}: {solutions}\nLeave {cells} uncovered."),
    "weekday_year": N_("Weekdays as they fall in {year}."),
    "challenge_caption": N_(
        "Pentomino challenge {date} ({board}): {pieces} placed; there is exactly one way to finish."
    ),
    "hint_caption": N_("Hint {stage} of 3: {shown} shown, {remaining}."),
    "challenge_hint_caption": N_("Hint {stage} of 3: {shown} shown; there is exactly one way to finish."),
    "challenge_answer_caption": N_("The only way to finish the pentomino challenge of {date}."),
    "answer_caption": N_("The full answer ({date}). One of {total} solutions."),
    "another_caption": N_("Solution {number} of {total} for {date}."),
    "all_hints_seen": N_("You have already seen the full answer for {date}. Want to see another solution?"),
    "challenge_unique": N_("The pentomino challenge has exactly one completion, and you have seen it."),
    "button_hint": N_("Hint"),
    "button_today": N_("Today's puzzle"),
    "button_private": N_("Hints in private"),
    "from_group": N_("Your group's puzzle: when you solve it here, it counts on the group's /top too."),
    "ambiguous_time": N_("Did you mean {value}? Please send the time again in that form."),
    "ambiguous_date": N_("Did you mean {value}? Please send the date again in that form."),
    "ambiguous_timezone": N_("That could be {value}. Please send the one you mean."),
    "button_solved": N_("I solved it"),
    "solved": N_("Well done! {date} solved with {hints}. Streak: {streak}."),
    "already_solved": N_("You already solved {date}. Streak: {streak}."),
    "solved_time": N_("Time since you opened it: {minutes} min."),
    "stats_streak": N_("Your streak: {streak} (best {best})."),
    "stats_challenge_streak": N_("Pentomino challenge streak: {streak} (best {best})."),
    "stats_month": N_("This month: {solved} ({clean} with no hints)."),
    "stats_month_none": N_("This month: no calendar puzzle solved yet."),
    "stats_average": N_("On average {average} hint stages over {solves}."),
    "stats_no_solves": N_('Nothing solved yet: press "I solved it" or send /solved when you solve a puzzle.'),
    "top_heading": N_("Solved today ({date}):"),
    "top_line": N_("{place}. {name} - {hints}"),
    "top_empty": N_('Nobody here has solved {date} yet. Press "I solved it" or send /solved when you do.'),
    "yesterday_line": N_("Yesterday: {solved} solved, {clean} with no hint."),
    "forgotten": N_(
        "Done: your solves, streaks, hint progress, saved boards and your private chat's settings are deleted."
    ),
    "for_user": N_("{name}: {text}"),
    "button_play": N_("Play on the board"),
    "button_board_hint": N_("Hint from my board"),
    "button_featured": N_("The day's hints instead"),
    "board_hint_caption": N_("From your board, hint {stage} of 3: {action}. {remaining}{counting}."),
    "board_add": N_("add {pieces}"),
    "board_move": N_("move {pieces}"),
    "board_move_add": N_("move {moved} and add {pieces}"),
    "board_take_off": N_("Your board is a dead end: take off {pieces} first."),
    "board_counting": N_(" (distinct solutions, up to rotation and reflection)"),
    "board_status": N_("Your board ({puzzle}, {target}): {pieces} placed. {status}"),
    "board_remaining": N_("{remaining}{counting}."),
    "board_dead_end": N_("Dead end: take off {pieces} to go on."),
    "board_solved": N_("Solved! This is solution {number} of {distinct}."),
    "board_illegal": N_("This board breaks a rule: {problems}"),
    "board_complete": N_("Your board is complete: nothing left to hint."),
    "no_board": N_(
        "You have no saved board yet. Tap “Play on the board” under /today, place pieces "
        "there, and come back."
    ),
    "bad_link": N_("That link does not name a board I know."),
    "outdated_board": N_(
        "This board was saved for an older version of the puzzle, so I cannot read it any more. "
        "Please set it up again on the board."
    ),
    "button_next_hint": N_("Next hint"),
    "button_hint_stage": N_("Hint {stage} of 3"),
    "solved_past_day": N_("Past dates are kept, but only a puzzle solved on its own day makes a streak."),
    "share_intro": N_("To share (no spoilers):"),
    "button_challenge": N_("Pentomino challenge"),
    "button_another": N_("Another solution"),
    "bad_date": N_("Please give a date like 2026-01-25 (got “{value}”)."),
    "not_a_date": N_("{value} is not a real date."),
    "bad_time": N_("Please give a time like 07:30 (24-hour clock; got “{value}”)."),
    "bad_timezone": N_(
        "“{value}” is not a time zone I know. Use an IANA name like Europe/Berlin or Asia/Tokyo."
    ),
    "timezone_is": N_("This chat's time zone is {tz}."),
    "timezone_set": N_("Time zone set to {tz}."),
    "bad_language": N_("I speak en (English) and ja (日本語): /language en or /language ja."),
    "language_set": N_("I will speak English here."),
    "subscribed": N_("Subscribed: the daily puzzle will be posted at {time} ({tz})."),
    "unsubscribed": N_("Daily posts stopped."),
    "not_subscribed": N_("This chat is not subscribed."),
    "subscription_status": N_("Daily post: {status}."),
    "status_on": N_("every day at {time} ({tz})"),
    "status_off": N_("off (/subscribe to start)"),
    "stats_caption": N_("Solutions per date: fewest {fewest} ({fewest_count}), most {most} ({most_count})."),
    "stats_caption_stored": N_(
        "Solutions per date, over the {dates} solved so far only (this edition is solved a date at a "
        "time, the first time someone asks for it): fewest {fewest} ({fewest_count}), most {most} "
        "({most_count})."
    ),
    "heatmap_nothing_yet": N_(
        "No date of {edition} is solved yet: each date is solved the first time someone asks for it (/today)."
    ),
    "admins_only": N_("Only the group's admins can change its settings."),
    "unknown_command": N_("I don't know that command. /help lists what I can do."),
    "plain_text": N_("I didn't understand that. Try /today, “hint”, “answer”, “tomorrow”, a date or /help."),
    "edited": N_("I don't act on edited messages – please send the command again."),
    "stale_button": N_("This button is no longer valid – use /today."),
    "bad_setting": N_("I can't keep that setting, so nothing changed. /settings shows the choices."),
    "stale_day_button": N_("That was the puzzle of {date}. Today's: /today"),
    "not_ready": N_("The puzzles are still being prepared. Please try again in a minute."),
    "solver_busy": N_("I am busy working out other new dates right now - please ask again in a minute."),
    "too_long": N_("That is too long for me. /help lists what I can do."),
    "slow_down": N_("Too many at once - please send it again in {seconds} s."),
    "apology": N_("Sorry, something went wrong on my side. Please try again."),
}

# Setting a chat up (bot.chat_setup): the first /start, /settings, a group's hello.
_TEXTS.update(
    {
        "onboard_greeting": N_(
            "Hello! Every day I bring the A-Puzzle-A-Day puzzle and a pentomino challenge, with hints "
            "that give away only what you ask for: one piece, then half, then the answer."
        ),
        "onboard_edition": N_("Which calendar do you own? The pieces tell them apart."),
        "onboard_time": N_("{edition} it is. When should I send you the daily puzzle? Time zone: {zone}."),
        "onboard_done": N_(
            "All set: the daily puzzle comes at {time} ({zone}). /settings changes anything. Today's:"
        ),
        "onboard_done_no_post": N_("All set. /settings starts a daily post any time. Today's puzzle:"),
        "button_skip": N_("Skip"),
        "button_back": N_("Back"),
        "button_no_post": N_("No daily post"),
        "button_change_zone": N_("Time zone: {zone} (change)"),
        "pick_time": N_("When should the daily puzzle come? ({zone})"),
        "pick_zone": N_("Which time zone? Not listed: send /timezone and your city, like /timezone Berlin."),
        "settings_heading": N_("Settings of this chat:"),
        "settings_edition": N_("Calendar: {edition}"),
        "settings_faceup": N_("Face up only: {state}"),
        "settings_post": N_("Daily puzzle: {state}"),
        "settings_zone": N_("Time zone: {zone}"),
        "settings_language": N_("Language: {name}"),
        "state_on": N_("on"),
        "state_off": N_("off"),
        "button_set_edition": N_("Calendar"),
        "button_set_faceup": N_("Face up only: turn {state}"),
        "button_set_post": N_("Daily puzzle: turn {state}"),
        "button_set_time": N_("Post time ({time})"),
        "button_set_zone": N_("Time zone"),
        "group_hello": N_(
            "Hi! I post the daily A-Puzzle-A-Day puzzle here, with hints that spoil only what you ask for.\n"
            "Everyone: /today, /hint, /top. Admins: the button below or /settings."
        ),
        "button_post_here": N_("Post the daily puzzle here"),
        "pick_one": N_("Which one do you mean?"),
        "command_settings": N_("your calendar, daily post, time zone and language"),
        "welcome_back": N_(
            "Hello again! /today is today's puzzle, /hint a hint, /settings your edition and daily post."
        ),
    }
)

# Flood words, /help's sections and the command menus, /forget's question (bot.flood, bot.commands).
_TEXTS.update(
    {
        "slow_down_button": N_("Too many at once - please press it again in {seconds} s."),
        "slow_down_group": N_(
            "Many requests here at once, so I answer only the first ones. Please send yours again "
            "in {seconds} s, or ask me in a private chat."
        ),
        "help_puzzles": N_("Puzzles and hints"),
        "help_record": N_("Solves and streaks"),
        "help_settings": N_("Settings"),
        "help_data": N_("Your data"),
        "help_group": N_(
            "In this group:\n"
            "/today – the day's puzzle\n"
            "/hint – your next hint, under a spoiler\n"
            "/solved – you solved it; /top – today's solvers\n"
            "Admins: /settings (daily post, calendar, language)\n"
            "All commands: /help in a private chat with me"
        ),
        "menu_stats": N_("your streaks and the days you solved"),
        "menu_top": N_("today's solvers here, fewest hints first"),
        "menu_help": N_("what I can do"),
        "forget_question": N_(
            "Delete everything I keep about you? Your solves, streaks, hint progress and saved boards, "
            "and your private chat's settings and daily post. This cannot be undone."
        ),
        "button_forget_yes": N_("Yes, delete it"),
        "button_forget_no": N_("No, keep it"),
        "forget_kept": N_("Nothing was deleted."),
        "forget_not_yours": N_("Only whoever sent /forget can answer this."),
    }
)

# People's own puzzles: /mypuzzle (bot.handlers.my_puzzle, bot.replies.my_puzzle).
_TEXTS.update(
    {
        "command_mypuzzle": N_("your own puzzle: send its definition, or list yours"),
        "mypuzzle_how": N_(
            "Make your own puzzle: send /mypuzzle followed by its definition (title, targets, pieces "
            "and the board, as in the examples of the catalog's format), or send the definition as a "
            ".txt file with the caption /mypuzzle. I check it, try today's target, keep it and give it "
            "a link; then it can be your daily puzzle, with hints."
        ),
        "mypuzzle_editor": N_("Or write it in the editor on the web: {url}"),
        "mypuzzle_editor_words": N_(
            "Or draw it in the editor on the web: “Make your own puzzle”, at the foot of the daily page "
            "and above every board."
        ),
        "mypuzzle_yours": N_("Your puzzles:"),
        "mypuzzle_none": N_("You have no puzzle of your own yet."),
        "mypuzzle_problems": N_("I could not keep this definition:"),
        "mypuzzle_problem": N_("line {line}, column {column}: {message}"),
        "mypuzzle_more_problems": N_("…and {count} more."),
        "mypuzzle_checking": N_("Checking today's target…"),
        "mypuzzle_kept": N_("Kept “{title}” as {id}."),
        "mypuzzle_today_count": N_("Today's target {target}: {count}"),
        "mypuzzle_target_count": N_("Target {target}: {count}"),
        "mypuzzle_no_solution": N_("no solution"),
        "mypuzzle_more_than": N_("more than {count}"),
        "mypuzzle_undecided": N_("{count} so far (not finished in time)"),
        "mypuzzle_some_unsolvable": N_("No solution on {targets}: on those days there is nothing to play."),
        "mypuzzle_hopeless": N_(
            "None of the targets I tried has a solution ({targets}): check the pieces and the board. "
            "Nothing was kept."
        ),
        "mypuzzle_quota_puzzles": N_(
            "You keep {limit} puzzles already, the most one person may: delete one first (/mypuzzle)."
        ),
        "mypuzzle_quota_versions": N_(
            "You made {limit} puzzles or versions within a day, the most one person may: try again tomorrow."
        ),
        "mypuzzle_too_large": N_("That file is too large: a definition may have at most {limit} KB."),
        "mypuzzle_not_text": N_("I can read only a plain text file (UTF-8) as a definition."),
        "button_mypuzzle_play": N_("Play today's"),
        "button_mypuzzle_daily": N_("Make it my daily puzzle"),
        "button_mypuzzle_group_daily": N_("Make it this group's daily puzzle"),
        "button_mypuzzle_delete": N_("Delete"),
        "mypuzzle_list_buttons": N_(
            "📅 makes one your daily puzzle here, ✏️ takes a new version of it, 🗑 deletes it."
        ),
        "mypuzzle_list_buttons_web": N_(
            "📅 makes one your daily puzzle here, ▶ plays today's on the web board, ✏️ takes a new "
            "version of it, 🗑 deletes it."
        ),
        "mypuzzle_edit_how": N_(
            "To change “{title}”, send /mypuzzle edit {id} followed by the whole new definition on the "
            "next lines, or a .txt file with the caption /mypuzzle edit {id}. I check it and try today's "
            "target as for a new puzzle; it becomes the puzzle's next version, and what was played on "
            "the earlier ones stays as it was."
        ),
        "mypuzzle_edit_usage": N_(
            "Send /mypuzzle edit followed by the id of one of your puzzles (/mypuzzle lists them), "
            "then the new definition on the next lines."
        ),
        "mypuzzle_new_version": N_(
            "Kept version {version} of “{title}” ({id}); earlier versions stay as they were."
        ),
        "mypuzzle_unknown": N_("None of your puzzles has the id “{id}”: /mypuzzle lists yours."),
        "mypuzzle_not_yours_edit": N_("Only the person who made this puzzle can change it."),
        "mypuzzle_delete_question": N_(
            "Delete “{title}” ({id})? Its link will say it was deleted; what people played on it stays "
            "in their records."
        ),
        "button_mypuzzle_delete_yes": N_("Yes, delete it"),
        "button_mypuzzle_delete_no": N_("No, keep it"),
        "mypuzzle_deleted": N_("Deleted “{title}”."),
        "mypuzzle_not_deleted": N_("Nothing was deleted."),
        "mypuzzle_not_yours": N_("Only the person who made this puzzle can delete it."),
        "mypuzzle_gone": N_("This puzzle is deleted already."),
    }
)

# Counted phrases: (singular, plural) source strings; the catalog gives each language's forms.
_COUNTED: dict[str, tuple[str, str]] = {
    "pieces": Nn_("{n} piece", "{n} pieces"),
    "solutions": Nn_("{n} solution", "{n} solutions"),
    "dates_solved": Nn_("{n} date solved so far.", "{n} dates solved so far."),
    "hint_stages": Nn_("{n} hint stage", "{n} hint stages"),
    "days": Nn_("{n} day", "{n} days"),
    "dates": Nn_("{n} date", "{n} dates"),
    "calendar_solved": Nn_("{n} calendar puzzle solved", "{n} calendar puzzles solved"),
    "solves": Nn_("{n} solve", "{n} solves"),
    "remaining": Nn_("{n} of {total} solutions remains", "{n} of {total} solutions remain"),
}


def counted(key: str, n: int, language: str, **values: object) -> str:
    """A phrase with a number in it, grammatical for that number ("1 piece", "4 pieces")."""
    return translate_plural(language, _COUNTED[key], n).format(n=n, **values)


# TRANSLATORS: two sentences one after the other (Japanese runs them together: {first}{second})
SENTENCES = N_("{first} {second}")


def then(first: str, second: str, language: str) -> str:
    """Two sentences one after the other as ``language`` writes them (a space in English, none in
    Japanese, whose sentences end in 。)."""
    return translate(language, SENTENCES).format(first=first, second=second)


def has_text(key: str) -> bool:
    """Whether there is a message ``key``."""
    return key in _TEXTS


def text(key: str, language: str, **values: object) -> str:
    """The message ``key`` in ``language`` (English if we have no catalog), formatted with ``values``."""
    return translate(language, _TEXTS[key]).format(**values)


def difficulty_label(label: str, language: str) -> str:
    """A difficulty label (``hints.difficulty.DIFFICULTY_LABELS``) in ``language``."""
    return translate(language, label)


def language_for(chat_language: str | None, user_language_code: str | None) -> str:
    """The chat's chosen language, else the user's Telegram language if we speak it, else English."""
    if chat_language in LANGUAGES:
        return chat_language
    code = (user_language_code or "").lower().replace("-", "_")
    for candidate in (code, code.split("_")[0]):
        if candidate in LANGUAGES:
            return candidate
    return "en"


# What people type that is no command (bot.typed), and the answers that replace a "send it again".
_TEXTS.update(
    {
        "did_you_mean": N_("Did you mean {command}? /help lists what I can do."),
        "hint_takes_no_number": N_(
            "/hint takes no number: each /hint shows the next of three stages (1: one piece, 2: half "
            "the pieces, 3: the answer). Send /hint alone for your next one."
        ),
        "photo_board": N_(
            "I can't read a board from a photo, but I can hint from yours: copy it onto the board "
            "(Play on the board, then trace each piece across the cells it covers). /hint then goes on "
            "from your board, and /check says how many solutions it still has."
        ),
        "photo_no_board": N_(
            "I can't read a board from a photo. /hint gives the day's hints, one piece at a time."
        ),
        "forget_stale": N_("This question is closed: nothing was deleted. Send /forget to be asked again."),
        "settings_admins_change": N_("Only the group's admins can change these."),
        "help_words": N_("Words work too: “hint please”, “answer”, “tomorrow”, “25 Jan”, “solved”. More:"),
    }
)

# The answers: what asks before it spends the last stage, and what keeps the ladder.
_TEXTS.update(
    {
        "button_show_answer": N_("Show the answer"),
        "button_confirm_answer": N_("Yes, show the answer"),
        "answer_ask": N_("The answer shows every piece and counts as all three hints. Sure?"),
        "answer_first": N_(
            "Other solutions come after the answer ({date}), so they give nothing away. Your next hint:"
        ),
        "working_out": N_("Working out {day} {month} for {edition}: about {seconds} s…"),
        "working_out_unknown": N_("Working out {day} {month} for {edition} for the first time…"),
        "working_out_board": N_("Working out {edition}: about {seconds} s…"),
        "working_out_board_unknown": N_("Working out {edition} for the first time…"),
        "photo_above": N_("It is just above ⬆ (sent a moment ago)."),
        "button_share": N_("Share"),
        "button_play_it": N_("Play this puzzle"),
        "share_title": N_("Share your solve"),
        "solved_toast": N_("Well done! Solve recorded ✓"),
        "already_solved_toast": N_("Already recorded ✓"),
        "hint_caption_common": N_(
            "Hint {stage} of 3: {shown} shown, where all {total} solutions have it: a safe start."
        ),
    }
)
