package codegen

import (
	"fmt"
	"path/filepath"
	"slices"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc"
	"entgo.io/ent/entc/gen"

	"github.com/hiregraph/hiregraph/graph/schemadoc"
)

// Paths from the module root, where go generate runs the generators.
const (
	entTarget  = "./ent"
	entgqlCopy = "./ent/entgql"
)

// Ent answers the configuration of ent's code generation and entgql's
// extension, with Hiregraph's templates: ent's query, group-by and select
// templates patched (EntQueryTemplate), entgql's collection and pagination templates
// patched (LoadNestedConnectionsPerParent, ProjectPastResolverFields,
// EdgesInOneBlock), and the
// templates of ent/template, ent/schema/uid/template and
// internal/perparent, which override ent's of the same name or add to
// them.
func Ent() (*gen.Config, entc.Extension, error) {
	if err := LoadNestedConnectionsPerParent(entgql.CollectionTemplate.Template); err != nil {
		return nil, nil, err
	}
	if err := ProjectPastResolverFields(entgql.CollectionTemplate.Template); err != nil {
		return nil, nil, err
	}
	if err := EdgesInOneBlock(entgql.PaginationTemplate.Template); err != nil {
		return nil, nil, err
	}
	entDir, err := ModuleDir("entgo.io/ent")
	if err != nil {
		return nil, nil, err
	}
	query, err := EntQueryTemplate(entDir)
	if err != nil {
		return nil, nil, err
	}
	perParent := gen.MustParse(gen.NewTemplate("perparent").Funcs(entgql.TemplateFuncs).
		ParseFiles("./internal/perparent/perparent.tmpl"))
	ext, err := entgql.NewExtension(
		entgql.WithConfigPath("./gqlgen.yml"),
		entgql.WithSchemaGenerator(),
		entgql.WithSchemaPath("./graph/ent.graphqls"),
		// perparent.tmpl comes last: it replaces entgql's totalCount loader.
		entgql.WithTemplates(append(slices.Clone(entgql.AllTemplates), perParent)...),
		entgql.WithWhereInputs(true),
		entgql.WithNodeDescriptor(false),
		// Descriptions entgql does not write itself: types, enum values,
		// where predicates, order fields.
		entgql.WithSchemaHook(schemadoc.Hook),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("creating entgql's extension: %w", err)
	}
	cfg := &gen.Config{
		Target:  entTarget,
		Package: "github.com/hiregraph/hiregraph/ent",
		Features: []gen.Feature{
			gen.FeaturePrivacy,
			gen.FeatureEntQL,
			gen.FeatureModifier,
			gen.FeatureUpsert,
			gen.FeatureExecQuery,
			gen.FeatureLock,
			gen.FeatureIntercept,
			gen.FeatureVersionedMigration,
		},
		Templates: []*gen.Template{
			gen.MustParse(gen.NewTemplate("idtype").ParseFiles("./ent/schema/uid/template/idtype.tmpl")),
			gen.MustParse(gen.NewTemplate("client").ParseFiles("./ent/template/client.tmpl")),
			gen.MustParse(gen.NewTemplate("directscan").ParseFiles("./ent/template/directscan.tmpl")),
			gen.MustParse(gen.NewTemplate("edgetarget").ParseFiles("./ent/template/edgetarget.tmpl")),
			query,
		},
	}
	return cfg, ext, nil
}

// EntQueryTemplate answers ent's query, group-by and select templates,
// from the ent module at entDir, with ScanStraightIntoNodes,
// EagerLoadersWithOneArrayParameter and ScanRowsThemselves made; they
// override ent's own of the same names.
func EntQueryTemplate(entDir string) (*gen.Template, error) {
	dir := filepath.Join(entDir, "entc/gen/template/dialect/sql")
	t, err := gen.NewTemplate("patchedquery").ParseFiles(filepath.Join(dir, "query.tmpl"),
		filepath.Join(dir, "group.tmpl"), filepath.Join(dir, "select.tmpl"))
	if err != nil {
		return nil, err
	}
	if err := EagerLoadersWithOneArrayParameter(t.Template); err != nil {
		return nil, err
	}
	if err := ScanStraightIntoNodes(t.Template); err != nil {
		return nil, err
	}
	if err := ScanRowsThemselves(t.Template); err != nil {
		return nil, err
	}
	return t, nil
}

// AfterEnt copies entgql's run-time files beside the code ent generated
// in target and points that code at them.
func AfterEnt(target string) error {
	contrib, err := ModuleDir("entgo.io/contrib")
	if err != nil {
		return err
	}
	if err := CopyEntgqlRuntime(contrib, filepath.Join(target, "entgql")); err != nil {
		return fmt.Errorf("copying entgql's run-time files: %w", err)
	}
	if err := PointDirAtEntgqlRuntime(target); err != nil {
		return fmt.Errorf("pointing generated code at %s: %w", entgqlCopy, err)
	}
	return nil
}
