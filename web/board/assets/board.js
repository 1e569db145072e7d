// Pipeline board: a position's candidates in one column per pipeline step.
// Everything goes through the public /graphql with the user token pasted
// at sign-in (kept in sessionStorage, so it dies with the tab): queries and
// mutations over HTTP, and the positionPipeline and candidateActivities
// subscriptions over a WebSocket, so a change made anywhere shows here:
// a candidate's event, or one of its interviews or scorecards, redraws that
// one card. The server decides what the person may see and do; the page
// only shows its answers, errors included.
import { Live } from './gqlws.js';

const tokenKey = 'hiregraph.board.token';

const $ = (id) => document.getElementById(id);

const state = {
  token: sessionStorage.getItem(tokenKey) || '',
  live: null,
  positionID: '',
  steps: [],
  reasons: [],
  endBoardSubscription: null,
  timelineID: '',
  endTimelineSubscription: null,
  // The card being dragged; refreshes wait until it is dropped, since
  // drawing the board anew would take the card from under the pointer.
  drag: null,
  refreshAfterDrag: false,
  // Moves shown at once and not saved yet, and how many were ever shown:
  // a board read that began before a move, or while one is saved, answers
  // the board without it and would draw the card back where it was.
  saving: 0,
  movesShown: 0,
  rejecting: null,
  scheduling: null,
  // The interviews the user sat and owes a scorecard on, by candidate.
  due: new Map(),
  scoring: null,
};

const verbs = {
  'candidate.created': 'Added',
  'candidate.applied': 'Applied',
  'candidate.updated': 'Updated',
  'candidate.moved': 'Moved',
  'candidate.rejected': 'Rejected',
  'candidate.revived': 'Revived',
  'candidate.hired': 'Hired',
  'candidate.unhired': 'Hire undone',
  'candidate.withdrawn': 'Withdrew',
  'candidate.assigned': 'Assigned',
  'candidate.unassigned': 'Unassigned',
  'person.updated': 'Profile updated',
  'note.created': 'Note added',
  'message.created': 'Message',
  'test.submitted': 'Test sent',
  'evaluation.updated': 'Test result',
  'file.uploaded': 'File uploaded',
  'interview.scheduled': 'Interview scheduled',
  'interview.rescheduled': 'Interview rescheduled',
  'interview.cancelled': 'Interview cancelled',
  'scorecard.submitted': 'Scorecard submitted',
  'scorecard.updated': 'Scorecard changed',
};

const recommendationLabels = { STRONG_NO: 'Strong no', NO: 'No', YES: 'Yes', STRONG_YES: 'Strong yes' };

const statusLabels = { REJECTED: 'Rejected', HIRED: 'Hired', WITHDRAWN: 'Withdrawn' };

class APIError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function gql(query, variables) {
  let resp;
  try {
    resp = await fetch('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${state.token}` },
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new APIError(`The server cannot be reached (${err.message}).`, 'network', 0);
  }
  const body = await resp.json().catch(() => ({}));
  if (body.errors && body.errors.length) {
    const e = body.errors[0];
    throw new APIError(e.message, (e.extensions && e.extensions.code) || '', resp.status);
  }
  if (!resp.ok || !body.data) throw new APIError(`The server answered ${resp.status}.`, '', resp.status);
  return body.data;
}

function showError(err) {
  // 401 is a token the server no longer takes (expired, user
  // deactivated…): only signing in again helps.
  if (err.status === 401) {
    signOut(`Signed out: ${err.message}${err.code ? ` (${err.code})` : ''}`);
    return;
  }
  $('errors').textContent = err.code ? `${err.message} (${err.code})` : err.message;
}

function clearError() { $('errors').textContent = ''; }

function say(message) { $('status').textContent = message; }

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('data-') || k.startsWith('aria-')) node.setAttribute(k, v);
    else node[k] = v;
  }
  node.append(...children);
  return node;
}

function hidden(text) { return el('span', { class: 'visually-hidden' }, text); }

