package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"syscall"
	"time"
)

// request is one benchmarked call.
type request struct {
	method, path, body string
	header             http.Header
	// next, when set, gives each call its own request: writes that must
	// not all hit one row. Their answers differ in ids and times, so the
	// servers' are compared by shape (sameAnswer).
	next func() request
}

// nth is the request to send now.
func (q request) nth() request {
	if q.next == nil {
		return q
	}
	return q.next()
}

// do sends q to base and returns the answer's status and body; a status
// other than 200 or 201 is an error.
func (q request) do(ctx context.Context, client *http.Client, base string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, q.method, base+q.path, bytes.NewReader([]byte(q.body)))
	if err != nil {
		return 0, nil, err
	}
	req.Header = q.header.Clone()
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, err
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return 0, nil, fmt.Errorf("%s %s: status %d: %.200s", q.method, q.path, resp.StatusCode, b)
	}
	return resp.StatusCode, b, nil
}

// result is what a load run measured.
type result struct {
	requests int
	elapsed  time.Duration
	p50, p99 time.Duration
	cpu      time.Duration // CPU time of the process during the run
}

func (r result) perSecond() float64 { return float64(r.requests) / r.elapsed.Seconds() }

// cores is the number of cores the process kept busy on average.
func (r result) cores() float64 { return r.cpu.Seconds() / r.elapsed.Seconds() }

// cpuTime is the user and system CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// inflightGrace is how long past a run's end its requests under way may
// take: far longer than any benchmarked request (a report over every
// candidate of a 1M database took about two minutes alone on a busy
// machine; eight at once at 100k took over 30 s), short enough not to
// wait on a hung server for ever. A variable so a test can shorten it.
var inflightGrace = 5 * time.Minute

// load sends q from workers goroutines over loopback for d, and at most
// maxRequests requests in all, so every run is bounded in time and count.
// Requests under way at d finish and count: cutting them off would lose
// the work of a slow endpoint's last requests from every short run. A
// request still under way inflightGrace later is cut off, so a server that
// hangs fails the run instead of hanging the bench.
func load(ctx context.Context, client *http.Client, base string, q request, workers int, d time.Duration, maxRequests int) (sample, error) {
	deadline := time.Now().Add(d)
	runCtx, cancel := context.WithDeadline(ctx, deadline.Add(inflightGrace))
	defer cancel()
	var (
		mu        sync.Mutex
		latencies []time.Duration
		firstErr  error
		wg        sync.WaitGroup
		sent      int
	)
	start, cpuStart := time.Now(), cpuTime()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for {
				mu.Lock()
				stop := sent >= maxRequests || firstErr != nil
				sent++
				mu.Unlock()
				t := time.Now()
				if stop || t.After(deadline) || ctx.Err() != nil {
					break
				}
				if _, _, err := q.nth().do(runCtx, client, base); err != nil {
					// A request cut off because the bench itself was
					// stopped is no failure of the server.
					if ctx.Err() == nil {
						mu.Lock()
						firstErr = err
						mu.Unlock()
					}
					break
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return sample{}, firstErr
	}
	if len(latencies) == 0 {
		return sample{}, fmt.Errorf("%s %s: no request finished in %s", q.method, q.path, d)
	}
	return sample{latencies: latencies, elapsed: time.Since(start), cpu: cpuTime() - cpuStart}, nil
}

// sample is what one load run saw.
type sample struct {
	latencies []time.Duration
	elapsed   time.Duration
	cpu       time.Duration
}

// add counts s's run into all, as one longer run.
func (all *sample) add(s sample) {
	all.latencies = append(all.latencies, s.latencies...)
	all.elapsed += s.elapsed
	all.cpu += s.cpu
}

func (s sample) result() result {
	slices.Sort(s.latencies)
	return result{
		requests: len(s.latencies),
		elapsed:  s.elapsed,
		cpu:      s.cpu,
		p50:      s.latencies[len(s.latencies)/2],
		p99:      s.latencies[len(s.latencies)*99/100],
	}
}
