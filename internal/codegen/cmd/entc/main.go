// Command entc generates the data layer from ent/schema and the GraphQL
// schema of the ent types (graph/ent.graphqls), with Hiregraph's template
// overrides and patches (internal/codegen). go generate runs it from the
// module root. ent/schema reads entgql's annotations only when built with
// the codegen tag (ent/schema/gqlannotation).
package main

import (
	"log"

	"entgo.io/ent/entc"

	"github.com/hiregraph/hiregraph/internal/codegen"
)

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	cfg, ext, err := codegen.Ent()
	if err != nil {
		return err
	}
	if err := entc.Generate("./ent/schema", cfg, entc.Extensions(ext), entc.BuildTags("codegen")); err != nil {
		return err
	}
	return codegen.AfterEnt(cfg.Target)
}