function fullName(person) {
  return [person.firstName, person.lastName].filter(Boolean).join(' ');
}

// ---- Sign-in and the session ----

const sessionQuery = `{
  viewer { name viewerUser { firstName lastName email } }
  positions(first: 100, where: {isTemplate: false}, orderBy: [{field: NAME, direction: ASC}]) { edges { node { id name status } } }
  rejectionReasons(first: 100) { edges { node { id name } } }
}`;

async function start() {
  const data = await gql(sessionQuery);
  const user = data.viewer.viewerUser;
  $('who').textContent = user ? `${fullName(user)}, ${data.viewer.name}` : data.viewer.name;
  state.reasons = data.rejectionReasons.edges.map((e) => e.node);
  const positions = data.positions.edges.map((e) => e.node);
  const select = $('position');
  select.replaceChildren(...positions.map((p) => el('option', { value: p.id },
    p.status === 'OPEN' ? p.name : `${p.name} (${p.status.toLowerCase().replace('_', ' ')})`)));
  $('sign-in').hidden = true;
  $('session').hidden = false;
  $('workspace').hidden = false;
  state.live = new Live(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
    () => `Bearer ${state.token}`, liveState);
  if (positions.length === 0) {
    say('The company has no positions yet.');
    return;
  }
  const wanted = new URLSearchParams(location.hash.slice(1)).get('position');
  openPosition(positions.some((p) => p.id === wanted) ? wanted : positions[0].id);
}

function liveState(s, detail) {
  const labels = { connecting: 'Connecting…', live: 'Live', refused: 'Offline' };
  $('live').textContent = labels[s];
  $('live').dataset.state = s;
  if (s === 'live') {
    // Events sent while the connection was down are gone: read again.
    refreshBoard();
    if (state.timelineID) loadTimeline();
  } else if (s === 'refused') {
    showError(new APIError(`Live updates were refused${detail ? ` (${detail})` : ''}; sign in again.`, '', 0));
  }
}

function signOut(message) {
  if (state.live) state.live.close();
  state.live = null;
  state.token = '';
  state.positionID = '';
  state.steps = [];
  state.endBoardSubscription = null;
  state.timelineID = '';
  state.endTimelineSubscription = null;
  sessionStorage.removeItem(tokenKey);
  $('board').replaceChildren();
  $('timeline').hidden = true;
  $('session').hidden = true;
  $('workspace').hidden = true;
  $('sign-in').hidden = false;
  $('token').value = '';
  say('');
  $('errors').textContent = message || '';
  $('token').focus();
}

$('sign-in').addEventListener('submit', async (e) => {
  e.preventDefault();
  const token = $('token').value.trim();
  if (!token) return;
  clearError();
  state.token = token;
  try {
    await start();
    sessionStorage.setItem(tokenKey, token);
  } catch (err) {
    showError(err);
  }
});

$('sign-out').addEventListener('click', () => signOut(''));

// ---- The board ----

// cardFields is what a card shows: the candidate, its next interview
// (scheduled, not ended by the server's clock) and its scorecards summed up (null while
// the user may not read others' feedback), read for all cards at once in
// the board's one query.
const cardFields = `fragment CardFields on Candidate {
  id status person { firstName lastName }
  nextInterview { id timeStart timeZone }
  scorecardSummary { submitted recommendations { recommendation count } }
}`;

const boardQuery = `query Board($id: ID!, $statuses: [CandidateStatus!]) {
  pipeline(positionID: $id) {
    id name kind
    candidates(first: 100, where: {statusIn: $statuses}) {
      totalCount
      edges { node { ...CardFields } }
    }
  }
  viewer { feedbackDue(first: 100) { edges { node { id timeStart timeZone candidate { id } } } } }
}
${cardFields}`;

