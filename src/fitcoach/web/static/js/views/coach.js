// /coach: the conversation. First visit greets and asks the onboarding questions; each turn
// may stage a proposal (a card with Accept / Dismiss) and note memory changes.
import { html, useEffect, useLayoutEffect, useRef, useState } from '../lib.js';
import { t } from '../i18n.js';
import * as fmt from '../format.js';
import { Icon } from '../icons.js';
import { Markdown } from '../markdown.js';
import { navigate, useRoute } from '../router.js';
import { sessionStore, useStore, usePlan } from '../state.js';
import {
  acceptProposal, chatStore, dismissProposal, ensureGreeting, loadTranscript, resend, sendMessage,
  syncTranscript,
} from '../chat.js';
import { Chips, ErrorNote, PageHeader } from '../ui.js';
import { reveal } from '../reveal.js';
import { MemoryNotes, StagedProposalCard } from '../components/proposal-card.js';

const TABS = ['coach', 'today', 'week', 'workout'];
const MAX_MESSAGE = 4000; // the contract's limit on a chat message
const COUNT_FROM = 3500; // the counter shows from here, before the limit is reached

function Greeting({ kind, name }) {
  if (kind === 'onboarding') {
    return html`<div class="bubble bubble-coach greeting">
      <p><strong>${t('coach.greetingHello', { name })}</strong></p>
      <p>${t('coach.onboardingIntro')}</p>
      <ul>
        <li>${t('coach.askGoal')}</li>
        <li>${t('coach.askExperience')}</li>
        <li>${t('coach.askEquipment')}</li>
        <li>${t('coach.askSchedule')}</li>
        <li>${t('coach.askInjuries')}</li>
      </ul>
      <p class="muted">${t('coach.onboardingOutro')}</p>
    </div>`;
  }
  return html`<div class="bubble bubble-coach greeting">
    <p>${t('coach.welcomeBack', { name })}</p>
  </div>`;
}

function contextLabel(context) {
  if (!context) return null;
  if (context.day) return t('coach.contextDay', { day: fmt.weekdayInSentence(context.day) });
  if (context.tab === 'week') return t('coach.contextWeek');
  if (context.tab === 'workout') return t('coach.contextWorkout');
  if (context.tab === 'today') return t('coach.contextToday');
  return null;
}

function Line({ line, name, onChip, sending, onRetry }) {
  if (line.role === 'greeting') return html`<li class="line line-coach"><${Greeting} kind=${line.kind} name=${name} /></li>`;
  if (line.role === 'user') {
    const label = contextLabel(line.context);
    return html`<li class="line line-user">
      <div class="bubble bubble-user">
        ${label ? html`<span class="bubble-context">${label}</span>` : null}
        <p dir="auto">${line.text}</p>
      </div>
      ${line.failed ? html`<div class="line-failed">
        <${ErrorNote} error=${line.error} title=${t('coach.notSent')} onRetry=${() => onRetry(line.id)} />
      </div>` : null}
    </li>`;
  }
  return html`<li class="line line-coach">
    <div class="bubble bubble-coach"><${Markdown} text=${line.text} /></div>
    <${MemoryNotes} mutations=${line.mutations} />
    <${Chips} items=${line.replies} onPick=${onChip} disabled=${sending} />
    ${line.proposal ? html`<${StagedProposalCard} line=${line} onAccept=${acceptProposal}
      onDismiss=${dismissProposal} onChip=${onChip} chipsDisabled=${sending} />` : null}
  </li>`;
}

