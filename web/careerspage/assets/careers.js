// Careers page: lists a company's published positions by department, and
// shows one position's details. It reads only the careers API and renders
// position details through an allowlist of tags, on top of the server's
// own sanitizing: no HTML from the API reaches the page as markup unchecked.
'use strict';

const companyUID = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop());
const token = new URLSearchParams(location.search).get('token') || '';
const api = `/careers-api/2.0/company/${encodeURIComponent(companyUID)}/positions`;

const allowedTags = new Set(['P', 'BR', 'B', 'STRONG', 'I', 'EM', 'U', 'UL', 'OL', 'LI', 'H2', 'H3', 'H4', 'BLOCKQUOTE', 'A']);

function $(id) { return document.getElementById(id); }

// The API's messages are written for developers; a job seeker who followed
// a broken or outdated link is told what to do instead.
const brokenLink = 'This careers page link is not complete or no longer valid. Please open the careers page from the company\'s website again.';
const visitorMessages = {
  401: brokenLink,
  403: brokenLink,
  404: brokenLink,
  429: 'Many people are visiting right now. Please try again in a minute.',
};

// fetchJSON reads the API; notFound is what a 404 tells the visitor there.
async function fetchJSON(url, notFound = brokenLink) {
  // no-cache: revalidate (If-None-Match, a 304 when nothing changed) so a
  // position published or unpublished a moment ago shows at once; the API's
  // max-age stays for other careers sites and CDNs.
  const resp = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) {
    const message = resp.status === 404 ? notFound : visitorMessages[resp.status];
    throw new Error(message || 'The page could not load the positions. Please try again in a moment.');
  }
  return body;
}

// companyName is the company's name once the list has loaded; the window's
// title names it, and the open position.
let companyName = '';

function setTitle(position) {
  const careers = companyName ? `Careers at ${companyName}` : 'Careers';
  document.title = position ? `${position} – ${careers}` : careers;
}

function place(p) {
  return [p.location.city, p.location.country].filter(Boolean).join(', ') || p.workplace_type || '';
}

// copySafe rebuilds parsed HTML with only allowed tags and safe links.
function copySafe(from, to) {
  for (const node of from.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      to.appendChild(document.createTextNode(node.textContent));
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      if (!allowedTags.has(node.tagName)) {
        copySafe(node, to);
        continue;
      }
      const el = document.createElement(node.tagName);
      if (node.tagName === 'A') {
        const href = node.getAttribute('href') || '';
        if (!/^(https?:|mailto:)/i.test(href)) { copySafe(node, to); continue; }
        el.setAttribute('href', href);
        el.setAttribute('rel', 'nofollow noopener');
      }
      copySafe(node, el);
      to.appendChild(el);
    }
  }
}

function renderList(positions) {
  const root = $('positions');
  root.replaceChildren();
  if (positions.length === 0) {
    $('status').textContent = 'There are no open positions right now.';
    return;
  }
  $('status').textContent = `${positions.length} open position${positions.length === 1 ? '' : 's'}`;
  companyName = positions[0].company_name;
  $('company').textContent = `Careers at ${companyName}`;
  setTitle('');
  const byDept = new Map();
  for (const p of positions) {
    const dept = p.department || 'Other';
    if (!byDept.has(dept)) byDept.set(dept, []);
    byDept.get(dept).push(p);
  }
  for (const dept of [...byDept.keys()].sort()) {
    const h = document.createElement('h2');
    h.textContent = dept;
    const ul = document.createElement('ul');
    ul.className = 'positions';
    for (const p of byDept.get(dept)) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'position';
      b.textContent = p.name;
      b.addEventListener('click', () => { location.hash = `position=${encodeURIComponent(p.uid)}`; });
      const loc = document.createElement('span');
      loc.className = 'location';
      loc.textContent = place(p);
      li.append(b, loc);
      ul.appendChild(li);
    }
    root.append(h, ul);
  }
}

async function showDetails(uid) {
  const p = await fetchJSON(`${api}/${encodeURIComponent(uid)}?details=true&token=${encodeURIComponent(token)}`,
    'This position is no longer open. The other open positions are listed below.');
  $('details-title').textContent = p.name;
  $('details-meta').textContent = [p.department, p.employment_type, place(p)].filter(Boolean).join(' · ');
  const body = $('details-body');
  body.replaceChildren();
  for (const d of p.details) {
    const h = document.createElement('h3');
    h.textContent = d.name;
    const div = document.createElement('div');
    const parsed = new DOMParser().parseFromString(d.value, 'text/html');
    copySafe(parsed.body, div);
    body.append(h, div);
  }
  $('positions').hidden = true;
  $('details').hidden = false;
  setTitle(p.name);
  // Keyboard and screen-reader users land on what opened, not on <body>.
  $('details-title').focus();
  await showApplyForm(uid);
}

// The apply form: its questions, limits and consent text come from the
// API (GET …/apply); it is sent as multipart/form-data with the resume, and
// the API's message for each field is shown next to its input.
let applyingTo = '';
let maxFileBytes = 0;

function humanSize(n) {
  return n >= 1048576 ? `${Math.round(n / 104857.6) / 10} MB` : `${Math.round(n / 1024)} KB`;
}

function clearErrors() {
  $('apply-summary').hidden = true;
  for (const p of document.querySelectorAll('#apply-form .error')) { p.hidden = true; p.textContent = ''; }
  for (const el of document.querySelectorAll('#apply-form [aria-invalid]')) el.removeAttribute('aria-invalid');
}

