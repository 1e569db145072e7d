package permission

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// roleTable is docs/permissions.md's table of the built-in roles: a row per permission,
// a column per role.
func roleTable() string {
	var b strings.Builder
	b.WriteString("| permission | allows |")
	for _, r := range BuiltInRoles {
		fmt.Fprintf(&b, " %s |", r)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(BuiltInRoles)) + "\n")
	for _, p := range All {
		fmt.Fprintf(&b, "| `%s` | %s |", p.Name, p.Description)
		for _, r := range BuiltInRoles {
			mark := "—"
			if slices.Contains(builtIn[r], p.Name) {
				mark = "yes"
			}
			fmt.Fprintf(&b, " %s |", mark)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// scopeTable is docs/permissions.md's table of what each coarse API key scope holds.
func scopeTable() string {
	var b strings.Builder
	b.WriteString("| scope | permissions |\n|---|---|\n")
	for _, s := range CoarseScopes {
		fmt.Fprintf(&b, "| `%s` | `%s` |\n", s, strings.Join(Union(ofScope[s]), "`, `"))
	}
	return b.String()
}

// TestDocumentedTablesAreThePermissionSets fails when docs/permissions.md's
// tables of roles and scopes differ from the sets the code enforces, so the
// documentation cannot drift from them.
func TestDocumentedTablesAreThePermissionSets(t *testing.T) {
	doc, err := os.ReadFile("../../docs/permissions.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, table := range map[string]string{"roles": roleTable(), "scopes": scopeTable()} {
		if !strings.Contains(string(doc), table) {
			t.Errorf("docs/permissions.md's table of %s differs from package permission's; replace it with:\n\n%s", name, table)
		}
	}
}
