package recruiting

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/ent/note"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/privacy"
)

// searchVerbs are the changes that change what search finds of a
// candidate: record re-indexes the candidate in the change's transaction,
// so search never lags a committed write.
var searchVerbs = map[string]bool{
	VerbCandidateCreated: true,
	VerbCandidateApplied: true,
	VerbPersonUpdated:    true,
	VerbNoteCreated:      true,
	VerbPersonErased:     true,
	VerbFileDeleted:      true,
}

// indexLaterKey marks a context whose caller indexes the candidate itself
// later in the same transaction (withIndexLater).
type indexLaterKey struct{}

// withIndexLater makes record skip indexing under ctx: an application
// creates the candidate, then adds what search finds of it (answers,
// files), and its last activity indexes all of that in one write.
func withIndexLater(ctx context.Context) context.Context {
	return context.WithValue(ctx, indexLaterKey{}, true)
}

// indexesLater tells whether ctx's caller indexes the candidate later.
func indexesLater(ctx context.Context) bool { return ctx.Value(indexLaterKey{}) != nil }

// SearchDocument is what search finds of one candidate. It is exported
// for the bench's hand-written floor, which writes the same document.
type SearchDocument struct {
	CandidateID, CompanyID string
	// Lines is the text as users wrote it, one line per field: the
	// names, e-mail address and phone number, then notes, answers and
	// the cover letter (SearchLine), then files' text. Snippets are cut
	// from it.
	Lines []string
}

// Names is the person's names, folded.
func (d SearchDocument) Names() string { return fold(d.Lines[0]) }

// Phone is the digits of the person's phone number.
func (d SearchDocument) Phone() string { return digitsOf(d.Lines[2]) }

// Heading is the folded text of the document's names, e-mail and phone
// (weighted above the rest on PostgreSQL); Body is everything after.
// The e-mail address is there whole and split at its @, so that its
// domain is a word of its own.
func (d SearchDocument) Heading() string {
	return fold(strings.Join(d.Lines[:3], " ") + " " + strings.ReplaceAll(d.Lines[1], "@", " "))
}
func (d SearchDocument) Body() string { return fold(strings.Join(d.Lines[3:], " ")) }

// Content is the lines as the index stores them.
func (d SearchDocument) Content() string { return strings.Join(d.Lines, "\n") }

// SearchLine is a note's HTML or a text field as one line of a document.
func SearchLine(s string) string { return plainLine(s) }

// SearchFileLine is a file's text as one line of a document.
func SearchFileLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// indexCandidate writes what search finds of the candidate into the index,
// through client, the write's transaction. It locks the candidate first
// (most writes hold that lock already), so two writes of one candidate
// index one after the other and the later one reads what the earlier
// committed. An erased person's candidates leave the index.
func indexCandidate(ctx context.Context, client *ent.Client, candidateID string) error {
	// The index serves every viewer of the company; search applies the
	// reader's visibility when it reads.
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	c, err := client.Candidate.Query().Where(candidate.ID(candidateID), lockedForWrite).Only(ctx)
	if err != nil {
		return fmt.Errorf("locking candidate to index it: %w", err)
	}
	p, err := c.QueryPerson().Only(ctx)
	if err != nil {
		return fmt.Errorf("loading person to index: %w", err)
	}
	if p.TimeErased != nil {
		return deleteSearchDocument(ctx, client, candidateID)
	}
	doc := SearchDocument{
		CandidateID: c.ID, CompanyID: c.CompanyID,
		Lines: []string{strings.Join(strings.Fields(p.FirstName+" "+p.MiddleName+" "+p.LastName), " "), p.Email, p.Phone},
	}
	// Private notes stay out: a search must not reveal them to users
	// who may not read them.
	notes, err := c.QueryNotes().Where(note.Private(false)).Order(ent.Asc(note.FieldTimeCreated), ent.Asc(note.FieldID)).All(ctx)
	if err != nil {
		return fmt.Errorf("loading notes to index: %w", err)
	}
	for _, n := range notes {
		doc.Lines = append(doc.Lines, SearchLine(n.Text))
		for _, d := range n.Details {
			doc.Lines = append(doc.Lines, SearchLine(d.Title+": "+d.Text))
		}
	}
	apps, err := c.QueryApplications().All(ctx)
	if err != nil {
		return fmt.Errorf("loading applications to index: %w", err)
	}
	for _, a := range apps {
		for _, ans := range a.Answers {
			doc.Lines = append(doc.Lines, SearchLine(ans.Name+": "+ans.Value))
		}
		if a.CoverLetter != "" {
			doc.Lines = append(doc.Lines, SearchLine(a.CoverLetter))
		}
	}
	files, err := c.QueryFiles().Where(candidatefile.TextNEQ("")).Order(ent.Asc(candidatefile.FieldID)).All(ctx)
	if err != nil {
		return fmt.Errorf("loading file text to index: %w", err)
	}
	for _, f := range files {
		doc.Lines = append(doc.Lines, SearchFileLine(f.Text))
	}
	return writeSearchDocument(ctx, client, doc)
}

