// Hiring reports: every report of the GraphQL reports query drawn as a
// chart (Chart.js, window.Chart), with the same figures as a table and a
// CSV download from /v1/reports. The user token pasted at sign-in stays in
// sessionStorage, so it dies with the tab; the server decides what the
// person may see, and the page shows its answers, errors included.
'use strict';

(() => {
  const tokenKey = 'hiregraph.reports.token';
  const $ = (id) => document.getElementById(id);
  const state = { token: sessionStorage.getItem(tokenKey) || '', charts: [] };

  // Colours with at least 3:1 contrast against white, told apart by more
  // than hue in the legend order.
  const colours = ['#2f5bd3', '#c2410c', '#047857', '#7c3aed'];

  const query = `query($f: ReportFilter!) { reports(filter: $f) {
    funnel { step kind reached conversionToNext dropOff { status reason count } }
    timeInStep { key count medianDays p90Days }
    timeToHire { overall { count medianDays p90Days } byMonth { key count medianDays p90Days } }
    timeToFill { overall { count medianDays p90Days } byMonth { key count medianDays p90Days } }
    sources { source applications interviews offers hires }
    openPositions { positionID name department ageDays openOpenings }
    openingsByApproval { approvalStatus count } } }`;

  async function gql(q, variables) {
    let resp;
    try {
      resp = await fetch('/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${state.token}` },
        body: JSON.stringify({ query: q, variables }),
      });
    } catch (err) {
      throw new Error(`The server cannot be reached (${err.message}).`);
    }
    const body = await resp.json().catch(() => ({}));
    if (body.errors && body.errors.length) {
      const e = body.errors[0];
      const err = new Error(e.message);
      err.code = e.extensions && e.extensions.code;
      throw err;
    }
    if (!resp.ok) throw new Error(`The server answered ${resp.status}.`);
    return body.data;
  }

  const days = (d) => `${Math.round(d * 10) / 10} d`;
  const pct = (v) => (v === null ? '—' : `${Math.round(v * 100)} %`);
  const dropped = (s, status) => s.dropOff.filter((d) => d.status === status).reduce((n, d) => n + d.count, 0);
  const durationColumns = (first) => [[first], ['Count', 'num'], ['Median', 'num'], ['90th percentile', 'num']];
  const durationRow = (d) => [d.key, d.count, days(d.medianDays), days(d.p90Days)];
  const bars = (labels, datasets, horizontal) => ({
    type: 'bar',
    data: { labels, datasets: datasets.map(([label, data], i) => ({ label, data, backgroundColor: colours[i] })) },
    options: { indexAxis: horizontal ? 'y' : 'x' },
  });
  const trendChart = (t, what) => ({
    type: 'line',
    data: {
      labels: t.byMonth.map((m) => m.key),
      datasets: [
        { label: `Median days to ${what}`, data: t.byMonth.map((m) => m.medianDays), borderColor: colours[0], backgroundColor: colours[0] },
        { label: '90th percentile', data: t.byMonth.map((m) => m.p90Days), borderColor: colours[1], backgroundColor: colours[1], borderDash: [6, 4] },
      ],
    },
  });
  const trendSummary = (t, what) => (t.overall
    ? `${t.overall.count} ${what}, median ${days(t.overall.medianDays)}, 90th percentile ${days(t.overall.p90Days)}; ` +
      t.byMonth.map((m) => `${m.key}: median ${days(m.medianDays)}`).join(', ')
    : `No ${what} in the range.`);

  // trendReport is a duration trend's report: a line per month.
  const trendReport = (key, csv, title, definition, what, counted) => ({
    key, csv, title, definition,
    columns: durationColumns('Month'),
    rows: (r) => r[key].byMonth.map(durationRow),
    chart: (r) => trendChart(r[key], what),
    summary: (r) => trendSummary(r[key], counted),
  });

  // The reports, in the order shown: how each becomes a chart, a table,
  // and a sentence a screen reader reads for the chart.
  const reports = [
    {
      key: 'funnel', csv: 'funnel', title: 'Pipeline funnel',
      definition: 'Candidates who started in the range and entered each step at least once, with conversion to the next step and who dropped off there.',
      columns: [['Step'], ['Reached', 'num'], ['Conversion to next', 'num'], ['Rejected', 'num'], ['Withdrawn', 'num']],
      rows: (r) => r.funnel.map((s) => [s.step, s.reached, pct(s.conversionToNext), dropped(s, 'REJECTED'), dropped(s, 'WITHDRAWN')]),
      chart: (r) => bars(r.funnel.map((s) => s.step), [['Reached', r.funnel.map((s) => s.reached)]], true),
      summary: (r) => r.funnel.map((s) => `${s.step}: ${s.reached} reached`).join(', '),
    },
    {
      key: 'timeInStep', csv: 'time_in_step', title: 'Time in step',
      definition: 'How long stays that ended in the range lasted, per step: median and 90th percentile in days.',
      columns: durationColumns('Step'),
      rows: (r) => r.timeInStep.map(durationRow),
      chart: (r) => bars(r.timeInStep.map((d) => d.key),
        [['Median days', r.timeInStep.map((d) => d.medianDays)], ['90th percentile', r.timeInStep.map((d) => d.p90Days)]], true),
      summary: (r) => r.timeInStep.map((d) => `${d.key}: median ${days(d.medianDays)}, 90th percentile ${days(d.p90Days)}`).join(', '),
    },
    trendReport('timeToHire', 'time_to_hire', 'Time to hire',
      'Days from a candidate\'s start to their hire, for hires in the range, by month.', 'hire', 'hires'),
    trendReport('timeToFill', 'time_to_fill', 'Time to fill',
      'Days from an opening\'s opening to its filling, for openings filled in the range, by month.', 'fill', 'openings filled'),
    {
      key: 'sources', csv: 'sources', title: 'Sources',
      definition: 'What the candidates of each source who started in the range became.',
      columns: [['Source'], ['Applications', 'num'], ['Interviews', 'num'], ['Offers', 'num'], ['Hires', 'num']],
      rows: (r) => r.sources.map((s) => [s.source || '(none)', s.applications, s.interviews, s.offers, s.hires]),
      chart: (r) => bars(r.sources.map((s) => s.source || '(none)'), ['applications', 'interviews', 'offers', 'hires']
        .map((k) => [k[0].toUpperCase() + k.slice(1), r.sources.map((s) => s[k])])),
      summary: (r) => r.sources.map((s) => `${s.source || '(none)'}: ${s.applications} applications, ${s.hires} hires`).join(', '),
    },
    {
      key: 'openPositions', csv: 'open_positions', title: 'Open positions by age',
      definition: 'Positions open today, oldest first, with their open openings (the range does not apply).',
      columns: [['Position'], ['Department'], ['Age (days)', 'num'], ['Open openings', 'num']],
      rows: (r) => r.openPositions.map((p) => [p.name, p.department || '', p.ageDays, p.openOpenings]),
      chart: (r) => bars(r.openPositions.slice(0, 15).map((p) => p.name), [['Age in days', r.openPositions.slice(0, 15).map((p) => p.ageDays)]], true),
      summary: (r) => r.openPositions.map((p) => `${p.name}: ${p.ageDays} days`).join(', '),
    },
    {
      key: 'openingsByApproval', csv: 'openings_by_approval', title: 'Openings by approval status',
      definition: 'Openings created in the range, by where their approval stands (NA: none needed).',
      columns: [['Approval status'], ['Openings', 'num']],
      rows: (r) => r.openingsByApproval.map((a) => [a.approvalStatus, a.count]),
      chart: (r) => bars(r.openingsByApproval.map((a) => a.approvalStatus), [['Openings', r.openingsByApproval.map((a) => a.count)]]),
      summary: (r) => r.openingsByApproval.map((a) => `${a.approvalStatus}: ${a.count}`).join(', '),
    },
  ];

  function showError(message) {
    $('errors').textContent = message;
  }

  function filter() {
    const f = { from: `${$('from').value}T00:00:00Z`, to: `${$('to').value}T00:00:00Z` };
    if ($('position').value) f.positionID = $('position').value;
    if ($('department').value.trim()) f.department = $('department').value.trim();
    return f;
  }

  function fillTable(table, report, data) {
    table.caption.textContent = report.title;
    const head = document.createElement('tr');
    for (const [label, cls] of report.columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = label;
      if (cls) th.className = cls;
      head.append(th);
    }
    table.tHead.replaceChildren(head);
    const rows = report.rows(data).map((cells) => {
      const tr = document.createElement('tr');
      cells.forEach((cell, i) => {
        const td = document.createElement(i === 0 ? 'th' : 'td');
        if (i === 0) td.scope = 'row';
        td.textContent = String(cell);
        if (report.columns[i][1]) td.className = report.columns[i][1];
        tr.append(td);
      });
      return tr;
    });
    table.tBodies[0].replaceChildren(...rows);
  }

  function draw(data) {
    state.charts.forEach((c) => c.destroy());
    state.charts = [];
    const sections = reports.map((report) => {
      const section = $('report-template').content.firstElementChild.cloneNode(true);
      const titleID = `report-${report.key}`;
      section.id = `section-${report.key}`;
      section.setAttribute('aria-labelledby', titleID);
      const h2 = section.querySelector('h2');
      h2.id = titleID;
      h2.textContent = report.title;
      section.querySelector('.definition').textContent = report.definition;
      const button = section.querySelector('button.csv');
      button.setAttribute('aria-describedby', titleID);
      button.addEventListener('click', () => download(report));
      fillTable(section.querySelector('table'), report, data);
      const canvas = section.querySelector('canvas');
      const summary = report.summary(data);
      canvas.setAttribute('aria-label', `${report.title} chart. ${summary || 'Nothing in the range.'}`);
      canvas.textContent = summary;
      const chart = report.chart(data);
      chart.options = { ...(chart.options || {}), responsive: true, maintainAspectRatio: false, animation: false };
      section.chartConfig = chart;
      return section;
    });
    $('reports').replaceChildren(...sections);
    $('reports').hidden = false;
    for (const section of sections) {
      state.charts.push(new window.Chart(section.querySelector('canvas'), section.chartConfig));
    }
  }

  // Answers can arrive out of order (the first, unfiltered show is still
  // loading when the person asks for a filter): only the latest request's
  // answer is drawn.
  let latestShow = 0;

  async function show(event) {
    if (event) event.preventDefault();
    const request = ++latestShow;
    showError('');
    $('status').textContent = 'Loading reports…';
    try {
      const data = await gql(query, { f: filter() });
      if (request !== latestShow) return;
      draw(data.reports);
      $('status').textContent = 'Reports shown.';
    } catch (err) {
      if (request !== latestShow) return;
      $('status').textContent = '';
      if (err.code === 'unauthorized') signOut();
      showError(err.message);
    }
  }

  async function download(report) {
    const f = filter();
    const params = new URLSearchParams({ from: $('from').value, to: $('to').value });
    if (f.positionID) params.set('position_uid', f.positionID);
    if (f.department) params.set('department', f.department);
    showError('');
    try {
      const resp = await fetch(`/v1/reports/${report.csv}?${params}`, { headers: { Authorization: `Bearer ${state.token}` } });
      if (!resp.ok) {
        const body = await resp.json().catch(() => ({}));
        throw new Error(body.message || `The server answered ${resp.status}.`);
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await resp.blob());
      link.download = `${report.csv}-${$('from').value}-${$('to').value}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      $('status').textContent = `${report.title} downloaded.`;
    } catch (err) {
      showError(err.message);
    }
  }

  async function loadPositions() {
    const data = await gql('{ positions(first: 200) { edges { node { id name } } } }');
    const options = data.positions.edges.map(({ node }) => new Option(node.name, node.id));
    $('position').replaceChildren(new Option('All positions', ''), ...options);
  }

  function signOut() {
    sessionStorage.removeItem(tokenKey);
    state.token = '';
    $('filter').hidden = true;
    $('reports').hidden = true;
    $('sign-out').hidden = true;
    $('sign-in').hidden = false;
  }

  async function start() {
    $('sign-in').hidden = true;
    $('filter').hidden = false;
    $('sign-out').hidden = false;
    const today = new Date();
    const before = new Date(today.getTime() - 90 * 86400000);
    const tomorrow = new Date(today.getTime() + 86400000);
    $('from').value = $('from').value || before.toISOString().slice(0, 10);
    $('to').value = $('to').value || tomorrow.toISOString().slice(0, 10);
    try {
      await loadPositions();
    } catch (err) {
      if (err.code === 'unauthorized') signOut();
      showError(err.message);
      return;
    }
    await show();
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('sign-in').addEventListener('submit', (event) => {
      event.preventDefault();
      state.token = $('token').value.trim();
      sessionStorage.setItem(tokenKey, state.token);
      $('token').value = '';
      start();
    });
    $('filter').addEventListener('submit', show);
    $('sign-out').addEventListener('click', signOut);
    if (state.token) start(); else $('sign-in').hidden = false;
  });
})();
