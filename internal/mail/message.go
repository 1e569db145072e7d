// Package mail sends e-mail to candidates: a Message says what to send, a
// Sender sends it, over SMTP (SMTP) or into a folder of .eml files
// (Outbox) when no mail server is configured. Messages are built and
// written by wneessen/go-mail, so headers, encodings and MIME structure
// follow the RFCs without code of ours.
package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail to send.
type Message struct {
	// ID is the Message-ID without angle brackets (id@domain). It stays
	// the same across retries, so a receiver can tell a message sent twice.
	ID string
	// From is the sender's address; FromName its display name.
	From     string
	FromName string
	// ReplyTo, when set, is where answers go (the recruiter, while From
	// is the service's address).
	ReplyTo string
	// To is the recipient's address; ToName their display name.
	To     string
	ToName string
	// Subject and Text are the subject line and the plain-text body.
	Subject string
	Text    string
	// Calendar, when set, is an iCalendar (RFC 5545) object sent as a
	// text/calendar alternative part and as an invite.ics attachment, as
	// calendar clients expect an invitation; CalendarMethod is its METHOD
	// (REQUEST, CANCEL), REQUEST when empty.
	Calendar       []byte
	CalendarMethod string
	// Date is the Date header.
	Date time.Time
}

// A Sender delivers messages. An error that PermanentError reports as
// permanent will fail again on retry; any other may pass later.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// PermanentError marks a refusal that retrying cannot change (an SMTP 5xx
// answer, a malformed address).
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// IsPermanent tells whether err is a PermanentError.
func IsPermanent(err error) bool {
	var p *PermanentError
	return errors.As(err, &p)
}

// build turns m into go-mail's message.
func (m Message) build() (*gomail.Msg, error) {
	msg := gomail.NewMsg()
	if err := msg.FromFormat(m.FromName, m.From); err != nil {
		return nil, &PermanentError{fmt.Errorf("from address %q: %w", m.From, err)}
	}
	if err := msg.AddToFormat(m.ToName, m.To); err != nil {
		return nil, &PermanentError{fmt.Errorf("recipient address %q: %w", m.To, err)}
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, &PermanentError{fmt.Errorf("reply-to address %q: %w", m.ReplyTo, err)}
		}
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(m.ID)
	msg.SetDateWithValue(m.Date)
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if len(m.Calendar) > 0 {
		method := strings.ToUpper(m.CalendarMethod)
		if method == "" {
			method = "REQUEST"
		}
		msg.AddAlternativeString(gomail.ContentType("text/calendar; method="+method), string(m.Calendar))
		if err := msg.AttachReader("invite.ics", bytes.NewReader(m.Calendar), gomail.WithFileContentType("application/ics")); err != nil {
			return nil, fmt.Errorf("attaching the invitation: %w", err)
		}
	}
	return msg, nil
}

// ValidAddress tells whether addr is one bare e-mail address.
func ValidAddress(addr string) bool {
	a, err := mail.ParseAddress(addr)
	return err == nil && a.Address == addr
}
