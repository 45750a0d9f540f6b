"""The terminal coach's own words (labels, headers, hints) in the five languages.

The coach's replies come from the brain in the user's language and the plan's texts from the
engine; these are the words around them: who speaks, table headers, the proposal box, memory
notes, command answers. Like the brain's phrasebook, every key has all five languages
(`tests/terminal` checks it) and `{names}` are filled by `say`. Commands (`/accept`, `/plan`)
and the proposal types (UPDATE_DAY) stay as typed and as the seed names them.
"""

from __future__ import annotations

import datetime as dt

from fitcoach.brain.ports import Locale
from fitcoach.catalog.vocabulary import WEEKDAYS
from fitcoach.programming.text import phrases as tx

LABELS: dict[str, dict[Locale, str]] = {
    # who speaks, where
    "you": {Locale.EN: "you", Locale.ES: "tú", Locale.IT: "tu", Locale.HE: "אני",
            Locale.KO: "나"},
    "coach": {Locale.EN: "coach", Locale.ES: "entrenador", Locale.IT: "coach",
              Locale.HE: "המאמן", Locale.KO: "코치"},
    "tab.coach": {Locale.EN: "coach", Locale.ES: "entrenador", Locale.IT: "coach",
                  Locale.HE: "מאמן", Locale.KO: "코치"},
    "tab.today": {Locale.EN: "today", Locale.ES: "hoy", Locale.IT: "oggi", Locale.HE: "היום",
                  Locale.KO: "오늘"},
    "tab.week": {Locale.EN: "week", Locale.ES: "semana", Locale.IT: "settimana",
                 Locale.HE: "שבוע", Locale.KO: "주간"},
    "tab.workout": {Locale.EN: "workout", Locale.ES: "entreno", Locale.IT: "allenamento",
                    Locale.HE: "אימון", Locale.KO: "운동 중"},
    "header": {
        Locale.EN: "fitcoach · brain: {brain} · {locale} · {unit} · {zone} · /help for commands",
        Locale.ES: "fitcoach · cerebro: {brain} · {locale} · {unit} · {zone} · /help para ver "
                   "los comandos",
        Locale.IT: "fitcoach · cervello: {brain} · {locale} · {unit} · {zone} · /help per i "
                   "comandi",
        Locale.HE: "fitcoach · מנוע: {brain} · {locale} · {unit} · {zone} · /help לרשימת "
                   "הפקודות",
        Locale.KO: "fitcoach · 엔진: {brain} · {locale} · {unit} · {zone} · 명령어는 /help",
    },
    "bye": {Locale.EN: "bye — keep showing up.", Locale.ES: "hasta pronto, y sigue viniendo.",
            Locale.IT: "a presto, e continua a presentarti.",
            Locale.HE: "להתראות, וממשיכים להגיע לאימונים.",
            Locale.KO: "안녕히 가세요, 꾸준히 나와요."},
    # starting `fitcoach chat`
    "bad_now": {Locale.EN: "--now {now} is not an ISO timestamp",
                Locale.ES: "--now {now} no es una marca de tiempo ISO",
                Locale.IT: "--now {now} non è un orario ISO",
                Locale.HE: "--now {now} אינו חותמת זמן ISO",
                Locale.KO: "--now {now}은(는) ISO 시각 형식이 아니에요"},
    "bad_zone": {Locale.EN: "unknown time zone {zone}",
                 Locale.ES: "zona horaria desconocida {zone}",
                 Locale.IT: "fuso orario sconosciuto {zone}",
                 Locale.HE: "אזור זמן לא מוכר {zone}",
                 Locale.KO: "알 수 없는 시간대 {zone}"},
    "cannot_start": {Locale.EN: "cannot start the coach: {error}",
                     Locale.ES: "no se puede iniciar el entrenador: {error}",
                     Locale.IT: "impossibile avviare il coach: {error}",
                     Locale.HE: "אי אפשר להפעיל את המאמן: {error}",
                     Locale.KO: "코치를 시작할 수 없어요: {error}"},
    # command answers
    "unknown_command": {
        Locale.EN: "unknown command {command}; /help lists them",
        Locale.ES: "comando desconocido {command}; /help los muestra",
        Locale.IT: "comando sconosciuto {command}; /help li elenca",
        Locale.HE: "פקודה לא מוכרת {command}; /help מציג את כולן",
        Locale.KO: "알 수 없는 명령어 {command}, /help로 목록을 볼 수 있어요",
    },
    "no_answer": {
        Locale.EN: "the coach could not answer: {failure}",
        Locale.ES: "el entrenador no pudo responder: {failure}",
        Locale.IT: "il coach non è riuscito a rispondere: {failure}",
        Locale.HE: "המאמן לא הצליח לענות: {failure}",
        Locale.KO: "코치가 답하지 못했어요: {failure}",
    },
    "accepted": {
        Locale.EN: "Accepted {id}: plan version {version}.",
        Locale.ES: "Aceptada {id}: versión {version} del plan.",
        Locale.IT: "Accettata {id}: versione {version} del piano.",
        Locale.HE: "{id} התקבלה: גרסה {version} של התוכנית.",
        Locale.KO: "{id} 수락: 플랜 버전 {version}.",
    },
    "rejected": {
        Locale.EN: "Rejected {id}; the plan is unchanged.",
        Locale.ES: "Descartada {id}; el plan no cambia.",
        Locale.IT: "Scartata {id}; il piano non cambia.",
        Locale.HE: "{id} נדחתה; התוכנית לא השתנתה.",
        Locale.KO: "{id} 거절: 플랜은 그대로예요.",
    },
    "no_plan": {
        Locale.EN: "No accepted plan yet: tell the coach about yourself, then /accept the "
                   "proposal.",
        Locale.ES: "Aún no hay un plan aceptado: cuéntale al entrenador sobre ti y luego usa "
                   "/accept con la propuesta.",
        Locale.IT: "Ancora nessun piano accettato: racconta al coach di te, poi usa /accept "
                   "sulla proposta.",
        Locale.HE: "עדיין אין תוכנית מאושרת: מספרים למאמן על עצמך ואז /accept להצעה.",
        Locale.KO: "아직 수락한 플랜이 없어요. 코치에게 자신을 소개한 뒤 제안을 /accept 하세요.",
    },
    "no_plan_short": {Locale.EN: "No accepted plan yet.",
                      Locale.ES: "Aún no hay un plan aceptado.",
                      Locale.IT: "Ancora nessun piano accettato.",
                      Locale.HE: "עדיין אין תוכנית מאושרת.",
                      Locale.KO: "아직 수락한 플랜이 없어요."},
    "plan_title": {
        Locale.EN: "Plan v{version} · {theme} · week of {start}",
        Locale.ES: "Plan v{version} · {theme} · semana del {start}",
        Locale.IT: "Piano v{version} · {theme} · settimana del {start}",
        Locale.HE: "תוכנית v{version} · {theme} · שבוע של {start}",
        Locale.KO: "플랜 v{version} · {theme} · {start} 주",
    },
    "week_title": {
        Locale.EN: "{theme} · week of {start}", Locale.ES: "{theme} · semana del {start}",
        Locale.IT: "{theme} · settimana del {start}", Locale.HE: "{theme} · שבוע של {start}",
        Locale.KO: "{theme} · {start} 주",
    },
    "today_title": {Locale.EN: "Today · {date}", Locale.ES: "Hoy · {date}",
                    Locale.IT: "Oggi · {date}", Locale.HE: "היום · {date}",
                    Locale.KO: "오늘 · {date}"},
    "logged": {
        Locale.EN: "Logged {id}: {exercises} exercise(s), {sets} set(s).",
        Locale.ES: "Registrado {id}: {exercises} ejercicio(s), {sets} serie(s).",
        Locale.IT: "Registrato {id}: {exercises} esercizio/i, {sets} serie.",
        Locale.HE: "נרשם {id}: תרגילים: {exercises}, סטים: {sets}.",
        Locale.KO: "{id} 기록 완료: 운동 {exercises}개, {sets}세트.",
    },
    "record": {
        Locale.EN: "New record ({kind}): {name} {weight} {unit} × {reps}",
        Locale.ES: "Nuevo récord ({kind}): {name} {weight} {unit} × {reps}",
        Locale.IT: "Nuovo record ({kind}): {name} {weight} {unit} × {reps}",
        Locale.HE: "שיא חדש ({kind}): {name} {weight} {unit} × {reps}",
        Locale.KO: "새 기록 ({kind}): {name} {weight} {unit} × {reps}",
    },
    "record.estimated_1rm": {Locale.EN: "estimated 1RM", Locale.ES: "1RM estimado",
                             Locale.IT: "1RM stimato", Locale.HE: "1RM משוער",
                             Locale.KO: "추정 1RM"},
    "record.max_weight": {Locale.EN: "max weight", Locale.ES: "peso máximo",
                          Locale.IT: "peso massimo", Locale.HE: "משקל מרבי",
                          Locale.KO: "최고 중량"},
    "record.rep_record": {Locale.EN: "rep record", Locale.ES: "récord de repeticiones",
                          Locale.IT: "record di ripetizioni", Locale.HE: "שיא חזרות",
                          Locale.KO: "반복 기록"},
    "tab_set": {Locale.EN: "On the {tab} tab.", Locale.ES: "En la pestaña {tab}.",
                Locale.IT: "Nella scheda {tab}.", Locale.HE: "בלשונית {tab}.",
                Locale.KO: "{tab} 탭이에요."},
    "tab_set_day": {Locale.EN: "On the {tab} tab, {day} selected.",
                    Locale.ES: "En la pestaña {tab}, con el {day} seleccionado.",
                    Locale.IT: "Nella scheda {tab}, con {day} selezionato.",
                    Locale.HE: "בלשונית {tab}, {day} נבחר.",
                    Locale.KO: "{tab} 탭, {day} 선택."},
    "tab_usage": {
        Locale.EN: "usage: /tab <coach|today|week|workout> [monday…sunday]",
        Locale.ES: "uso: /tab <coach|today|week|workout> [monday…sunday]",
        Locale.IT: "uso: /tab <coach|today|week|workout> [monday…sunday]",
        Locale.HE: "שימוש: /tab <coach|today|week|workout> [monday…sunday]",
        Locale.KO: "사용법: /tab <coach|today|week|workout> [monday…sunday]",
    },
    # /help
    "help.accept": {Locale.EN: "apply the staged proposal (the newest, or the one named)",
                    Locale.ES: "aplica la propuesta pendiente (la más reciente o la indicada)",
                    Locale.IT: "applica la proposta in sospeso (la più recente o quella "
                               "indicata)",
                    Locale.HE: "מחילים את ההצעה הממתינה (האחרונה, או זו שצוינה)",
                    Locale.KO: "대기 중인 제안 적용 (가장 최근 것 또는 지정한 것)"},
    "help.reject": {Locale.EN: "drop the staged proposal",
                    Locale.ES: "descarta la propuesta pendiente",
                    Locale.IT: "scarta la proposta in sospeso",
                    Locale.HE: "מוותרים על ההצעה הממתינה", Locale.KO: "대기 중인 제안 버리기"},
    "help.plan": {Locale.EN: "show the accepted plan", Locale.ES: "muestra el plan aceptado",
                  Locale.IT: "mostra il piano accettato", Locale.HE: "הצגת התוכנית המאושרת",
                  Locale.KO: "수락한 플랜 보기"},
    "help.today": {Locale.EN: "show today's session", Locale.ES: "muestra la sesión de hoy",
                   Locale.IT: "mostra la sessione di oggi", Locale.HE: "הצגת האימון של היום",
                   Locale.KO: "오늘 세션 보기"},
    "help.memory": {Locale.EN: "show what the coach remembers",
                    Locale.ES: "muestra lo que recuerda el entrenador",
                    Locale.IT: "mostra cosa ricorda il coach",
                    Locale.HE: "מה המאמן זוכר", Locale.KO: "코치가 기억하는 내용 보기"},
    "help.log": {Locale.EN: "log a finished workout in your unit",
                 Locale.ES: "registra un entrenamiento terminado, en tu unidad",
                 Locale.IT: "registra un allenamento finito, nella tua unità",
                 Locale.HE: "רישום אימון שהסתיים, ביחידה שלך",
                 Locale.KO: "끝낸 운동을 내 단위로 기록"},
    "help.tab": {Locale.EN: "the screen you are on, as the app sends it",
                 Locale.ES: "la pantalla en la que estás, como la envía la app",
                 Locale.IT: "la schermata in cui sei, come la invia l'app",
                 Locale.HE: "המסך שבו נמצאים, כפי שהאפליקציה שולחת אותו",
                 Locale.KO: "앱이 보내는 것처럼, 지금 보고 있는 화면"},
    "help.help": {Locale.EN: "this list", Locale.ES: "esta lista", Locale.IT: "questo elenco",
                  Locale.HE: "הרשימה הזו", Locale.KO: "이 목록"},
    "help.quit": {Locale.EN: "leave (the session is not saved)",
                  Locale.ES: "salir (la sesión no se guarda)",
                  Locale.IT: "esci (la sessione non viene salvata)",
                  Locale.HE: "יציאה (השיחה לא נשמרת)",
                  Locale.KO: "나가기 (세션은 저장되지 않아요)"},
    # plan tables
    "col.block": {Locale.EN: "block", Locale.ES: "bloque", Locale.IT: "blocco",
                  Locale.HE: "בלוק", Locale.KO: "블록"},
    "col.exercise": {Locale.EN: "exercise", Locale.ES: "ejercicio", Locale.IT: "esercizio",
                     Locale.HE: "תרגיל", Locale.KO: "운동"},
    "col.sets_reps": {Locale.EN: "sets × reps", Locale.ES: "series × reps",
                      Locale.IT: "serie × rip.", Locale.HE: "סטים × חזרות",
                      Locale.KO: "세트 × 횟수"},
    "col.rest": {Locale.EN: "rest", Locale.ES: "descanso", Locale.IT: "recupero",
                 Locale.HE: "מנוחה", Locale.KO: "휴식"},
    "col.load": {Locale.EN: "load", Locale.ES: "carga", Locale.IT: "carico",
                 Locale.HE: "משקל", Locale.KO: "중량"},
    "rest_day": {Locale.EN: "rest", Locale.ES: "descanso", Locale.IT: "riposo",
                 Locale.HE: "מנוחה", Locale.KO: "휴식"},
    "done": {Locale.EN: "done ✓", Locale.ES: "hecho ✓", Locale.IT: "fatto ✓",
             Locale.HE: "בוצע ✓", Locale.KO: "완료 ✓"},
    "superset": {Locale.EN: "+ superset", Locale.ES: "+ superserie", Locale.IT: "+ superserie",
                 Locale.HE: "+ סופרסט", Locale.KO: "+ 슈퍼세트"},
    "minutes": {Locale.EN: "{n} min", Locale.ES: "{n} min", Locale.IT: "{n} min",
                Locale.HE: "{n} דק׳", Locale.KO: "{n}분"},
    "week_caption": {
        Locale.EN: "{days} training days · {minutes} min · {volume} {unit} estimated volume",
        Locale.ES: "{days} días de entrenamiento · {minutes} min · {volume} {unit} de volumen "
                   "estimado",
        Locale.IT: "{days} giorni di allenamento · {minutes} min · {volume} {unit} di volume "
                   "stimato",
        Locale.HE: "ימי אימון: {days} · {minutes} דק׳ · נפח משוער: {volume} {unit}",
        Locale.KO: "운동일 {days}일 · {minutes}분 · 예상 볼륨 {volume} {unit}",
    },
    # proposals
    "staged": {Locale.EN: "staged, not applied: ", Locale.ES: "propuesta, sin aplicar: ",
               Locale.IT: "proposta, non ancora applicata: ",
               Locale.HE: "הצעה, עוד לא הוחלה: ", Locale.KO: "제안, 아직 적용 안 됨: "},
    "no_preview": {Locale.EN: "(no preview)", Locale.ES: "(sin vista previa)",
                   Locale.IT: "(nessuna anteprima)", Locale.HE: "(אין תצוגה מקדימה)",
                   Locale.KO: "(미리보기 없음)"},
    "proposal_hint": {
        Locale.EN: "/accept to apply it, /reject to drop it",
        Locale.ES: "/accept para aplicarla, /reject para descartarla",
        Locale.IT: "/accept per applicarla, /reject per scartarla",
        Locale.HE: "/accept כדי להחיל, /reject כדי לוותר",
        Locale.KO: "/accept로 적용, /reject로 버리기",
    },
    "proposal_title": {Locale.EN: "proposal {id} · {type}", Locale.ES: "propuesta {id} · {type}",
                       Locale.IT: "proposta {id} · {type}", Locale.HE: "הצעה {id} · {type}",
                       Locale.KO: "제안 {id} · {type}"},
    # memory
    "tier.tier_1_staples": {Locale.EN: "staple", Locale.ES: "permanente",
                            Locale.IT: "permanente", Locale.HE: "קבוע", Locale.KO: "고정"},
    "tier.tier_2_physiological": {Locale.EN: "body", Locale.ES: "cuerpo", Locale.IT: "corpo",
                                  Locale.HE: "גוף", Locale.KO: "몸 상태"},
    "tier.tier_3_situational": {Locale.EN: "event", Locale.ES: "evento", Locale.IT: "evento",
                                Locale.HE: "אירוע", Locale.KO: "일정"},
    "noted": {Locale.EN: "Noted ({tier}): {fact}", Locale.ES: "Anotado ({tier}): {fact}",
              Locale.IT: "Annotato ({tier}): {fact}", Locale.HE: "נרשם ({tier}): {fact}",
              Locale.KO: "기록 ({tier}): {fact}"},
    "updated": {Locale.EN: "Updated ({tier}): {fact}", Locale.ES: "Actualizado ({tier}): {fact}",
                Locale.IT: "Aggiornato ({tier}): {fact}", Locale.HE: "עודכן ({tier}): {fact}",
                Locale.KO: "수정 ({tier}): {fact}"},
    "forgot": {Locale.EN: "Forgot ({tier}): {fact}", Locale.ES: "Olvidado ({tier}): {fact}",
               Locale.IT: "Dimenticato ({tier}): {fact}", Locale.HE: "נמחק ({tier}): {fact}",
               Locale.KO: "삭제 ({tier}): {fact}"},
    "until": {Locale.EN: " (until {when})", Locale.ES: " (hasta el {when})",
              Locale.IT: " (fino a {when})", Locale.HE: " (עד {when})",
              Locale.KO: " ({when}까지)"},
    "already_known": {Locale.EN: "Already known ({what}): {fact}",
                      Locale.ES: "Ya lo sabía ({what}): {fact}",
                      Locale.IT: "Già noto ({what}): {fact}",
                      Locale.HE: "כבר ידוע ({what}): {fact}",
                      Locale.KO: "이미 알고 있어요 ({what}): {fact}"},
    "no_change": {Locale.EN: "no change", Locale.ES: "sin cambios", Locale.IT: "nessun cambio",
                  Locale.HE: "ללא שינוי", Locale.KO: "변경 없음"},
    "memory_title": {Locale.EN: "What the coach remembers",
                     Locale.ES: "Lo que recuerda el entrenador",
                     Locale.IT: "Cosa ricorda il coach", Locale.HE: "מה המאמן זוכר",
                     Locale.KO: "코치가 기억하는 것"},
    "col.tier": {Locale.EN: "tier", Locale.ES: "nivel", Locale.IT: "livello", Locale.HE: "סוג",
                 Locale.KO: "단계"},
    "col.id": {Locale.EN: "id", Locale.ES: "id", Locale.IT: "id", Locale.HE: "מזהה",
               Locale.KO: "ID"},
    "col.fact": {Locale.EN: "fact", Locale.ES: "dato", Locale.IT: "fatto", Locale.HE: "עובדה",
                 Locale.KO: "내용"},
    "col.expires": {Locale.EN: "expires", Locale.ES: "caduca", Locale.IT: "scade",
                    Locale.HE: "בתוקף עד", Locale.KO: "만료"},
    # a turn
    "tools": {Locale.EN: "tools: {tools}", Locale.ES: "herramientas: {tools}",
              Locale.IT: "strumenti: {tools}", Locale.HE: "כלים: {tools}",
              Locale.KO: "도구: {tools}"},
    "fallback": {Locale.EN: "fallback", Locale.ES: "respaldo", Locale.IT: "riserva",
                 Locale.HE: "גיבוי", Locale.KO: "대체 응답"},
}


def say(locale: Locale, key: str, /, **values: object) -> str:
    """The label in the user's language (English when a language lacks it), filled in."""
    texts = LABELS[key]
    return texts.get(locale, texts[Locale.EN]).format(**values)


def weekday_name(locale: Locale, day: dt.date) -> str:
    return tx.weekday(locale.value, WEEKDAYS[day.weekday()])


def short_date(locale: Locale, day: dt.date) -> str:
    """A day as the plan tables show it: "Monday 14 Sep", "lunes 14/09", "월요일 9/14"."""
    if locale is Locale.EN:
        return f"{day:%A %d %b}"
    if locale is Locale.KO:
        return f"{weekday_name(locale, day)} {day.month}/{day.day}"
    return f"{weekday_name(locale, day)} {day:%d/%m}"


def short_time(locale: Locale, moment: dt.datetime) -> str:
    """A moment (already in the user's zone) as memory notes show it."""
    if locale is Locale.EN:
        return f"{moment:%a %d %b %H:%M}"
    return f"{short_date(locale, moment.date())} {moment:%H:%M}"
