package ent

import "entgo.io/ent/dialect/sql"

// RowsScanner is a destination of a group-by's or a select's Scan that
// reads the rows itself, columns in the order selected (a group-by's:
// its fields, then its aggregations). sql.ScanSlice, which Scan uses for
// any other destination, allocates a reflect value for every column of
// every row and appends each row by reflection; a typed loop needs none
// of it. internal/codegen (ScanRowsThemselves) points the generated Scans
// at scanRows.
type RowsScanner interface {
	ScanRows(rows *sql.Rows) error
}

// scanRows scans rows into v: through v's own ScanRows when v is a
// RowsScanner, else by sql.ScanSlice.
func scanRows(rows *sql.Rows, v any) error {
	if s, ok := v.(RowsScanner); ok {
		return s.ScanRows(rows)
	}
	return sql.ScanSlice(rows, v)
}
