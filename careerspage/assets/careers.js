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

async function fetchJSON(url) {
  // no-cache: revalidate (If-None-Match, a 304 when nothing changed) so a
  // position published or unpublished a moment ago shows at once; the API's
  // max-age stays for other careers sites and CDNs.
  const resp = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
  const body = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new Error(body.message || `The careers API answered ${resp.status}`);
  return body;
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
  $('company').textContent = `Careers at ${positions[0].company_name}`;
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
  const p = await fetchJSON(`${api}/${encodeURIComponent(uid)}?details=true&token=${encodeURIComponent(token)}`);
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
}

function showList() {
  $('details').hidden = true;
  $('positions').hidden = false;
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
