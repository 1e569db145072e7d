package database

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"net"
	"net/http"
	"strings"

	"github.com/lib/pq"
	"github.com/lib/pq/pqerror"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// APIError maps any error to the *apierror.Error a caller sees. Errors of
// the data layer that stem from input (validation, missing records,
// constraint clashes, text PostgreSQL cannot store) get their own kinds
// here, next to the drivers that raise them; the rest is apierror.From.
// REST and GraphQL both present errors through it.
func APIError(err error) (e *apierror.Error, unexpected bool) {
	if e, ok := apierror.As(err); ok {
		return e, false
	}
	switch {
	case isCanceledStatement(err):
		return apierror.Canceled, false
	case isUnavailable(err):
		return apierror.Unavailable, false
	case isUnstorableText(err):
		return apierror.New(http.StatusBadRequest, apierror.CodeBadRequest, "the input holds a character that cannot be stored, such as NUL (\\u0000)"), false
	case ent.IsNotFound(err):
		return notFound(err), false
	case ent.IsValidationError(err):
		var v *ent.ValidationError
		errors.As(err, &v)
		return apierror.Invalid(v.Name, "%s", strings.TrimPrefix(v.Error(), "ent: ")), false
	case ent.IsConstraintError(err):
		return apierror.New(http.StatusConflict, apierror.CodeConflict, "the request conflicts with an existing record"), false
	case errors.Is(err, privacy.Deny):
		return apierror.Forbidden("the API key is not allowed to do this"), false
	}
	return apierror.From(err)
}

// notFound names what ent did not find ("candidate not found"), not the
// whole chain of wrapped errors.
func notFound(err error) *apierror.Error {
	var nf *ent.NotFoundError
	if errors.As(err, &nf) {
		return apierror.NotFound(apierror.CodeNotFound, "%s", strings.TrimPrefix(nf.Error(), "ent: "))
	}
	return apierror.NotFound(apierror.CodeNotFound, "no such record")
}

// isUnstorableText reports PostgreSQL's refusal of a NUL or of an invalid
// byte sequence in text: bad input that slipped past the checks of an
// operation, never a server fault.
func isUnstorableText(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && (pqErr.Code == "22021" || pqErr.Code == "22P05")
}

// isCanceledStatement reports PostgreSQL cancelling a statement because the
// request's context ended: lib/pq reports it as its own error.
func isCanceledStatement(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "57014"
}

// isUnavailable reports a failure of the database rather than of the
// request: PostgreSQL unreachable, restarting or ending the connections
// (class 08, 57P01-57P03, too many connections), a connection the driver
// found broken, the pool closed at shutdown, or SQLite busy past its
// timeout. The request's transaction did not commit, so a retry may
// succeed.
func isUnavailable(err error) bool {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) {
		switch pqErr.Code {
		case pqerror.AdminShutdown, pqerror.CrashShutdown, pqerror.CannotConnectNow, pqerror.TooManyConnections:
			return true
		}
		return pqErr.Code.Class() == pqerror.ClassConnectionException
	}
	var sqliteErr *sqlite.Error
	if errors.As(err, &sqliteErr) {
		code := sqliteErr.Code() & 0xff // the primary code, without the extended bits
		return code == sqlite3.SQLITE_BUSY || code == sqlite3.SQLITE_LOCKED
	}
	var netErr *net.OpError
	return errors.As(err, &netErr) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		// database/sql does not export the error of a closed pool.
		strings.Contains(err.Error(), "sql: database is closed")
}
