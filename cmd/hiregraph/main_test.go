package main

import (
	"strings"
	"testing"
)

var commands = []string{"serve", "demo", "apikey", "backup", "version", "healthcheck", "help"}

func TestHelpListsCommandsAndExitsZero(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		r := hiregraph(t, t.TempDir(), nil, args...)
		if r.exitCode != 0 {
			t.Errorf("hiregraph %v exited %d: %s", args, r.exitCode, r.stderr)
		}
		for _, c := range commands {
			if !strings.Contains(r.stdout, "\n  "+c+" ") {
				t.Errorf("hiregraph %v does not list the command %s:\n%s", args, c, r.stdout)
			}
		}
	}
}

func TestCommandHelpListsFlagsWithTheirEnvironmentVariables(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args  []string
		flags map[string]string
	}{
		{[]string{"help", "serve"}, map[string]string{
			"--addr": "HIREGRAPH_ADDR", "--database-url": "HIREGRAPH_DATABASE_URL", "--api-rate": "HIREGRAPH_API_RATE",
			"--api-burst": "HIREGRAPH_API_BURST", "--careers-rate": "HIREGRAPH_CAREERS_RATE", "--max-body-bytes": "HIREGRAPH_MAX_BODY_BYTES",
			"--write-timeout": "HIREGRAPH_WRITE_TIMEOUT", "--partner-timeout": "HIREGRAPH_PARTNER_TIMEOUT",
		}},
		{[]string{"apikey", "revoke", "--help"}, map[string]string{"--database-url": "HIREGRAPH_DATABASE_URL", "--secret-key-file": "HIREGRAPH_SECRET_KEY_FILE"}},
		{[]string{"help", "backup"}, map[string]string{"--database-url": "HIREGRAPH_DATABASE_URL"}},
	} {
		out := mustRun(t, t.TempDir(), nil, tc.args...)
		for flag, env := range tc.flags {
			i := strings.Index(out, flag)
			if i < 0 {
				t.Errorf("hiregraph %v does not list %s:\n%s", tc.args, flag, out)
				continue
			}
			// The variable follows the flag's help, before the next flag.
			rest := out[i:]
			if next := strings.Index(rest[len(flag):], "\n  --"); next >= 0 {
				rest = rest[:len(flag)+next]
			}
			if !strings.Contains(rest, "$"+env) {
				t.Errorf("hiregraph %v: %s does not name $%s:\n%s", tc.args, flag, env, rest)
			}
		}
	}
}

func TestUnknownCommandFailsAndPointsToHelp(t *testing.T) {
	t.Parallel()
	r := hiregraph(t, t.TempDir(), nil, "frobnicate")
	if r.exitCode == 0 || !strings.Contains(r.stderr, "hiregraph help") {
		t.Errorf("exit %d, stderr %q: want a failure that points to `hiregraph help`", r.exitCode, r.stderr)
	}
	r = hiregraph(t, t.TempDir(), nil, "help", "frobnicate")
	if r.exitCode == 0 || !strings.Contains(r.stderr, "hiregraph help") {
		t.Errorf("help of an unknown command: exit %d, stderr %q", r.exitCode, r.stderr)
	}
	r = hiregraph(t, t.TempDir(), nil, "bench")
	if r.exitCode == 0 || !strings.Contains(r.stderr, "-tags bench") {
		t.Errorf("exit %d, stderr %q: want a failure that says how to build the benchmark", r.exitCode, r.stderr)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	out := mustRun(t, t.TempDir(), nil, "version")
	if !strings.HasPrefix(out, "hiregraph ") || !strings.Contains(out, "go1.") {
		t.Errorf("version printed %q", out)
	}
}
