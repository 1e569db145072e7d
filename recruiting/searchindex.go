package recruiting

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/application"
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
// through client, the write's transaction (indexCandidates).
func indexCandidate(ctx context.Context, client *ent.Client, candidateID string) error {
	return indexCandidates(ctx, client, []string{candidateID})
}

// indexCandidates writes what search finds of the candidates into the
// index, through client, the write's transaction, reading and writing
// them all at once. It locks the candidates first (most writes hold that
// lock already), so two writes of one candidate index one after the
// other and the later one reads what the earlier committed. An erased
// person's candidates leave the index.
func indexCandidates(ctx context.Context, client *ent.Client, ids []string) error {
	// The index serves every viewer of the company; search applies the
	// reader's visibility when it reads.
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	cands, err := client.Candidate.Query().Where(candidate.IDIn(ids...), lockedForWrite).
		WithPerson().WithNotes(publicNotes).WithApplications().WithFiles(filesWithText).
		All(ctx)
	if err != nil {
		return fmt.Errorf("locking candidates to index them: %w", err)
	}
	if len(cands) < len(ids) {
		return fmt.Errorf("locking candidates to index them: %w", &ent.NotFoundError{})
	}
	return replaceSearchDocuments(ctx, client, ids, cands)
}

// indexHeldCandidate is indexCandidate for a candidate whose row the
// write's transaction holds already (locked first, or inserted by it): it
// reads only what search finds of it, not the candidate again.
func indexHeldCandidate(ctx context.Context, client *ent.Client, c *ent.Candidate) error {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	// A copy: the notes loaded here are the public ones, which the
	// caller's candidate must not pass off as all of them.
	held := *c
	var err error
	if held.Edges.Person, err = client.Person.Get(ctx, c.PersonID); err != nil {
		return fmt.Errorf("reading the person to index: %w", err)
	}
	// Only the columns search reads: a candidate's notes pile up, and
	// each note re-reads them all.
	notes := client.Note.Query().Where(note.CandidateID(c.ID))
	publicNotes(notes)
	if held.Edges.Notes, err = notes.Select(note.FieldText, note.FieldDetails).NoteQuery.All(ctx); err != nil {
		return fmt.Errorf("reading the notes to index: %w", err)
	}
	if held.Edges.Applications, err = client.Application.Query().Where(application.CandidateID(c.ID)).
		Select(application.FieldAnswers, application.FieldCoverLetter).ApplicationQuery.All(ctx); err != nil {
		return fmt.Errorf("reading the applications to index: %w", err)
	}
	files := client.CandidateFile.Query().Where(candidatefile.CandidateID(c.ID))
	filesWithText(files)
	if held.Edges.Files, err = files.Select(candidatefile.FieldText).CandidateFileQuery.All(ctx); err != nil {
		return fmt.Errorf("reading the files to index: %w", err)
	}
	return replaceSearchDocuments(ctx, client, []string{c.ID}, []*ent.Candidate{&held})
}

// publicNotes narrows a query of notes to those search indexes, in order:
// private notes stay out, as a search must not reveal them to users who
// may not read them.
func publicNotes(q *ent.NoteQuery) {
	q.Where(note.Private(false)).Order(ent.Asc(note.FieldTimeCreated), ent.Asc(note.FieldID))
}

// filesWithText narrows a query of files to those with text, in order.
func filesWithText(q *ent.CandidateFileQuery) {
	q.Where(candidatefile.TextNEQ("")).Order(ent.Asc(candidatefile.FieldID))
}

// replaceSearchDocuments replaces the documents of the candidates ids with
// those of cands, read with their person, public notes, applications and
// files with text; an erased person's candidates get none.
func replaceSearchDocuments(ctx context.Context, client *ent.Client, ids []string, cands []*ent.Candidate) error {
	docs := make([]SearchDocument, 0, len(cands))
	for _, c := range cands {
		if c.Edges.Person.TimeErased == nil {
			docs = append(docs, searchDocumentOf(c))
		}
	}
	if err := deleteSearchDocuments(ctx, client, ids); err != nil {
		return err
	}
	return writeSearchDocuments(ctx, client, docs)
}

// searchDocumentOf is the document of c, read with its person, public
// notes, applications and files with text.
func searchDocumentOf(c *ent.Candidate) SearchDocument {
	p := c.Edges.Person
	doc := SearchDocument{
		CandidateID: c.ID, CompanyID: c.CompanyID,
		Lines: []string{strings.Join(strings.Fields(p.FirstName+" "+p.MiddleName+" "+p.LastName), " "), p.Email, p.Phone},
	}
	for _, n := range c.Edges.Notes {
		doc.Lines = append(doc.Lines, SearchLine(n.Text))
		for _, d := range n.Details {
			doc.Lines = append(doc.Lines, SearchLine(d.Title+": "+d.Text))
		}
	}
	for _, a := range c.Edges.Applications {
		for _, ans := range a.Answers {
			doc.Lines = append(doc.Lines, SearchLine(ans.Name+": "+ans.Value))
		}
		if a.CoverLetter != "" {
			doc.Lines = append(doc.Lines, SearchLine(a.CoverLetter))
		}
	}
	for _, f := range c.Edges.Files {
		doc.Lines = append(doc.Lines, SearchFileLine(f.Text))
	}
	return doc
}