function openPosition(id) {
  if (state.endBoardSubscription) state.endBoardSubscription();
  closeTimeline();
  state.positionID = id;
  state.steps = [];
  $('position').value = id;
  history.replaceState(null, '', `#position=${encodeURIComponent(id)}`);
  $('board').replaceChildren();
  state.endBoardSubscription = state.live.subscribe(
    'subscription Pipeline($id: ID!) { positionPipeline(positionID: $id) { type object { type id data } } }',
    { id },
    { next: onBoardEvent, error: (errors) => showError(new APIError(errors[0].message, '', 0)) },
  );
  refreshBoard();
}

$('position').addEventListener('change', () => openPosition($('position').value));
$('show-closed').addEventListener('change', () => refreshBoard());

let loading = null;
let loadAgain = false;

// refreshBoard reads the board again; calls while a read is under way make
// one more read after it, so the last one always reflects the last change.
function refreshBoard() {
  if (!state.positionID) return Promise.resolve();
  if (state.drag) {
    state.refreshAfterDrag = true;
    return Promise.resolve();
  }
  if (loading) {
    loadAgain = true;
    return loading;
  }
  loading = (async () => {
    do {
      loadAgain = false;
      const id = state.positionID;
      const shown = state.movesShown;
      const statuses = $('show-closed').checked ? null : ['IN_PROGRESS', 'HIRED'];
      const data = await gql(boardQuery, { id, statuses });
      if (id !== state.positionID) continue;
      state.due = Map.groupBy(data.viewer.feedbackDue.edges.map((e) => e.node), (iv) => iv.candidate.id);
      if (state.drag) state.refreshAfterDrag = true;
      else if (state.saving === 0 && shown === state.movesShown) renderBoard(data.pipeline);
      // Else the answer may lack a move: move reads again once it is saved.
    } while (loadAgain);
  })().catch(showError).finally(() => { loading = null; });
  return loading;
}

const cardQuery = `query Card($id: ID!) {
  node(id: $id) { ... on Candidate { ...CardFields currentStep { id } } }
}
${cardFields}`;

// onBoardEvent redraws what an event changed: an event about a candidate,
// or about one of its interviews or scorecards (whose data names the
// candidate),
// re-reads that candidate alone and puts its card where the server has
// it; any other reads the board again.
function onBoardEvent(payload) {
  const object = payload && payload.data && payload.data.positionPipeline.object;
  const candidateID = object && (object.type === 'Candidate' ? object.id : object.data && object.data.candidate_id);
  if (!candidateID) return refreshBoard();
  return refreshCard(candidateID);
}

// refreshCard reads one candidate and moves, adds or drops its card, counts
// included. While a move is dragged or saved, or the board is read, the
// whole board is read after instead, as refreshBoard does.
async function refreshCard(candidateID) {
  if (state.drag || state.saving > 0 || loading) return refreshBoard();
  const id = state.positionID;
  const shown = state.movesShown;
  try {
    const data = await gql(cardQuery, { id: candidateID });
    if (id !== state.positionID || state.drag || state.saving > 0 || loading || shown !== state.movesShown) return refreshBoard();
    if (!placeCard(candidateID, data.node)) return refreshBoard();
    renderBoard(state.steps);
  } catch (err) {
    showError(err);
  }
  return undefined;
}

// placeCard takes the candidate's card from its column and puts node (the
// candidate as the server has it now; null when no longer visible) in its
// step's column, in id order. It answers false when the shown columns
// cannot tell: the card was not shown while some column shows only its
// first candidates, or it belongs past a column's shown candidates.
function placeCard(candidateID, node) {
  const found = takeCard(candidateID) !== null;
  if (!found && state.steps.some((s) => s.candidates.totalCount > s.candidates.edges.length)) return false;
  const statuses = $('show-closed').checked ? null : ['IN_PROGRESS', 'HIRED'];
  if (!node || !node.currentStep || (statuses && !statuses.includes(node.status))) return true;
  const to = state.steps.find((s) => s.id === node.currentStep.id);
  if (!to) return true;
  const edges = to.candidates.edges;
  const at = edges.findIndex((e) => e.node.id > node.id);
  if (at < 0 && to.candidates.totalCount > edges.length) return false;
  const { currentStep, ...card } = node;
  edges.splice(at < 0 ? edges.length : at, 0, { node: card });
  to.candidates.totalCount++;
  return true;
}

