package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/demo"
)

type demoCmd struct {
	storeFlags `embed:""`

	JSON    bool   `name:"json" xor:"format" help:"Print the manifest as JSON only."`
	Env     bool   `name:"env" xor:"format" help:"Print export HIREGRAPH_...= lines for a shell: eval \"$(hiregraph demo --env)\"."`
	Company string `name:"company" default:"${demo_company}" help:"Name of the demo company; another name makes another company."`
}

func (c *demoCmd) Run(a *app) error {
	st, err := c.open(a.ctx, database.ExistingOnly())
	if err != nil {
		return err
	}
	defer st.Close()
	m, err := demo.Seed(a.ctx, st.Client, st.Sealer, c.Company)
	if err != nil {
		return err
	}
	switch {
	case c.Env:
		return printEnv(a.stdout, m)
	case !c.JSON:
		fmt.Fprintf(a.stdout, "Demo company %q is ready. Use the api_key below as `Authorization: Bearer <api_key>`:\n", c.Company)
	}
	return printJSON(a.stdout, m)
}

// printEnv prints the manifest as shell exports named after its JSON keys
// (api_key: HIREGRAPH_API_KEY; users.recruiter: HIREGRAPH_USER_RECRUITER),
// the names README's examples use.
func printEnv(w io.Writer, m *demo.Manifest) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		return err
	}
	vars := map[string]string{}
	for k, v := range fields {
		switch v := v.(type) {
		case string:
			vars[k] = v
		case map[string]any:
			for role, email := range v {
				vars["user_"+role] = fmt.Sprint(email)
			}
		}
	}
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		fmt.Fprintf(w, "export HIREGRAPH_%s=%s\n", strings.ToUpper(k), shellQuote(vars[k]))
	}
	return nil
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
