"""The terminal coach's loop: read a line, run a turn or a command, show what happened, in the
user's language (`terminal.labels`)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table
from rich.text import Text

from fitcoach.analytics.units import display_weight
from fitcoach.api.errors import FitcoachError
from fitcoach.brain.ports import ActiveTab, Locale, RouteContext
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.local.coach import LocalCoach
from fitcoach.programming.text import phrases as tx
from fitcoach.terminal.labels import say
from fitcoach.terminal.views import (
    coach_panel,
    day_table,
    memory_lines,
    memory_table,
    proposal_panel,
    week_table,
)
from fitcoach.terminal.workout_entry import EntryError, parse_workout

WELCOME: dict[Locale, str] = {
    Locale.EN: "Hi, I'm your coach. Tell me your goal, your experience, the equipment you have, "
               "how many days a week and how long you can train, and any pain or injury.",
    Locale.ES: "Hola, soy tu entrenador. Cuéntame tu objetivo, tu experiencia, el equipo que "
               "tienes, cuántos días a la semana y cuánto tiempo puedes entrenar, y si tienes "
               "alguna molestia o lesión.",
    Locale.IT: "Ciao, sono il tuo coach. Dimmi il tuo obiettivo, la tua esperienza, "
               "l'attrezzatura che hai, quanti giorni a settimana e quanto tempo puoi "
               "allenarti, e se hai dolori o infortuni.",
    Locale.HE: "היי, אני המאמן שלך. כדאי לספר לי מה המטרה, מה הניסיון, איזה ציוד יש, "
               "כמה ימים בשבוע ולכמה זמן אפשר להתאמן, והאם יש כאבים או פציעות.",
    Locale.KO: "안녕하세요, 당신의 코치예요. 목표, 운동 경력, 가지고 있는 장비, 일주일에 며칠, "
               "한 번에 얼마나 운동할 수 있는지, 그리고 통증이나 부상이 있는지 알려 주세요.",
}

# Each command and the label key of what it does.
HELP: list[tuple[str, str]] = [
    ("/accept [id]", "help.accept"),
    ("/reject [id]", "help.reject"),
    ("/plan", "help.plan"),
    ("/today", "help.today"),
    ("/memory", "help.memory"),
    ("/log <exercise> 45x10 45x10@8; …", "help.log"),
    ("/tab <coach|today|week|workout> [day]", "help.tab"),
    ("/help", "help.help"),
    ("/quit", "help.quit"),
]

Reader = Callable[[str], str]


class CommandError(Exception):
    """A command the terminal cannot run as typed; the message says how to type it."""


@dataclass
class TerminalCoach:
    session: LocalCoach
    console: Console
    runner: asyncio.Runner = field(default_factory=asyncio.Runner)

    def run(self, read: Reader = input) -> None:
        self.greet()
        try:
            while True:
                try:
                    line = read(self._prompt())
                except (EOFError, KeyboardInterrupt):
                    break
                if not self.handle(line.strip()):
                    break
        finally:
            self.runner.close()
        self.console.print(Text(self.say("bye"), style="dim"))

    @property
    def locale(self) -> Locale:
        return self.session.settings.locale

    def say(self, key: str, /, **values: object) -> str:
        return say(self.locale, key, **values)

    def _prompt(self) -> str:
        route = self.session.route
        where = self.say(f"tab.{route.active_tab.value}") + (
            f"/{tx.weekday(self.locale.value, route.selected_day).lower()}"
            if route.selected_day else "")
        return f"[{where}] {self.say('you')} › "

    def greet(self) -> None:
        settings = self.session.settings
        self.console.print(Text(self.say(
            "header", brain=self.session.brain.name, locale=settings.locale.value,
            unit=settings.units.value, zone=settings.timezone), style="dim"))
        if self.session.plan is None:
            self.console.print(Text(WELCOME[settings.locale], style="green"))

    # -- one line ------------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Run one line; False when the user leaves."""
        if not line:
            return True
        if not line.startswith("/"):
            self.chat(line)
            return True
        command, _, rest = line.partition(" ")
        command = command.lower()
        if command in ("/quit", "/exit", "/q"):
            return False
        handler = self._commands().get(command)
        if handler is None:
            self.console.print(Text(self.say("unknown_command", command=command), style="red"))
            return True
        try:
            handler(rest.strip())
        except (FitcoachError, CommandError, EntryError) as refused:
            # The service's refusals (409 outdated, superseded…, 404) read as the API's.
            self.console.print(f"[red]{refused}[/red]")
        return True

    def _commands(self) -> dict[str, Callable[[str], None]]:
        return {"/accept": self.accept, "/reject": self.reject, "/plan": self.show_plan,
                "/today": self.show_today, "/memory": self.show_memory, "/log": self.log,
                "/tab": self.set_tab, "/help": self.show_help}

    def chat(self, message: str) -> None:
        try:
            record = self.runner.run(self.session.send(message[:4000]))
        except Exception as failure:  # a brain or provider failure must not end the session
            self.console.print(Text(self.say("no_answer", failure=failure), style="red"))
            return
        self.console.print(coach_panel(record, self.locale))
        for line in memory_lines(record, self.session.memory, self.session.settings.timezone,
                                 self.locale):
            self.console.print(line)
        if record.staged is not None:
            self.console.print(proposal_panel(record.staged, self.session.settings.units,
                                              self.locale))

    # -- commands ------------------------------------------------------------------------------
    def accept(self, argument: str) -> None:
        accepted = self.session.accept(argument or None)
        self.console.print(Text.assemble(
            (self.say("accepted", id=accepted.proposal.id, version=accepted.version), "green"),
            " ", accepted.proposal.proposal.summary_diff or ""))

    def reject(self, argument: str) -> None:
        staged = self.session.reject(argument or None)
        self.console.print(self.say("rejected", id=staged.id))

    def show_plan(self, _: str = "") -> None:
        plan = self.session.current_plan()
        if plan is None:
            self.console.print(self.say("no_plan"))
            return
        title = self.say("plan_title", version=self.session.version, theme=plan.theme,
                         start=plan.week_start_date.isoformat())
        self.console.print(week_table(plan, self.session.settings.units, title,
                                      locale=self.locale))

    def show_today(self, _: str = "") -> None:
        plan = self.session.current_plan()
        if plan is None:
            self.console.print(self.say("no_plan_short"))
            return
        today = self.session.today()
        weekday = Weekday(today.strftime("%A").lower())
        self.console.print(day_table(weekday, plan.days[weekday], self.session.settings.units,
                                     title=self.say("today_title", date=today.isoformat()),
                                     locale=self.locale))

    def show_memory(self, _: str = "") -> None:
        self.console.print(memory_table(self.session.memory, self.session.now(),
                                        self.session.settings.timezone, self.locale))

    def log(self, argument: str) -> None:
        exercises = parse_workout(argument, self.session.settings.units)
        logged = self.session.log_workout(exercises)
        total = sum(len(entry.sets) for entry in exercises)
        self.console.print(Text(self.say("logged", id=logged.workout.log_id,
                                         exercises=len(exercises), sets=total), style="green"))
        unit = self.session.settings.units
        for record in logged.new_records:
            name = CATALOG.get(record.exercise_id).name
            weight = display_weight(record.weight_lbs, unit)
            self.console.print(Text(self.say("record", kind=self.say(f"record.{record.kind.value}"),
                                             name=name, weight=f"{weight:g}", unit=unit.value,
                                             reps=record.reps), style="bold magenta"))

    def set_tab(self, argument: str) -> None:
        parts = argument.lower().split()
        try:
            tab = ActiveTab(parts[0]) if parts else ActiveTab.COACH
            day = Weekday(parts[1]) if len(parts) > 1 else None
        except ValueError:
            raise CommandError(self.say("tab_usage")) from None
        self.session.route = RouteContext(active_tab=tab, selected_day=day)
        name = self.say(f"tab.{tab.value}")
        if day is None:
            self.console.print(self.say("tab_set", tab=name))
        else:
            self.console.print(self.say("tab_set_day", tab=name,
                                        day=tx.weekday(self.locale.value, day).lower()))

    def show_help(self, _: str = "") -> None:
        table = Table(show_header=False, box=None)
        for command, meaning in HELP:
            table.add_row(Text(command, style="bold"), self.say(meaning))
        self.console.print(table)