function renderBoard(steps) {
  state.steps = steps;
  const focused = document.activeElement && document.activeElement.dataset.focus;
  // A step picked in a card's list but not moved to yet stays picked.
  const picked = [...document.querySelectorAll('select.move-to')].filter((s) => s.value).map((s) => [s.id, s.value]);
  $('board').replaceChildren(...steps.map(renderColumn));
  for (const [id, value] of picked) {
    const select = $(id);
    if (select && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  if (focused) {
    // A button gone with the redraw (a scorecard no longer due) leaves
    // the focus on its card's name.
    const card = focused.slice(focused.indexOf(':') + 1);
    const again = document.querySelector(`[data-focus="${CSS.escape(focused)}"]`) || document.querySelector(`[data-focus="open:${CSS.escape(card)}"]`);
    if (again) again.focus();
  }
}

function renderColumn(step) {
  const conn = step.candidates;
  const heading = el('h2', { id: `col-${step.id}`, tabIndex: -1, 'data-focus': `col:${step.id}` },
    el('span', { class: 'step-name' }, step.name), ' ',
    el('span', { class: 'count' }, String(conn.totalCount)), hidden(conn.totalCount === 1 ? ' candidate' : ' candidates'));
  const list = el('ul', { class: 'cards', 'aria-labelledby': `col-${step.id}` },
    ...conn.edges.map((e) => renderCard(e.node, step)));
  const column = el('section', { class: 'column', 'data-step-id': step.id, 'data-step-name': step.name }, heading, list);
  if (conn.totalCount > conn.edges.length) {
    column.append(el('p', { class: 'more' }, `and ${conn.totalCount - conn.edges.length} more`));
  }
  column.addEventListener('dragover', (e) => {
    if (!canDrop(step)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    column.classList.add('drop-target');
  });
  column.addEventListener('dragleave', (e) => {
    if (!column.contains(e.relatedTarget)) column.classList.remove('drop-target');
  });
  column.addEventListener('drop', (e) => {
    e.preventDefault();
    column.classList.remove('drop-target');
    if (!canDrop(step)) return;
    const { id } = state.drag;
    endDrag();
    move(id, step.id);
  });
  return column;
}

// Candidates reach the hired step only by being hired for an opening,
// which the board does not do.
function movableTo(step) { return step.kind !== 'HIRED'; }

function canDrop(step) {
  return state.drag !== null && state.drag.from !== step.id && movableTo(step);
}

function endDrag() {
  state.drag = null;
  for (const c of document.querySelectorAll('.drop-target, .dragging')) c.classList.remove('drop-target', 'dragging');
  if (state.refreshAfterDrag) {
    state.refreshAfterDrag = false;
    refreshBoard();
  }
}

function renderCard(c, step) {
  const name = fullName(c.person);
  const card = el('li', { class: 'card', 'data-candidate-id': c.id });
  const open = el('button', { type: 'button', class: 'name', 'data-focus': `open:${c.id}` }, name);
  open.addEventListener('click', () => openTimeline(c.id));
  card.append(open);
  if (c.nextInterview) card.append(renderNextInterview(c.nextInterview));
  if (c.scorecardSummary && c.scorecardSummary.submitted > 0) card.append(renderScorecardSummary(c.scorecardSummary));
  if (c.status !== 'IN_PROGRESS') {
    card.classList.add('closed');
    card.append(el('span', { class: `badge ${c.status.toLowerCase()}` }, statusLabels[c.status] || c.status));
    return card;
  }
  card.draggable = true;
  card.addEventListener('dragstart', (e) => {
    e.dataTransfer.setData('text/plain', c.id);
    e.dataTransfer.effectAllowed = 'move';
    state.drag = { id: c.id, from: step.id };
    card.classList.add('dragging');
  });
  card.addEventListener('dragend', endDrag);

  const targets = state.steps.filter((s) => s.id !== step.id && movableTo(s));
  const select = el('select', { id: `move-${c.id}`, class: 'move-to', 'aria-label': `Move ${name} to`, 'data-focus': `select:${c.id}` },
    el('option', { value: '' }, 'Move to…'), ...targets.map((s) => el('option', { value: s.id }, s.name)));
  const moveButton = el('button', { type: 'button', class: 'move', 'data-focus': `move:${c.id}` }, 'Move', hidden(` ${name}`));
  moveButton.addEventListener('click', () => {
    if (select.value) move(c.id, select.value);
    else select.focus();
  });
  const reject = el('button', { type: 'button', class: 'reject', 'data-focus': `reject:${c.id}` }, 'Reject', hidden(` ${name}`));
  reject.addEventListener('click', () => openReject(c, name, step));
  const schedule = el('button', { type: 'button', class: 'schedule', 'data-focus': `schedule:${c.id}` }, 'Interview', hidden(` ${name}`));
  schedule.addEventListener('click', () => openSchedule(c, name, step));
  const actions = el('div', { class: 'actions' }, select, moveButton, schedule, reject);
  const due = state.due.get(c.id);
  if (due) {
    const score = el('button', { type: 'button', class: 'score', 'data-focus': `score:${c.id}` }, 'Scorecard', hidden(` for ${name}`));
    score.addEventListener('click', () => openScorecard(c, name, due[0]));
    actions.append(score);
  }
  card.append(actions);
  return card;
}

// when shows a time as the clock reads in zone, with the zone's short name.
function when(time, zone) {
  return new Date(time).toLocaleString(undefined, {
    timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short',
  });
}

// renderScorecardSummary says how many scorecards recommend what, the
// strongest yes first.
function renderScorecardSummary(sum) {
  const counts = sum.recommendations.filter((r) => r.count > 0).reverse()
    .map((r) => `${recommendationLabels[r.recommendation]} ${r.count}`);
  return el('p', { class: 'scorecards' }, `${sum.submitted} ${sum.submitted === 1 ? 'scorecard' : 'scorecards'}: ${counts.join(', ')}`);
}

function renderNextInterview(iv) {
  return el('p', { class: 'next-interview' }, 'Interview ', el('time', { dateTime: iv.timeStart }, when(iv.timeStart, iv.timeZone)));
}

// takeCard takes the candidate's card from the column showing it, count
// included, and answers its edge, or null when no column shows it.
function takeCard(candidateID) {
  let edge = null;
  for (const s of state.steps) {
    const i = s.candidates.edges.findIndex((e) => e.node.id === candidateID);
    if (i >= 0) {
      [edge] = s.candidates.edges.splice(i, 1);
      s.candidates.totalCount--;
    }
  }
  return edge;
}

// moveLocally shows the move at once, counts included, while the server
// is asked; the read that follows shows what the server holds.
function moveLocally(candidateID, toStepID) {
  const edge = takeCard(candidateID);
  const to = state.steps.find((s) => s.id === toStepID);
  if (edge && to) {
    to.candidates.edges.push(edge);
    to.candidates.totalCount++;
  }
  renderBoard(state.steps);
}

async function move(candidateID, toStepID) {
  const step = state.steps.find((s) => s.id === toStepID);
  const card = state.steps.flatMap((s) => s.candidates.edges).find((e) => e.node.id === candidateID);
  const name = card ? fullName(card.node.person) : 'The candidate';
  clearError();
  state.saving++;
  state.movesShown++;
  moveLocally(candidateID, toStepID);
  try {
    await gql('mutation Move($id: ID!, $to: ID!) { moveCandidate(id: $id, toStepID: $to) { id } }', { id: candidateID, to: toStepID });
    say(`${name} moved to ${step ? step.name : 'another step'}.`);
  } catch (err) {
    showError(err);
  } finally {
    state.saving--;
  }
  await refreshBoard();
}

// ---- Rejecting ----

function openReject(candidate, name, step) {
  state.rejecting = { id: candidate.id, name, stepID: step.id };
  $('reject-title').textContent = `Reject ${name}`;
  $('reject-reason').replaceChildren(el('option', { value: '' }, 'Choose a reason'),
    ...state.reasons.map((r) => el('option', { value: r.id }, r.name)));
  $('reject-note').value = '';
  $('reject-dialog').showModal();
  $('reject-reason').focus();
}

$('reject-cancel').addEventListener('click', () => $('reject-dialog').close());

$('reject-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const { id, name, stepID } = state.rejecting;
  const reason = state.reasons.find((r) => r.id === $('reject-reason').value);
  if (!reason) return;
  const note = $('reject-note').value.trim();
  $('reject-confirm').disabled = true;
  clearError();
  try {
    await gql('mutation Reject($id: ID!, $input: RejectCandidateInput!) { rejectCandidate(id: $id, input: $input) { id } }',
      { id, input: { reasonID: reason.id, note: note || null } });
    say(`${name} rejected: ${reason.name}.`);
  } catch (err) {
    showError(err);
  } finally {
    $('reject-confirm').disabled = false;
    $('reject-dialog').close();
  }
  await refreshBoard();
  // The card is gone from the board unless closed candidates show; the
  // column it was in keeps the focus nearby.
  const near = document.querySelector(`[data-focus="open:${CSS.escape(id)}"]`) || $(`col-${stepID}`);
  if (near) near.focus();
});

// failInDialog shows err in the open dialog name (interview, scorecard),
// which stays open with what was typed, so a busy interviewer or a time
// in the past can be changed and sent again; a token the server no longer
// takes closes it and signs out.
function failInDialog(name, err) {
  if (err.status === 401) {
    $(`${name}-dialog`).close();
    showError(err);
    return;
  }
  $(`${name}-error`).textContent = err.code ? `${err.message} (${err.code})` : err.message;
}

// ---- Scheduling an interview ----

const teamQuery = `query Team($id: ID!) {
  node(id: $id) { ... on Position { hiringTeamMembers { role user { id firstName lastName } } } }
}`;

const scheduleMutation = `mutation Schedule($input: ScheduleInterviewInput!) {
  scheduleInterview(input: $input) { id timeStart timeZone }
}`;

// The browser's time zone: the start typed in is read in it, and the
// invitations show the interview's times in it.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

// openSchedule asks for the interviewers (the position's hiring team, the
// users the server lets interview its candidates), the start and length,
// place and instructions of an interview at the card's step.
async function openSchedule(candidate, name, step) {
  let data;
  try {
    data = await gql(teamQuery, { id: state.positionID });
  } catch (err) {
    showError(err);
    return;
  }
  state.scheduling = { id: candidate.id, name, stepID: step.id };
  const members = data.node ? data.node.hiringTeamMembers : [];
  $('interview-title').textContent = `Schedule an interview with ${name}`;
  $('interview-interviewers').replaceChildren(el('legend', {}, 'Interviewers'), ...members.map((m, i) => el('div', { class: 'check' },
    el('input', { type: 'checkbox', id: `interviewer-${i}`, value: m.user.id }),
    el('label', { htmlFor: `interviewer-${i}` }, `${fullName(m.user)} (${m.role.toLowerCase().replace('_', ' ')})`))));
  $('interview-zone').textContent = `Times are in ${zone}, this browser's time zone.`;
  $('interview-form').reset();
  $('interview-error').textContent = '';
  $('interview-dialog').showModal();
  const first = $('interview-interviewers').querySelector('input');
  (first || $('interview-start')).focus();
}

$('interview-cancel').addEventListener('click', () => $('interview-dialog').close());

// Closing the dialog, by Cancel, Escape or scheduling, gives the focus
// back to the card's button that opened it, as redrawn since.
$('interview-dialog').addEventListener('close', () => {
  const { id } = state.scheduling || {};
  const opener = id && document.querySelector(`[data-focus="schedule:${CSS.escape(id)}"]`);
  if (opener) opener.focus();
});

$('interview-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const { id, name, stepID } = state.scheduling;
  const interviewerIDs = [...$('interview-interviewers').querySelectorAll('input:checked')].map((i) => i.value);
  if (interviewerIDs.length === 0) {
    $('interview-error').textContent = 'Choose at least one interviewer.';
    $('interview-interviewers').querySelector('input')?.focus();
    return;
  }
  // datetime-local is the browser's local time, which is zone.
  const start = new Date($('interview-start').value);
  const end = new Date(start.getTime() + Number($('interview-length').value) * 60000);
  const optional = (field) => $(field).value.trim() || null;
  $('interview-confirm').disabled = true;
  $('interview-error').textContent = '';
  try {
    const data = await gql(scheduleMutation, { input: {
      candidateID: id, stepID, interviewerIDs, timeStart: start.toISOString(), timeEnd: end.toISOString(), timeZone: zone,
      location: optional('interview-location'), videoURL: optional('interview-video'), instructions: optional('interview-instructions'),
    } });
    const iv = data.scheduleInterview;
    $('interview-dialog').close();
    say(`Interview with ${name} scheduled for ${when(iv.timeStart, iv.timeZone)}.`);
    await refreshCard(id);
  } catch (err) {
    failInDialog('interview', err);
  } finally {
    $('interview-confirm').disabled = false;
  }
});

// ---- Submitting a scorecard ----

const templateQuery = `query Template($id: ID!) {
  node(id: $id) { ... on Interview { position { scorecardTemplate { ratingScale attributes { id focus name description } } } } }
}`;

const submitScorecardMutation = `mutation Submit($input: SubmitScorecardInput!) {
  submitScorecard(input: $input) { id }
}`;

// openScorecard asks for the user's feedback on the interview they sat:
// the overall recommendation, a rating of each attribute of the position's
// template (grouped by focus; none is required) and notes.
async function openScorecard(candidate, name, iv) {
  let data;
  try {
    data = await gql(templateQuery, { id: iv.id });
  } catch (err) {
    showError(err);
    return;
  }
  const template = data.node && data.node.position.scorecardTemplate;
  state.scoring = { id: candidate.id, name, interviewID: iv.id };
  $('scorecard-title').textContent = `Scorecard for ${name}`;
  $('scorecard-interview').textContent = `Interview of ${when(iv.timeStart, iv.timeZone)}`;
  $('scorecard-form').reset();
  $('scorecard-error').textContent = '';
  $('scorecard-ratings').replaceChildren(...(template ? ratingFields(template) : []));
  $('scorecard-dialog').showModal();
  $('scorecard-form').querySelector('input[name=recommendation]').focus();
}

// ratingFields are a fieldset per focus with a rating list per attribute.
function ratingFields(template) {
  const scale = Array.from({ length: template.ratingScale }, (_, i) => String(i + 1));
  const groups = Map.groupBy(template.attributes, (a) => a.focus);
  return [...groups].map(([focus, attributes]) => el('fieldset', {}, el('legend', {}, focus),
    ...attributes.flatMap((a) => [
      el('label', { htmlFor: `rating-${a.id}` }, a.name),
      el('select', { id: `rating-${a.id}`, class: 'rating', 'data-attribute-id': a.id, ...(a.description ? { title: a.description } : {}) },
        el('option', { value: '' }, 'Not rated'), ...scale.map((n) => el('option', { value: n }, `${n} of ${template.ratingScale}`))),
    ])));
}

$('scorecard-cancel').addEventListener('click', () => $('scorecard-dialog').close());

$('scorecard-dialog').addEventListener('close', () => {
  const { id } = state.scoring || {};
  const opener = id && (document.querySelector(`[data-focus="score:${CSS.escape(id)}"]`) || document.querySelector(`[data-focus="open:${CSS.escape(id)}"]`));
  if (opener) opener.focus();
});

$('scorecard-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const { id, name, interviewID } = state.scoring;
  const picked = $('scorecard-form').querySelector('input[name=recommendation]:checked');
  const ratings = [...$('scorecard-ratings').querySelectorAll('select.rating')].filter((s) => s.value)
    .map((s) => ({ attributeID: s.dataset.attributeId, rating: Number(s.value) }));
  $('scorecard-confirm').disabled = true;
  $('scorecard-error').textContent = '';
  try {
    await gql(submitScorecardMutation, { input: {
      interviewID, overallRecommendation: picked.value, notes: $('scorecard-notes').value.trim() || null, ratings,
    } });
    const left = (state.due.get(id) || []).filter((iv) => iv.id !== interviewID);
    if (left.length) state.due.set(id, left);
    else state.due.delete(id);
    $('scorecard-dialog').close();
    say(`Scorecard for ${name} submitted: ${recommendationLabels[picked.value]}.`);
    await refreshCard(id);
  } catch (err) {
    failInDialog('scorecard', err);
  } finally {
    $('scorecard-confirm').disabled = false;
  }
});

