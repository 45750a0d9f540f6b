// The conversation with the coach, kept in this browser per user (the contract has no
// endpoint to read a transcript back). Each coach line keeps its staged proposal, what it
// changes against the plan of that moment, its status, and the turn's memory changes.
import { api, ApiError } from './api.js';
import { proposalChanges } from './diff.js';
import { localToday } from './format.js';
import {
  createStore, notePlanStart, planStore, readJson, sessionStore, setPlan, userKey, writeJson,
} from './state.js';

const MAX_LINES = 200;

export const chatStore = createStore({ lines: [], sending: false, userId: null });

const newId = () => `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function loadTranscript() {
  const session = sessionStore.get().session;
  if (!session) return;
  if (chatStore.get().userId !== session.user_id) {
    chatStore.set({ lines: readJson(userKey('chat'), []), userId: session.user_id,
      sending: false });
  }
}

function save(lines) {
  const kept = lines.slice(-MAX_LINES);
  writeJson(userKey('chat'), kept);
  chatStore.set({ lines: kept });
}

function update(id, patch) {
  save(chatStore.get().lines.map((line) => (line.id === id ? { ...line, ...patch } : line)));
}

export function ensureGreeting(kind) {
  loadTranscript();
  if (!chatStore.get().lines.length) {
    save([{ id: newId(), role: 'greeting', kind, at: new Date().toISOString() }]);
  }
}

/** One turn: POST /api/coach/chat with the route context. Resolves to the coach line. */
export async function sendMessage(text, { tab = 'coach', day = null } = {}) {
  loadTranscript();
  const message = String(text || '').trim();
  if (!message || chatStore.get().sending) return null;
  const userLine = { id: newId(), role: 'user', text: message, at: new Date().toISOString(),
    context: tab !== 'coach' || day ? { tab, day } : null };
  const before = chatStore.get().lines;
  const greeting = before.length ? [] : [{ id: newId(), role: 'greeting',
    kind: planStore.get().plan ? 'hello' : 'onboarding', at: userLine.at }];
  save([...greeting, ...before, userLine]);
  chatStore.set({ sending: true });
  try {
    const reply = await api.chat({ message, active_tab: tab, selected_day: day });
    const proposal = reply.proposal && reply.proposal.type !== 'NONE' && reply.proposal.id
      ? reply.proposal : null;
    let lines = chatStore.get().lines;
    if (proposal) {
      // DESIGN D6: a new proposal supersedes the user's older pending ones.
      lines = lines.map((line) => (line.proposal && line.status === 'pending'
        ? { ...line, status: 'superseded' } : line));
    }
    const coachLine = {
      id: newId(), role: 'coach', text: reply.message, at: new Date().toISOString(),
      proposal, status: proposal ? 'pending' : null,
      changes: proposal ? proposalChanges(proposal, planStore.get().plan) : null,
      mutations: Array.isArray(reply.memory_mutations) ? reply.memory_mutations : [],
      // A clarifying question's tappable answers (DESIGN D9), sent as the user's message.
      replies: Array.isArray(reply.suggested_replies) ? reply.suggested_replies : [],
    };
    save([...lines, coachLine]);
    return coachLine;
  } catch (error) {
    update(userLine.id, { failed: true, error: { status: error.status, code: error.code,
      message: error.message } });
    throw error;
  } finally {
    chatStore.set({ sending: false });
  }
}

/** Send a failed message again (the failed copy is replaced). */
export function resend(lineId) {
  const line = chatStore.get().lines.find((l) => l.id === lineId);
  if (!line) return null;
  save(chatStore.get().lines.filter((l) => l.id !== lineId));
  const context = line.context || {};
  return sendMessage(line.text, { tab: context.tab || 'coach', day: context.day || null });
}

const CONFLICTS = {
  proposal_outdated: 'outdated',
  proposal_superseded: 'superseded',
  proposal_rejected: 'dismissed',
};

/** [Accept Plan]: the only way a plan is written. 409 → the card says it is out of date. */
export async function acceptProposal(lineId) {
  const line = chatStore.get().lines.find((l) => l.id === lineId);
  if (!line || !line.proposal) return null;
  update(lineId, { busy: true, error: null });
  try {
    const result = await api.acceptProposal(line.proposal.id);
    notePlanStart(result.plan, localToday().date);
    setPlan(result.plan);
    update(lineId, { busy: false, status: 'accepted', version: result.version });
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      update(lineId, { busy: false, status: CONFLICTS[error.code] || 'outdated',
        conflict: error.message });
    } else if (error instanceof ApiError && error.status === 404) {
      update(lineId, { busy: false, status: 'gone', conflict: error.message });
    } else {
      update(lineId, { busy: false, error: { status: error.status, code: error.code,
        message: error.message } });
    }
    return null;
  }
}

export async function dismissProposal(lineId) {
  const line = chatStore.get().lines.find((l) => l.id === lineId);
  if (!line || !line.proposal) return;
  update(lineId, { busy: true, error: null });
  try {
    await api.rejectProposal(line.proposal.id);
    update(lineId, { busy: false, status: 'dismissed' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      update(lineId, { busy: false, status: 'accepted' });
    } else if (error instanceof ApiError && error.status === 404) {
      update(lineId, { busy: false, status: 'gone', conflict: error.message });
    } else {
      update(lineId, { busy: false, error: { status: error.status, code: error.code,
        message: error.message } });
    }
  }
}

export function clearTranscript() {
  save([]);
}
