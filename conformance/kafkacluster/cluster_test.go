//go:build conformance && !js

package kafkacluster

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// libs is where ./build.sh conformance puts Kafka's jars.
func libs(t *testing.T) string {
	t.Helper()
	d := os.Getenv("KPLAY_KAFKA_LIBS")
	if d == "" {
		d, _ = filepath.Abs("../.cache/kafka-4.4.0")
	}
	return d
}

func dial(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// TestStartCrashRestart starts a real cluster, kills a broker with SIGKILL,
// sees its port close, restarts it on the same log directory and sees the
// port open again.
func TestStartCrashRestart(t *testing.T) {
	c, err := Start(context.Background(), Spec{Libs: libs(t), Dir: t.TempDir(), Brokers: 3, Racks: []string{"r1", "r2", "r3"}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	wait := func(addr string, up bool) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for dial(addr) != up {
			if time.Now().After(deadline) {
				t.Fatalf("%s up=%v never happened\n%s", addr, up, c.LogTail(30))
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	start := time.Now()
	for _, a := range c.Bootstrap() {
		wait(a, true)
	}
	t.Logf("all brokers listening after %v", time.Since(start))
	if err := c.Crash(2); err != nil {
		t.Fatal(err)
	}
	if c.Running(2) {
		t.Fatal("broker 2 still running after Crash")
	}
	wait(c.Addr(2), false)
	if err := c.Restart(2); err != nil {
		t.Fatal(err)
	}
	wait(c.Addr(2), true)
	if err := c.Stall(3); err != nil {
		t.Fatal(err)
	}
	if !c.Stalled(3) || !c.Running(3) {
		t.Fatal("broker 3 should be stalled and running")
	}
	if got := c.Resume(); len(got) != 1 || got[0] != 3 {
		t.Fatalf("Resume = %v, want [3]", got)
	}
	if err := c.Shutdown(1); err != nil {
		t.Fatal(err)
	}
}
