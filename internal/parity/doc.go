// Package parity holds the cross-face contract tests: the same request sent
// through REST and through GraphQL must have the same outcome (the same
// rows, or the same error code and status, and nothing written). Each face
// keeps its own tests beside its code (rest/, graph/); what both must agree
// on is tested here, once.
package parity
