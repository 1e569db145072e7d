package hiregraphtest

import "sync"

// Race makes n calls of request at once and returns their results in call
// order. Every call waits at one gate that opens when all n goroutines are
// ready, so the requests reach the server together: the race tests of
// concurrent writes (README, Concurrency) assert what holds afterwards.
func Race[T any](n int, request func(i int) T) []T {
	out := make([]T, n)
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	ready.Add(n)
	done.Add(n)
	for i := range n {
		go func() {
			defer done.Done()
			ready.Done()
			<-gate
			out[i] = request(i)
		}()
	}
	ready.Wait()
	close(gate)
	done.Wait()
	return out
}