// writeSearchDocument replaces the candidate's document in the index.
func writeSearchDocument(ctx context.Context, client *ent.Client, d SearchDocument) error {
	if ent.DialectOf(client) == dialect.Postgres {
		_, err := client.ExecContext(ctx, `INSERT INTO search_documents (candidate_id, company_id, names, phone, content, document)
VALUES ($1, $2, $3, $4, $5, setweight(to_tsvector('simple', $6), 'A') || setweight(to_tsvector('simple', $7), 'B'))
ON CONFLICT (candidate_id) DO UPDATE SET names = excluded.names, phone = excluded.phone, content = excluded.content, document = excluded.document`,
			d.CandidateID, d.CompanyID, d.Names(), d.Phone(), d.Content(), d.Heading(), d.Body())
		if err != nil {
			return fmt.Errorf("indexing candidate %s: %w", d.CandidateID, err)
		}
		return nil
	}
	// SQLite: the full-text index keeps no text of its own, so its row
	// goes with the document's (contentless_delete).
	if err := deleteSearchDocument(ctx, client, d.CandidateID); err != nil {
		return err
	}
	rows, err := client.QueryContext(ctx, "INSERT INTO search_documents (candidate_id, company_id, names, phone, body, content) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
		d.CandidateID, d.CompanyID, d.Names(), d.Phone(), d.Heading()+" "+d.Body(), d.Content())
	if err != nil {
		return fmt.Errorf("indexing candidate %s: %w", d.CandidateID, err)
	}
	var id int64
	if rows.Next() {
		err = rows.Scan(&id)
	}
	if cerr := rows.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("indexing candidate %s: %w", d.CandidateID, err)
	}
	if _, err := client.ExecContext(ctx, "INSERT INTO search_index (rowid, names, phone, body) VALUES ($1, $2, $3, $4)",
		id, d.Names(), d.Phone(), d.Heading()+" "+d.Body()); err != nil {
		return fmt.Errorf("indexing candidate %s: %w", d.CandidateID, err)
	}
	return nil
}

// deleteSearchDocument takes the candidate out of the index.
func deleteSearchDocument(ctx context.Context, client *ent.Client, candidateID string) error {
	var err error
	if ent.DialectOf(client) == dialect.SQLite {
		_, err = client.ExecContext(ctx, "DELETE FROM search_index WHERE rowid IN (SELECT id FROM search_documents WHERE candidate_id = $1)", candidateID)
	}
	if err == nil {
		_, err = client.ExecContext(ctx, "DELETE FROM search_documents WHERE candidate_id = $1", candidateID)
	}
	if err != nil {
		return fmt.Errorf("taking candidate %s out of the search index: %w", candidateID, err)
	}
	return nil
}

// IndexAllForSearch indexes every candidate without a search document,
// indexBatch per transaction: data written around the service (a restored
// dump, rows from before the index existed). It returns how many it
// indexed.
func (s *core) IndexAllForSearch(ctx context.Context) (int, error) {
	total := 0
	for {
		n := 0
		err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
			var err error
			n, err = IndexForSearch(ctx, client, indexBatch)
			return err
		})
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}

// IndexForSearch indexes up to limit candidates without a search document
// through client, a transaction's (the demo data's), and returns how many.
// An erased person's candidates have none and are never indexed.
func IndexForSearch(ctx context.Context, client *ent.Client, limit int) (int, error) {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	ids, err := client.Candidate.Query().Where(notIndexed, candidate.HasPersonWith(person.TimeErasedIsNil())).
		Order(ent.Asc(candidate.FieldID)).Limit(limit).IDs(ctx)
	if err != nil {
		return 0, fmt.Errorf("listing candidates to index: %w", err)
	}
	for _, id := range ids {
		if err := indexCandidate(ctx, client, id); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

// indexBatch is how many candidates IndexAllForSearch indexes in one
// transaction.
const indexBatch = 500

// notIndexed is the predicate of candidates without a search document.
func notIndexed(s *sql.Selector) {
	docs := sql.Table("search_documents")
	s.Where(sql.NotExists(sql.Select(docs.C("candidate_id")).From(docs).Where(sql.ColumnsEQ(docs.C("candidate_id"), s.C(candidate.FieldID)))))
}
