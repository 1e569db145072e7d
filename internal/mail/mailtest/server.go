// Package mailtest runs a real SMTP server (emersion/go-smtp) inside a
// test process, so tests deliver mail over the wire and read what arrived.
package mailtest

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Received is one message the server accepted.
type Received struct {
	From string
	To   []string
	// Data is the message as sent (RFC 5322).
	Data []byte
}

// Parsed reads the message's headers and body.
func (r Received) Parsed(t testing.TB) *mail.Message {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		t.Fatalf("reading received mail: %v", err)
	}
	return m
}

// Parts is each leaf of the message's MIME tree, decoded, by its media
// type (with the method parameter of text/calendar).
func (r Received) Parts(t testing.TB) map[string]string {
	t.Helper()
	m := r.Parsed(t)
	return mimeParts(t, m.Header.Get("Content-Type"), m.Body)
}

// mimeParts walks a MIME tree and returns each leaf's decoded content by
// its media type (with the method parameter of text/calendar).
func mimeParts(t testing.TB, contentType string, body io.Reader) map[string]string {
	t.Helper()
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		t.Fatalf("Content-Type %q: %v", contentType, err)
	}
	out := map[string]string{}
	if !strings.HasPrefix(media, "multipart/") {
		data, _ := io.ReadAll(body)
		if params["method"] != "" {
			media += "; method=" + params["method"]
		}
		out[media] = strings.ReplaceAll(string(data), "\r\n", "\n")
		return out
	}
	r := multipart.NewReader(body, params["boundary"])
	for {
		p, err := r.NextPart() // decodes quoted-printable
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		var data io.Reader = p
		if p.Header.Get("Content-Transfer-Encoding") == "base64" {
			data = base64.NewDecoder(base64.StdEncoding, p)
		}
		for k, v := range mimeParts(t, p.Header.Get("Content-Type"), data) {
			out[k] = v
		}
	}
}

// Server is an SMTP server on a loopback port.
type Server struct {
	// URL is the smtp:// URL of the server, for --smtp-url.
	URL string

	mu       sync.Mutex
	attempts int
	received []Received
	refuse   func(attempt int) *smtp.SMTPError
}

// Start runs a server until t ends. refuse, when not nil, is asked at each
// delivery attempt (from 1) whether to refuse it: a 4xx error is
// temporary, a 5xx permanent.
func Start(t testing.TB, refuse func(attempt int) *smtp.SMTPError) *Server {
	t.Helper()
	s := &Server{refuse: refuse}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{server: s}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	s.URL = "smtp://" + ln.Addr().String()
	return s
}

// Received lists the messages accepted so far.
func (s *Server) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// Attempts counts the deliveries begun (MAIL FROM), refused ones included.
func (s *Server) Attempts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.attempts
}

// session is one client connection.
type session struct {
	server *Server
	msg    Received
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	s.server.mu.Lock()
	s.server.attempts++
	n := s.server.attempts
	s.server.mu.Unlock()
	if s.server.refuse != nil {
		if err := s.server.refuse(n); err != nil {
			return err
		}
	}
	s.msg = Received{From: from}
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.msg.To = append(s.msg.To, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.msg.Data = data
	s.server.mu.Lock()
	s.server.received = append(s.server.received, s.msg)
	s.server.mu.Unlock()
	return nil
}

func (s *session) Reset()        { s.msg = Received{} }
func (s *session) Logout() error { return nil }
