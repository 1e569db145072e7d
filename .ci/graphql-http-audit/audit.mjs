// Audits a running server against the GraphQL-over-HTTP spec (graphql-http).
// Usage: HIREGRAPH_API_KEY=... node audit.mjs http://127.0.0.1:PORT/graphql
// Fails on any finding, MUST, SHOULD or MAY alike: every audit passes today
// (docs/graphql.md, "GraphQL over HTTP"), and a new warning is a regression.
import { auditServer } from 'graphql-http';
const [url] = process.argv.slice(2);
const key = process.env.HIREGRAPH_API_KEY;
const fetchFn = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${key}`);
  return fetch(input, { ...init, headers });
};
const results = await auditServer({ url, fetchFn });
const findings = results.filter(r => r.status !== 'ok');
for (const r of findings) {
  console.log(`${r.status.toUpperCase()} ${r.name}: ${r.reason}`);
}
const must = findings.filter(r => r.name.startsWith('MUST')).length;
console.log(`${results.length - findings.length} passed, ${must} MUST failures, ${findings.length - must} other findings, ${results.length} audits`);
process.exit(findings.length ? 1 : 0);
