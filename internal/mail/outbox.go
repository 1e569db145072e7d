package mail

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Outbox writes each message as an .eml file (RFC 5322, as a mail server
// would receive it) into a folder, for running without a mail server:
// any mail client opens the files, and `cat` shows them.
type Outbox struct {
	dir string
}

// NewOutbox returns an outbox writing into dir, created on first use.
func NewOutbox(dir string) *Outbox { return &Outbox{dir: dir} }

// Dir is the folder the outbox writes into.
func (o *Outbox) Dir() string { return o.dir }

// Send writes m to DIR/<Message-ID>.eml; a retry of the same message
// overwrites its file. The file appears whole or not at all.
func (o *Outbox) Send(_ context.Context, m Message) error {
	msg, err := m.build()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.dir, 0o750); err != nil {
		return fmt.Errorf("creating the outbox: %w", err)
	}
	name := filepath.Join(o.dir, fileName(m.ID)+".eml")
	tmp, err := os.CreateTemp(o.dir, ".writing-*")
	if err != nil {
		return fmt.Errorf("writing to the outbox: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := msg.WriteTo(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("writing to the outbox: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing to the outbox: %w", err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return fmt.Errorf("writing to the outbox: %w", err)
	}
	return nil
}

// fileName keeps a Message-ID's characters that are safe in a file name.
func fileName(id string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == 0 {
			return '_'
		}
		return r
	}, id)
}
