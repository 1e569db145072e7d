package mail

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// smtpTimeout bounds one delivery: connecting, the dialogue and the data.
const smtpTimeout = 30 * time.Second

// SMTP sends messages to a mail server, one connection per message.
type SMTP struct {
	host string
	opts []gomail.Option
}

// NewSMTP returns a sender to the server of rawURL:
// smtp://[user:password@]host[:port] uses STARTTLS when the server offers
// it (port 587 by default), smtps:// TLS from the start (port 465).
func NewSMTP(rawURL string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("parsing the SMTP URL: %w", err)
	}
	if u.Hostname() == "" {
		return nil, errors.New("the SMTP URL names no host: smtp://host:port or smtps://host:port")
	}
	opts := []gomail.Option{gomail.WithTimeout(smtpTimeout)}
	port := 587
	switch u.Scheme {
	case "smtp":
		opts = append(opts, gomail.WithTLSPortPolicy(gomail.TLSOpportunistic))
	case "smtps":
		port = 465
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("the SMTP URL's scheme must be smtp or smtps, got %q", u.Scheme)
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("the SMTP URL's port %q: %w", p, err)
		}
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil {
		password, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(u.User.Username()), gomail.WithPassword(password))
	}
	return &SMTP{host: u.Hostname(), opts: opts}, nil
}

// Send delivers m; a 5xx answer of the server is a PermanentError.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := m.build()
	if err != nil {
		return err
	}
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("setting up the SMTP client: %w", err)
	}
	err = client.DialAndSendWithContext(ctx, msg)
	var refused *gomail.SendError
	if errors.As(err, &refused) && !refused.IsTemp() && refused.ErrorCode() >= 500 {
		return &PermanentError{err}
	}
	return err
}

// Host is the mail server's host name, for logs (the URL may hold a
// password).
func (s *SMTP) Host() string { return s.host }
