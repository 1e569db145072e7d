package ent

// maxNodeBlock bounds a block, so one long-lived node keeps at most this
// many others' memory alive.
const maxNodeBlock = 128

// nodeBlock hands out the nodes a query scans from blocks of several: a
// page of a hundred candidates is then one allocation, not a hundred, and
// each node takes its own size, not its size class's (a candidate is 800
// bytes in a class of 896).
type nodeBlock[T any] struct {
	free []T
	// given counts the nodes handed out, which sizes the next block when
	// the query has no limit.
	given int
}

// next returns a zero node; limit is the query's, 0 when it has none.
func (b *nodeBlock[T]) next(limit int) *T {
	if len(b.free) == 0 {
		b.free = make([]T, b.size(limit))
	}
	n := &b.free[0]
	b.free = b.free[1:]
	b.given++
	return n
}

// size is the next block's: what is left of the limit, or as many nodes
// as given so far (so at most half a block is left unused).
func (b *nodeBlock[T]) size(limit int) int {
	if limit > 0 {
		return min(max(limit-b.given, 1), maxNodeBlock)
	}
	return min(max(b.given, 1), maxNodeBlock)
}