// writeSearchDocuments adds the documents, of candidates that have none
// (deleteSearchDocuments), to the index in one statement per table.
func writeSearchDocuments(ctx context.Context, client *ent.Client, docs []SearchDocument) error {
	if len(docs) == 0 {
		return nil
	}
	if ent.DialectOf(client) == dialect.Postgres {
		var values []string
		var args []any
		for _, d := range docs {
			n := len(args)
			values = append(values, fmt.Sprintf("($%d, $%d, $%d, $%d, $%d, setweight(to_tsvector('simple', $%d), 'A') || setweight(to_tsvector('simple', $%d), 'B'))",
				n+1, n+2, n+3, n+4, n+5, n+6, n+7))
			args = append(args, d.CandidateID, d.CompanyID, d.Names(), d.Phone(), d.Content(), d.Heading(), d.Body())
		}
		if _, err := client.ExecContext(ctx, "INSERT INTO search_documents (candidate_id, company_id, names, phone, content, document) VALUES "+
			strings.Join(values, ", "), args...); err != nil {
			return fmt.Errorf("indexing %d candidates: %w", len(docs), err)
		}
		return nil
	}
	// SQLite: the full-text index keeps no text of its own; its rows take
	// the documents' ids.
	var values []string
	var args []any
	for _, d := range docs {
		n := len(args)
		values = append(values, fmt.Sprintf("($%d, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6))
		args = append(args, d.CandidateID, d.CompanyID, d.Names(), d.Phone(), d.Heading()+" "+d.Body(), d.Content())
	}
	if _, err := client.ExecContext(ctx, "INSERT INTO search_documents (candidate_id, company_id, names, phone, body, content) VALUES "+
		strings.Join(values, ", "), args...); err != nil {
		return fmt.Errorf("indexing %d candidates: %w", len(docs), err)
	}
	ids := make([]string, len(docs))
	for i, d := range docs {
		ids[i] = d.CandidateID
	}
	marks, idArgs := placeholders(1, ids)
	if _, err := client.ExecContext(ctx, "INSERT INTO search_index (rowid, names, phone, body) SELECT id, names, phone, body FROM search_documents WHERE candidate_id IN ("+
		marks+")", idArgs...); err != nil {
		return fmt.Errorf("indexing %d candidates: %w", len(docs), err)
	}
	return nil
}

// deleteSearchDocuments takes the candidates out of the index.
func deleteSearchDocuments(ctx context.Context, client *ent.Client, candidateIDs []string) error {
	in, args := placeholders(1, candidateIDs)
	var err error
	if ent.DialectOf(client) == dialect.SQLite {
		_, err = client.ExecContext(ctx, "DELETE FROM search_index WHERE rowid IN (SELECT id FROM search_documents WHERE candidate_id IN ("+in+"))", args...)
	}
	if err == nil {
		_, err = client.ExecContext(ctx, "DELETE FROM search_documents WHERE candidate_id IN ("+in+")", args...)
	}
	if err != nil {
		return fmt.Errorf("taking %d candidates out of the search index: %w", len(candidateIDs), err)
	}
	return nil
}

// IndexAllForSearch indexes every candidate without a search document,
// indexBatch per transaction: data written around the service (a restored
// dump, rows from before the index existed). It returns how many it
// indexed.
func (s *core) IndexAllForSearch(ctx context.Context) (int, error) {
	total, after := 0, ""
	for {
		n := 0
		err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
			var err error
			n, after, err = indexForSearchAfter(ctx, client, after, indexBatch)
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
	n, _, err := indexForSearchAfter(ctx, client, "", limit)
	return n, err
}

// indexForSearchAfter is IndexForSearch from the candidate after the one
// with id after on (all when it is empty), and returns the last one it
// indexed: a batch after the previous one's last candidate reads past
// the candidates indexed before, which would otherwise be checked again
// by every batch.
func indexForSearchAfter(ctx context.Context, client *ent.Client, after string, limit int) (int, string, error) {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	ids, err := client.Candidate.Query().Where(candidate.IDGT(after), notIndexed, personNotErased).
		Order(ent.Asc(candidate.FieldID)).Limit(limit).IDs(ctx)
	if err != nil {
		return 0, after, fmt.Errorf("listing candidates to index: %w", err)
	}
	if len(ids) == 0 {
		return 0, after, nil
	}
	if err := indexCandidates(ctx, client, ids); err != nil {
		return 0, after, err
	}
	return len(ids), ids[len(ids)-1], nil
}

// indexBatch is how many candidates IndexAllForSearch indexes in one
// transaction.
const indexBatch = 500

// personNotErased is the predicate of candidates whose person is not
// erased, correlated on the candidate: HasPersonWith's IN list had SQLite
// read every person and sort the candidates of all of them for each
// batch (most of the 1M bench index's time).
func personNotErased(s *sql.Selector) {
	people := sql.Table(person.Table)
	s.Where(sql.Exists(sql.Select(people.C(person.FieldID)).From(people).
		Where(sql.And(sql.ColumnsEQ(people.C(person.FieldID), s.C(candidate.FieldPersonID)), sql.IsNull(people.C(person.FieldTimeErased))))))
}

// notIndexed is the predicate of candidates without a search document.
func notIndexed(s *sql.Selector) {
	docs := sql.Table("search_documents")
	s.Where(sql.NotExists(sql.Select(docs.C("candidate_id")).From(docs).Where(sql.ColumnsEQ(docs.C("candidate_id"), s.C(candidate.FieldID)))))
}
