// The conversation with the coach. The server keeps it (GET /api/coach/history), so a new
// device shows the same chat; this browser keeps a copy per user, where each coach line
// also holds what only this browser saw: what its proposal changed against the plan of
// that moment, the turn's memory changes and suggested replies, a failed message to retry.
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

let turnsSent = 0; // a sync that began before a turn does not merge over it

const SERVER_STATUS = { pending: 'pending', accepted: 'accepted', rejected: 'dismissed',
  superseded: 'superseded', outdated: 'outdated' };

/** The card's status for a proposal as the history reads it: `outdated` (pending, but Accept
 * would refuse it now) says why, from the refusal's code. */
function serverStatus(proposal) {
  const shown = SERVER_STATUS[proposal.status] || 'outdated';
  return shown === 'outdated' && proposal.refusal === 'proposal_settled' ? 'settled' : shown;
}

function fromServer(line) {
  const base = { id: newId(), role: line.role, text: line.message, at: line.at };
  if (line.role !== 'coach') return base;
  const { status, refusal, ...proposal } = line.proposal || {};
  const staged = line.proposal ? proposal : null;
  const shown = staged ? serverStatus(line.proposal) : null;
  return { ...base, proposal: staged, status: shown, mutations: [], replies: [],
    // What a still pending change does to today's plan; a decided one is history.
    changes: shown === 'pending' ? proposalChanges(staged, planStore.get().plan) : null };
}

/** The server's lines (oldest first) with this browser's copy: a line both have keeps
 * what only this browser knows; a card the server decided since (on another device, or by
 * a newer proposal) takes the server's status; this browser's unsent messages stay last. */
export function mergeTranscript(local, server) {
  const kept = local.filter((line) => line.role === 'user' || line.role === 'coach');
  const merged = [];
  let next = 0;
  for (const line of server) {
    let match = -1;
    for (let i = next; i < kept.length; i += 1) {
      if (!kept[i].failed && kept[i].role === line.role && kept[i].text === line.message) {
        match = i;
        break;
      }
    }
    if (match < 0) {
      merged.push(fromServer(line));
      continue;
    }
    const mine = kept[match];
    next = match + 1;
    const decided = line.proposal && serverStatus(line.proposal);
    merged.push(mine.status === 'pending' && decided && decided !== 'pending'
      ? { ...mine, status: decided } : mine);
  }
  const greeting = local.length && local[0].role === 'greeting' ? [local[0]] : [];
  const unsent = kept.slice(next).filter((line) => line.failed);
  return [...greeting, ...merged, ...unsent];
}

/** Bring the transcript up to date with the server's (a new device sees the same chat).
 * Offline or failing, this browser's copy stays as it is. */
export async function syncTranscript() {
  loadTranscript();
  const userId = chatStore.get().userId;
  if (!userId || chatStore.get().sending) return;
  const sent = turnsSent;
  let server;
  try {
    server = await api.chatHistory({ limit: MAX_LINES });
  } catch {
    return;
  }
  // A turn sent meanwhile (or a sign-out) would be lost by a merge of the older answer.
  if (turnsSent !== sent || chatStore.get().sending || chatStore.get().userId !== userId
      || !Array.isArray(server) || !server.length) return;
  save(mergeTranscript(chatStore.get().lines, server));
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
  turnsSent += 1;
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
  proposal_settled: 'settled',
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
      // A refusal the card can say in the user's words needs no server text (English);
      // an unknown one shows the server's reason.
      update(lineId, { busy: false, status: CONFLICTS[error.code] || 'outdated',
        conflict: CONFLICTS[error.code] ? null : error.message });
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
