// The shell: header, navigation (a bottom tab bar on phones), the routed screen inside an
// error boundary (a crash shows a message, never a blank page), and focus management.
import { Component, html, useEffect, useRef, useState } from './lib.js';
import { locale, onLocaleChange, t } from './i18n.js';
import { configure } from './format.js';
import { Icon } from './icons.js';
import { Link, matchRoute, navigate, useRoute } from './router.js';
import { sessionStore, usePlan, useStore } from './state.js';
import { loadWorkout, sendQueued, workoutStore } from './workout.js';
import { Loading } from './ui.js';
import { SignUpView } from './views/signup.js';
import { CoachView } from './views/coach.js';
import { WeekView } from './views/week.js';
import { DayView } from './views/day.js';
import { ActiveWorkoutView } from './views/active.js';
import { ProgressView } from './views/progress.js';
import { MemoryView } from './views/memory.js';
import { HistoryLogView, HistoryView } from './views/history.js';
import { AccountView } from './views/account.js';
import { ExerciseSheet } from './views/exercise.js';

const NAV = [
  { name: 'coach', href: '/coach', icon: 'coach' },
  { name: 'today', href: '/today', icon: 'today' },
  { name: 'week', href: '/week', icon: 'week' },
  { name: 'progress', href: '/progress', icon: 'progress' },
  { name: 'memory', href: '/memory', icon: 'memory' },
];
const SECTION_OF = { coach: 'coach', today: 'today', active: 'today', week: 'week', day: 'week',
  progress: 'progress', history: 'progress', historyLog: 'progress', memory: 'memory' };

class ErrorBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { error: null };
  }

  componentDidCatch(error) {
    console.error(error); // eslint-disable-line no-console
    this.setState({ error });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return html`<section class="view">
      <div class="note note-error" role="alert">
        <${Icon} name="alert" />
        <div><strong>${t('error.crashTitle')}</strong>
          <p>${t('error.crashText')}</p>
          <p class="fine-print">${String(this.state.error && this.state.error.message)}</p>
          <div class="day-actions">
            <button type="button" class="btn btn-primary" onClick=${() => window.location.reload()}>${t('action.reload')}</button>
            <a class="btn btn-ghost" href="/today">${t('nav.today')}</a>
          </div>
        </div>
      </div>
    </section>`;
  }
}

function HomeRedirect() {
  const { status, plan } = usePlan();
  useEffect(() => {
    if (status === 'ready') navigate(plan ? '/today' : '/coach', { replace: true });
    if (status === 'error') navigate('/coach', { replace: true });
  }, [status]);
  return html`<${Loading} />`;
}

function NotFound() {
  return html`<section class="view">
    <h1 id="page-title" tabindex="-1">${t('error.notFoundTitle')}</h1>
    <p>${t('error.notFoundText')}</p>
    <${Link} class="btn btn-primary" href="/today">${t('nav.today')}</${Link}>
  </section>`;
}

function screen(route) {
  switch (route.name) {
    case 'home': return html`<${HomeRedirect} />`;
    case 'coach': return html`<${CoachView} />`;
    case 'today': return html`<${DayView} />`;
    case 'day': return html`<${DayView} day=${route.params.day} />`;
    case 'week': return html`<${WeekView} />`;
    case 'active': return html`<${ActiveWorkoutView} />`;
    case 'progress': return html`<${ProgressView} />`;
    case 'history': return html`<${HistoryView} />`;
    case 'historyLog': return html`<${HistoryLogView} logId=${route.params.logId} />`;
    case 'memory': return html`<${MemoryView} />`;
    case 'account': return html`<${AccountView} />`;
    default: return html`<${NotFound} />`;
  }
}

function Nav({ section, className, cover }) {
  return html`<nav class=${className} aria-label=${t('nav.label')} data-cover=${cover}>
    <ul>${NAV.map((item) => html`<li>
      <${Link} href=${item.href} class="nav-link" aria-current=${section === item.name ? 'page' : undefined}>
        <${Icon} name=${item.icon} size=${22} /><span>${t(`nav.${item.name}`)}</span>
      </${Link}></li>`)}
    </ul>
  </nav>`;
}

function WorkoutBanner({ routeName }) {
  const { workout, queue } = useStore(workoutStore);
  if (routeName === 'active') return null;
  const waiting = queue && queue.length ? html`<${Link} class="workout-banner workout-queued"
    href="/workout/active" role="status">
    <${Icon} name="timer" /> <span>${t('queue.banner', { count: queue.length })}</span></${Link}>` : null;
  if (!workout || workout.result) return waiting;
  return html`${waiting}<${Link} class="workout-banner" href="/workout/active">
    <${Icon} name="dumbbell" /> <span>${t('active.inProgress')}</span>
    <strong>${t('day.resume')}</strong></${Link}>`;
}

export function App() {
  const { session } = useStore(sessionStore);
  const { path, query } = useRoute();
  const [, setLanguage] = useState(locale());
  const firstRender = useRef(true);
  useEffect(() => onLocaleChange(setLanguage), []);
  useEffect(() => { if (session) { loadWorkout(); sendQueued(); } }, [session && session.user_id]);
  const route = session ? matchRoute(path) : { name: 'signup' };
  const section = SECTION_OF[route.name];

  useEffect(() => {
    const names = { coach: 'nav.coach', today: 'nav.today', day: 'nav.week', week: 'nav.week',
      active: 'active.title', progress: 'nav.progress', history: 'history.title',
      historyLog: 'history.title', memory: 'nav.memory', account: 'account.title',
      signup: 'signup.title' };
    document.title = names[route.name] ? `${t(names[route.name])} · fitcoach` : 'fitcoach';
    if (firstRender.current) { firstRender.current = false; return; }
    const heading = document.getElementById('page-title');
    if (heading) heading.focus({ preventScroll: true });
  }, [path, session && session.user_id]);

  if (!session) {
    return html`<div class="app app-bare">
      <main id="main" class="main"><${ErrorBoundary}><${SignUpView} /></${ErrorBoundary}></main>
    </div>`;
  }
  configure(session);
  // The exercise detail opens over any screen (?exercise=<slug>), so Back closes it.
  const sheet = /^[a-z0-9][a-z0-9-]{0,80}$/.test(query.get('exercise') || '') ? query.get('exercise') : null;
  return html`<div class="app">
    <a class="skip-link" href="#main">${t('nav.skip')}</a>
    <header class="topbar" data-cover="top">
      <${Link} href="/today" class="brand" aria-label=${t('nav.home')}>
        <span class="brand-mark" aria-hidden="true">fc</span><span class="brand-name">fitcoach</span>
      </${Link}>
      <${Nav} section=${section} className="nav-top" />
      <${Link} href="/account" class="account-link" aria-current=${route.name === 'account' ? 'page' : undefined}>
        <${Icon} name="account" size=${22} /><span class="account-name">${session.display_name}</span>
        <span class="visually-hidden">${t('account.title')}</span>
      </${Link}>
    </header>
    <${WorkoutBanner} routeName=${route.name} />
    <main id="main" class=${`main main-${route.name}`} tabindex="-1">
      <${ErrorBoundary} key=${path}>${screen(route)}</${ErrorBoundary}>
    </main>
    <${Nav} section=${section} className="nav-bottom" cover="bottom" />
    ${sheet ? html`<${ExerciseSheet} key=${sheet} slug=${sheet} />` : null}
  </div>`;
}
