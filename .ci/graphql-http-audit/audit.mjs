// Audits a running server against the GraphQL-over-HTTP spec (graphql-http).
// Usage: HIREGRAPH_API_KEY=... node audit.mjs http://127.0.0.1:PORT/graphql
// Fails on any MUST audit; SHOULD and MAY findings are printed for reading.
import { auditServer } from 'graphql-http';
const [url] = process.argv.slice(2);
const key = process.env.HIREGRAPH_API_KEY;
const fetchFn = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${key}`);
  return fetch(input, { ...init, headers });
};
const results = await auditServer({ url, fetchFn });
let mustFailures = 0;
for (const r of results) {
  if (r.status === 'ok') continue;
  const must = r.name.startsWith('MUST');
  if (must) mustFailures++;
  console.log(`${r.status.toUpperCase()} ${r.name}: ${r.reason}`);
}
console.log(`${results.filter(r => r.status === 'ok').length} passed, ${mustFailures} MUST failures, ${results.length} audits`);
process.exit(mustFailures ? 1 : 0);