// ---- The timeline ----

const timelineQuery = `query Timeline($id: ID!) {
  node(id: $id) { ... on Candidate {
    id status rejectionNote
    person { firstName lastName email }
    currentStep { name }
    activities(first: 50) { edges { node { id verb actorName timeCreated changes { field before after } } } }
  } }
}`;

function openTimeline(id) {
  if (state.timelineID !== id) {
    if (state.endTimelineSubscription) state.endTimelineSubscription();
    state.timelineID = id;
    state.endTimelineSubscription = state.live.subscribe(
      'subscription Timeline($id: ID!) { candidateActivities(candidateId: $id) { id } }',
      { id },
      { next: loadTimeline, error: (errors) => showError(new APIError(errors[0].message, '', 0)) },
    );
    $('timeline-title').textContent = 'Timeline';
    $('timeline-meta').textContent = '';
    $('timeline-list').replaceChildren();
  }
  $('timeline').hidden = false;
  loadTimeline().then(() => $('timeline').focus());
}

function closeTimeline() {
  if (state.endTimelineSubscription) state.endTimelineSubscription();
  state.endTimelineSubscription = null;
  const was = state.timelineID;
  state.timelineID = '';
  $('timeline').hidden = true;
  return was;
}

$('timeline-close').addEventListener('click', () => {
  const was = closeTimeline();
  const opener = document.querySelector(`[data-focus="open:${CSS.escape(was)}"]`);
  if (opener) opener.focus();
});

