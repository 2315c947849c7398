package script

import (
	"strings"
	"testing"
)

// TestProducerSettings: max.in.flight.requests.per.connection and retries
// take Kafka's spelling and defaults (5 and 2147483647, ProducerConfig).
// An explicit enable.idempotence=true with retries=0 or more than 5
// requests in flight is Kafka's ConfigException; left at its default,
// idempotence is turned off instead
// (ProducerConfig.postProcessAndValidateIdempotenceConfigs).
func TestProducerSettings(t *testing.T) {
	for _, tc := range []struct {
		line            string
		inflight, retry int
		err             string
	}{
		{line: "cluster brokers=3", inflight: 5, retry: 2147483647},
		{line: "cluster max.in.flight.requests.per.connection=1 retries=3", inflight: 1, retry: 3},
		{line: "cluster max.in.flight.requests.per.connection=6 retries=0", inflight: 6, retry: 0},
		{line: "cluster enable.idempotence=true retries=0", err: "must set retries to non-zero when using the idempotent producer"},
		{line: "cluster enable.idempotence=true max.in.flight.requests.per.connection=6", err: "must set max.in.flight.requests.per.connection to at most 5"},
		{line: "cluster max.in.flight.requests.per.connection=0", err: "is not a whole number in 1..2147483647"},
		{line: "cluster retries=-1", err: "is not a whole number in 0..2147483647"},
	} {
		dirs, err := Parse("", tc.line+"\n")
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		cfg, cerr := ClusterConfig(dirs[0])
		switch {
		case tc.err != "":
			if cerr == nil || !strings.Contains(cerr.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.line, cerr, tc.err)
			}
		case cerr != nil:
			t.Errorf("%s: %v", tc.line, cerr)
		case cfg.MaxInFlightRequestsPerConnection != tc.inflight || cfg.Retries != tc.retry:
			t.Errorf("%s: in flight %d retries %d, want %d and %d", tc.line, cfg.MaxInFlightRequestsPerConnection, cfg.Retries, tc.inflight, tc.retry)
		}
	}
}
