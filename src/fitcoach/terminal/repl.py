"""The terminal coach's loop: read a line, run a turn or a command, show what happened."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table
from rich.text import Text

from fitcoach.analytics.units import display_weight
from fitcoach.brain.ports import ActiveTab, Locale, RouteContext
from fitcoach.catalog import CATALOG
from fitcoach.catalog.vocabulary import Weekday
from fitcoach.chat_session import ChatSession, SessionError
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
    Locale.HE: "היי, אני המאמן שלך. ספר לי מה המטרה שלך, מה הניסיון שלך, איזה ציוד יש לך, "
               "כמה ימים בשבוע ולכמה זמן אתה יכול להתאמן, והאם יש כאבים או פציעות.",
    Locale.KO: "안녕하세요, 당신의 코치예요. 목표, 운동 경력, 가지고 있는 장비, 일주일에 며칠, "
               "한 번에 얼마나 운동할 수 있는지, 그리고 통증이나 부상이 있는지 알려 주세요.",
}

HELP: list[tuple[str, str]] = [
    ("/accept [id]", "apply the staged proposal (the newest, or the one named)"),
    ("/reject [id]", "drop the staged proposal"),
    ("/plan", "show the accepted plan"),
    ("/today", "show today's session"),
    ("/memory", "show what the coach remembers"),
    ("/log <exercise> 45x10 45x10@8; …", "log a finished workout in your unit"),
    ("/tab <coach|today|week|workout> [day]", "the screen you are on, as the app sends it"),
    ("/help", "this list"),
    ("/quit", "leave (the session is not saved)"),
]

Reader = Callable[[str], str]


@dataclass
class TerminalCoach:
    session: ChatSession
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
        self.console.print(Text("bye — keep showing up.", style="dim"))

    def _prompt(self) -> str:
        route = self.session.route
        where = route.active_tab.value + (f"/{route.selected_day.value}"
                                          if route.selected_day else "")
        return f"[{where}] you › "

    def greet(self) -> None:
        settings = self.session.settings
        self.console.print(Text(
            f"fitcoach · brain: {self.session.brain.name} · {settings.locale.value} · "
            f"{settings.units.value} · {settings.timezone} · /help for commands", style="dim"))
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
            self.console.print(f"[red]unknown command {command}[/red]; /help lists them")
            return True
        try:
            handler(rest.strip())
        except (SessionError, EntryError) as refused:
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
            self.console.print(f"[red]the coach could not answer: {failure}[/red]")
            return
        self.console.print(coach_panel(record))
        for line in memory_lines(record, self.session.memory, self.session.settings.timezone):
            self.console.print(line)
        if record.staged is not None:
            self.console.print(proposal_panel(record.staged, self.session.settings.units))

    # -- commands ------------------------------------------------------------------------------
    def accept(self, argument: str) -> None:
        accepted = self.session.accept(argument or None)
        self.console.print(f"[green]Accepted {accepted.proposal.id}: plan version "
                           f"{accepted.version}.[/green] {accepted.proposal.proposal.summary_diff}")

    def reject(self, argument: str) -> None:
        staged = self.session.reject(argument or None)
        self.console.print(f"Rejected {staged.id}; the plan is unchanged.")

    def show_plan(self, _: str = "") -> None:
        plan = self.session.current_plan()
        if plan is None:
            self.console.print("No accepted plan yet: tell the coach about yourself, then "
                               "/accept the proposal.")
            return
        title = f"Plan v{self.session.version} · {plan.theme} · week of {plan.week_start_date}"
        self.console.print(week_table(plan, self.session.settings.units, title))

    def show_today(self, _: str = "") -> None:
        plan = self.session.current_plan()
        if plan is None:
            self.console.print("No accepted plan yet.")
            return
        today = self.session.today()
        weekday = Weekday(today.strftime("%A").lower())
        self.console.print(day_table(weekday, plan.days[weekday], self.session.settings.units,
                                     title=f"Today · {today.isoformat()}"))

    def show_memory(self, _: str = "") -> None:
        self.console.print(memory_table(self.session.memory, self.session.now(),
                                        self.session.settings.timezone))

    def log(self, argument: str) -> None:
        exercises = parse_workout(argument, self.session.settings.units)
        logged = self.session.log_workout(exercises)
        total = sum(len(entry.sets) for entry in exercises)
        self.console.print(f"[green]Logged {logged.workout.log_id}:[/green] {len(exercises)} "
                           f"exercise(s), {total} set(s).")
        unit = self.session.settings.units
        for record in logged.new_records:
            name = CATALOG.get(record.exercise_id).name
            weight = display_weight(record.weight_lbs, unit)
            self.console.print(Text(f"New record ({record.kind.value.replace('_', ' ')}): "
                                    f"{name} {weight:g} {unit.value} × {record.reps}",
                                    style="bold magenta"))

    def set_tab(self, argument: str) -> None:
        parts = argument.lower().split()
        try:
            tab = ActiveTab(parts[0]) if parts else ActiveTab.COACH
            day = Weekday(parts[1]) if len(parts) > 1 else None
        except ValueError:
            raise SessionError("usage: /tab <coach|today|week|workout> [monday…sunday]") from None
        self.session.route = RouteContext(active_tab=tab, selected_day=day)
        self.console.print(f"On the {tab.value} tab" + (f", {day.value} selected." if day else "."))

    def show_help(self, _: str = "") -> None:
        table = Table(show_header=False, box=None)
        for command, meaning in HELP:
            table.add_row(Text(command, style="bold"), meaning)
        self.console.print(table)
