//go:build ignore

// Command entc generates the data layer from ent/schema and the GraphQL
// schema of the ent types (graph/ent.graphqls). Run it through go generate.
package main

import (
	"log"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"
)

func main() {
	ex, err := entgql.NewExtension(
		entgql.WithConfigPath("./gqlgen.yml"),
		entgql.WithSchemaGenerator(),
		entgql.WithSchemaPath("./graph/ent.graphqls"),
		entgql.WithWhereInputs(true),
		entgql.WithNodeDescriptor(false),
	)
	if err != nil {
		log.Fatalf("creating entgql extension: %v", err)
	}
	templates := append(entgql.AllTemplates,
		gen.MustParse(gen.NewTemplate("idtype").ParseFiles("./ent/schema/uid/template/idtype.tmpl")))
	err = entc.Generate("./ent/schema", &gen.Config{
		Target:  "./ent",
		Package: "github.com/hiregraph/hiregraph/ent",
		Features: []gen.Feature{
			gen.FeaturePrivacy,
			gen.FeatureEntQL,
			gen.FeatureModifier,
			gen.FeatureUpsert,
			gen.FeatureExecQuery,
			gen.FeatureLock,
		},
		Templates: templates,
	}, entc.Extensions(ex))
	if err != nil {
		log.Fatalf("running ent codegen: %v", err)
	}
}