export function CoachView() {
  const { query } = useRoute();
  const { session } = useStore(sessionStore);
  const chat = useStore(chatStore);
  const plan = usePlan();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState(null);
  const transcript = useRef(null);
  const composer = useRef(null);
  const [coverBelow, setCoverBelow] = useState(0);
  const input = useRef(null);
  const sentFromQuery = useRef(false);

  const tab = TABS.includes(query.get('tab')) ? query.get('tab') : 'coach';
  const day = fmt.WEEKDAYS.includes(query.get('day')) ? query.get('day') : null;
  const context = tab !== 'coach' || day ? { tab, day } : null;

  useEffect(() => { loadTranscript(); syncTranscript(); }, []);
  useEffect(() => {
    if (plan.status === 'ready') ensureGreeting(plan.plan ? 'hello' : 'onboarding');
  }, [plan.status, plan.plan]);

  const send = async (text) => {
    setError(null);
    try {
      const sent = await sendMessage(text, { tab, day });
      if (sent !== null) setDraft((current) => (current.trim() === text.trim() ? '' : current));
    } catch (failure) {
      setError(failure);
    }
  };

  // Chips elsewhere (week, day, workout) open the coach with ?send=…: send once, then drop it.
  useEffect(() => {
    const text = query.get('send');
    if (text && !sentFromQuery.current) {
      sentFromQuery.current = true;
      const params = new URLSearchParams(query);
      params.delete('send');
      const rest = params.toString();
      navigate(`/coach${rest ? `?${rest}` : ''}`, { replace: true });
      send(text);
    }
  }, []);

  // What the message box and the tab bar cover: a pending card's Accept / Dismiss stick just
  // above them (CSS --cover-below), so the decision stays in reach under a long card.
  useEffect(() => {
    const form = composer.current;
    if (!form || typeof ResizeObserver !== 'function') return undefined;
    const measure = () => {
      const nav = document.querySelector('.nav-bottom');
      const navHeight = nav ? nav.getBoundingClientRect().height : 0;
      setCoverBelow(Math.round(form.getBoundingClientRect().height + navHeight));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(form);
    window.addEventListener('resize', measure);
    measure();
    return () => { observer.disconnect(); window.removeEventListener('resize', measure); };
  }, []);

  // After each turn the newest line is scrolled into the part of the screen the top bar,
  // the message box and the tab bar leave free: whole when it fits, from its start when not.
  useLayoutEffect(() => {
    const list = transcript.current;
    const last = list && list.lastElementChild;
    if (last) reveal(last);
  }, [chat.lines.length, chat.sending, coverBelow]);
  const submit = (event) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || chat.sending || text.length > MAX_MESSAGE) return;
    send(text);
  };
  const onKeyDown = (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) submit(event);
  };
  const name = session ? session.display_name : '';
  const label = contextLabel(context);
  const length = draft.trim().length;
  const tooLong = length > MAX_MESSAGE;

  return html`<section class="view view-coach" style=${`--cover-below:${coverBelow}px`}>
    <${PageHeader} title=${t('nav.coach')} />
    <ol class="transcript" ref=${transcript} role="log" aria-label=${t('coach.transcript')}>
      ${chat.lines.map((line) => html`<${Line} key=${line.id} line=${line} name=${name}
        sending=${chat.sending} onChip=${(text) => send(text)} onRetry=${(id) => resend(id).catch(setError)} />`)}
      ${chat.sending ? html`<li class="line line-coach"><div class="bubble bubble-coach typing"
        role="status"><span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
        <span>${t('coach.thinking')}</span></div></li>` : null}
    </ol>
    ${plan.status === 'error' ? html`<${ErrorNote} error=${plan.error} title=${t('plan.loadFailed')} />` : null}
    <form class="composer" ref=${composer} data-cover="bottom" onSubmit=${submit}>
      ${label ? html`<div class="composer-context">
        <span><${Icon} name=${tab === 'week' ? 'week' : 'today'} size=${16} /> ${label}</span>
        <button type="button" class="btn-icon" aria-label=${t('coach.clearContext')}
          onClick=${() => navigate('/coach', { replace: true })}><${Icon} name="close" size=${16} /></button>
      </div>` : null}
      <div class="composer-row">
        <label for="composer-input" class="visually-hidden">${t('coach.inputLabel')}</label>
        <textarea id="composer-input" ref=${input} rows="1" value=${draft}
          aria-describedby=${length >= COUNT_FROM ? 'composer-count' : undefined}
          aria-invalid=${tooLong ? 'true' : undefined}
          placeholder=${t('coach.placeholder')} onInput=${(e) => setDraft(e.currentTarget.value)}
          onKeyDown=${onKeyDown}></textarea>
        <button type="submit" class="btn btn-primary btn-send" disabled=${chat.sending || !draft.trim() || tooLong}
          aria-label=${t('coach.send')}><${Icon} name="send" className="flip-rtl" /><span class="send-text">${t('coach.send')}</span></button>
      </div>
      ${length >= COUNT_FROM ? html`<p id="composer-count" class=${`composer-count${tooLong ? ' is-over' : ''}`}
        aria-live="polite">${tooLong ? t('coach.tooLong', { over: fmt.number(length - MAX_MESSAGE, 0),
          max: fmt.number(MAX_MESSAGE, 0) }) : t('coach.count', { n: fmt.number(length, 0),
          max: fmt.number(MAX_MESSAGE, 0) })}</p>` : null}
      ${error && !chat.lines.some((l) => l.failed) ? html`<${ErrorNote} error=${error} />` : null}
    </form>
  </section>`;
}