// showFieldError puts a message under the input of field (its name); it
// returns false when the form has no such input.
function showFieldError(field, message) {
  const p = document.querySelector(`#apply-form .error[data-field="${CSS.escape(field)}"]`) || $(`err-${field}`);
  if (!p) return false;
  p.textContent = message;
  p.hidden = false;
  const input = document.querySelector(`#apply-form [name="${CSS.escape(field)}"]`);
  if (input) input.setAttribute('aria-invalid', 'true');
  return true;
}

function renderQuestions(questions) {
  const root = $('questions');
  root.replaceChildren();
  questions.forEach((q, i) => {
    const div = document.createElement('div');
    div.className = 'field';
    const id = `question-${i}`;
    const name = `answers[${q.id}]`;
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = q.title;
    if (q.required) {
      const req = document.createElement('span');
      req.className = 'req';
      req.textContent = ' (required)';
      label.appendChild(req);
    }
    let input;
    if (q.options.length > 0) {
      input = document.createElement('select');
      const none = document.createElement('option');
      none.value = '';
      none.textContent = 'Choose…';
      input.appendChild(none);
      for (const o of q.options) {
        const opt = document.createElement('option');
        opt.value = o;
        opt.textContent = o;
        input.appendChild(opt);
      }
    } else {
      input = document.createElement('input');
    }
    input.id = id;
    input.name = name;
    if (q.required) input.required = true;
    const described = [];
    div.append(label, input);
    if (q.explanation) {
      const hint = document.createElement('p');
      hint.className = 'hint';
      hint.id = `${id}-hint`;
      hint.textContent = q.explanation;
      div.appendChild(hint);
      described.push(hint.id);
    }
    const err = document.createElement('p');
    err.className = 'error';
    err.id = `${id}-error`;
    err.dataset.field = name;
    err.hidden = true;
    div.appendChild(err);
    described.push(err.id);
    input.setAttribute('aria-describedby', described.join(' '));
    root.appendChild(div);
  });
}

async function showApplyForm(uid) {
  const form = $('apply-form');
  $('applied').hidden = true;
  $('apply-closed').hidden = true;
  form.hidden = true;
  if (applyingTo !== uid) form.reset();
  applyingTo = uid;
  clearErrors();
  let spec;
  try {
    spec = await fetchJSON(`${api}/${encodeURIComponent(uid)}/apply?token=${encodeURIComponent(token)}`);
  } catch (e) {
    $('apply-closed').textContent = e.message;
    $('apply-closed').hidden = false;
    return;
  }
  maxFileBytes = spec.max_file_bytes;
  $('resume-hint').textContent = `${spec.accepted_files.replace(/, (?=[^,]*$)/, ' or ')}, up to ${humanSize(spec.max_file_bytes)}.`;
  $('consent-text').textContent = spec.consent_text;
  renderQuestions(spec.questions);
  form.hidden = false;
}

async function submitApplication(ev) {
  ev.preventDefault();
  clearErrors();
  const form = $('apply-form');
  const resume = $('resume').files[0];
  if (resume && maxFileBytes && resume.size > maxFileBytes) {
    showFieldError('resume', `The file is larger than ${humanSize(maxFileBytes)}; please choose a smaller one.`);
    $('resume').focus();
    return;
  }
  const data = new FormData(form);
  data.set('consent_text', $('consent-text').textContent);
  const button = $('apply-submit');
  button.disabled = true;
  button.textContent = 'Sending…';
  try {
    const resp = await fetch(`${api}/${encodeURIComponent(applyingTo)}/apply?token=${encodeURIComponent(token)}`, {
      method: 'POST', body: data, headers: { Accept: 'application/json' },
    });
    const body = await resp.json().catch(() => ({}));
    if (resp.ok) {
      form.hidden = true;
      form.reset();
      $('applied-message').textContent = body.message || 'Thank you: your application was received.';
      $('applied').hidden = false;
      $('applied').focus();
      return;
    }
    showApplyErrors(resp.status, body);
  } catch (e) {
    showApplyErrors(0, { message: 'The application could not be sent; check your connection and try again.' });
  } finally {
    button.disabled = false;
    button.textContent = 'Send application';
  }
}

// showApplyErrors shows the API's field messages next to their inputs and
// the rest in the summary at the top of the form.
function showApplyErrors(status, body) {
  const fields = body.fields || {};
  let first = null;
  const unplaced = [];
  for (const [field, message] of Object.entries(fields)) {
    if (showFieldError(field, message)) {
      first = first || document.querySelector(`#apply-form [name="${CSS.escape(field)}"]`);
    } else {
      unplaced.push(message);
    }
  }
  if (Object.keys(fields).length === 0) {
    unplaced.push(status === 429 ? 'Too many applications were sent from here just now; please try again in a few minutes.' : body.message || `The application was not accepted (${status}).`);
  }
  const summary = $('apply-summary');
  const count = Object.keys(fields).length;
  summary.textContent = [count ? `Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.` : '', ...unplaced].filter(Boolean).join(' ');
  summary.hidden = summary.textContent === '';
  (first || summary).focus?.();
}

function showList() {
  const wasOpen = !$('details').hidden;
  $('details').hidden = true;
  $('positions').hidden = false;
  setTitle('');
  if (wasOpen) $('company').focus();
}

async function route() {
  const m = location.hash.match(/^#position=(.+)$/);
  try {
    if (m) await showDetails(decodeURIComponent(m[1]));
    else showList();
  } catch (e) {
    $('status').textContent = e.message;
  }
}

async function main() {
  $('apply-form').addEventListener('submit', submitApplication);
  $('back').addEventListener('click', () => { history.pushState('', '', location.pathname + location.search); showList(); });
  window.addEventListener('hashchange', route);
  try {
    renderList(await fetchJSON(`${api}?token=${encodeURIComponent(token)}`));
  } catch (e) {
    $('status').textContent = e.message;
    return;
  }
  await route();
}

main();
