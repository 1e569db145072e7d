package docstest

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// operations is the document whose configuration table lists every setting
// of hiregraph serve.
const operations = "docs/operations.md"

var (
	// helpFlag is a flag at the start of an entry of serve --help, with its
	// default after "=" when it has one.
	helpFlag = regexp.MustCompile(`(?m)^\s+--(\[no-\])?([a-z0-9-]+)(?:=(\S+))?`)
	envVar   = regexp.MustCompile(`HIREGRAPH_[A-Z_]+`)
	flagName = regexp.MustCompile(`--[a-z0-9-]+`)
	// literalDefault is a default that is a value rather than a placeholder
	// such as URL or INT.
	literalDefault = regexp.MustCompile(`^("[^"]*"|[0-9][0-9a-z.]*)$`)
)

// setting is one row of the configuration table.
type setting struct {
	flags []string
	env   string
	dflt  string
}

// TestConfigurationTableIsServesHelp fails when the configuration table of
// docs/operations.md and `hiregraph serve --help` name different flags or
// variables, or the table gives another default.
func TestConfigurationTableIsServesHelp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	help, err := exec.Command(binary(t), "serve", "--help").Output()
	if err != nil {
		t.Fatalf("hiregraph serve --help: %v", err)
	}
	rows := configurationRows(t)
	documented := map[string]setting{}
	var envs []string
	for _, r := range rows {
		for _, f := range r.flags {
			documented[f] = r
		}
		envs = append(envs, r.env)
	}
	helped := map[string]bool{}
	for _, m := range helpFlag.FindAllStringSubmatch(string(help), -1) {
		if m[2] == "help" {
			continue
		}
		names := []string{"--" + m[2]}
		if m[1] != "" {
			names = append(names, "--no-"+m[2])
		}
		for _, name := range names {
			helped[name] = true
			row, ok := documented[name]
			if !ok {
				t.Errorf("%s: serve --help has %s, the configuration table does not", operations, name)
				continue
			}
			if literalDefault.MatchString(m[3]) && !strings.Contains(row.dflt, strings.Trim(m[3], `"`)) {
				t.Errorf("%s: the default of %s is %s, the table says %q", operations, name, m[3], row.dflt)
			}
		}
	}
	for name := range documented {
		if !helped[name] {
			t.Errorf("%s: the configuration table has %s, which serve --help does not", operations, name)
		}
	}
	for _, env := range envVar.FindAllString(string(help), -1) {
		if !slices.Contains(envs, env) {
			t.Errorf("%s: serve --help reads %s, the configuration table does not name it", operations, env)
		}
	}
	for _, env := range envs {
		if !strings.Contains(string(help), env) {
			t.Errorf("%s: the configuration table names %s, which serve --help does not", operations, env)
		}
	}
}

// configurationRows reads the rows of the table under "## Configuration":
// flags | environment | default | what it sets.
func configurationRows(t *testing.T) []setting {
	t.Helper()
	text, err := os.ReadFile(filepath.Join(hiregraphtest.ModuleRoot(), operations))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(text), "\n## Configuration\n")
	if !ok {
		t.Fatalf("%s has no Configuration section", operations)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var rows []setting
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 5 || !envVar.MatchString(cells[2]) {
			continue
		}
		rows = append(rows, setting{
			flags: flagName.FindAllString(cells[1], -1),
			env:   envVar.FindString(cells[2]),
			dflt:  cells[3],
		})
	}
	if len(rows) == 0 {
		t.Fatalf("%s: the Configuration section has no table of settings", operations)
	}
	return rows
}
