package database

import "strings"

// tenantParameter writes the tenant rule's parameter of a SQLite statement,
// `company_id` = ?, as `company_id` = CAST(? AS TEXT). modernc's SQLite is
// built with STAT4: when a bound value feeds a STAT4 estimate, SQLite marks
// the statement to be parsed and planned again at every run, and the tenant
// rule is in every statement, so no cached statement kept its plan (a tenth
// of a nested read's CPU, and more of a REST list's). SQLite estimates a
// parameter inside an expression from the average instead, as for every
// other column in builds without STAT4; the other columns' values still
// feed their estimates. Every tenant's rows are read through indexes that
// start with company_id (TestNestedConnectionPlans shows them), so its
// value has little to add to a plan. ent quotes identifiers with backticks
// on SQLite only, so PostgreSQL's statements never match.
func tenantParameter(query string) string {
	return strings.ReplaceAll(query, "`company_id` = ?", "`company_id` = CAST(? AS TEXT)")
}