async function loadTimeline() {
  const id = state.timelineID;
  let data;
  try {
    data = await gql(timelineQuery, { id });
  } catch (err) {
    showError(err);
    return;
  }
  if (id !== state.timelineID) return;
  const c = data.node;
  if (!c) {
    $('timeline-title').textContent = 'Candidate not found';
    return;
  }
  $('timeline-title').textContent = fullName(c.person);
  const meta = [c.currentStep && c.currentStep.name, statusLabels[c.status], c.person.email].filter(Boolean);
  $('timeline-meta').textContent = meta.join(' · ');
  $('timeline-list').replaceChildren(...c.activities.edges.map((e) => renderActivity(e.node)));
}

function show(value) {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function renderActivity(a) {
  const when = new Date(a.timeCreated);
  const item = el('li', { class: 'activity', 'data-verb': a.verb },
    el('p', { class: 'what' }, el('strong', {}, verbs[a.verb] || a.verb), a.actorName ? ` by ${a.actorName}` : ''),
    el('time', { dateTime: a.timeCreated }, when.toLocaleString()));
  if (a.changes.length) {
    item.append(el('ul', { class: 'changes' },
      ...a.changes.map((ch) => el('li', {}, `${ch.field}: ${show(ch.before)} → ${show(ch.after)}`))));
  }
  return item;
}

// ---- Start ----

if (state.token) {
  start().catch((err) => {
    // The token stays in the form: the server may only be unreachable.
    $('sign-in').hidden = false;
    $('token').value = state.token;
    showError(err);
  });
} else {
  signOut('');
}
