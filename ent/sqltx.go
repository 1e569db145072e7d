package ent

// This file is written by hand: ent does not generate it.

import (
	"database/sql"

	entsql "entgo.io/ent/dialect/sql"
)

// SQLTx returns the database/sql transaction that client, a client of a
// Tx, runs in, so a library that takes a *sql.Tx (River's InsertTx) can
// write in the same transaction. ok is false for a client outside a
// transaction.
func SQLTx(client *Client) (tx *sql.Tx, ok bool) {
	td, ok := client.driver.(*txDriver)
	if !ok {
		return nil, false
	}
	etx, ok := td.tx.(*entsql.Tx)
	if !ok {
		return nil, false
	}
	tx, ok = etx.Tx.(*sql.Tx)
	return tx, ok
}

// DialectOf returns the dialect of client's database (dialect.Postgres or
// dialect.SQLite), for the statements ent cannot express, written per
// database.
func DialectOf(client *Client) string { return client.driver.Dialect() }
